import Testing
@testable import TagFlowText

/// Spaces between right-to-left and left-to-right text sit where the line's direction puts them.
@Suite(.serialized) struct BidiRunTests {
    @Test(arguments: [("ab مرحبا cd", "cd"), ("Hello שלום world", "world")])
    func aSpaceBetweenRightToLeftAndLeftToRightTextJoinsTheTextAfterIt(_ text: String, _ after: String) throws {
        let engine = try TextEngine.forTests()
        let shaped = engine.shape(text, font: try engine.font(family: "DejaVu Sans", size: 14))
        // Visual order: the Latin before, the right-to-left word, then the space and the Latin after it.
        try #require(shaped.runs.count == 3, "\(shaped.runs.map(\.glyphs.count))")
        #expect(!shaped.runs[0].isRightToLeft && shaped.runs[1].isRightToLeft && !shaped.runs[2].isRightToLeft)
        #expect(shaped.runs[2].glyphs.count == after.count + 1, "the space is drawn after the right-to-left word")
        // The right-to-left run holds no space, so nothing is drawn on its far side.
        let word = text.split(separator: " ").first { $0.unicodeScalars.first!.value >= 0x590 }!
        #expect(shaped.runs[1].glyphs.count <= word.unicodeScalars.count)
        let width = engine.measure(text, font: try engine.font(family: "DejaVu Sans", size: 14)).width
        #expect(abs(width - shaped.width) < 1e-9)
    }
}
