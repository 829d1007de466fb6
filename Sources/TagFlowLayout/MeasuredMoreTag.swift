/// A section's "+N more" tag as it will be shown.
public struct MeasuredMoreTag: Hashable, Sendable {
    /// ``LayoutOptions/moreTagText(count:)`` for ``count``.
    public var text: String
    /// The text drawn in the cell: `text`, or `text` cut to fit with an ellipsis, as a tag's is.
    public var displayText: String
    /// The hidden tags it counts.
    public var count: Int
    public var measurement: TextMeasurement
    public var isTruncated: Bool { displayText != text }
}
