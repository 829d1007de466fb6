#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif
import Synchronization

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

/// Reading the files people name: inputs, baselines and the pictures a report inlines.
public enum FileReader {
    /// Larger inputs are refused before reading: a tags file of a million tags is about 20 MB.
    public static let maxBytes = 256 << 20

    /// Standard input, once read: it can be read only once, and a command may look at it to tell what it holds
    /// before it reads it for good.
    private static let standardInput = Mutex<[UInt8]?>(nil)

    /// The bytes of `path`, or of standard input for `-`. Standard input may be a pipe or a device: `-` is how a pipe
    /// is read. Any other path must name a regular file, or it is refused unread.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if path == "-" {
            return try standardInput.withLock { cached throws(FileReadError) in
                if let cached { return cached }
                let bytes = try readAll(STDIN_FILENO, name: "<stdin>")
                cached = bytes
                return bytes
            }
        }
        let descriptor = try openRegularFile(path)
        defer { close(descriptor.number) }
        guard descriptor.size <= maxBytes else { throw .tooLarge(path, limitMB: maxBytes >> 20) }
        return try readAll(descriptor.number, name: path, expectedBytes: descriptor.size)
    }

    /// Opens `path` for reading if it is a regular file, giving the descriptor (the caller closes it) and its size.
    ///
    /// The one place TagFlowReview opens a path. O_NONBLOCK lets the open of a FIFO return at once, where a plain
    /// open waits for a writer forever; fstat then says what the descriptor is, so the check holds for what is read.
    /// Open and fstat alone: Foundation's file attributes also look up the owner's name, which costs a process its
    /// NSS set-up.
    private static func openRegularFile(_ path: String) throws(FileReadError) -> (number: Int32, size: Int) {
        // O_NOCTTY: a terminal device opened here must not become the process's controlling terminal.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            switch code {
            case ENOENT, ENOTDIR: throw .noSuchFile(path)
            case EACCES, EPERM: throw .permissionDenied(path)
            case EISDIR: throw .isADirectory(path)
            // A socket cannot be opened at all; stat still tells what it is.
            case ENXIO where stat(path, &status) == 0: throw .notARegularFile(path, kind: kind(status.st_mode))
            default: throw .readFailed(path, reason: String(cString: strerror(code)))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .readFailed(path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            if status.st_mode & S_IFMT == S_IFDIR { throw .isADirectory(path) }
            throw .notARegularFile(path, kind: kind(status.st_mode))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int(status.st_size))
    }

    /// What a file that is neither a regular file nor a folder is, in words: "a FIFO", "a socket", "a block device".
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }

    /// Reads to the end, but never more than `maxBytes`: standard input (/dev/zero, say) and files such as /proc's
    /// report no size, and reading them whole exhausted memory, or trapped inside Foundation's `readDataToEndOfFile`.
    private static func readAll(_ descriptor: Int32, name: String, expectedBytes: Int = 0) throws(FileReadError) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(expectedBytes + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(name, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maxBytes else {
                throw .tooLarge(name, limitMB: maxBytes >> 20)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
