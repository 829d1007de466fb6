/// How a layout answers "which elements are in this rect?". Two of these are the seed's code, kept to be looked at.
public enum QueryStrategy: String, CaseIterable, Sendable, Codable {
    /// Answers from the frames cached in prepare: the correct answer for any rect.
    case cached
    /// The seed's bug: asks a stock flow layout's own grid which index paths are in the rect, then returns the custom
    /// frames.
    ///
    /// A more tag is a supplementary view of the subclass's own kind, which the stock layout does not know: super
    /// never names it, so this strategy never returns it and every shown more tag is missing from its answers.
    case naiveSuper = "naive-super"
    /// The seed's published fix: ignores the rect and scans the visible rect taken from the content offset.
    case visibleRect = "visible-rect"

    /// Whether every answer is the correct one, with nothing missing and nothing extra.
    public var isExact: Bool { self == .cached }

    /// One line for captions and help.
    public var summary: String {
        switch self {
        case .cached: "frames cached in prepare, answered for the queried rect"
        case .naiveSuper: "super's 50×50 grid decides which index paths are in the rect"
        case .visibleRect: "the visible rect from contentOffset, inclusive edges"
        }
    }
}

/// Answers element queries for one prepared layout with one strategy.
public struct ElementQuery: Sendable {
    public let strategy: QueryStrategy
    public let layout: FlowLayout
    private let stockLayout: StockFlowLayout?

    /// - Parameter stockItemSize: the `itemSize` of the stock flow layout that `naive-super` consults.
    public init(_ strategy: QueryStrategy, layout: FlowLayout, stockItemSize: Size = StockFlowLayout.defaultItemSize) {
        self.strategy = strategy
        self.layout = layout
        self.stockLayout = strategy == .naiveSuper ? StockFlowLayout(mirroring: layout, itemSize: stockItemSize) : nil
    }

    /// What the strategy returns when asked for `rect` while the viewport shows `visibleRect`.
    public func elements(in rect: Rect, visibleRect: Rect) -> [LayoutElement] {
        switch strategy {
        case .cached:
            return layout.elements(in: rect, pinnedAt: layout.pinningEdge(for: visibleRect))
        case .naiveSuper:
            return stockLayout!.elements(in: rect).compactMap { layout.element(at: $0) }
        case .visibleRect:
            return layout.seedVisibleRectElements(visibleRect: visibleRect)
        }
    }

    /// The correct answer for `rect`: every element whose frame, pinned where pinning applies, intersects it.
    public func expectedElements(in rect: Rect, visibleRect: Rect) -> [LayoutElement] {
        let query = rect.standardized
        return layout.allElements(pinnedAt: layout.pinningEdge(for: visibleRect)).filter { $0.frame.intersects(query) }
    }

    /// Compares the strategy's answer with the correct one.
    public func audit(_ rect: Rect, visibleRect: Rect) -> QueryAudit {
        let returned = elements(in: rect, visibleRect: visibleRect)
        let expected = expectedElements(in: rect, visibleRect: visibleRect)
        let returnedIDs = Set(returned.map(\.id))
        let expectedIDs = Set(expected.map(\.id))
        return QueryAudit(rect: rect.standardized,
                          returned: returned,
                          missing: expected.filter { !returnedIDs.contains($0.id) },
                          extra: returned.filter { !expectedIDs.contains($0.id) })
    }
}

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

extension FlowLayout {
    /// The seed's fix, as published: scan every item, and the more tag, against the visible rect with inclusive edges.
    /// A header is emitted only when its section's first line or the previous section's last line is
    /// visible, and a footer only when its section's last line or the next section's first line is.
    /// Scrolling horizontally, the same scan runs along x.
    func seedVisibleRectElements(visibleRect: Rect) -> [LayoutElement] {
        let axis = options.scrollDirection
        let start = visibleRect.minAlong(axis)
        let end = visibleRect.maxAlong(axis)
        func visible(_ frame: Rect) -> Bool { frame.maxAlong(axis) >= start && frame.minAlong(axis) <= end }
        var lineVisible = [(first: Bool, last: Bool)](repeating: (false, false), count: sections.count)
        var result = [LayoutElement]()
        var visibleItems = [[LayoutElement]](repeating: [], count: sections.count)
        for (sectionIndex, section) in sections.enumerated() where section.lineCount > 0 {
            let lastLine = section.lineCount - 1
            for position in section.items {
                let item = items[position]
                guard !item.isHidden, visible(item.frame) else { continue }
                if item.line == 0 { lineVisible[sectionIndex].first = true }
                if item.line == lastLine { lineVisible[sectionIndex].last = true }
                visibleItems[sectionIndex].append(
                    LayoutElement(id: .item(sectionIndex, position - section.items.lowerBound), frame: item.frame))
            }
        }
        for (sectionIndex, section) in sections.enumerated() {
            let previousLast = sectionIndex > 0 && lineVisible[sectionIndex - 1].last
            let nextFirst = sectionIndex + 1 < sections.count && lineVisible[sectionIndex + 1].first
            if let header = section.header, lineVisible[sectionIndex].first || previousLast {
                result.append(LayoutElement(id: .header(sectionIndex), frame: header))
            }
            result += visibleItems[sectionIndex]
            // The more tag ends the last line, and the seed's scan would check it as it checks that line's items.
            if let more = section.more, visible(more.frame) {
                result.append(LayoutElement(id: .more(sectionIndex), frame: more.frame))
            }
            if let footer = section.footer, lineVisible[sectionIndex].last || nextFirst {
                result.append(LayoutElement(id: .footer(sectionIndex), frame: footer))
            }
        }
        return result
    }
}
