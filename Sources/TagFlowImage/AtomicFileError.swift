#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TagFlowLayout

/// Why a file could not be written in place. Each case carries the path involved and the `errno` value;
/// `description` adds the system's text for it (`strerror`).
public enum AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The temporary file beside `path` could not be created.
    case createTemporary(path: String, errno: Int32)
    case write(path: String, errno: Int32)
    case sync(path: String, errno: Int32)
    case close(path: String, errno: Int32)
    /// Disk space could not be set aside for what is still to be written.
    case reserve(path: String, errno: Int32)
    /// The finished temporary file could not be renamed over `path`.
    case rename(from: String, to: String, errno: Int32)
    /// `write` or `commit` after the writer was committed or discarded.
    case notOpen(path: String)
    /// A folder to hold `path` could not be made.
    case createFolder(path: String, errno: Int32)

    /// The path the caller asked to write.
    public var path: String {
        switch self {
        case let .createTemporary(path, _), let .write(path, _), let .sync(path, _), let .close(path, _),
             let .reserve(path, _), let .notOpen(path), let .createFolder(path, _):
            return path
        case let .rename(_, to, _):
            return to
        }
    }

    /// The system's error number; nil for `.notOpen`.
    public var errno: Int32? {
        switch self {
        case let .createTemporary(_, code), let .write(_, code), let .sync(_, code), let .close(_, code),
             let .reserve(_, code), let .rename(_, _, code), let .createFolder(_, code):
            return code
        case .notOpen:
            return nil
        }
    }

    /// The disk or the user's quota is full.
    public var isOutOfSpace: Bool { errno == ENOSPC || errno == EDQUOT }

    /// The system's text for `errno`.
    public var reason: String {
        guard let errno else { return "already committed or discarded" }
        return String(cString: strerror(errno))
    }

    public var description: String {
        switch self {
        case let .createTemporary(path, _):
            return "cannot create a temporary file to write \(path): \(reason)"
        case let .write(path, _):
            return "cannot write \(path): \(reason)"
        case let .sync(path, _):
            return "cannot flush \(path) to disk: \(reason)"
        case let .close(path, _):
            return "cannot close \(path): \(reason)"
        case let .reserve(path, _):
            return "cannot set aside space to write \(path): \(reason)"
        case let .rename(from, to, _):
            return "cannot move \(from) to \(to): \(reason)"
        case let .notOpen(path):
            return "cannot write \(path): \(reason)"
        case let .createFolder(path, _):
            return "cannot make the folder \(path): \(reason)"
        }
    }
}
