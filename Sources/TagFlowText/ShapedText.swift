import TagFlowLayout

/// A text shaped by HarfBuzz: its width and the glyphs to draw, run by run.
public struct ShapedText: Sendable, Equatable {
    /// The sum of the shaped x-advances, in points; never rounded.
    public let width: Double
    /// The runs in visual order, left to right.
    public let runs: [ShapedRun]
    /// The families that drew the text, in order of first (logical) use.
    public let fonts: [String]
    /// How many glyphs came out as .notdef (glyph 0) because no installed font has the character.
    public let missingGlyphs: Int

    /// The width and font report the layout needs.
    public var measurement: TextMeasurement {
        TextMeasurement(width: width, fonts: fonts, missingGlyphs: missingGlyphs)
    }

    static let empty = ShapedText(width: 0, runs: [], fonts: [], missingGlyphs: 0)
}

/// A stretch of text shaped with one face in one script and direction.
public struct ShapedRun: Sendable, Equatable {
    /// The face whose glyph ids these are.
    public let face: FontFace
    /// The font size in points the positions were computed at.
    public let size: Double
    /// Glyph ids in visual order (HarfBuzz already reverses right-to-left runs).
    public let glyphs: [UInt32]
    /// The x of each glyph's origin in points, relative to the run's left edge, including HarfBuzz's x offset.
    public let xPositions: [Double]
    /// The y offset of each glyph in points, positive upwards (font convention): negate it for cairo's y-down space.
    public let yOffsets: [Double]
    /// The run's left edge in points, relative to the start of the text.
    public let origin: Double
    /// The run's width in points: the sum of its x-advances.
    public let advance: Double
    /// Whether the run was shaped right to left (Hebrew, Arabic, ...).
    public let isRightToLeft: Bool
}
