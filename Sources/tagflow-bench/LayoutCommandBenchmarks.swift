import Foundation

/// `tagflow layout` on a million tags, the whole process, as JSON and as a table, written to a file: time and peak
/// memory.
enum LayoutCommandBenchmarks {
    static let tagCount = 1_000_000

    static let group = BenchmarkGroup(
        name: "million",
        summary: "tagflow layout on a million tags to a file, as JSON and as a table: time and peak RSS",
        run: run)

    /// Each format's bars: the median whole-process time, and the peak RSS where there is one.
    static let formats: [(format: String, seconds: Double, mebibytes: Int?)] = [("json", 2, 300), ("text", 1.5, nil)]

    static func run(_ report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-million-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // t0 … t999999, one a line, as `awk 'BEGIN { for (i = 0; i < 1000000; i++) print "t" i }'` writes them.
        let tags = folder.appendingPathComponent("m1.tags")
        try Data((0..<tagCount).map { "t\($0)\n" }.joined().utf8).write(to: tags)

        let tagflow = try tagflowExecutable()
        let size = "\(formatCount(tagCount)) tags"
        let gnuTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        func arguments(_ format: String) -> [String] {
            ["layout", tags.path, "--format", format, "-o", folder.appendingPathComponent("out.\(format)").path]
        }
        // In turn, so that the machine's drift (its speed varies by half from one minute to the next) weighs on both.
        let times = try TimesInTurn(formats.map { format in
            { try seconds { try runProgram(tagflow, arguments(format.format)) } }
        })
        for (index, (format, secondsBar, mebibytesBar)) in formats.enumerated() {
            let time = times.medianTime(index)
            let arguments = arguments(format)
            report.row("tagflow layout --format \(format), whole process", size: size, time: time,
                       rate: "\(formatRate(Double(tagCount) / time)) tags/s",
                       bar: Bar(target: "≤ \(formatBar(secondsBar)) s", isMet: time <= secondsBar))
            guard gnuTime else {
                report.row("tagflow layout --format \(format), peak RSS", size: size,
                           rate: "skipped: no GNU time (apt-get install time)")
                continue
            }
            let peaks = try (0..<5).map { _ in try peakKilobytes(tagflow, arguments) }
            let mebibytes = median(peaks.map(Double.init)) / 1024  // median of five runs
            report.row("tagflow layout --format \(format), peak RSS", size: size,
                       rate: "\(formatSignificant(mebibytes)) MiB",
                       bar: mebibytesBar.map { Bar(target: "≤ \($0) MiB", isMet: mebibytes <= Double($0)) })
        }
    }
}

/// `1.5`, `2`: a bar's number as people write it.
private func formatBar(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
