/// The reading direction. `rtl` places each line's tags from right to left.
public enum Direction: String, CaseIterable, Sendable, Codable {
    case ltr, rtl
}
