/// A strategy's answer to one query set against the truth.
public struct QueryAudit: Hashable, Sendable {
    public var rect: Rect
    /// What the strategy returned, in document order.
    public var returned: [LayoutElement]
    /// Elements that intersect the rect but were not returned: the cells that vanish.
    public var missing: [LayoutElement]
    /// Elements returned that do not intersect the rect.
    public var extra: [LayoutElement]

    public var isCorrect: Bool { missing.isEmpty }
}
