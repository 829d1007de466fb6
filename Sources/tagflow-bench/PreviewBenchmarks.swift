import Foundation

/// `tagflow preview`: from a tags file's save (a new file renamed over it) to the `load` of the new picture in
/// headless Chromium, for the demo on one device and for the repository's whole manifest, against running
/// `tagflow render` on the same save, which is what a save costs without the preview (before any viewer opens it).
enum PreviewBenchmarks {
    static let rounds = 10

    static let group = BenchmarkGroup(
        name: "preview",
        summary: "tagflow preview: a tags file's save to the new picture loaded in Chromium (Playwright), the demo on "
            + "one device and the whole manifest, against a tagflow render of the same file",
        run: run)

    static func run(_ report: inout Report) throws {
        let python = URL(fileURLWithPath: ".build/python-tools/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path), executable(named: "chromium") != nil else {
            report.row("save to picture shown", size: "", rate: "skipped: run scripts/python-tools; chromium needed")
            return
        }
        let tagflow = try tagflowExecutable()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-preview-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["tagflow.json", "Examples", "snapshots"] {
            try FileManager.default.copyItem(atPath: name, toPath: folder.appendingPathComponent(name).path)
        }
        let tags = folder.appendingPathComponent("Examples/demo.tags").path
        let config = folder.appendingPathComponent("Examples/demo.json").path

        let demo = try measure(python: python, tagflow: tagflow, tags: tags, in: folder,
                               ["Examples/demo.tags", "--config", "Examples/demo.json", "--device", "iphone-15"])
        let picture = folder.appendingPathComponent("render.png").path
        let render = try medianSeconds {
            try runProgram(tagflow, ["render", tags, "--config", config, "--device", "iphone-15", "-o", picture])
        }
        report.row("save to picture shown, demo on iphone-15, median of \(rounds) saves",
                   size: "\(demo.affected) of \(demo.variants) variant",
                   time: demo.median, rate: "\(formatSignificant(render / demo.median))× a tagflow render's time",
                   bar: Bar(target: "≤ 150 ms", isMet: demo.median <= 0.150))
        report.row("tagflow render of the same, whole process", size: "iphone-15", time: render, rate: "")

        let manifest = try measure(python: python, tagflow: tagflow, tags: tags, in: folder, ["tagflow.json"])
        report.row("save to pictures shown, the repository's manifest, median of \(rounds) saves",
                   size: "\(manifest.affected) of \(manifest.variants) variants redrawn", time: manifest.median,
                   rate: "", bar: Bar(target: "≤ 1 s", isMet: manifest.median <= 1))
    }

    /// The median seconds from rename to the last affected picture's `load`, over ``rounds`` saves.
    static func measure(python: URL, tagflow: URL, tags: String, in folder: URL,
                        _ arguments: [String]) throws -> (median: Double, affected: Int, variants: Int) {
        let process = Process()
        process.executableURL = python
        process.arguments = ["\(FileManager.default.currentDirectoryPath)/scripts/preview-bench.py", tagflow.path, tags,
                             String(rounds), "--"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let seen = try JSONSerialization.jsonObject(with: bytes) as? [String: Any],
              let times = seen["milliseconds"] as? [Double], let redrawn = seen["redrawn"] as? [Int],
              let variants = seen["variants"] as? Int, let affected = seen["affected"] as? Int else {
            throw BenchmarkError("scripts/preview-bench.py failed (status \(process.terminationStatus))")
        }
        guard redrawn.allSatisfy({ $0 == affected }) else {
            throw BenchmarkError("a save redrew \(redrawn) variants, not the \(affected) its file draws")
        }
        return (median(times) / 1000, affected, variants)
    }
}
