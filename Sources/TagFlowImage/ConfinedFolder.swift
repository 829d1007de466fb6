#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder that tagflow reads, writes and deletes below, and never outside: names are checked part by part, no
/// symbolic link below the folder is followed, and removals walk the folder's descriptors with `O_NOFOLLOW`, so a
/// link planted between a check and the removal cannot redirect it.
///
/// The folder itself may be reached through links; what lies below it may not.
public struct ConfinedFolder: Sendable, Equatable {
    /// The folder, as given.
    public let path: String

    public init(_ path: String) {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
    }

    /// The parts of `relative`, refused unless each is a plain name: no `..`, `.`, empty part or absolute path.
    public func parts(of relative: String) throws(ConfinementError) -> [Substring] {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.isEmpty,
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
            throw .leavesFolder(path: relative, folder: path)
        }
        return parts
    }

    /// The full path of `relative` below the folder, once no part of it climbs out and no part that exists is a
    /// symbolic link; parts that do not exist yet are allowed (a file to write).
    public func path(of relative: String) throws(ConfinementError) -> String {
        var current = path
        for part in try parts(of: relative) {
            current += "/" + part
            var info = stat()
            guard lstat(current, &info) == 0 else { break }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw .symbolicLink(path: path + "/" + relative, link: current, folder: path)
            }
        }
        return path + "/" + relative
    }

    /// Removes the file (not a folder) at `relative`, holding the folders on the way open without following links:
    /// a link in the way fails the removal instead of leading elsewhere, and a link at `relative` is removed itself.
    /// A file that is already gone is not an error.
    public func removeFile(_ relative: String) throws(ConfinementError) {
        try withParent(of: relative) { descriptor, name in
            _ = unlinkat(descriptor, name, 0)
        }
    }

    /// Removes the folder at `relative` if it is empty; a link there is left alone.
    public func removeEmptyFolder(_ relative: String) throws(ConfinementError) {
        try withParent(of: relative) { descriptor, name in
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                  (info.st_mode & S_IFMT) == S_IFDIR else { return }
            _ = unlinkat(descriptor, name, AT_REMOVEDIR)
        }
    }

    /// Whether `other`, once links are resolved, is this folder or lies inside it. A path that does not exist yet is
    /// judged by its nearest folder that does.
    public func contains(resolving other: String) -> Bool {
        let root = Self.resolved(path), target = Self.resolved(other)
        return target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Refuses `other` unless, once links are resolved, it lies in this folder.
    public func check(resolving other: String) throws(ConfinementError) {
        guard contains(resolving: other) else {
            throw .resolvesOutside(path: other, resolved: Self.resolved(other), folder: path)
        }
    }

    /// `path` made absolute with every link resolved; for a path not yet made, its nearest existing folder resolved
    /// and the rest appended, `..` and `.` applied as the kernel would.
    public static func resolved(_ path: String) -> String {
        var existing = path.isEmpty ? "." : path
        var rest = [Substring]()
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                var parts = String(cString: real).split(separator: "/")
                for part in rest.reversed() where part != "." {
                    if part == ".." { _ = parts.popLast() } else { parts.append(part) }
                }
                return "/" + parts.joined(separator: "/")
            }
            let folder = AtomicFile.folder(of: existing)
            guard folder != existing, let name = existing.split(separator: "/").last else { return path }
            rest.append(name)
            existing = folder
        }
    }

    /// Opens each folder on the way to `relative`'s parent with `O_NOFOLLOW`, and calls `body` with the parent's
    /// descriptor and the last part's name. A part that is missing ends the walk quietly: there is nothing to remove.
    private func withParent(of relative: String, _ body: (Int32, String) -> Void) throws(ConfinementError) {
        let parts = try parts(of: relative)
        var descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var walked = path
        for part in parts.dropLast() {
            walked += "/" + part
            let next = openat(descriptor, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                if errno == ELOOP || errno == ENOTDIR {
                    throw .symbolicLink(path: path + "/" + relative, link: walked, folder: path)
                }
                return
            }
            close(descriptor)
            descriptor = next
        }
        body(descriptor, String(parts[parts.count - 1]))
    }
}
