/// The change a highlighted element shows, named as the layout diff names it.
public enum TransitionChange: String, Sendable, Hashable, CaseIterable {
    case added, removed, renamed, moved, resized
}
