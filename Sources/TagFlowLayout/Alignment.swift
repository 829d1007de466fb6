/// How the tags of a line sit between the section's left and right insets.
public enum Alignment: String, CaseIterable, Sendable, Codable {
    case left, center, right, justified, leading, trailing
}
