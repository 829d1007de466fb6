/// The measured content of one section, all the flow layout needs to place it.
public struct SectionMetrics: Hashable, Sendable {
    public var hasHeader: Bool
    public var hasFooter: Bool
    /// The text width of each tag, in points, before padding.
    public var textWidths: [Double]

    public init(hasHeader: Bool, hasFooter: Bool, textWidths: [Double]) {
        self.hasHeader = hasHeader
        self.hasFooter = hasFooter
        self.textWidths = textWidths
    }
}
