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
