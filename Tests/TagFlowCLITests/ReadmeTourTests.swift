import Foundation
import Testing
import TagFlowTestSupport

/// The README's short tour runs as written: every command is one tagflow takes, and each exits as its comment says.
@Suite(.serialized) struct ReadmeTourTests {
    /// The lines of the tour's fenced block, after the "A short tour" heading.
    func tourLines() throws -> [String] {
        let lines = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8).components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## A short tour"))
        let start = try #require(lines[heading...].firstIndex(of: "```sh"))
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
        return lines[(start + 1)..<end].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test func theTourRunsAsWritten() throws {
        let out = try TemporaryFolder()
        let lines = try tourLines()
        #expect(lines.filter { $0.hasPrefix("tagflow ") }.count >= 10)
        let path = tagflowExecutable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for line in lines {
            // Its files go to a folder of the test's own; the comment after `#` says what to expect.
            let command = line.components(separatedBy: "  #").first!.replacingOccurrences(of: "out/", with: out.url.path + "/")
                .replacingOccurrences(of: "mkdir -p out", with: "mkdir -p " + out.url.path)
            let comment = line.components(separatedBy: "  #").dropFirst().joined()
            if command.hasPrefix("tagflow preview ") {
                try runPreview(command, path: path, in: out)
                continue
            }
            let run = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: packageRoot,
                                            environment: ["PATH": path, "CI": ""])
            let expected: Int32 = comment.contains("exits 1") ? 1 : command.hasPrefix("tagflow diff ") ? 1 : 0
            #expect(run.status == expected, "\(line)\n\(run.stderr)")
            #expect(!run.stderr.contains("error:"), "\(line)\n\(run.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: out.path("bold.png")) && FileManager.default.fileExists(atPath: out.path("sheet.png")))
    }

    /// The preview runs until stopped: it must print its address, and end with 130 on Ctrl-C.
    func runPreview(_ command: String, path: String, in out: TemporaryFolder) throws {
        let printed = out.path("preview.out")
        let preview = try ProcessRunner.start(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec " + command],
                                              in: packageRoot, environment: ["PATH": path],
                                              standardError: out.path("preview.err"), standardOutput: printed)
        let said = { (try? String(contentsOfFile: printed, encoding: .utf8)) ?? "" }
        #expect(preview.waitUntil(watching: [printed]) { said().contains("tagflow preview: http://127.0.0.1:") },
                "\(command)")
        preview.send(SIGINT)
        #expect(preview.wait() == 130, "\(command)")
    }
}
