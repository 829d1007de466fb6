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

    public var description: String {
        switch self {
        case let .noSuchFile(path): "cannot read '\(path)': no such file"
        case let .isADirectory(path): "cannot read '\(path)': it is a directory"
        case let .permissionDenied(path): "cannot read '\(path)': permission denied"
        case let .tooLarge(path, limit): "'\(path)' is larger than \(limit) MB"
        case let .readFailed(path, reason): "cannot read '\(path)': \(reason)"
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

    /// The bytes of `path`, or of standard input for `-`.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if path == "-" {
            return try standardInput.withLock { cached throws(FileReadError) in
                if let cached { return cached }
                let bytes = try readAll(STDIN_FILENO, name: "<stdin>")
                cached = bytes
                return bytes
            }
        }
        // open and fstat alone: Foundation's file attributes also look up the owner's name, which costs a process
        // its NSS set-up.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .noSuchFile(path)
            case EACCES, EPERM: throw .permissionDenied(path)
            case EISDIR: throw .isADirectory(path)
            default: throw .readFailed(path, reason: String(cString: strerror(errno)))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .readFailed(path, reason: String(cString: strerror(errno))) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .isADirectory(path) }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        guard size <= maxBytes else { throw .tooLarge(path, limitMB: maxBytes >> 20) }
        return try readAll(descriptor, name: path, expectedBytes: size)
    }

    /// Reads to the end, but never more than `maxBytes`: standard input and files such as /dev/zero report no
    /// size, and reading them whole exhausted memory, or trapped inside Foundation's `readDataToEndOfFile`.
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
