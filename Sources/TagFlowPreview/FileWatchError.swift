/// Why a file or folder could not be watched.
public enum FileWatchError: Error, Equatable, CustomStringConvertible {
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWatch(path, reason): "cannot watch \(path.isEmpty ? "files" : path): \(reason)"
        }
    }
}
