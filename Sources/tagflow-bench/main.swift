import Foundation

// tagflow-bench [GROUP...]: runs the named benchmark groups (all by default) and prints one Markdown table.
// Build it in release: swift build -c release --product tagflow-bench

/// Every group, in the order they run. A new group (e.g. rendering) is one more entry here.
let groups: [BenchmarkGroup] = [LayoutBenchmarks.group, LayoutCommandBenchmarks.group, TextBenchmarks.group,
                                RenderBenchmarks.group, DiffBenchmarks.group,
                                SnapshotBenchmarks.group, JSONReadingBenchmarks.group, FitBenchmarks.group,
                                PreviewBenchmarks.group, StartupBenchmarks.group]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains(where: { ["-h", "--help", "help"].contains($0) }) {
    print("usage: tagflow-bench [GROUP...]\n\nGroups (default: all):")
    for group in groups { print("  \(group.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(group.summary)") }
    exit(0)
}
let unknown = arguments.filter { name in !groups.contains { $0.name == name } }
guard unknown.isEmpty else {
    let known = groups.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("tagflow-bench: unknown group '\(unknown[0])'; the groups are \(known)\n".utf8))
    exit(2)
}
let selected = arguments.isEmpty ? groups : groups.filter { arguments.contains($0.name) }

#if DEBUG
print("> **Debug build**: these numbers mean little. Build with `-c release`.\n")
#endif

var report = Report()
report.printHeader()
do {
    for group in selected {
        report.group = group.name
        try group.run(&report)
    }
} catch {
    FileHandle.standardError.write(Data("tagflow-bench: \(report.group): \(error)\n".utf8))
    exit(1)
}

print("")
if let peak = peakResidentBytes() {
    print("Peak RSS (VmHWM): \(formatSignificant(Double(peak) / 1_048_576)) MiB")
}
print(report.missed.isEmpty
      ? "Every bar met." : "Bars missed:\n" + report.missed.map { "- \($0)" }.joined(separator: "\n"))
