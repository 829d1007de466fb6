extension ComparisonReport {
    /// For a pull-request comment: the summary, then, screen by screen in a `<details>` block, the failures grouped by
    /// what changed in their layout (each cause said once), each with its pictures; then what passed within the
    /// tolerance. At most `limit` rows, and never more than GitHub takes in a comment.
    public func markdown(limit: Int = 50, maxCharacters: Int = 60_000) -> String {
        var page = MarkdownPage(maxCharacters: maxCharacters)
        page.lines = ["**\(terms.name)** — \(passed ? "✅ all match" : "❌ \(failures.count) failing") · "
            + "\(summaryLine)", ""]
        for note in notes + layoutNotes { page.lines.append("> ⚠️ \(note)") }
        if !notes.isEmpty || !layoutNotes.isEmpty { page.lines.append("") }
        page.size = page.lines.reduce(0) { $0 + $1.count + 1 }
        let listed = failures + matchedWithinTolerance
        var shown = Set<String>()
        var detailsOpen = false
        screens: for (screen, items) in Self.byScreen(listed) {
            let failing = items.count(where: \.status.fails)
            let title = MarkdownText.cell(terms.title(ofGroup: screen))
            let summary = "<summary><strong>\(title)</strong>: \(failing) failing</summary>"
            guard page.add(["<details open>", summary, ""]) else { break }
            detailsOpen = true
            for (cause, group) in Self.groupedByCause(items) {
                let heading = cause.map { "**\(MarkdownText.cell($0))**, in \(terms.count(group.count)):" }
                let table = ["| \(terms.itemTitle) | Status | Detail |", "| --- | --- | --- |"]
                guard page.add((heading.map { [$0, ""] } ?? []) + table) else { break screens }
                for item in group {
                    guard shown.count < limit, page.add([row(item)]) else { break screens }
                    shown.insert(item.name)
                }
                _ = page.add([""])
            }
            if page.add(["</details>", ""]) { detailsOpen = false }
        }
        if detailsOpen { page.lines += ["", "</details>"] }
        let rest = listed.filter { !shown.contains($0.name) }
        if !rest.isEmpty {
            // By screen, so that a screen none of whose rows fit is still named.
            let screens = Self.byScreen(rest).map { screen, items in
                "\(MarkdownText.code(terms.title(ofGroup: screen), inTable: false)) \(items.count)"
            }
            page.lines += ["", "…and \(rest.count) more in report.json: \(screens.joined(separator: ", "))."]
        }
        return page.lines.joined(separator: "\n") + "\n"
    }

    /// An item's row: its name, status, what changed in its layout and pixels, and links to its pictures.
    private func row(_ item: ComparisonItem) -> String {
        let links = item.images.map { "[\($0.role.rawValue)](\(ReportPath.url($0.path)))" }.joined(separator: " ")
        return "| \(MarkdownText.code(item.name, inTable: true)) | \(terms.rowStatus(item)) | "
            + "\(MarkdownText.cell(item.explainedDetail))" + (links.isEmpty ? "" : " · " + links) + " |"
    }
}

/// Lines of a Markdown comment that must stay under a number of characters.
private struct MarkdownPage {
    let maxCharacters: Int
    var lines = [String]()
    var size = 0

    /// Adds `newLines` if they fit, leaving room for what closes the comment; false if they do not.
    mutating func add(_ newLines: [String]) -> Bool {
        let added = newLines.reduce(0) { $0 + $1.count + 1 }
        guard size + added < maxCharacters - 200 else { return false }
        lines += newLines
        size += added
        return true
    }
}
