/// How an element is drawn in a picture of a query.
public enum Appearance: Sendable, Hashable {
    /// As the chooser shows it.
    case normal
    /// Context the query did not touch, drawn faintly.
    case faded
    /// Should have been returned but was not: a ghost with a dashed outline.
    case missing
    /// Returned although it lies outside the queried rect.
    case extra
}
