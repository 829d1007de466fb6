/// The outline of one glyph in font units, y up, as lines and cubic curves: what a renderer fills to draw a glyph
/// it does not show through the font, such as one in synthetic bold. Scale by `size / unitsPerEm` to draw it at
/// `size` points.
public struct GlyphOutline: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case cubic(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        /// Back to the contour's start.
        case close
    }

    public let elements: [Element]
    /// The font units the coordinates are in, per em.
    public let unitsPerEm: Int

    /// The box holding every point, control points included (so the ink too), in font units: nil when empty.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ x: Double, _ y: Double) {
            box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
        }
        for element in elements {
            switch element {
            case let .move(x, y), let .line(x, y): add(x, y)
            case let .cubic(x1, y1, x2, y2, x, y): add(x1, y1); add(x2, y2); add(x, y)
            case .close: break
            }
        }
        return box
    }
}
