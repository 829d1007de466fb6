import Foundation
import TagFlowLayout

/// Reading the files people name on the command line.
enum InputFiles {
    /// Larger inputs are refused before reading: a tags file of a million tags is about 20 MB.
    static let maxBytes = 256 << 20

    /// The bytes of `path`, or of standard input for `-`.
    static func read(_ path: String) throws(InputError) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return [UInt8](data)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError("cannot read '\(path)': no such file", hint: "check the path; use '-' to read standard input")
        }
        if isDirectory.boolValue { throw InputError("cannot read '\(path)': it is a directory", hint: "name a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError("cannot read '\(path)': permission denied", hint: "check the file's permissions")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            guard let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size <= maxBytes else {
                throw InputError("'\(path)' is larger than \(maxBytes >> 20) MB", hint: "split it into several files")
            }
            data = try handle.readToEnd() ?? Data()
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError("cannot read '\(path)': \(error.localizedDescription)")
        }
        return [UInt8](data)
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
