/// The measured content of one section, all the flow layout needs to place it.
public struct SectionMetrics: Hashable, Sendable {
    public var hasHeader: Bool
    public var hasFooter: Bool
    /// The text width of each tag, in points, before padding.
    public var textWidths: [Double]

    public init(hasHeader: Bool, hasFooter: Bool, textWidths: [Double]) {
        self.hasHeader = hasHeader
        self.hasFooter = hasFooter
        self.textWidths = textWidths
    }
}

/// Where one section landed.
public struct SectionLayout: Hashable, Sendable {
    public var header: Rect?
    public var footer: Rect?
    /// This section's items in ``FlowLayout/items``.
    public var items: Range<Int>
    /// From the section's top (its header, or its top inset) to the end of its footer; along x when scrolling
    /// horizontally.
    public var span: ClosedRange<Double>
    public var lineCount: Int
    /// Tags hidden by `maxLines`.
    public var hiddenCount: Int
    /// The tag that counts the hidden tags at the end of the last shown line, when `moreTag` is set and tags are
    /// hidden.
    public var more: MoreTagLayout?
}

/// Where a section's "+N more" tag landed.
public struct MoreTagLayout: Hashable, Sendable {
    public var frame: Rect
    /// The tags it counts: the section's ``SectionLayout/hiddenCount``.
    public var count: Int
    /// The line it ends, the section's last shown line.
    public var line: Int
    /// Its text was wider than a line allows, so it was clamped to the line's width.
    public var isTruncated: Bool
}
