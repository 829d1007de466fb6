import Foundation
import TagFlowLayout
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reading the files people name on the command line.
enum InputFiles {
    /// Larger inputs are refused before reading: a tags file of a million tags is about 20 MB.
    static let maxBytes = 256 << 20

    /// The bytes of `path`, or of standard input for `-`.
    static func read(_ path: String) throws(InputError) -> [UInt8] {
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
                throw InputError.tooLarge(path, limitMB: maxBytes >> 20)
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError.readFailed(path, reason: error.localizedDescription)
        }
        return try readAll(handle.fileDescriptor, name: path)
    }

    /// Reads to the end, but never more than `maxBytes`: standard input and files such as /dev/zero report no
    /// size, and reading them whole exhausted memory, or trapped inside Foundation's `readDataToEndOfFile`.
    private static func readAll(_ descriptor: Int32, name: String) throws(InputError) -> [UInt8] {
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

    /// The name errors use for an input: its path, or `<stdin>`.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}

/// Which reader a tags input goes through.
enum TagsInputFormat: String, CaseIterable {
    case auto, tags, json

    /// JSON when the file ends in `.json`, or when standard input starts with `{`.
    func resolved(path: String, bytes: [UInt8]) -> TagsInputFormat {
        guard self == .auto else { return self }
        if path.lowercased().hasSuffix(".json") { return .json }
        if path == "-" {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            if body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") { return .json }
        }
        return .tags
    }

    static func document(at path: String, format: TagsInputFormat) throws(InputError) -> TagDocument {
        let bytes = try InputFiles.read(path)
        let name = InputFiles.displayName(path)
        switch format.resolved(path: path, bytes: bytes) {
        case .json: return try TagsJSON.parse(bytes, file: name)
        default: return try TagsFile.parse(bytes, file: name)
        }
    }
}
