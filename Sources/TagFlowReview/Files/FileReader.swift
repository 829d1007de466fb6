import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Why a file could not be read; each case names the file.
public enum FileReadError: Error, Equatable, Sendable {
    case noSuchFile(String)
    case isADirectory(String)
    case permissionDenied(String)
    case tooLarge(String, limitMB: Int)
    case readFailed(String, reason: String)
}

/// Reading the files people name: inputs, baselines and the pictures a report inlines.
public enum FileReader {
    /// Larger inputs are refused before reading: a tags file of a million tags is about 20 MB.
    public static let maxBytes = 256 << 20

    /// The bytes of `path`, or of standard input for `-`.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        if path == "-" { return try readAll(STDIN_FILENO, name: "<stdin>") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noSuchFile(path)
        }
        if isDirectory.boolValue { throw .isADirectory(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .permissionDenied(path)
        }
        defer { try? handle.close() }
        do {
            guard let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size <= maxBytes else {
                throw FileReadError.tooLarge(path, limitMB: maxBytes >> 20)
            }
        } catch let error as FileReadError {
            throw error
        } catch {
            throw FileReadError.readFailed(path, reason: error.localizedDescription)
        }
        return try readAll(handle.fileDescriptor, name: path)
    }

    /// Reads to the end, but never more than `maxBytes`: standard input and files such as /dev/zero report no
    /// size, and reading them whole exhausted memory, or trapped inside Foundation's `readDataToEndOfFile`.
    private static func readAll(_ descriptor: Int32, name: String) throws(FileReadError) -> [UInt8] {
        var bytes = [UInt8]()
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
