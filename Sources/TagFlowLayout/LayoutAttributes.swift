/// What UIKit's `UICollectionViewLayoutAttributes` says of an element besides its index path: where it is, what it
/// is drawn above, and whether it shows.
public struct LayoutAttributes: Hashable, Sendable {
    /// In content coordinates; empty for a tag hidden by `maxLines`.
    public var frame: Rect
    /// Elements with a higher zIndex are drawn above those with a lower one.
    public var zIndex: Int
    /// 1 for a shown element, 0 for a hidden one.
    public var alpha: Double
    /// A tag past `maxLines`: never returned by a query, never drawn.
    public var isHidden: Bool

    public init(frame: Rect, zIndex: Int, alpha: Double, isHidden: Bool) {
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
    }
}

extension FlowLayout {
    /// The zIndex of an element of `kind`. With `pinHeaders`, headers are 1, so a header held at the top is drawn above
    /// the cells scrolling under it, as a sticky-header layout raises them; everything else is 0, UIKit's default.
    public func zIndex(of kind: ElementID.Kind) -> Int {
        kind == .header && options.pinHeaders ? 1 : 0
    }

    /// The attributes of the element `id` names, at its layout frame (``pinnedHeaderFrame(section:visibleTop:)`` moves
    /// a pinned header as the view scrolls). A tag hidden by `maxLines` has its empty frame, alpha 0 and `isHidden`;
    /// every other element has alpha 1. `nil` when the layout has no such element.
    public func attributes(for id: ElementID) -> LayoutAttributes? {
        guard sections.indices.contains(id.section) else { return nil }
        let section = sections[id.section]
        let frame: Rect?
        var isHidden = false
        switch id.kind {
        case .header: frame = section.header
        case .footer: frame = section.footer
        case .more: frame = section.more?.frame
        case .item:
            guard id.item >= 0, id.item < section.items.count else { return nil }
            let item = items[section.items.lowerBound + id.item]
            frame = item.frame
            isHidden = item.isHidden
        }
        return frame.map {
            LayoutAttributes(frame: $0, zIndex: zIndex(of: id.kind), alpha: isHidden ? 0 : 1, isHidden: isHidden)
        }
    }
}
