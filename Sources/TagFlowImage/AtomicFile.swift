#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TagFlowLayout

private func lastErrno() -> Int32 { errno }

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// Writes files so that readers see the old content or the whole new content, never a part: the bytes go to a
/// hidden temporary file in the same directory (`.NAME.tmp-PID-RANDOM`), which is flushed with `fsync` and then
/// renamed over the final name. On failure the temporary file is removed.
public enum AtomicFile {
    /// Writes all of `bytes` to `path`, replacing any file there.
    ///
    /// - Parameters:
    ///   - flushToDisk: `false` skips the `fsync`s. The rename alone still keeps a kill or a failure from leaving a
    ///     partial file; only the survival of a power cut is given up. Hundreds of frames use that.
    ///   - directories: when given, the directory's `fsync`, which makes the rename survive a power cut, is left to
    ///     `directories.flush()`; the file's own bytes are still flushed before the rename.
    public static func write<Bytes: Collection>(_ bytes: Bytes, to path: String, flushToDisk: Bool = true,
                                                directories: DeferredDirectoryFlushes? = nil) throws(AtomicFileError)
    where Bytes.Element == UInt8 {
        let writer = try Writer(path: path)
        let written: Result<Void, AtomicFileError>? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(AtomicFileError) {
                try writer.write(UnsafeRawBufferPointer(buffer))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if let written {
            try written.get()
        } else {
            try writer.write(Array(bytes))
        }
        try writer.commit(flushToDisk: flushToDisk, directories: directories)
    }

    /// Flushes `directory`'s entries to disk, so that renames into it survive a power cut. Failing loses nothing
    /// already in place, so it is not reported.
    static func flushDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    /// Whether `path` names a character device, a FIFO or a socket, which is written to rather than replaced.
    public static func isStream(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFCHR || type == S_IFIFO || type == S_IFSOCK
    }

    /// Removes every temporary file that a writer in this process has created and not yet committed or discarded,
    /// and refuses new ones from then on: the process is stopping, and a writer starting on another thread must not
    /// leave a file behind. Meant for an interrupt handler (run from a dispatch signal source, not a raw signal
    /// handler): it takes a lock. Returns how many files were removed.
    @discardableResult
    public static func removeAllPending() -> Int {
        removePending(refusingNew: true) { _ in true }
    }

    /// Removes the pending temporary files whose paths satisfy `predicate` (tests use it to stay within their own
    /// directory while other tests in the process write files).
    @discardableResult
    static func removePending(refusingNew: Bool = false, where predicate: (String) -> Bool) -> Int {
        let paths = withPending { pending -> [String] in
            if refusingNew { pending.refusesNewFiles = true }
            let chosen = pending.paths.filter(predicate)
            pending.paths.subtract(chosen)
            return Array(chosen)
        }
        var removed = 0
        for path in paths where unlink(path) == 0 {
            removed += 1
        }
        return removed
    }

    /// The name of a temporary file written for `name` by `process`: hidden, and telling which process wrote it.
    static func temporaryName(for name: String, process: pid_t, random: String) -> String {
        ".\(name).tmp-\(process)-\(random)"
    }

    /// Whether the file `name` (a name, not a path) is a temporary file that a process no longer running left
    /// behind: killed before it could finish or remove it. Such a file is safe to remove.
    public static func isLeftOverTemporary(named name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.ranges(of: ".tmp-").last else { return false }
        let tail = name[marker.upperBound...]
        guard let dash = tail.firstIndex(of: "-"), let process = pid_t(tail[..<dash]), process > 0,
              !tail[tail.index(after: dash)...].isEmpty, process != getpid() else { return false }
        return kill(process, 0) != 0 && errno == ESRCH
    }

    /// Temporary paths of writers that are still open.
    public static var pendingPaths: [String] {
        withPending { Array($0.paths) }.sorted()
    }

    /// The writers still open, and whether new ones are refused.
    private struct Pending {
        /// The temporary paths of open writers.
        var paths = Set<String>()
        /// Set once ``removeAllPending()`` has run.
        var refusesNewFiles = false
    }

    private static let pending = Locked(Pending())

    private static func withPending<R>(_ body: (inout Pending) -> R) -> R {
        pending.withLock(body)
    }

    /// A file written in pieces and put in place by `commit()`. Dropped without `commit()`, it is discarded.
    ///
    /// A path that names a device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written straight through:
    /// there is no file to replace, and a rename would put a regular file where the device was.
    public final class Writer {
        /// The final path.
        public let path: String
        /// The hidden temporary file beside it; `path` itself when writing straight to a device or pipe.
        public let temporaryPath: String
        /// Writing straight to a device or pipe: nothing to flush, cut, rename or remove.
        fileprivate let isStream: Bool
        private var fd: Int32
        /// Bytes written so far.
        private var length = 0
        /// `reserve` made the file longer than `length`; `commit` cuts it back.
        private var reservedPastLength = false

        /// Creates the hidden temporary file beside `path`, with the mode of the file it will replace.
        public init(path: String) throws(AtomicFileError) {
            self.path = path
            if AtomicFile.isStream(path) {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw .createTemporary(path: path, errno: lastErrno()) }
                fd = descriptor
                temporaryPath = path
                isStream = true
                return
            }
            isStream = false
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            // Created and registered under the lock that removing pending files takes, so a stop never falls
            // between the two and leaves a file no one removes.
            let (descriptor, candidate, code) = AtomicFile.withPending { pending -> (Int32, String, Int32) in
                guard !pending.refusesNewFiles else { return (-1, "", EINTR) }
                var descriptor: Int32 = -1
                var candidate = ""
                // O_EXCL with a random suffix; retry a few times on the (unlikely) clash.
                for _ in 0..<8 {
                    candidate = directory + AtomicFile.temporaryName(
                        for: name, process: getpid(), random: String(UInt64.random(in: 0...UInt64.max), radix: 36))
                    descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                    if descriptor >= 0 || lastErrno() != EEXIST { break }
                }
                guard descriptor >= 0 else { return (-1, "", lastErrno()) }
                pending.paths.insert(candidate)
                return (descriptor, candidate, 0)
            }
            guard descriptor >= 0 else { throw .createTemporary(path: path, errno: code) }
            // Keep the mode of a file being replaced.
            var existing = stat()
            if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
                _ = fchmod(descriptor, existing.st_mode & 0o7777)
            }
            fd = descriptor
            temporaryPath = candidate
        }

