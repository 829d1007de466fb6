#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// TagFlowText's libc use, kept here so the library's C surface can be read in one place.

/// How many processors are online (at least 1).
func onlineProcessorCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// Whether the `count` bytes at `a` and `b` are equal.
func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
}

/// What is at a path, as far as opening it for reading goes.
enum PathStatus: Equatable {
    case missing
    case unreadable
    case file
    case directory
    /// A FIFO, socket or device, named as a person would ("a FIFO"). Reading one can wait forever for a writer,
    /// so TagFlowText reads none.
    case special(kind: String)
}

/// A path opened for reading without waiting on it, and what it turned out to be; its descriptor closes with it.
///
/// The one place TagFlowText opens a path. O_NONBLOCK lets the open of a FIFO return at once, where a plain open
/// waits for a writer; fstat then says what the descriptor is, so the answer holds for what is read, not for what
/// was at the path a moment before.
final class OpenedPath {
    let status: PathStatus
    /// Open for reading, with blocking restored, when `status` is `.file`; else -1.
    let descriptor: Int32
    /// The size fstat gives a regular file; 0 for files such as /proc's that do not know theirs.
    let size: Int
    /// The errno of the open or fstat that failed; 0 when both succeeded.
    let failure: Int32

    init(_ path: String) {
        (status, descriptor, size, failure) = Self.inspect(path)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    private static func inspect(_ path: String) -> (PathStatus, Int32, Int, failure: Int32) {
        // O_NOCTTY: a terminal device opened here must not become the process's controlling terminal.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR, ENAMETOOLONG, ELOOP: return (.missing, -1, 0, code)
            case ENXIO, EOPNOTSUPP:
                // A socket cannot be opened at all; stat still tells what it is.
                var info = stat()
                guard stat(path, &info) == 0 else { return (.missing, -1, 0, code) }
                return (.special(kind: fileKind(info.st_mode)), -1, 0, code)
            default: return (.unreadable, -1, 0, code)
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return (.unreadable, -1, 0, code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return (.file, descriptor, max(0, Int(info.st_size)), 0)
        case S_IFDIR:
            close(descriptor)
            return (.directory, -1, 0, 0)
        default:
            close(descriptor)
            return (.special(kind: fileKind(info.st_mode)), -1, 0, 0)
        }
    }
}

/// What a file that is neither a regular file nor a folder is, in words: "a FIFO", "a socket", "a block device".
func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "a special file"
    }
}

/// Whether `path` names a readable file or folder, and if neither, what it is.
func pathStatus(_ path: String) -> PathStatus {
    OpenedPath(path).status
}

