/// An axis-aligned rectangle, like `CGRect`.
///
/// Intersection rule (see ``intersects(_:)``): edges are half-open, so two frames that only
/// touch do not intersect, and a zero-height rect is a line that hits the frames it crosses.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { Swift.min(x, x + width) }
    public var maxX: Double { Swift.max(x, x + width) }
    public var minY: Double { Swift.min(y, y + height) }
    public var maxY: Double { Swift.max(y, y + height) }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var size: Size { Size(width: width, height: height) }

    /// The same rect with a non-negative width and height, like `CGRect.standardized`.
    public var standardized: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

    /// Whether `self` and `other` share area, or, when one of them has zero extent on an
    /// axis, whether that line lies in the other's half-open span `[min, max)`.
    ///
    /// Each axis is treated alike: spans `[a0, a1)` and `[b0, b1)` overlap when
    /// `a0 < b1 && b0 < a1`; a degenerate span `[p, p]` overlaps `[b0, b1)` when `b0 <= p < b1`.
    public func intersects(_ other: Rect) -> Bool {
        Rect.spansOverlap(minX, maxX, other.minX, other.maxX)
            && Rect.spansOverlap(minY, maxY, other.minY, other.maxY)
    }

    /// The one place the edge rule is decided; ``FlowLayout`` relies on it for its binary search.
    @inlinable
    public static func spansOverlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Bool {
        if a0 == a1 { return b0 <= a0 && (a0 < b1 || b0 == b1 && a0 == b0) }
        if b0 == b1 { return a0 <= b0 && b0 < a1 }
        return a0 < b1 && b0 < a1
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// The smallest rect holding both, like `CGRect.union`.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }
}