        deinit {
            discard()
        }

        /// Appends `bytes`; a failure discards the temporary file.
        public func write(_ bytes: UnsafeRawBufferPointer) throws(AtomicFileError) {
            guard fd >= 0 else { throw .notOpen(path: path) }
            var offset = 0
            while offset < bytes.count {
                let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if lastErrno() == EINTR { continue }
                    let code = lastErrno()
                    discard()
                    throw .write(path: path, errno: code)
                }
                offset += n
                length += n
            }
        }

        /// Sets aside disk space for `count` more bytes past those written, so that writing them later cannot fail
        /// for want of space. The space past the written bytes is given back by `commit()`. On failure the writer
        /// stays open, and what was set aside before still is.
        public func reserve(_ count: Int) throws(AtomicFileError) {
            guard fd >= 0 else { throw .notOpen(path: path) }
            if isStream { return }
            var code: Int32
            repeat { code = posix_fallocate(fd, off_t(length), off_t(count)) } while code == EINTR
            if code != 0 { throw .reserve(path: path, errno: code) }
            reservedPastLength = true
        }

        /// Appends `bytes`; a failure discards the temporary file.
        public func write(_ bytes: [UInt8]) throws(AtomicFileError) {
            let result: Result<Void, AtomicFileError> = bytes.withUnsafeBytes { raw in
                do throws(AtomicFileError) {
                    try write(raw)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            try result.get()
        }

        /// Flushes the temporary file (unless `flushToDisk` is false) and renames it over `path`, then flushes the
        /// directory, or leaves that to `directories` when given.
        public func commit(flushToDisk: Bool = true,
                           directories: DeferredDirectoryFlushes? = nil) throws(AtomicFileError) {
            guard fd >= 0 else { throw .notOpen(path: path) }
            if isStream {
                let descriptor = fd
                fd = -1
                if close(descriptor) != 0 { throw .close(path: path, errno: lastErrno()) }
                return
            }
            try finish(flushToDisk: flushToDisk)
            try AtomicFile.moveIntoPlace(temporaryPath, path, flushToDisk: flushToDisk, directories: directories)
        }

        /// Cuts back what `reserve` set aside, flushes (unless `flushToDisk` is false) and closes the temporary
        /// file, which stays pending under its hidden name. On failure it is removed.
        fileprivate func finish(flushToDisk: Bool) throws(AtomicFileError) {
            guard fd >= 0 else { throw .notOpen(path: path) }
            if reservedPastLength, ftruncate(fd, off_t(length)) != 0 {
                let code = lastErrno()
                discard()
                throw .write(path: path, errno: code)
            }
            if flushToDisk, fsync(fd) != 0 {
                let code = lastErrno()
                discard()
                throw .sync(path: path, errno: code)
            }
            let descriptor = fd
            fd = -1
            if close(descriptor) != 0 {
                let code = lastErrno()
                removeTemporary()
                throw .close(path: path, errno: code)
            }
        }

        /// Closes and removes the temporary file; the final path is left as it was. Safe to call more than once.
        public func discard() {
            guard fd >= 0 else { return }
            _ = close(fd)
            fd = -1
            removeTemporary()
        }

        private func removeTemporary() {
            guard !isStream else { return }
            AtomicFile.removeTemporary(temporaryPath)
        }
    }

    /// Renames a finished temporary file over `path` and stops counting it as pending, then makes the rename
    /// durable (or leaves that to `directories`). On failure the temporary file is removed.
    fileprivate static func moveIntoPlace(_ temporaryPath: String, _ path: String, flushToDisk: Bool,
                                          directories: DeferredDirectoryFlushes?) throws(AtomicFileError) {
        if rename(temporaryPath, path) != 0 {
            let code = lastErrno()
            removeTemporary(temporaryPath)
            throw .rename(from: temporaryPath, to: path, errno: code)
        }
        withPending { _ = $0.paths.remove(temporaryPath) }
        guard flushToDisk else { return }
        let directory = folder(of: path)
        if let directories {
            directories.add(directory)
        } else {
            flushDirectory(directory)
        }
    }

    /// The folder holding `path`: `.` for a bare name, `/` for a name in the root; a trailing `/` names the same
    /// file. The one place a path's folder is found: Foundation's `deletingLastPathComponent` traps on a one-letter
    /// name such as `c` or `.`.
    package static func folder(of path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        guard let slash = name.lastIndex(of: "/") else { return "." }
        return slash == name.startIndex ? "/" : String(name[..<slash])
    }

    fileprivate static func removeTemporary(_ temporaryPath: String) {
        _ = unlink(temporaryPath)
        withPending { _ = $0.paths.remove(temporaryPath) }
    }
}

