/// One record of the families a named chain had to replace, for a single warning.
public struct StandInRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One missing family and what drew in its place (nil: nothing installed could).
    public struct Substitution: Sendable, Hashable, Codable {
        public let wanted: String
        public let used: String?
    }

    /// The named chain, e.g. "system-ios".
    public let chain: String
    public let substitutions: [Substitution]

    /// One line, e.g. `system-ios: SF Pro → DejaVu Sans, Apple Color Emoji → (none installed)`.
    public var description: String {
        let list = substitutions.map { "\($0.wanted) → \($0.used ?? "(none installed)")" }
        return "\(chain): " + list.joined(separator: ", ")
    }
}
