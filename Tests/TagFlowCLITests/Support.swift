import Foundation
import Testing

/// The result of running the built `tagflow` binary.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
}

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `tagflow` the end-to-end tests run: `TAGFLOW_EXECUTABLE` when set, else the one built beside the test bundle.
///
/// `make test` points `TAGFLOW_EXECUTABLE` at the release build: the corpus's time bounds are about the binary
/// people run, not a debug build many times slower. Sanitizer runs leave it unset, so they test their own
/// instrumented build.
var tagflowExecutable: URL {
    if let path = ProcessInfo.processInfo.environment["TAGFLOW_EXECUTABLE"], !path.isEmpty {
        return URL(fileURLWithPath: path)
    }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("tagflow")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/tagflow")
}

/// Runs `tagflow` with `arguments`, feeding `stdin`, in `directory`.
func tagflow(_ arguments: [String], stdin: Data? = nil, in directory: URL = packageRoot, environment: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = tagflowExecutable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    // Files, not pipes: nothing can stall on a full pipe, and no reader thread is needed.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err"), inURL = scratch.appendingPathComponent("in")
    try (stdin ?? Data()).write(to: inURL)
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let output = try FileHandle(forWritingTo: outURL), errors = try FileHandle(forWritingTo: errURL)
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    try process.run()
    process.waitUntilExit()
    try output.close(); try errors.close()
    let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
}

/// A fresh folder for one test's files, removed when the test's scope ends.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL { try write(name, Data(contents.utf8)) }

    @discardableResult
    func write(_ name: String, _ bytes: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try bytes.write(to: file)
        return file
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Every file in the folder, to prove a failed run wrote nothing.
    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

/// Whether a tool is on PATH; `make test` installs the tools and sets TAGFLOW_REQUIRE_TOOLS so they are never skipped there.
func toolAvailable(_ name: String) -> Bool {
    if ProcessInfo.processInfo.environment["TAGFLOW_REQUIRE_TOOLS"] == "1" { return true }
    return (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}

