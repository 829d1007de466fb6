/// A run of indexed elements along which `minX` and `maxX` never decrease, searched by binary search.
struct QueryLane: Sendable {
    /// Positions in the layout's index, left to right.
    let positions: [Int]
    /// Each position's element's `maxX`, apart, as the vertical index keeps its `maxY`s.
    let ends: [Double]
    /// The lane's extent across the scroll axis: a query that misses it skips the lane.
    let crossSpan: (min: Double, max: Double)

    init(positions: [Int], elements: [LayoutElement]) {
        self.positions = positions
        ends = positions.map { elements[$0].frame.maxX }
        crossSpan = (positions.lazy.map { elements[$0].frame.minY }.min() ?? 0,
                     positions.lazy.map { elements[$0].frame.maxY }.max() ?? 0)
    }

    /// The first place along the lane whose element ends right of `x`.
    func first(endingAfter x: Double) -> Int { FlowLayout.firstIndex(in: ends, above: x) }
}
