import Foundation
import Testing
import TagFlowTestSupport

/// The option tables of `docs/commands` say what `--help` says: each row's option, default and meaning are the
/// help's own, so the guides cannot drift from the tool.
@Suite struct DocumentedOptionsTests {
    /// An option as a table row or the help shows it.
    struct Option: Equatable, CustomStringConvertible {
        var signature: String
        var defaultValue: String
        var meaning: String
        var description: String { "\(signature) [\(defaultValue)] \(meaning)" }
    }

    @Test func everyCommandsTableIsItsHelp() throws {
        let folder = packageRoot.appendingPathComponent("docs/commands")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(pages.count >= 9)
        var compared = 0
        for page in pages {
            let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            // The shared options' page lists what every drawing command takes: render's help has them all.
            let command = page == "options.md" ? "render" : String(page.dropLast(3))
            let help = try Self.helpOptions(command)
            for row in Self.optionRows(text) {
                compared += 1
                let key = Self.longName(row.signature)
                guard let shown = help[key] else {
                    Issue.record("\(page): \(key) is not in `tagflow \(command) --help`")
                    continue
                }
                #expect(row == shown, "\(page): the table has\n  \(row)\nwhere `tagflow \(command) --help` has\n  \(shown)")
            }
        }
        #expect(compared >= 80, "only \(compared) table rows were found")
    }

    /// The option rows of a page's tables: option, default and meaning, with a config key column between the first
    /// two where there is one.
    static func optionRows(_ page: String) -> [Option] {
        page.split(separator: "\n").compactMap { line -> Option? in
            guard line.hasPrefix("| `-") else { return nil }
            // A `|` inside a cell is written `\|`.
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|", omittingEmptySubsequences: false)
                .dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{0}", with: "|") }
            guard cells.count == 3 || cells.count == 4 else { return nil }
            return Option(signature: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                          defaultValue: cells[cells.count - 2], meaning: cells[cells.count - 1])
        }
    }

    /// The options `tagflow help COMMAND` lists in full, by long name. A meaning too long for the line goes under
    /// it. The layout options are listed by `tagflow help layout-options`, which each command's help names. Wide, so
    /// that no help is wrapped.
    static func helpOptions(_ command: String) throws -> [String: Option] {
        let wide = ["COLUMNS": "10000"]
        let result = try tagflow(["help", command], environment: wide)
        try #require(result.status == 0, "\(result.stderr)")
        var text = result.stdout
        if text.contains("tagflow help layout-options") {
            let page = try tagflow(["help", "layout-options"], environment: wide)
            try #require(page.status == 0, "\(page.stderr)")
            text += page.stdout
        }
        let lines = text.components(separatedBy: "\n")
        var options: [String: Option] = [:]
        for (index, line) in lines.enumerated() {
            guard let match = line.wholeMatch(of: /\ \ (-\S.*?)(?:\ {2,}(\S.*))?/) else { continue }
            let signature = String(match.1)
            var meaning = match.2.map(String.init) ?? ""
            if match.2 == nil, index + 1 < lines.count, lines[index + 1].hasPrefix("      ") {
                meaning = lines[index + 1].trimmingCharacters(in: .whitespaces)
            }
            var defaultValue = ""
            if let found = meaning.firstMatch(of: /\ \(default: (.*)\)$/) {
                defaultValue = String(found.1)
                meaning.removeSubrange(found.range)
            }
            options[longName(signature)] = Option(signature: signature, defaultValue: defaultValue, meaning: meaning)
        }
        return options
    }

    /// `--output` of `--output, -o <OUT>`; a flag with no long name is its own name.
    static func longName(_ signature: String) -> String {
        signature.firstMatch(of: /--[a-z0-9-]+/).map { String($0.output) } ?? signature
    }
}