/// Files written whole under hidden temporary names and put in place together by ``commit(directories:)``, so that a
/// run that fails part-way leaves every final path as it was. Until then the files count as pending: an interrupt
/// handler's ``AtomicFile/removeAllPending()`` removes them. A batch dropped or discarded without a commit removes
/// them too, and the folders it made for them.
public final class AtomicFileBatch {
    private let flushToDisk: Bool
    /// Folders made to hold the files, outermost first; removed by `discard` if still empty.
    private var madeFolders: [String] = []
    /// Finished temporary files in the order they were written, each with its final path.
    private var staged: [(temporaryPath: String, path: String)] = []
    /// Where each final path is in `staged`: a path written again replaces its earlier file.
    private var indexByPath: [String: Int] = [:]

    /// `flushToDisk` as in ``AtomicFile/write(_:to:flushToDisk:directories:)``.
    public init(flushToDisk: Bool = true) {
        self.flushToDisk = flushToDisk
    }

    deinit {
        discard()
    }

    /// The final paths written so far, in order.
    public var paths: [String] { staged.map(\.path) }

    /// Writes `bytes` to a hidden temporary file beside `path`, to be renamed over it by `commit`, making the folders
    /// that hold it as needed. A device or pipe has nothing to rename, and is written at once.
    public func write(_ bytes: [UInt8], to path: String) throws(AtomicFileError) {
        try makeFolders(holding: path)
        let writer = try AtomicFile.Writer(path: path)
        try writer.write(bytes)
        if writer.isStream {
            try writer.commit()
            return
        }
        try writer.finish(flushToDisk: flushToDisk)
        if let index = indexByPath[path] {
            AtomicFile.removeTemporary(staged[index].temporaryPath)
            staged[index].temporaryPath = writer.temporaryPath
        } else {
            indexByPath[path] = staged.count
            staged.append((writer.temporaryPath, path))
        }
    }

    /// Renames every file into place, in the order written. Should a rename fail, the files before it are in place,
    /// the rest are removed, and the error is thrown.
    public func commit(directories: DeferredDirectoryFlushes? = nil) throws(AtomicFileError) {
        let files = staged
        staged = []
        indexByPath = [:]
        madeFolders = []
        for (position, file) in files.enumerated() {
            do throws(AtomicFileError) {
                try AtomicFile.moveIntoPlace(file.temporaryPath, file.path, flushToDisk: flushToDisk,
                                             directories: directories)
            } catch {
                for rest in files[(position + 1)...] { AtomicFile.removeTemporary(rest.temporaryPath) }
                throw error
            }
        }
    }

    /// Removes every file not yet committed; the final paths stay as they were. Safe to call more than once.
    public func discard() {
        for file in staged { AtomicFile.removeTemporary(file.temporaryPath) }
        staged = []
        indexByPath = [:]
        for folder in madeFolders.reversed() { _ = rmdir(folder) }
        madeFolders = []
    }

    private func makeFolders(holding path: String) throws(AtomicFileError) {
        var missing: [String] = []
        var folder = AtomicFile.folder(of: path)
        var status = stat()
        while folder != ".", folder != "/", stat(folder, &status) != 0 {
            missing.append(folder)
            folder = AtomicFile.folder(of: folder)
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o777) != 0 {
                let code = lastErrno()
                if code != EEXIST { throw .createFolder(path: folder, errno: code) }
            } else {
                madeFolders.append(folder)
            }
        }
    }
}
