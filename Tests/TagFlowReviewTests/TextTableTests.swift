import Testing
import TagFlowReview

@Suite struct TextTableTests {
    @Test func columnsLineUpAndLinesNeverEndInSpaces() {
        var table = TextTable(columns: ["element", "text", "x", "notes"])
        table.add(["item 0-0", "a", "10", ""])
        table.add(["item 0-10", "longer text", "7.5", "selected"])
        table.add(["", "(2 hidden by maxLines)", "", ""])
        #expect(table.rendered == """
            element    text                    x    notes
            item 0-0   a                       10
            item 0-10  longer text             7.5  selected
                       (2 hidden by maxLines)
            """)
    }

    @Test func wideCharactersTakeTwoCellsAndMarksNone() {
        var table = TextTable(columns: ["text", "end"])
        table.add(["篮球", "|"])
        table.add(["e\u{301}e\u{301}", "|"])
        table.add(["👍 ok", "|"])
        table.add(["ｆｕｌｌ", "|"])
        #expect(table.rendered == """
            text      end
            篮球      |
            e\u{301}e\u{301}        |
            👍 ok     |
            ｆｕｌｌ  |
            """)
    }

    @Test func displayWidthCountsTerminalCells() {
        #expect(TextTable.displayWidth("") == 0)
        #expect(TextTable.displayWidth("t999999") == 7)
        #expect(TextTable.displayWidth("篮球 ok") == 7)
        #expect(TextTable.displayWidth("a\u{200D}b") == 2)
        #expect(TextTable.displayWidth("\u{20DD}x") == 1)
        #expect(TextTable.displayWidth("tab\there") == 8)
        // A colour emoji is two cells, however many scalars it is made of; asked for as text, it is one.
        for emoji in ["😀", "👩‍💻", "👍🏽", "#️⃣", "🇯🇵", "☺️", "👨‍👩‍👧"] { #expect(TextTable.displayWidth(emoji) == 2, "\(emoji)") }
        #expect(TextTable.displayWidth("👩‍💻 Coding") == 9)
        #expect(TextTable.displayWidth("☺\u{FE0E}") == 1)
    }

    /// ASCII is measured eight bytes at a time: a wide character or a mark at any offset of a word, in any word,
    /// still counts as the terminal shows it.
    @Test func everyPositionOfAWordIsCheckedForTextBeyondASCII() {
        for length in 1...24 {
            for position in 0..<length {
                let before = String(repeating: "a", count: position), after = String(repeating: "b", count: length - position - 1)
                #expect(TextTable.displayWidth(before + "篮" + after) == length + 1)
                #expect(TextTable.displayWidth(before + "\u{301}" + after) == length - 1)
            }
        }
    }
}
