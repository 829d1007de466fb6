extension FlowLayout {
    /// Where a section's header sits when headers pin to the visible bounds' pinning `edge` (see
    /// ``pinningEdge(for:)``): held at that edge while its section scrolls past, and pushed off by its own footer,
    /// or by the section's end when it has none, as `UICollectionViewFlowLayout` does: the header never covers the
    /// footer.
    public func pinnedHeaderFrame(section: Int, edge: Double) -> Rect? {
        guard let header = sections[section].header else { return nil }
        let span = sections[section].span
        let footer = sections[section].footer
        var frame = header
        switch (options.scrollDirection, options.direction) {
        case (.vertical, _):
            let last = span.upperBound - (footer?.height ?? 0) - header.height
            frame.y = Swift.min(Swift.max(edge, header.y), Swift.max(header.y, last))
        case (.horizontal, .ltr):
            let last = span.upperBound - (footer?.width ?? 0) - header.width
            frame.x = Swift.min(Swift.max(edge, header.x), Swift.max(header.x, last))
        case (.horizontal, .rtl):
            // The header is at its section's right end, the footer at its left, and the next section comes in from the
            // left.
            let lastRight = span.lowerBound + (footer?.width ?? 0) + header.width
            let right = Swift.max(Swift.min(edge, header.maxX), Swift.min(header.maxX, lastRight))
            frame.x = right - header.width
        }
        return frame
    }

    /// The edge headers pin to when the viewport is at `visibleRect`: the top below the content inset, as in UIKit;
    /// scrolling horizontally, the leading edge inside the content inset.
    public func pinningEdge(for visibleRect: Rect) -> Double {
        switch (options.scrollDirection, options.direction) {
        case (.vertical, _): visibleRect.minY + options.contentInset.top
        case (.horizontal, .ltr): visibleRect.minX + options.contentInset.left
        case (.horizontal, .rtl): visibleRect.maxX - options.contentInset.right
        }
    }

    /// The elements whose frames intersect `rect`, with headers pinned to `edge` when `pinHeaders` is on.
    ///
    /// - Complexity: O(log n + k) plus O(s) in the number of sections when pinning.
    public func elements(in rect: Rect, pinnedAt edge: Double) -> [LayoutElement] {
        guard options.pinHeaders else { return elements(in: rect) }
        let query = rect.standardized
        var result = elements(in: query).filter { $0.id.kind != .header }
        for section in sections.indices {
            if let frame = pinnedHeaderFrame(section: section, edge: edge), frame.intersects(query) {
                result.append(LayoutElement(id: .header(section), frame: frame))
            }
        }
        result.sort { $0.id < $1.id }
        return result
    }

    /// Every shown element at the frame it has when the viewport's pinning edge is `edge`.
    public func allElements(pinnedAt edge: Double) -> [LayoutElement] {
        guard options.pinHeaders else { return allElements }
        return allElements.map { element in
            guard element.id.kind == .header,
                  let frame = pinnedHeaderFrame(section: element.id.section, edge: edge)
            else { return element }
            return LayoutElement(id: element.id, frame: frame)
        }
    }
}
