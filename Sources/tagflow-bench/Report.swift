import Foundation

/// The results as one Markdown table, printed a row at a time so long runs show progress.
struct Report {
    /// How many times each measurement runs; the table shows the median. Nine, not five: a whole process of
    /// under 100 ms varies by a fifth from run to run on a shared 2-core machine, and so does Chromium.
    static let repeats = 9

    private(set) var missed: [String] = []
    var group = ""

    func printHeader() {
        print("| Group | Benchmark | Size | Time (median of \(Self.repeats) runs) | Rate | Bar |")
        print("|---|---|---|--:|--:|---|")
    }

    mutating func row(_ benchmark: String, size: String, time: Double? = nil, rate: String, bar: Bar? = nil) {
        let barCell = bar.map { $0.isMet ? "met (\($0.target))" : "**missed** (\($0.target))" } ?? ""
        if let bar, !bar.isMet { missed.append("\(group) \(benchmark), \(size): \(rate) against \(bar.target)") }
        print("| \(group) | \(benchmark) | \(size) | \(time.map(formatDuration) ?? "") | \(rate) | \(barCell) |")
        fflush(nil)  // all streams: Swift 6 forbids touching the global `stdout`
    }
}
