extension FlowLayout {
    /// Where a section's header sits when headers pin to the visible bounds whose top is `visibleTop`:
    /// held at the top edge while its section scrolls past, and pushed up by the next section.
    public func pinnedHeaderFrame(section: Int, visibleTop: Double) -> Rect? {
        guard let header = sections[section].header else { return nil }
        let pushedUpTo = sections[section].span.upperBound - header.height
        var frame = header
        frame.y = Swift.min(Swift.max(visibleTop, header.y), Swift.max(header.y, pushedUpTo))
        return frame
    }

    /// The top edge headers pin to when the viewport is at `visibleRect`: below the content inset, as in UIKit.
    public func pinningEdge(for visibleRect: Rect) -> Double {
        visibleRect.minY + options.contentInset.top
    }

    /// The elements whose frames intersect `rect`, with headers pinned to `visibleTop` when `pinHeaders` is on.
    ///
    /// - Complexity: O(log n + k) plus O(s) in the number of sections when pinning.
    public func elements(in rect: Rect, pinnedAt visibleTop: Double) -> [LayoutElement] {
        guard options.pinHeaders else { return elements(in: rect) }
        let query = rect.standardized
        var result = elements(in: query).filter { $0.id.kind != .header }
        for section in sections.indices {
            if let frame = pinnedHeaderFrame(section: section, visibleTop: visibleTop), frame.intersects(query) {
                result.append(LayoutElement(id: .header(section), frame: frame))
            }
        }
        result.sort { $0.id < $1.id }
        return result
    }

    /// Every shown element at the frame it has when the viewport's pinning edge is `visibleTop`.
    public func allElements(pinnedAt visibleTop: Double) -> [LayoutElement] {
        guard options.pinHeaders else { return allElements }
        return allElements.map { element in
            guard element.id.kind == .header,
                  let frame = pinnedHeaderFrame(section: element.id.section, visibleTop: visibleTop)
            else { return element }
            return LayoutElement(id: element.id, frame: frame)
        }
    }
}
