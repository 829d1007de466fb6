#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file, held between processes: runs that share a folder take turns at what must not
/// interleave, such as reading, merging and rewriting one record. The kernel drops the lock when its holder exits,
/// even if killed, so a stopped run never leaves it held. The file itself is left in place: removing a lock file
/// would let two runs lock two different files of one name.
public enum FileLock {
    /// Runs `body` holding the lock on `path` (made if missing). When another process holds it, `waiting` is called
    /// once, and the call blocks until the lock is free.
    public static func withExclusiveLock<Result>(at path: String, waiting: () -> Void,
                                                 _ body: () throws -> Result) throws -> Result {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw FileLockError.notARegularFile(path: path) }
            throw FileLockError.open(path: path, errno: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileLockError.notARegularFile(path: path)
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw FileLockError.open(path: path, errno: errno) }
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
