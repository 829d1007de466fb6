import TagFlowLayout

/// A requested variation outside its axis's range, and the value it is drawn at.
public struct ClampedVariation: Sendable, Hashable, Codable, CustomStringConvertible {
    public let tag: String
    public let requested: Double
    public let minimum: Double
    public let maximum: Double

    public var drawnAt: Double { min(max(requested, minimum), maximum) }

    /// `opsz=1000 is outside the opsz axis's 8 to 72, so it is drawn at 72`.
    public var description: String {
        "\(tag)=\(formatPoints(requested)) is outside the \(tag) axis's "
            + "\(formatPoints(minimum)) to \(formatPoints(maximum)), so it is drawn at \(formatPoints(drawnAt))"
    }
}
