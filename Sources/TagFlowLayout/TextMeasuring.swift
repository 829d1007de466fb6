/// What a text measurer reports for one string.
public struct TextMeasurement: Sendable, Hashable {
    /// The sum of the shaped advances at the font size, in points; never rounded.
    public var width: Double
    /// The font families that drew the text, in order of first use.
    public var fonts: [String]
    /// How many glyphs came out as `.notdef` (tofu).
    public var missingGlyphs: Int

    public init(width: Double, fonts: [String] = [], missingGlyphs: Int = 0) {
        self.width = width
        self.fonts = fonts
        self.missingGlyphs = missingGlyphs
    }
}

/// Measures the width of a tag's text. The layout core defines it so that it never depends on a font stack.
public protocol TextMeasuring {
    func measure(_ text: String) -> TextMeasurement
    /// The measurements of `texts`, in order: what `measure` gives for each, made as the measurer sees fit
    /// (on several threads, say).
    func measureAll(_ texts: [String]) -> [TextMeasurement]
}

extension TextMeasuring {
    public func measureAll(_ texts: [String]) -> [TextMeasurement] { texts.map { measure($0) } }
}
