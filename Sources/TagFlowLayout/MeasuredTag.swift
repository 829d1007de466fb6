/// A tag as it will be shown: the text it displays and how that text measured.
public struct MeasuredTag: Hashable, Sendable {
    /// The text as written in the tags file.
    public var text: String
    /// The text drawn in the cell: `text`, or `text` cut to fit with an ellipsis.
    public var displayText: String
    public var measurement: TextMeasurement
    public var isSelected: Bool
    public var isTruncated: Bool { displayText != text }
}
