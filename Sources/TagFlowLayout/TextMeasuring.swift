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
