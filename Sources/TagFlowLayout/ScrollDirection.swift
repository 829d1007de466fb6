/// The axis the content grows and scrolls along, as `UICollectionViewFlowLayout.scrollDirection`.
public enum ScrollDirection: String, CaseIterable, Sendable, Codable {
    /// Lines wrap at the viewport's width and the content grows down.
    case vertical
    /// Each section's tags fill ``LayoutOptions/rows`` rows and the content grows to the right.
    case horizontal
}
