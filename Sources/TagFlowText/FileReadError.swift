/// Why a file could not be read; each case names the file.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchFile(String)
    case isADirectory(String)
    case permissionDenied(String)
    case tooLarge(String, limitMB: Int)
    case readFailed(String, reason: String)
    /// A FIFO, socket or device (`kind`, e.g. "a FIFO"): reading one can wait forever for a writer.
    case notARegularFile(String, kind: String)

    public var description: String {
        switch self {
        case let .noSuchFile(path): "cannot read '\(path)': no such file"
        case let .isADirectory(path): "cannot read '\(path)': it is a directory"
        case let .permissionDenied(path): "cannot read '\(path)': permission denied"
        case let .tooLarge(path, limit): "'\(path)' is larger than \(limit) MB"
        case let .readFailed(path, reason): "cannot read '\(path)': \(reason)"
        case let .notARegularFile(path, kind): "cannot read '\(path)': it is \(kind), not a regular file"
        }
    }
}
