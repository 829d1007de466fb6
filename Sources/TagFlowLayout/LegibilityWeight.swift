/// The reader's Bold Text setting, as iOS gives it to views (`UITraitCollection.legibilityWeight`).
///
/// With Bold Text on, UIKit draws its system fonts a step heavier, so every tag is wider and lines can wrap
/// sooner; the layout measures it so.
public enum LegibilityWeight: String, CaseIterable, Sendable, Codable {
    case regular, bold
}
