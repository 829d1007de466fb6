import Foundation
import TagFlowLayout

/// What a finished child process left: its exit status and everything it wrote.
public struct ProcessResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutBytes: Data
    /// The run outlived its hang limit and was killed; `status` is then the signal's.
    public var wasKilledAsHung: Bool
    /// The process's id, which no running process has once the run is over, unless the system reuses it.
    public var processIdentifier: Int32

    public init(status: Int32, stdout: String, stderr: String, stdoutBytes: Data, wasKilledAsHung: Bool = false,
                processIdentifier: Int32 = 0) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutBytes = stdoutBytes
        self.wasKilledAsHung = wasKilledAsHung
        self.processIdentifier = processIdentifier
    }
}

/// What a child process reads on its standard input.
public enum StandardInput: Sendable {
    case bytes(Data)
    /// A file or device read as it is: `/dev/zero` is an input that never ends.
    case file(String)
}

/// Runs programs for tests.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` in `directory`, its environment this process's with `environment` laid
    /// over it and `unsetting` taken out, and waits for it.
    ///
    /// Standard input, output and error are files, not pipes: nothing can stall on a full pipe, and no reader
    /// thread is needed. `hangLimit` (seconds) kills a run that is still going by then; it exists to turn a hang
    /// into a failure, never to measure or assert speed, so keep it generous.
    public static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                           environment: [String: String] = [:], unsetting: [String] = [],
                           hangLimit: Double? = nil) throws -> ProcessResult {
        try run(executable, arguments, input: .bytes(stdin ?? Data()), in: directory, environment: environment,
                unsetting: unsetting, hangLimit: hangLimit)
    }

    /// Runs `executable` as ``run(_:_:stdin:in:environment:unsetting:hangLimit:)`` does, reading `input`.
    public static func run(_ executable: URL, _ arguments: [String], input standardInput: StandardInput,
                           in directory: URL? = nil, environment: [String: String] = [:], unsetting: [String] = [],
                           hangLimit: Double? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = Self.environment(environment, unsetting: unsetting)

        let scratch = try TemporaryFolder()
        let inURL = switch standardInput {
        case let .bytes(bytes): try scratch.write("in", bytes)
        case let .file(path): URL(fileURLWithPath: path)
        }
        let outURL = try scratch.write("out", Data()), errURL = try scratch.write("err", Data())
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL), errors = try FileHandle(forWritingTo: errURL)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors

        try process.run()
        let watch = HangWatch()
        if let hangLimit {
            DispatchQueue.global().asyncAfter(deadline: .now() + hangLimit) { watch.killIfRunning(process) }
        }
        process.waitUntilExit()
        let killed = watch.finish()
        try input.close(); try output.close(); try errors.close()

        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData,
                             wasKilledAsHung: killed, processIdentifier: process.processIdentifier)
    }

    /// This process's environment with `changes` laid over it and `unsetting` taken out.
    private static func environment(_ changes: [String: String], unsetting: [String] = []) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(changes) { $1 }.filter { !unsetting.contains($0.key) }
    }

    /// Starts `executable` and returns at once, for a test that acts while it runs: its standard error goes to the
    /// file `standardError`, which the test can watch (or is dropped), and its output to `standardOutput` (or is
    /// dropped).
    public static func start(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                             environment: [String: String] = [:], standardError: String?,
                             standardOutput: String? = nil) throws -> RunningProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = Self.environment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let standardOutput {
            FileManager.default.createFile(atPath: standardOutput, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutput))
        }
        if let standardError {
            FileManager.default.createFile(atPath: standardError, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: standardError))
        } else {
            process.standardError = FileHandle.nullDevice
        }
        // The end of the process is written to a pipe, so a wait can sleep on it with the files it watches.
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let (endRead, endWrite) = (ends[0], ends[1])
        process.terminationHandler = { _ in
            var byte: UInt8 = 1
            _ = write(endWrite, &byte, 1)
        }
        try process.run()
        return RunningProcess(process: process, ended: endRead)
    }

    /// Runs the tool `name` found on PATH, as `run(_:_:…)` does.
    public static func runTool(_ name: String, _ arguments: [String], in directory: URL? = nil,
                               environment: [String: String] = [:], hangLimit: Double? = nil) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: directory, environment: environment,
                hangLimit: hangLimit)
    }

    /// Whether `name` is on PATH. `make test` installs the tools and sets TAGFLOW_REQUIRE_TOOLS, so that tests
    /// needing them fail there rather than skip.
    public static func toolAvailable(_ name: String) -> Bool {
        if ProcessInfo.processInfo.environment["TAGFLOW_REQUIRE_TOOLS"] == "1" { return true }
        return (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// A child process a test started with ``ProcessRunner/start(_:_:in:environment:standardError:)``.
public struct RunningProcess {
    let process: Process

    /// Readable once the process has ended.
    let ended: Int32

    /// Waits until `condition` holds while the process runs, checking it again each time something happens to one of
    /// `paths` (a file in a folder created, moved in, written, opened or closed; a file written) or the process
    /// ends; a path not there yet is watched through the nearest folder above it that is. False if the process
    /// ended first or `hangLimit` (seconds, only to turn a hang into a failure) passed.
    public func waitUntil(watching paths: [String], hangLimit: Double = 600, _ condition: () -> Bool) -> Bool {
        let events = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard events >= 0 else { return false }
        defer { close(events) }
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MODIFY | IN_CLOSE_WRITE | IN_OPEN)
        let deadline = Date().addingTimeInterval(hangLimit)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // Again each time: a folder watched through its parent may have appeared since.
            for path in paths { _ = inotify_add_watch(events, Self.nearestExisting(path), mask) }
            if condition() { return true }
            guard process.isRunning else { return condition() }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var fds = [pollfd(fd: events, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: ended, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            while read(events, &buffer, buffer.count) > 0 {}
        }
    }

    /// Waits for the process to end, up to `hangLimit` seconds; false if it is still running then.
    public func waitForExit(hangLimit: Double) -> Bool {
        var fds = [pollfd(fd: ended, events: Int16(POLLIN), revents: 0)]
        let deadline = Date().addingTimeInterval(hangLimit)
        while process.isRunning {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            _ = poll(&fds, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if fds[0].revents != 0 { process.waitUntilExit() }
        }
        return true
    }

    /// `path`, or the nearest folder above it that exists.
    private static func nearestExisting(_ path: String) -> String {
        var url = URL(fileURLWithPath: path)
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" { url.deleteLastPathComponent() }
        return url.path
    }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// Whether the process, once ended, exited rather than was killed by a signal.
    public var exited: Bool { process.terminationReason == .exit }

    /// The id of the process, for what a test reads of it in /proc.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` to the process.
    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end and returns its exit status.
    public func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Kills a run that outlives its hang limit, unless the run already ended: the lock keeps the kill from reaching
/// a process id that was reused after the wait.
private final class HangWatch: Sendable {
    private let state = Locked((ended: false, killed: false))

    func killIfRunning(_ process: Process) {
        state.withLock { state in
            guard !state.ended, process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            state.killed = true
        }
    }

    /// Marks the run as ended and tells whether it was killed.
    func finish() -> Bool {
        state.withLock { state in
            state.ended = true
            return state.killed
        }
    }
}
