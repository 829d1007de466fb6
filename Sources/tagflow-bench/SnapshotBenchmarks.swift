import Foundation

/// `tagflow snapshot verify` of 100 unchanged variants of the demo, against recording them (rendering and writing
/// every golden, which is what rendering them alone costs), and on one core against two; and of a manifest of many
/// small screens, as a team's is.
enum SnapshotBenchmarks {
    /// 25 widths × 2 themes × 2 directions.
    static let variantCount = 100
    /// Screens of the many-screens manifest, each in two themes.
    static let screenCount = 12

    static let group = BenchmarkGroup(
        name: "snapshot",
        summary: "snapshot verify of 100 unchanged demo variants, against rendering them, on one core and two; "
            + "of the repository's goldens with their layouts recorded and without",
        run: run)

    static func run(_ report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-snapshot-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = FileManager.default.currentDirectoryPath
        let widths = (0..<25).map { String(320 + 4 * $0) }.joined(separator: ", ")
        let manifest = """
        {"goldens": "goldens", "screens": [{"name": "demo", "tags": "\(root)/Examples/demo.tags", \
        "config": "\(root)/Examples/demo.json",
          "variants": {"widths": [\(widths)], "themes": ["light", "dark"], "directions": ["ltr", "rtl"], \
        "scales": [2]}}]}
        """
        let manifestPath = folder.appendingPathComponent("tagflow.json").path
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: manifestPath))
        let tagflow = try tagflowExecutable()
        let goldens = folder.appendingPathComponent("goldens")
        // The manifest is the benchmark's own, and names the repository's examples where they are.
        let trusted = ["--manifest", manifestPath, "--quiet", "--allow-outside"]
        let size = "\(variantCount) variants, scale 2"

        // In turn, since the three are compared; each round records the goldens the two verifies read.
        let times = try TimesInTurn([{
            try? FileManager.default.removeItem(at: goldens)
            return try seconds { try runProgram(tagflow, ["snapshot", "record", "--force"] + trusted) }
        }, {
            try seconds { try runProgram(tagflow, ["snapshot", "verify"] + trusted) }
        }, {
            try seconds { try runProgram(tagflow, ["snapshot", "verify", "--threads", "1"] + trusted) }
        }])
        let (record, verify, oneCore) = (times.medianTime(0), times.medianTime(1), times.medianTime(2))
        report.row("snapshot record into an empty folder (render and write all)", size: size, time: record,
                   rate: "\(formatDuration(record / Double(variantCount)))/variant")
        report.row("snapshot verify, unchanged", size: size, time: verify,
                   rate: "\(formatDuration(verify / Double(variantCount)))/variant")
        let cost = times.ratio(1, to: 0)
        report.row("verify against rendering alone", size: size, rate: "\(formatSignificant(cost))×",
                   bar: Bar(target: "≤ 1.3×", isMet: cost <= 1.3))
        report.row("snapshot verify, one thread", size: size, time: oneCore, rate: "")
        let speedup = times.ratio(2, to: 1)
        report.row("two cores against one", size: size, rate: "\(formatSignificant(speedup))× faster",
                   bar: Bar(target: "≥ 1.7×", isMet: speedup >= 1.7))
        try manyScreensRow(&report, tagflow: tagflow, folder: folder.appendingPathComponent("screens"), root: root)
        try recordedLayoutsRow(&report, tagflow: tagflow, folder: folder.appendingPathComponent("layouts"), root: root)
    }

    /// Verify of the repository's goldens, every one matching, with the layouts record keeps beside them and
    /// without (as goldens recorded before layouts were kept): what explaining a failure costs a run with none.
    static func recordedLayoutsRow(_ report: inout Report, tagflow: URL, folder: URL, root: String) throws {
        let files = FileManager.default
        var manifests = [String]()
        for copy in ["with", "without"] {
            let project = folder.appendingPathComponent(copy)
            try files.createDirectory(at: project, withIntermediateDirectories: true)
            for item in ["tagflow.json", "Examples", "snapshots"] {
                try files.copyItem(atPath: root + "/" + item, toPath: project.appendingPathComponent(item).path)
            }
            if copy == "without" {
                let goldens = project.appendingPathComponent("snapshots").path
                for case let file as String in files.enumerator(atPath: goldens)! where file.hasSuffix(".layout.json") {
                    try files.removeItem(atPath: goldens + "/" + file)
                }
            }
            manifests.append(project.appendingPathComponent("tagflow.json").path)
        }
        let times = try TimesInTurn(manifests.map { manifest in
            { try seconds { try runProgram(tagflow, ["snapshot", "verify", "--manifest", manifest, "--quiet"]) } }
        })
        let size = "this repository's goldens, all matching"
        report.row("snapshot verify, layouts recorded", size: size, time: times.medianTime(0), rate: "")
        report.row("snapshot verify, no layouts recorded", size: size, time: times.medianTime(1), rate: "")
        let cost = times.ratio(0, to: 1)
        report.row("recorded layouts against none", size: size, rate: "\(formatSignificant(cost))×",
                   bar: Bar(target: "≤ 1.05×", isMet: cost <= 1.05))
    }

    /// Verify of `screenCount` screens of 20 of the demo's tags each, in two themes at scale 2: fixed costs per screen
    /// (its files, its text engine) weigh here as they do in a team's manifest.
    static func manyScreensRow(_ report: inout Report, tagflow: URL, folder: URL, root: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demo = try String(contentsOfFile: root + "/Examples/demo.tags", encoding: .utf8)
        let tags = demo.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("@") && !$0.hasPrefix("#") }
        var screens = [String]()
        for index in 0..<screenCount {
            let mine = (0..<20).map { tags[(index * 7 + $0) % tags.count] }
            try Data(("@section Screen \(index)\n" + mine.joined(separator: "\n") + "\n").utf8)
                .write(to: folder.appendingPathComponent("s\(index).tags"))
            screens.append("{\"name\": \"s\(index)\", \"tags\": \"s\(index).tags\", "
                               + "\"variants\": {\"themes\": [\"light\", \"dark\"], \"scales\": [2]}}")
        }
        let manifestPath = folder.appendingPathComponent("tagflow.json").path
        try Data(("{\"goldens\": \"goldens\", \"screens\": [" + screens.joined(separator: ", ") + "]}").utf8)
            .write(to: URL(fileURLWithPath: manifestPath))
        try runProgram(tagflow, ["snapshot", "record", "--manifest", manifestPath, "--quiet", "--force"])
        let verify = try medianSeconds {
            try runProgram(tagflow, ["snapshot", "verify", "--manifest", manifestPath, "--quiet"])
        }
        report.row("snapshot verify, unchanged", size: "\(screenCount) screens × 2 themes, scale 2", time: verify,
                   rate: "\(formatDuration(verify / Double(2 * screenCount)))/variant")
    }
}
