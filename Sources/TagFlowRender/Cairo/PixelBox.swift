/// Whole device pixels: columns `minX..<maxX` of rows `minY..<maxY`.
struct PixelBox: Hashable, Sendable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    func intersects(_ other: PixelBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
