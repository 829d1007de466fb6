import Foundation

/// Runs `body` ``Report/repeats`` times and returns the median wall time in seconds.
func medianSeconds(_ body: () throws -> Void) rethrows -> Double {
    try median((0..<Report.repeats).map { _ in try seconds(body) })
}

/// The wall time of one run of `body`, in seconds, on the monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let duration = try ContinuousClock().measure(body)
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `12.3 ms`, `4.56 µs`, `789 ns`: three significant digits in the largest unit that keeps the number ≥ 1.
func formatDuration(_ seconds: Double) -> String {
    switch seconds {
    case 1...: formatSignificant(seconds) + " s"
    case 1e-3...: formatSignificant(seconds * 1e3) + " ms"
    case 1e-6...: formatSignificant(seconds * 1e6) + " µs"
    default: formatSignificant(seconds * 1e9) + " ns"
    }
}

/// Three significant digits, without a fraction once the number reaches 100.
func formatSignificant(_ value: Double) -> String {
    let decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2
    return String(format: "%.\(decimals)f", value)
}

/// `10k`, `100k`, `1M`.
func formatCount(_ count: Int) -> String {
    if count >= 1_000_000, count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
    if count >= 1_000, count % 1_000 == 0 { return "\(count / 1_000)k" }
    return "\(count)"
}

/// `12.3M`, `456k`: a rate per second, rounded to three significant digits.
func formatRate(_ perSecond: Double) -> String {
    if perSecond >= 1e6 { return formatSignificant(perSecond / 1e6) + "M" }
    if perSecond >= 1e3 { return formatSignificant(perSecond / 1e3) + "k" }
    return formatSignificant(perSecond)
}

/// The process's peak resident set size in bytes (VmHWM), or nil where /proc is unavailable.
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return kilobytes.map { $0 * 1024 }
}

/// The release `tagflow` beside this program.
func tagflowExecutable() throws -> URL {
    let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("tagflow")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
        throw BenchmarkError("no tagflow beside tagflow-bench; build it: swift build -c release --product tagflow")
    }
    return candidate
}

func executable(named name: String) -> URL? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs a program to completion with its output discarded, failing on an exit status outside `accepting`.
func runProgram(_ program: URL, _ arguments: [String], accepting statuses: ClosedRange<Int32> = 0...0) throws {
    // posix_spawn and waitpid, not Foundation's Process: its waitUntilExit polls a run loop, which added
    // 0–50 ms to every run and a quarter to a 100 ms one.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Standard error is kept, to say why a run failed.
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-stderr-\(getpid())").path
    defer { unlink(errors) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([program.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program.path, &actions, nil, argv, environ)
    guard spawned == 0 else {
        throw BenchmarkError("cannot start \(program.path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    let exitStatus: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    guard statuses.contains(exitStatus) else {
        let said = (try? String(contentsOfFile: errors, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
        throw BenchmarkError("\(program.lastPathComponent) \(arguments.joined(separator: " ")) "
                             + "exited with \(exitStatus)"
                             + (said.isEmpty ? "" : "; it said:\n" + said))
    }
}

/// A run's peak resident set size in KiB, from GNU time.
func peakKilobytes(_ program: URL, _ arguments: [String]) throws -> Int {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-rss-\(getpid())")
    defer { try? FileManager.default.removeItem(at: report) }
    try runProgram(URL(fileURLWithPath: "/usr/bin/time"), ["-f", "%M", "-o", report.path, program.path] + arguments)
    guard let kilobytes = Int(try String(contentsOf: report, encoding: .utf8)
                                  .trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw BenchmarkError("GNU time gave no peak RSS")
    }
    return kilobytes
}
