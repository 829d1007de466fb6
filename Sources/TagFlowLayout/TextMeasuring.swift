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

/// Measures the width of a tag's text. The layout core defines it so that it never depends on a font stack.
public protocol TextMeasuring {
    func measure(_ text: String) -> TextMeasurement
    /// The measurements of `texts`, in order: what `measure` gives for each, made as the measurer sees fit
    /// (on several threads, say).
    func measureAll(_ texts: [String]) -> [TextMeasurement]
    /// The height of a line of text in the measurer's own font, in points, for cells that size to their text;
    /// `nil` when the measurer does not know.
    var lineHeight: Double? { get }
}

extension TextMeasuring {
    public func measureAll(_ texts: [String]) -> [TextMeasurement] { texts.map { measure($0) } }
    public var lineHeight: Double? { nil }
}
