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
