/// A glyph's contours as FreeType holds an outline: points, each on the curve or a control point, and where each
/// contour ends. Contours close implicitly.
struct OutlinePoints {
    enum Kind { case on, quadraticControl, cubicControl }

    var xs: [Double] = []
    var ys: [Double] = []
    var kinds: [Kind] = []
    /// The index of each contour's last point.
    var contourEnds: [Int] = []

    mutating func append(_ x: Double, _ y: Double, _ kind: Kind) {
        xs.append(x)
        ys.append(y)
        kinds.append(kind)
    }

    /// Ends the contour begun after the last one ended; a last point on the first is dropped, as the contour closes
    /// by itself.
    mutating func closeContour() {
        let first = (contourEnds.last ?? -1) + 1
        guard xs.count > first else { return }
        let last = xs.count - 1
        if last > first, kinds[last] == .on, xs[last] == xs[first], ys[last] == ys[first] {
            xs.removeLast()
            ys.removeLast()
            kinds.removeLast()
        }
        contourEnds.append(xs.count - 1)
    }

    /// The contours as lines and cubic curves, in units of `unitsPerEm` to the em; quadratic curves are raised to
    /// cubic ones.
    func outline(unitsPerEm: Int) -> GlyphOutline {
        var elements: [GlyphOutline.Element] = []
        var first = 0
        for end in contourEnds {
            defer { first = end + 1 }
            guard end >= first, kinds[first] == .on else { continue }
            elements.append(.move(x: xs[first], y: ys[first]))
            var current = (x: xs[first], y: ys[first])
            // Each point after the first, then the first again to close the last curve.
            let order = Array((first + 1)..<(end + 1)) + [first]
            var i = 0
            while i < order.count {
                let p = order[i]
                switch kinds[p] {
                case .on:
                    if i < order.count - 1 { elements.append(.line(x: xs[p], y: ys[p])) }
                    current = (xs[p], ys[p])
                    i += 1
                case .quadraticControl:
                    guard i + 1 < order.count else { i += 1; continue }
                    let to = order[i + 1]
                    let (cx, cy) = (xs[p], ys[p])
                    elements.append(.cubic(x1: current.x + 2 / 3 * (cx - current.x),
                                           y1: current.y + 2 / 3 * (cy - current.y),
                                           x2: xs[to] + 2 / 3 * (cx - xs[to]), y2: ys[to] + 2 / 3 * (cy - ys[to]),
                                           x: xs[to], y: ys[to]))
                    current = (xs[to], ys[to])
                    i += 2
                case .cubicControl:
                    guard i + 2 < order.count else { i += 1; continue }
                    let (c1, c2, to) = (p, order[i + 1], order[i + 2])
                    elements.append(.cubic(x1: xs[c1], y1: ys[c1], x2: xs[c2], y2: ys[c2], x: xs[to], y: ys[to]))
                    current = (xs[to], ys[to])
                    i += 3
                }
            }
            elements.append(.close)
        }
        return GlyphOutline(elements: elements, unitsPerEm: unitsPerEm)
    }
}
