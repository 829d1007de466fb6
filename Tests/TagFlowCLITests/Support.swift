import Foundation
import Testing
import TagFlowTestSupport

/// The result of running the built `tagflow` binary.
typealias RunResult = ProcessResult

/// A fresh folder for one test's files, removed when the test's scope ends.
typealias TemporaryFolder = TagFlowTestSupport.TemporaryFolder

/// The package root.
let packageRoot = ProcessRunner.packageRoot

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
    try ProcessRunner.run(tagflowExecutable, arguments, stdin: stdin, in: directory, environment: environment)
}

/// Whether a tool is on PATH; `make test` installs the tools and sets TAGFLOW_REQUIRE_TOOLS so they are never skipped there.
func toolAvailable(_ name: String) -> Bool {
    ProcessRunner.toolAvailable(name)
}

/// Two configs that ask for the test font 'TagFlow Test Private': `private.json` gives its file and `plain.json` does
/// not, so a run that finds the font through `plain.json` has used fonts another config gave.
func writePrivateFontConfigs(in folder: TemporaryFolder) throws {
    // A copy in the folder, which a snapshot manifest there may name.
    let file = folder.path("TagFlowTest-Private.ttf")
    try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-Private.ttf").path,
                                     toPath: file)
    try folder.write("private.json", "{\"font\": \"TagFlow Test Private\", \"fontFiles\": [\"\(file)\"]}")
    try folder.write("plain.json", "{\"font\": \"TagFlow Test Private\"}")
}

/// Whether `result` is the error of a run that did not find 'TagFlow Test Private'.
func missedPrivateFont(_ result: RunResult) -> Bool {
    result.status == 2 && result.stderr.contains("'TagFlow Test Private' not found")
}
