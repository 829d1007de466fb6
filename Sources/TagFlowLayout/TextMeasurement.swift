/// What a text measurer reports for one string.
public struct TextMeasurement: Sendable, Hashable {
    /// The sum of the shaped advances at the font size, in points; never rounded.
    public var width: Double
    /// The font families that drew the text, in order of first use.
    public var fonts: [String]
    /// How many glyphs came out as `.notdef` (tofu).
    public var missingGlyphs: Int
    /// The height of the text's line: the tallest line (ascender + descender) of the fonts that drew it, in points.
    /// `nil` when the measurer does not know.
    public var lineHeight: Double?

    public init(width: Double, fonts: [String] = [], missingGlyphs: Int = 0, lineHeight: Double? = nil) {
        self.width = width
        self.fonts = fonts
        self.missingGlyphs = missingGlyphs
        self.lineHeight = lineHeight
    }
}
