#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows files and folders with inotify, through the folders that hold them, so a file an editor saves by writing
/// a new file and renaming it over the old one is seen as well as one written in place.
///
/// A file counts as changed when it is closed after writing, renamed into place, removed or renamed away; a folder
/// (of fonts) when any of that happens to a file in it, or a file or folder is made in it.
public final class FileWatch: @unchecked Sendable {
    // @unchecked: the descriptors and tables are set in init and only read after; `next` runs on one thread.
    private let events: Int32
    private let wakeUp: [Int32]
    /// Each watched folder's descriptor: the files watched in it by name, and whether the folder itself is watched.
    private var folders: [Int32: (path: String, files: [String: String], whole: Bool)] = [:]

    /// Watches `files` (their folders, for their names) and `folders` (everything in them). Paths are kept as given.
    public init(files: [String], folders watchedFolders: [String]) throws(FileWatchError) {
        events = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard events >= 0 else { throw .cannotWatch(path: "", reason: String(cString: strerror(errno))) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(events)
            throw .cannotWatch(path: "", reason: String(cString: strerror(errno)))
        }
        wakeUp = ends
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let fileMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        for file in files {
            let folder = Self.folder(of: file)
            let descriptor = try add(folder, mask: fileMask | UInt32(IN_CREATE))
            folders[descriptor, default: (folder, [:], false)].files[Self.name(of: file), default: file] = file
        }
        for folder in watchedFolders {
            let descriptor = try add(folder, mask: fileMask | UInt32(IN_CREATE))
            folders[descriptor, default: (folder, [:], true)].whole = true
            folders[descriptor]?.path = folder
        }
    }

    deinit {
        close(events)
        close(wakeUp[0])
        close(wakeUp[1])
    }

    private func add(_ folder: String, mask: UInt32) throws(FileWatchError) -> Int32 {
        let descriptor = inotify_add_watch(events, folder, mask)
        guard descriptor >= 0 else {
            throw .cannotWatch(path: folder, reason: String(cString: strerror(errno)))
        }
        return descriptor
    }

    /// Waits for changes and returns the paths changed (as given to init), gathering what arrives within
    /// `settle` milliseconds of the first; nil once ``stop()`` is called.
    public func next(settle: Int32 = 5) -> Set<String>? {
        var changed = Set<String>()
        while true {
            var fds = [pollfd(fd: events, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeUp[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, changed.isEmpty ? -1 : settle)
            if fds[1].revents != 0 { return nil }
            if ready == 0, !changed.isEmpty { return changed }
            if ready < 0, errno != EINTR { return nil }
            changed.formUnion(drain())
        }
    }

    /// Wakes ``next(settle:)``, which returns nil from now on.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(wakeUp[1], &byte, 1)
    }

    /// The watched paths named by the events waiting.
    private func drain() -> Set<String> {
        var changed = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(events, &buffer, buffer.count)
            guard count > 0 else { return changed }
            var offset = 0
            while offset < count {
                let (descriptor, mask, name, size) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<(nameStart + Int(event.len))].prefix { $0 != 0 }
                    return (event.wd, event.mask, String(decoding: nameBytes, as: UTF8.self),
                            MemoryLayout<inotify_event>.size + Int(event.len))
                }
                offset += size
                guard let folder = folders[descriptor] else { continue }
                if folder.whole { changed.insert(folder.path) }
                if mask & UInt32(IN_CREATE) == 0, let file = folder.files[name] { changed.insert(file) }
            }
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
