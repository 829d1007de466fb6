import TagFlowLayout

/// A text shaped by HarfBuzz: its width and the glyphs to draw, run by run.
public struct ShapedText: Sendable, Equatable {
    /// The sum of the shaped x-advances (and any tracking), in points; never rounded.
    public let width: Double
    /// The runs in visual order, left to right.
    public let runs: [ShapedRun]
    /// The families that drew the text, in order of first (logical) use.
    public let fonts: [String]
    /// How many glyphs came out as .notdef (glyph 0) because no installed font has the character.
    public let missingGlyphs: Int
    /// The characters no font could draw, in the order they first appear, each once.
    ///
    /// `missingFontSuggestion(for:)` says which Debian package would draw each one.
    public let missingScalars: [Unicode.Scalar]

    /// The width and font report the layout needs.
    public var measurement: TextMeasurement {
        TextMeasurement(width: width, fonts: fonts, missingGlyphs: missingGlyphs, lineHeight: lineHeight)
    }

    /// The height of the text's line: the tallest of its faces', or `nil` for an empty text.
    public var lineHeight: Double? {
        runs.map { $0.face.lineHeight(at: $0.size) }.max()
    }

    /// The faces that drew the text, each once, in visual order of first use.
    public var faces: [FontFace] {
        var seen = Set<FontFace>()
        return runs.map(\.face).filter { seen.insert($0).inserted }
    }

    static let empty = ShapedText(width: 0, runs: [], fonts: [], missingGlyphs: 0, missingScalars: [])
}
