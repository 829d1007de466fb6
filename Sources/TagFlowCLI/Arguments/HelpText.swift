import Foundation

/// Help as a terminal shows it: paragraphs and option lists wrapped to `width` columns, each option's help in a
/// column beside its names, or under them when the names are long.
struct HelpText {
    /// One option in a list: its names and value, and what it does.
    struct Row {
        var names: String
        var help: String
        var defaultDescription: String?

        /// The help in full, then the default.
        var text: String { HelpText.withDefault(help, defaultDescription) }

        /// The help's first clause, then the default: what `--help` shows.
        var summary: String { HelpText.withDefault(HelpText.firstClause(help), defaultDescription) }
    }

    var width: Int
    /// Where an option's help starts: 30, or less on a narrow terminal, so the help keeps room.
    var column: Int { min(30, max(16, width * 3 / 8)) }

    /// The width help wraps to: `COLUMNS` when it is a number, else the terminal's, else 80. At least 40.
    static func width(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return max(40, columns) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return max(40, Int(size.ws_col))
        }
        return 80
    }

    /// An argument's row: `--width <PT>` and its help, with its default.
    static func row<Root>(_ argument: Argument<Root>) -> Row {
        let value = argument.valueName.map { argument.kind == .optionalValue ? "[=<\($0)>]" : " <\($0)>" } ?? ""
        return Row(names: argument.names.joined(separator: ", ") + value, help: argument.help,
                   defaultDescription: argument.defaultDescription)
    }

    /// `help` up to its first `;` or sentence end (a full stop before a capital, not the one of "e.g."): an
    /// option's help in `--help` and in the shells' completions.
    static func firstClause(_ help: String) -> String {
        let end = help.firstMatch(of: /; |\. (?=[A-Z])/)?.range.lowerBound
        return end.map { help[..<$0] + "." } ?? help
    }

    /// An option's help and, after it, its default: the words help and the manual page both show.
    static func withDefault(_ help: String, _ defaultDescription: String?) -> String {
        help + (defaultDescription.map { " (default: \($0))" } ?? "")
    }

    /// `text`'s words in lines of at most `width` columns, each line starting with `indent` spaces (the first with
    /// `firstIndent`); a word longer than a line has one of its own.
    func paragraph(_ text: String, indent: Int, firstIndent: Int? = nil) -> [String] {
        var lines = [String]()
        var line = String(repeating: " ", count: firstIndent ?? indent)
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// An option's names, then `help` beside them from ``column``, wrapped there; under them when they are long.
    func row(_ names: String, _ help: String) -> [String] {
        let names = "  " + names
        if names.count + 2 <= column {
            var lines = paragraph(help, indent: column)
            lines[0] = names + lines[0].dropFirst(names.count)
            return lines
        }
        return [names] + paragraph(help, indent: column)
    }

    /// An option's row with its help in full.
    func row(_ row: Row) -> [String] { self.row(row.names, row.text) }

    /// A command's discussion. Plain lines are prose: a line that does not end a sentence (`.`, `:`, `?`, `!`) runs
    /// on into the next, and each paragraph is wrapped. Indented lines are a table of two columns split at their
    /// first run of three or more spaces: the second column starts where the widest first one ends, or, when that
    /// leaves it too little room, under its row.
    func discussion(_ text: String) -> [String] {
        var lines = [String](), prose = "", table = [Substring]()
        func flushProse() {
            if !prose.isEmpty { lines += paragraph(prose, indent: 0, firstIndent: 0) }
            prose = ""
        }
        func flushTable() {
            let rows = table.map { line -> (left: String, right: String) in
                guard let gap = line.firstRange(of: "   ") else { return (String(line), "") }
                return (String(line[..<gap.lowerBound]), String(line[gap.lowerBound...].drop { $0 == " " }))
            }
            let tableColumn = (rows.map(\.left.count).max() ?? 0) + 2
            for row in rows {
                if row.right.isEmpty {
                    lines += paragraph(row.left, indent: 4, firstIndent: 0)
                } else if tableColumn + 24 <= width {
                    var wrapped = paragraph(row.right, indent: tableColumn)
                    wrapped[0] = row.left + wrapped[0].dropFirst(row.left.count)
                    lines += wrapped
                } else {
                    lines += paragraph(String(row.left.drop { $0 == " " }), indent: 4, firstIndent: 2)
                        + paragraph(row.right, indent: 6)
                }
            }
            table = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(" ") {
                flushProse()
                table.append(line)
                continue
            }
            flushTable()
            prose += (prose.isEmpty ? "" : " ") + line
            if line.isEmpty || [".", ":", "?", "!"].contains(line.last) { flushProse() }
        }
        flushProse()
        flushTable()
        return lines
    }
}

