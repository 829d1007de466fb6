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
    /// `fnv1a64:` and the 64-bit FNV-1a hash of the file's bytes in 16 hex digits; empty if the file is unreadable.
    public let contentHash: String
    /// Whether the face draws in colour.
    public let isColor: Bool

    /// The FNV-1a 64 hash of `bytes`, as `contentHash` writes it: deterministic, and cheap enough to run on every
    /// font a preview used (it is computed once per file and process).
    ///
    /// - Complexity: O(*n*) in the bytes.
    public static func contentHash(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes(fnv1a64)
    }

    /// The hash of the file at `path`, read through a mapping; nil when it cannot be read.
    static func contentHash(ofFileAt path: String) -> String? {
        withMappedFile(path, fnv1a64)
    }

    private static func fnv1a64(_ bytes: UnsafeRawBufferPointer) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
