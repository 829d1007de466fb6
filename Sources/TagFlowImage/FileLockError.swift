/// Why a lock file could not be taken.
public enum FileLockError: Error, Equatable, Sendable {
    /// The lock file could not be opened or made; `errno` says why.
    case open(path: String, errno: Int32)
    /// It is there, but is not a regular file (a link, a folder, a FIFO), so it is not tagflow's.
    case notARegularFile(path: String)
}
