import TagFlowLayout

/// Which reader a tags input goes through.
package enum TagsInputFormat: String, CaseIterable {
    case auto, tags, json

    /// JSON when the file ends in `.json`, or when standard input starts with `{`.
    package func resolved(path: String, bytes: [UInt8]) -> TagsInputFormat {
        guard self == .auto else { return self }
        if path.lowercased().hasSuffix(".json") { return .json }
        if path == "-", Self.startsLikeJSON(bytes) { return .json }
        return .tags
    }

    /// Whether the first character of `bytes` after any byte order mark and white space is `{`.
    package static func startsLikeJSON(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
    }

    package static func document(at path: String, format: TagsInputFormat) throws(InputError) -> TagDocument {
        let bytes = try InputFiles.read(path)
        let name = InputFiles.displayName(path)
        switch format.resolved(path: path, bytes: bytes) {
        case .json: return try TagsJSON.parse(bytes, file: name)
        default: return try TagsFile.parse(bytes, file: name)
        }
    }
}
