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
