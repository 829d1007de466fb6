/// Which font file drew a layout's text, as a layout records it: enough to tell that two layouts were measured
/// with different fonts, before anyone reads hundreds of moved tags.
public struct FontFileIdentity: Hashable, Sendable, Codable, CustomStringConvertible {
    public var family: String
    /// The style name from the font's name table, e.g. "Book" or "Regular".
    public var style: String
    /// The file's name without its folder, so the record is the same on every machine.
    public var fileName: String
    /// The font's version string (name ID 5), e.g. "Version 2.37".
    public var version: String
    /// A hash of the file's bytes after its algorithm's name, e.g. `xxh64:…`: two files with the same name and version
    /// can still differ.
    public var contentHash: String

    public init(family: String, style: String, fileName: String, version: String, contentHash: String) {
        self.family = family
        self.style = style
        self.fileName = fileName
        self.version = version
        self.contentHash = contentHash
    }

    /// The name of the algorithm `contentHash` comes from: the part before its colon.
    public var hashAlgorithm: Substring { contentHash.prefix { $0 != ":" } }

    /// Whether `other` names the same font file: the same family, style, file name and version.
    public func namesSameFile(as other: FontFileIdentity) -> Bool {
        (family, style, fileName, version) == (other.family, other.style, other.fileName, other.version)
    }

    /// Whether `other` records the same file as far as can be told: equal, or naming the same file with a hash by
    /// another algorithm, which cannot be compared without the file.
    public func agrees(with other: FontFileIdentity) -> Bool {
        namesSameFile(as: other) && (contentHash == other.contentHash || hashAlgorithm != other.hashAlgorithm)
    }

    /// `DejaVu Sans Book (DejaVuSans.ttf, Version 2.37, xxh64:…)`.
    public var description: String {
        "\(family) \(style) (\(fileName)\(version.isEmpty ? "" : ", " + version), \(contentHash))"
    }
}
