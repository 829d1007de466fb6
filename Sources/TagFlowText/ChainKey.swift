/// Identifies a fallback chain: one per request of families, weight, variations and tracking.
struct ChainKey: Hashable {
    let family: String
    let weight: FontWeight
    var variations: [FontVariation] = []
    var tracking: Double = 0
    /// The text's language (BCP 47), which picks the faces of Han characters; empty for none.
    var language: String = ""
}
