import Foundation
import TagFlowLayout

/// A rectangle with circular corners, as a cell is drawn; the radius is at most half the shorter side.
package struct RoundedRect: Equatable {
    package let rect: Rect
    package let radius: Double

    package init(_ rect: Rect, radius: Double) {
        self.rect = rect
        self.radius = max(0, min(radius, rect.width / 2, rect.height / 2))
    }

    /// Whether `point` lies inside or on the edge.
    package func contains(_ point: Point) -> Bool {
        guard rect.minX <= point.x, point.x <= rect.maxX, rect.minY <= point.y,
              point.y <= rect.maxY else { return false }
        // Within `radius` of a side, a corner's circle decides.
        let cornerX = min(max(point.x, rect.minX + radius), rect.maxX - radius)
        let cornerY = min(max(point.y, rect.minY + radius), rect.maxY - radius)
        return hypot(point.x - cornerX, point.y - cornerY) <= radius
    }

    /// Whether all of `box` lies inside: the shape is convex, so its four corners do.
    package func contains(_ box: Rect) -> Bool {
        [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
         Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)].allSatisfy(contains)
    }
}