extension ParsableCommand {
    /// The option groups help lists: the command's own first, in the order declared, with `--help` last under
    /// OPTIONS; then the shared groups, those with a page named by it.
    static var helpGroups: [(title: String, rows: [HelpText.Row], page: HelpPage?, isShared: Bool)] {
        let declared = arguments.map { group in
            (title: group.title.uppercased(),
             rows: group.arguments.filter { !$0.isPositional }.map { HelpText.row($0) },
             page: group.page, isShared: group.isShared)
        }.filter { !$0.rows.isEmpty }
        var own = declared.filter { !$0.isShared }
        let helpEntry = HelpText.Row(names: helpNames.joined(separator: ", "), help: "Show help information.")
        if own.last?.title == "OPTIONS" {
            own[own.count - 1].rows.append(helpEntry)
        } else {
            own.append((title: "OPTIONS", rows: [helpEntry], page: nil, isShared: false))
        }
        return own + declared.filter(\.isShared)
    }

    /// The text `--help` prints, `width` columns wide: the discussion without its details, each option's help to
    /// its first clause, and the groups several commands share named in a line. With `full`, what
    /// `tagflow help NAME` prints: everything, each shared group listed too.
    static func help(width: Int, full: Bool = false) -> String {
        let text = HelpText(width: width)
        var lines = text.paragraph("OVERVIEW: \(configuration.abstract)", indent: 2, firstIndent: 0) + [""]
        for part in [configuration.discussion, full ? configuration.details : ""] where !part.isEmpty {
            lines += text.discussion(part) + [""]
        }
        lines += text.paragraph("USAGE: \(usage)", indent: 7, firstIndent: 0) + [""]
        if !positionalArguments.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in positionalArguments {
                let leftOut = positional.defaultDescription.map { " (default: \($0))" } ?? ""
                lines += text.row("<\(positional.name)>", positional.help + leftOut)
            }
            lines.append("")
        }
        var leftOut = !full && !configuration.details.isEmpty
        for group in helpGroups {
            lines.append("\(group.title):")
            if group.isShared, !full {
                let page = group.page?.rawValue ?? configuration.name
                let shown = group.rows.prefix(3).map { $0.names.split(separator: " ")[0] }.joined(separator: ", ")
                let more = group.rows.count - min(3, group.rows.count)
                lines += text.paragraph("\(shown)\(more > 0 ? " and \(more) more" : ""): see 'tagflow help \(page)'.",
                                        indent: 2)
                leftOut = leftOut || group.page == nil
            } else {
                for row in group.rows { lines += full ? text.row(row) : text.row(row.names, row.summary) }
                leftOut = leftOut || group.rows.contains { $0.summary != $0.text }
            }
            lines.append("")
        }
        if !configuration.examples.isEmpty {
            lines.append("EXAMPLES:")
            for example in configuration.examples { lines += text.paragraph(example, indent: 6, firstIndent: 2) }
            lines.append("")
        }
        if leftOut, !full { lines += text.paragraph("In full: tagflow help \(configuration.name)", indent: 0) + [""] }
        return lines.joined(separator: "\n")
    }

    /// The help at the width ``HelpText/width(environment:)`` finds.
    static var help: String { help(width: HelpText.width()) }
}
