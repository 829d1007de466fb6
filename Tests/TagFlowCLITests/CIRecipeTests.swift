import Foundation
import Testing

/// The CI recipe in docs/code-review.md: its GitHub Actions workflow and its shell script run the same commands,
/// and the tagflow command they run passes on this repository's own manifest and goldens.
@Suite(.serialized) struct CIRecipeTests {
    static let guide = packageRoot.appendingPathComponent("docs/code-review.md")

    /// The fenced block of `language` in the guide (the first one).
    func block(_ language: String) throws -> [String] {
        let lines = try String(contentsOf: Self.guide, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "```" + language), "no ```\(language) block in docs/code-review.md")
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
        return Array(lines[(start + 1)..<end])
    }

    /// The commands a workflow's `run:` steps give.
    func workflowCommands() throws -> [String] {
        try block("yaml").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("- run: ") else { return nil }
            return String(trimmed.dropFirst("- run: ".count))
        }
    }

    /// The commands of the shell script: every line that is not a comment, a blank or `set`.
    func scriptCommands() throws -> [String] {
        try block("sh").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("set ") }
    }

    @Test func theWorkflowAndTheScriptRunTheSameCommands() throws {
        let workflow = try workflowCommands()
        #expect(!workflow.isEmpty)
        #expect(workflow == (try scriptCommands()))
        #expect(workflow.first == "make", "the recipe builds with the README's make")
    }

    @Test func theRecipesVerifyPassesOnThisRepositorysGoldens() throws {
        let commands = try workflowCommands().filter { $0.hasPrefix(".build/release/tagflow ") }
        try #require(commands.count == 1, "\(commands)")
        var arguments = commands[0].split(separator: " ").dropFirst().map(String.init)
        // The same command, with its report in a folder of this test's own, inside the repository as a report must be.
        let folder = try TemporaryFolder(in: packageRoot.appendingPathComponent(".build"))
        if let report = arguments.firstIndex(of: "--report") { arguments[report + 1] = folder.path("snapshots") }
        let result = try tagflow(arguments + ["--quiet"], environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("verify: 24 goldens: 24 matched"), "\(result.stdout)")
        for file in ["report.html", "report.json", "report.md", "junit.xml"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("snapshots/" + file)), "\(file)")
        }
    }
}
