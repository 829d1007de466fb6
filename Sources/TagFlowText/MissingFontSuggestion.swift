/// Which Debian packages would draw a character no installed font has.
public struct MissingFontSuggestion: Sendable, Hashable, Codable {
    /// The character.
    public let scalar: UInt32
    /// Its bucket.
    public let bucket: ScriptBucket
    /// Its script's ISO 15924 code, e.g. "Hani", "Linb"; "Zyyy" for characters of no one script.
    public let script: String
    /// Debian packages with a font that has the character, the usual choice first; empty when none has.
    public let packages: [String]
}
