/// Insets on four sides, in the order UIKit prints them: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

    public static let zero = EdgeInsets(all: 0)

    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }

    /// A side, as configs and errors name it.
    public enum Side: String, CaseIterable, Sendable {
        case top, left, bottom, right
    }

    public subscript(side: Side) -> Double {
        switch side {
        case .top: top
        case .left: left
        case .bottom: bottom
        case .right: right
        }
    }
}
