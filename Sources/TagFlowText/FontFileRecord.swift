/// Which font file drew some text: enough to tell later exactly which font a preview was made with.
///
/// Plain fields, so it encodes as it is (JSON, property lists).
public struct FontFileRecord: Sendable, Hashable, Codable {
    /// The family name the engine reports for the face.
    public let family: String
    /// The style name from the font's name table (typographic subfamily, else subfamily), e.g. "Regular".
    public let style: String
    /// The file's name, without its folder.
    public let fileName: String
    /// The file's full path.
    public let path: String
    /// The face's index in the file (non-zero in collections).
    public let faceIndex: Int
    /// The version string (name ID 5), e.g. "Version 2.37"; empty when the font has none.
    public let version: String
    /// The head table's fontRevision, e.g. 2.37; nil when the font has no head table.
    public let fontRevision: Double?
    /// The hash of the file's bytes, named by its algorithm (``ContentHashAlgorithm``), e.g. `xxh64:4d02dd455b26637a`;
    /// empty if the file is unreadable.
    public let contentHash: String
    /// Whether the face draws in colour.
    public let isColor: Bool

    /// The `contentHash` of `bytes` by the current algorithm: deterministic, and cheap enough to run on every font a
    /// preview used (it is computed once per file and process).
    ///
    /// - Complexity: O(*n*) in the bytes.
    public static func contentHash(_ bytes: [UInt8], as algorithm: ContentHashAlgorithm = .current) -> String {
        bytes.withUnsafeBytes(algorithm.contentHash)
    }

    /// The hash of the file at `path`, read through a mapping; nil when it cannot be read.
    static func contentHash(ofFileAt path: String, as algorithm: ContentHashAlgorithm) -> String? {
        withMappedFile(path, algorithm.contentHash)
    }
}

extension FontFileRecord {
    /// The file's hash by `algorithm`, to compare with a record another algorithm wrote; hashed once per process.
    public func contentHash(as algorithm: ContentHashAlgorithm) -> String {
        ContentHashAlgorithm(of: contentHash) == algorithm
            ? contentHash : FileHashes.process.contentHash(ofFileAt: path, as: algorithm)
    }
}
