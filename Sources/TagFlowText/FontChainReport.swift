/// How a family request was resolved: which families it got and what was skipped or stood in.
///
/// Plain values, so the CLI can print it or write it as JSON.
public struct FontChainReport: Sendable, Hashable, Codable {
    /// The request as given, e.g. `"SF Pro Text, PingFang SC"` or `"system-ios"`.
    public let requested: String
    /// The families the chain tries, in order, before fontconfig's fallback.
    public let families: [String]
    /// Requested families that are not installed and were skipped.
    public let skipped: [String]
    /// For a named chain such as `system-ios`, what stood in for its missing families; nil when nothing did.
    public let standIn: StandInRecord?
    /// Requested variations outside the primary face's range on their axis, which are drawn at the nearest end.
    public var clampedVariations: [ClampedVariation] = []
}
