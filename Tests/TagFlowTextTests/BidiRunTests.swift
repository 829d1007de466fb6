import Testing
@testable import TagFlowText

/// Mixed directions as UAX #9 orders them on one line: spaces between right-to-left and left-to-right text sit
/// where the line's direction puts them, numbers read in their own order, and a text that begins right to left
/// puts its left-to-right words on the left.
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

    /// The glyphs of the text, left to right as drawn.
    static func visualGlyphs(_ text: String, engine: TextEngine, font: FontSpec) -> [UInt32] {
        engine.shape(text, font: font).runs.flatMap(\.glyphs)
    }

    @Test(arguments: [
        // A number in right-to-left text reads left to right, and sits to the left of the word before it.
        ("שנת 2024", ["2024", " תנש"]),
        ("מחיר: 120 ₪", ["₪ ", "120", " :ריחמ"]),
        // A text that begins right to left is a right-to-left line: its Latin word is on the left.
        ("שלום World", ["World", " םולש"]),
        ("(קוד) 42", ["42", " (דוק)"]),
        // One that begins left to right keeps its Latin first.
        ("Hello שלום", ["Hello ", "םולש"]),
    ])
    func linesAreOrderedAsUAX9OrdersThem(_ text: String, _ visualParts: [String]) throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let face = engine.primaryFace(font: font)
        // Each part as it looks on the screen, left to right: right-to-left letters reversed, and brackets as drawn.
        let expected = visualParts.flatMap { part in part.unicodeScalars.map { glyphID($0, in: face) } }
        #expect(Self.visualGlyphs(text, engine: engine, font: font) == expected, "\(text)")
    }

    /// Isolates and embeddings that keep text left to right reorder nothing, even across runs of several fonts.
    @Test func aLeftToRightIsolateOfTwoScriptsKeepsItsOrder() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans, WenQuanYi Zen Hei", size: 14)
        for text in ["\u{2066}Tokyo 東京\u{2069}", "\u{202A}Tokyo 東京\u{202C}"] {
            let shaped = engine.shape(text, font: font)
            #expect(shaped.runs.allSatisfy { !$0.isRightToLeft })
            // Left to right as drawn: Tokyo in DejaVu Sans, then 東京 in WenQuanYi Zen Hei (the controls draw nothing).
            let drawn = shaped.runs.filter { $0.advance > 1 }.map(\.face.family)
            #expect(drawn == ["DejaVu Sans", "WenQuanYi Zen Hei"], "\(text): \(drawn)")
        }
    }

    @Test func arabicDigitsAndEuropeanDigitsInArabicTextReadInTheirOwnOrder() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let face = engine.primaryFace(font: font)
        // The Arabic word is joined, so only the number is compared glyph by glyph: read first, it is drawn at the
        // right end, or after the word, at the left end.
        let number = { (digits: String) in digits.unicodeScalars.map { glyphID($0, in: face) } }
        #expect(Array(Self.visualGlyphs("مرحبا 2024", engine: engine, font: font).prefix(4)) == number("2024"))
        #expect(Array(Self.visualGlyphs("١٢٠ درهم", engine: engine, font: font).suffix(3)) == number("١٢٠"))
    }
}
