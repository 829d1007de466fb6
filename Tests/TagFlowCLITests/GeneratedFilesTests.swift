import Foundation
import Testing
import TagFlowLayout
@testable import TagFlowCLI
@testable import TagFlowInput
import TagFlowTestSupport

/// What the command declarations give for free: completion scripts, the manual page, and `make install` placing
/// them where shells and man look.
@Suite(.serialized) struct GeneratedFilesTests {
    /// Runs a tool found on PATH and returns its standard output, failing the test on a non-zero exit.
    func run(_ tool: String, _ arguments: [String], in directory: URL = packageRoot,
             environment: [String: String] = [:]) throws -> String {
        let result = try ProcessRunner.runTool(tool, arguments, in: directory, environment: environment)
        #expect(result.status == 0, "\(tool) \(arguments) exited \(result.status): \(result.stderr)")
        return result.stdout
    }

    /// man in the C locale renders `\-` as an ASCII hyphen, so option names can be searched for.
    static let plainMan = ["MANWIDTH": "200", "LC_ALL": "C", "PAGER": "cat"]

    /// What bash's completion function offers for `words`, the last being the word completed.
    func bashCompletions(script: URL, _ words: [String], in directory: URL = packageRoot) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _tagflow
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try run("bash", ["-c", program], in: directory).split(separator: "\n").map(String.init)
    }

    func writeScript(_ shell: String, into folder: TemporaryFolder) throws -> URL {
        let result = try tagflow(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return try folder.write("tagflow.\(shell)", result.stdout)
    }

    @Test func bashCompletesSubcommandsOptionsChoicesAndFilesByExtension() throws {
        try #require(toolAvailable("bash"))
        let folder = try TemporaryFolder()
        let script = try writeScript("bash", into: folder)
        #expect(try bashCompletions(script: script, ["tagflow", "sc"]) == ["scroll"])
        #expect(try bashCompletions(script: script, ["tagflow", "layout", "a.tags", "--alignment", ""]) == Alignment.allCases.map(\.rawValue))
        #expect(try bashCompletions(script: script, ["tagflow", "scroll", "a.tags", "--view", "d"]) == ["device"])
        #expect(try bashCompletions(script: script, ["tagflow", "render", "a.tags", "--sca"]) == ["--scale"])
        #expect(try bashCompletions(script: script, ["tagflow", "check", "a.tags", "--strategy", "=", ""]).contains("naive-super"))

        let files = try TemporaryFolder()
        for name in ["a.tags", "b.json", "c.png", "d.txt", "e.gif"] { try files.write(name, "") }
        try FileManager.default.createDirectory(at: files.url.appendingPathComponent("sub"), withIntermediateDirectories: false)
        #expect(try Set(bashCompletions(script: script, ["tagflow", "render", "a.tags", "--config", ""], in: files.url)) == ["b.json", "sub"])
        #expect(try Set(bashCompletions(script: script, ["tagflow", "diff", ""], in: files.url)) == ["a.tags", "b.json", "c.png", "sub"])
    }

    @Test func zshAndFishScriptsNameEveryCommandAndChoice() throws {
        let folder = try TemporaryFolder()
        for shell in ["zsh", "fish"] {
            let script = try String(contentsOf: try writeScript(shell, into: folder), encoding: .utf8)
            for command in TagFlowCommand.commands.map({ $0.configuration.name }) { #expect(script.contains(command), "\(shell): \(command)") }
            #expect(script.contains("left center right justified leading trailing"), "\(shell)")
            #expect(script.contains("naive-super"), "\(shell)")
            if toolAvailable(shell) { _ = try run(shell, ["-n", folder.path("tagflow.\(shell)")]) }
        }
    }

    @Test func anUnknownShellIsRefusedWithTheChoices() throws {
        let result = try tagflow(["--generate-completion-script", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("must be one of bash, zsh, fish; got 'tcsh'"), "\(result.stderr)")
    }

    @Test func theManualPageRendersEveryCommandAndOption() throws {
        try #require(toolAvailable("man"))
        let folder = try TemporaryFolder()
        let page = try tagflow(["--generate-manual"])
        #expect(page.status == 0)
        try folder.write("tagflow.1", page.stdout)
        let text = try run("man", ["-l", folder.path("tagflow.1")], environment: Self.plainMan)
        #expect(text.contains("TAGFLOW(1)"))
        for command in TagFlowCommand.descriptions {
            #expect(text.contains("tagflow \(command.name)"), "\(command.name) missing")
            for option in command.options { #expect(text.contains(option.names[0]), "\(command.name) \(option.names[0]) missing") }
        }
        #expect(text.contains("(default: 50x50)"))
        // Every status a command can end with: 1 as each command that uses it says, and 128 + the signal.
        let statuses = try #require(text.range(of: "EXIT STATUS")).upperBound
        let exit = text[statuses...].components(separatedBy: "FILES").first ?? ""
        let oneLine = exit.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for word in ["check:", "diff:", "snapshot: verify found", "129 Stopped by SIGHUP", "130 Stopped by SIGINT",
                     "143 Stopped by SIGTERM"] {
            #expect(oneLine.contains(word), "EXIT STATUS lacks \(word): \(oneLine)")
        }
    }

    /// Installs the binary under test: SwiftPM holds the build folder while tests run, so the release build is
    /// skipped here (`make test` has built it already, and `make install` alone builds it).
    @Test func makeInstallPlacesABinaryTheManualAndCompletionsAndUninstallRemovesThem() throws {
        try #require(toolAvailable("make"))
        let prefix = try TemporaryFolder()
        let variables = ["PREFIX=\(prefix.url.path)", "TAGFLOW=\(tagflowExecutable.path)", "RELEASE_BUILD=:"]
        _ = try run("make", ["--no-print-directory", "install"] + variables)
        let installed = [
            "bin/tagflow", "share/man/man1/tagflow.1", "share/bash-completion/completions/tagflow",
            "share/zsh/site-functions/_tagflow", "share/fish/vendor_completions.d/tagflow.fish",
        ]
        for path in installed { #expect(FileManager.default.fileExists(atPath: prefix.path(path)), "\(path) not installed") }
        #expect(try run(prefix.path("bin/tagflow"), ["--version"]) == "\(TagFlowCommand.version)\n")
        let script = prefix.url.appendingPathComponent("share/bash-completion/completions/tagflow")
        #expect(try bashCompletions(script: script, ["tagflow", "mea"]) == ["measure"])
        if toolAvailable("man") {
            #expect(try run("man", ["-l", prefix.path("share/man/man1/tagflow.1")], environment: Self.plainMan).contains("tagflow scroll"))
        }

        _ = try run("make", ["--no-print-directory", "uninstall"] + variables)
        for path in installed { #expect(!FileManager.default.fileExists(atPath: prefix.path(path)), "\(path) left behind") }
    }
}
