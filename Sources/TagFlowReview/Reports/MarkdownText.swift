/// Text made safe for a cell of a GitHub-flavoured Markdown table.
public enum MarkdownText {
    /// `text` with the table's separators, HTML and emphasis escaped, and line breaks as spaces.
    public static func cell(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "\\": result += "\\\\"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "`": result += "\\`"
            case "*", "_", "[", "]", "~": result += "\\" + String(character)
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` as a code span, such as a file name: fenced by more backticks than it has in a row, so it keeps them;
    /// in a table cell (`inTable`), its pipes escaped, which GitHub's tables read before the span.
    public static func code(_ text: String, inTable: Bool) -> String {
        var text = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        if inTable { text = text.replacingOccurrences(of: "|", with: "\\|") }
        var longestRun = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        // A span that starts or ends with a backtick is padded, and the padding is not part of it.
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded + fence
    }
}
