import TagFlowLayout

/// How a font file's bytes are hashed for its record: the record's `contentHash` is the algorithm's name, a colon and
/// the 64-bit hash in 16 hex digits, e.g. `xxh64:4d02dd455b26637a`.
public enum ContentHashAlgorithm: String, Sendable, CaseIterable {
    /// XXH64 with seed 0, as `xxhsum -H64` prints it: what records are written with.
    case xxh64
    /// FNV-1a 64, which records were written with before: 4 cycles a byte, 24 ms for a 17 MB CJK collection.
    /// Still read, so that goldens recorded with it keep matching.
    case fnv1a64

    /// The algorithm new records are hashed with.
    public static let current = ContentHashAlgorithm.xxh64

    /// The algorithm a `contentHash` names; nil for an empty or unknown one.
    public init?(of contentHash: String) {
        guard let colon = contentHash.firstIndex(of: ":") else { return nil }
        self.init(rawValue: String(contentHash[..<colon]))
    }

    /// The `contentHash` of `bytes`.
    ///
    /// - Complexity: O(*n*) in the bytes.
    public func contentHash(_ bytes: UnsafeRawBufferPointer) -> String {
        let hash = switch self {
        case .xxh64: XXH64.hash(bytes)
        case .fnv1a64: Self.fnv1a64(bytes)
        }
        return rawValue + ":" + hex(hash, digits: 16, uppercase: false)
    }

    /// FNV-1a 64 of `bytes`: the same on every machine and in every run, unlike Swift's seeded `Hasher`.
    package static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
