import TagFlowLayout

/// Directories whose renames are not yet flushed to disk. A run that replaces many files in a few directories
/// flushes each directory once, when it ends, instead of once a file. Until then a power cut can lose a rename; on
/// a journalling file system the file it replaced is then still whole (its blocks are freed in the same
/// transaction as the rename), so every file is still old or new.
public final class DeferredDirectoryFlushes: Sendable {
    private let directories = Locked(Set<String>())

    public init() {}

    func add(_ directory: String) {
        directories.withLock { _ = $0.insert(directory) }
    }

    /// Flushes each directory added since the last call, once, and returns how many there were.
    @discardableResult
    public func flush() -> Int {
        let pending = directories.withLock { directories -> Set<String> in
            defer { directories.removeAll() }
            return directories
        }
        for directory in pending.sorted() { AtomicFile.flushDirectory(directory) }
        return pending.count
    }
}
