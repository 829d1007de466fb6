/// Why a path was kept out of a folder.
public enum ConfinementError: Error, Equatable, Sendable {
    /// `path` is absolute, or climbs out with `..`, or has an empty or `.` part: it is not a name below `folder`.
    case leavesFolder(path: String, folder: String)
    /// `link`, at or on the way to `path` below `folder`, is a symbolic link, which could lead anywhere.
    case symbolicLink(path: String, link: String, folder: String)
    /// `path` resolves to `resolved`, outside `folder`.
    case resolvesOutside(path: String, resolved: String, folder: String)
}
