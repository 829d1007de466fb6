/// A picture's width and height in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `375×812`.
    public var description: String { "\(width)×\(height)" }
}
