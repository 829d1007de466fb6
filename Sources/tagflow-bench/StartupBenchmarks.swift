import Foundation

/// The process's start: the release binary, with the Swift runtime and Foundation linked in
/// (`--static-swift-stdlib`, what `make deb` packages), against one linked to the toolchain's shared Swift libraries
/// (`make bench` builds it in `.build/dynamic`), in turn in the same run: `tagflow --version` and a demo render.
enum StartupBenchmarks {
    static let group = BenchmarkGroup(
        name: "startup",
        summary: "process start: the static Swift runtime against the shared one, --version and a demo render",
        run: run)

    /// The binary linked to the shared Swift libraries: `TAGFLOW_DYNAMIC`, or the one `make bench` builds.
    static func dynamicExecutable() -> URL? {
        let path = ProcessInfo.processInfo.environment["TAGFLOW_DYNAMIC"] ?? ".build/dynamic/release/tagflow"
        return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }

    static func run(_ report: inout Report) throws {
        let staticBinary = try tagflowExecutable()
        guard let dynamicBinary = dynamicExecutable() else {
            report.row("tagflow --version, static against shared Swift runtime", size: "",
                       rate: "skipped: no dynamic build (swift build -c release --scratch-path .build/dynamic)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-startup-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = ["render", "Examples/demo.tags", "--config", "Examples/demo.json", "-o",
                      folder.appendingPathComponent("demo.png").path]
        for (name, arguments) in [("tagflow --version", ["--version"]), ("tagflow render, the demo", render)] {
            let times = try TimesInTurn([staticBinary, dynamicBinary].map { binary in
                { try seconds { try runProgram(binary, arguments) } }
            })
            let ratio = times.ratio(1, to: 0)
            report.row("\(name), static Swift runtime (make deb's)", size: "whole process", time: times.medianTime(0),
                       rate: "the shared runtime takes \(formatSignificant(ratio))× as long")
            report.row("\(name), shared Swift runtime", size: "whole process", time: times.medianTime(1), rate: "")
        }
    }
}
