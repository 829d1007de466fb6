extension FlowLayout {
    /// ``elements(in:)`` scrolling horizontally: each lane the rect crosses is searched for its first element ending
    /// right of the rect's left edge and walked to the rect's right edge; the finds are put in document order.
    func elementsAlongLanes(in query: Rect) -> [LayoutElement] {
        var found = [Int]()
        let degenerate = query.width == 0
        for lane in lanes where !lane.positions.isEmpty
            && Rect.spansOverlap(lane.crossSpan.min, lane.crossSpan.max, query.minY, query.maxY) {
            var place = lane.first(endingAfter: query.minX)
            while place < lane.positions.count {
                let position = lane.positions[place]
                let frame = index[position].frame
                if degenerate ? frame.minX > query.minX : frame.minX >= query.maxX { break }
                if frame.intersects(query) { found.append(position) }
                place += 1
            }
        }
        found.sort()
        return found.map { index[$0] }
    }
}