/// The first entry below the folder at `path` that is neither a regular file nor a folder, with what it is; nil
/// when there is none.
///
/// Walks as fontconfig scans a font folder, so that it can be checked before fontconfig opens each file, which
/// would wait forever on a FIFO: names starting with "." are skipped, links are followed, and a folder is visited
/// once however many links reach it. Entries that cannot be examined are left to fontconfig, which skips them too.
func firstSpecialEntry(under path: String) -> (path: String, kind: String)? {
    // Paths are kept as bytes: a name that is not UTF-8 would not survive a String, and must be checked all the same.
    var folders = [Array(path.utf8)]
    var visited = Set<[UInt64]>()
    var info = stat()
    while let folder = folders.popLast() {
        guard stat(folder.cString, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted,
              let stream = opendir(folder.cString) else { continue }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.first != UInt8(ascii: ".") else { continue }
            let child = folder + (folder.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + name
            guard stat(child.cString, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: continue
            case S_IFDIR: folders.append(child)
            default: return (String(decoding: child, as: UTF8.self), fileKind(info.st_mode))
            }
        }
    }
    return nil
}

extension Array where Element == UInt8 {
    /// The bytes, NUL-terminated, for a libc call that takes a path.
    fileprivate var cString: [CChar] { map { CChar(bitPattern: $0) } + [0] }
}

/// The whole content of the regular file at `path`, at most `maxBytes` of it; any other path is refused unread, since
/// a FIFO or a device can keep a read waiting forever. The size is asked first, so the bytes are read into one
/// buffer of that size, without copies. The one whole-file reader: TagFlowReview's ``FileReader`` reads with it.
package func readRegularFile(_ path: String, maxBytes: Int = .max) throws(FileReadError) -> [UInt8] {
    let file = OpenedPath(path)
    switch file.status {
    case .file: break
    case .directory: throw .isADirectory(path)
    // Told by what fstat or stat found; another failure is told by its errno, as below.
    case let .special(kind) where file.failure == 0 || file.failure == ENXIO: throw .notARegularFile(path, kind: kind)
    case .missing, .unreadable, .special: throw FileReadError(path: path, failure: file.failure)
    }
    guard file.size <= maxBytes else { throw .tooLarge(path, limitMB: maxBytes >> 20) }
    return try readToEnd(file.descriptor, name: path, expectedBytes: file.size, maxBytes: maxBytes)
}

/// Standard input to its end, at most `maxBytes` of it: a pipe or a device, which tells no size.
package func readStandardInput(maxBytes: Int) throws(FileReadError) -> [UInt8] {
    try readToEnd(STDIN_FILENO, name: "<stdin>", maxBytes: maxBytes)
}

/// Reads `descriptor` to its end, but never more than `maxBytes`: standard input (/dev/zero, say) and files such as
/// /proc's report no size, and reading them whole would exhaust memory.
private func readToEnd(_ descriptor: Int32, name: String, expectedBytes: Int = 0,
                       maxBytes: Int) throws(FileReadError) -> [UInt8] {
    // A byte past the limit is room enough to tell that the input is over it.
    let room = maxBytes == .max ? maxBytes : maxBytes + 1
    var bytes = [UInt8](repeating: 0, count: min(expectedBytes, room))
    var count = 0
    while true {
        // More room once the buffer is full: a file that grew, or whose size fstat does not know, is read to its end.
        if count == bytes.count {
            let more = min(max(1 << 16, bytes.count / 2), room - count)
            guard more > 0 else { throw .tooLarge(name, limitMB: maxBytes >> 20) }
            bytes.append(contentsOf: repeatElement(0, count: more))
        }
        let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
        if got < 0 {
            if errno == EINTR { continue }
            throw .readFailed(name, reason: String(cString: strerror(errno)))
        }
        if got == 0 { break }
        count += got
    }
    guard count <= maxBytes else { throw .tooLarge(name, limitMB: maxBytes >> 20) }
    bytes.removeSubrange(count...)
    return bytes
}

extension FileReadError {
    /// Why `path` could not be opened, from the errno of the call that failed.
    init(path: String, failure code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .noSuchFile(path)
        case EACCES, EPERM: self = .permissionDenied(path)
        case EISDIR: self = .isADirectory(path)
        default: self = .readFailed(path, reason: String(cString: strerror(code)))
        }
    }
}

/// The bytes of a regular file, mapped read-only, and unmapped with this object.
final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and lives as long as the object.
    let bytes: UnsafeRawBufferPointer

    /// Maps `file`, which must be a regular file; nil when it is not, or cannot be mapped. `populate` maps every page
    /// of the page cache at once instead of faulting them in one by one, for a caller that reads them all.
    init?(_ file: OpenedPath, populate: Bool = false) {
        guard file.status == .file else { return nil }
        guard file.size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let flags = MAP_PRIVATE | (populate ? MAP_POPULATE : 0)
        guard let base = mmap(nil, file.size, PROT_READ, flags, file.descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: base, count: file.size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

/// `body` over the bytes of the regular file at `path`, mapped rather than read, so that hashing a large font copies
/// nothing; nil when the file cannot be opened or mapped, or is no regular file.
func withMappedFile<Result>(_ path: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
    guard let file = MappedFile(OpenedPath(path), populate: true) else { return nil }
    return body(file.bytes)
}
