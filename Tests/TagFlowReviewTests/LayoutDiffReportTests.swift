import Testing
import TagFlowLayout
import TagFlowText
@testable import TagFlowReview

/// The layout diff's words: its summary, and Markdown that keeps every character of a tag or file name.
@Suite struct LayoutDiffReportTests {
    func diff(_ old: [String], _ new: [String]) throws -> LayoutDiff {
        let engine = try TextEngine()
        let measurer = Measurer(engine: engine, font: try engine.font(family: "sans-serif", size: 14))
        func snapshot(_ texts: [String]) -> LayoutSnapshot {
            let document = TagDocument(sections: [TagSection(title: "A", tags: texts.map { Tag($0) })])
            return LayoutSnapshot(try! TagLayout(document: document, options: LayoutOptions(), measurer: measurer))
        }
        return LayoutDiff(old: snapshot(old), new: snapshot(new))
    }

    @Test func identicalLayoutsAreSaidToBe() throws {
        #expect(LayoutDiffReport(diff: try diff(["aa", "bb"], ["aa", "bb"])).summary.hasPrefix("layouts are identical"))
    }

    @Test func markdownEscapesCellsAndSummarises() throws {
        let markdown = LayoutDiffReport(diff: try diff(["a|b", "<i>"], ["a|b", "<i>", "new*"])).markdown
        #expect(markdown.hasPrefix("**tagflow layout diff** — 1 added · 0 removed · 0 moved · 0 resized"))
        #expect(markdown.contains("| Change | Section | Tag | Old | New |"))
        #expect(markdown.contains("new\\*"))
        #expect(!markdown.contains("<i>"))
        // GitHub strikes through text between tildes.
        #expect(MarkdownText.cell("~~s~~") == "\\~\\~s\\~\\~")
    }

    /// A file name keeps its backticks in a longer fence, and its pipes, escaped, in a table; GitHub's tables split
    /// cells on a pipe before they read a code span.
    @Test func markdownCodeSpansKeepEveryCharacterOfAName() {
        #expect(MarkdownText.code("a|b.png", inTable: true) == "`a\\|b.png`")
        #expect(MarkdownText.code("a|b.png", inTable: false) == "`a|b.png`")
        #expect(MarkdownText.code("a`b.png", inTable: true) == "``a`b.png``")
        #expect(MarkdownText.code("a``b`", inTable: false) == "``` a``b` ```")
        #expect(MarkdownText.code("two\nlines", inTable: true) == "`two lines`")
    }
}
