/// Which variants a snapshot run draws, and what it writes beside the goldens: the options of
/// `tagflow snapshot verify` and `record`.
public struct SnapshotRun: Sendable {
    /// The part of the variants drawn, for a CI matrix of jobs.
    public var shard: Shard
    /// Only the variants whose names match one of these: `demo/*`, `*-dark`; `*` and `?` as in a shell. Each must
    /// match a variant. Empty draws every variant.
    public var filters: [String]
    /// Remove stale goldens, which no screen or variant makes any more.
    public var prune: Bool
    /// Where to write `report.html`, `report.json`, `report.md` and `junit.xml`, and the pictures they show.
    public var reportFolder: String?
    /// Variants drawn at once; nil for one a core, and fewer than 1 counts as 1. The goldens are the same for any
    /// number.
    public var threads: Int?
    /// The report's diff pictures mark every differing pixel, tags that only moved too, instead of what no move
    /// in the recorded layout explains. The words still say what changed.
    public var plainDiff: Bool

    public init(shard: Shard = .whole, filters: [String] = [], prune: Bool = false, reportFolder: String? = nil,
                threads: Int? = nil, plainDiff: Bool = false) {
        self.shard = shard
        self.filters = filters
        self.prune = prune
        self.reportFolder = reportFolder
        self.threads = threads
        self.plainDiff = plainDiff
    }
}
