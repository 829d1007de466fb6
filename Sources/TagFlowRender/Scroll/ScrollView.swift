/// Which pictures each frame of a scroll shows.
public enum ScrollView: String, CaseIterable, Sendable {
    /// The whole content, scaled to fit, with the visible window and what the strategy returned.
    case overview
    /// What the phone shows at that offset: only the returned elements, clipped to the viewport.
    case device
    case both
}
