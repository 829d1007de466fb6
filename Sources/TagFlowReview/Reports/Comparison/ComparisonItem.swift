import TagFlowImage

/// A picture against its golden: what became of one golden in a snapshot run, or of one file in a folder diff,
/// where the old folder's file is the golden and the new folder's the actual picture.
public struct ComparisonItem: Equatable, Sendable {
    /// What became of the picture. A folder diff names some of them as reg-cli does (``ComparisonTerms``).
    public enum Status: String, CaseIterable, Sendable {
        /// The pixels match the golden, exactly or within the tolerance.
        case matched
        /// The pixels differ from the golden beyond the tolerance.
        case changed
        /// No golden exists for this picture: a variant not recorded yet, a file only in the new folder.
        case missing
        /// A golden that nothing makes any more: a screen or variant gone, a file only in the old folder.
        case stale
        /// `record` wrote this golden.
        case written
        /// A stale golden `--prune` removed.
        case removed
        /// The golden or the picture could not be read: truncated, not a PNG, or a Git LFS pointer not pulled. The
        /// others are still compared, and the run exits 2.
        case unreadable

        /// Changed, missing, stale and unreadable pictures fail a run.
        public var fails: Bool { self == .changed || self == .missing || self == .stale || self == .unreadable }
    }

    /// The picture's path below the goldens folder (`demo/iphone-15-dark.png`, or a `.scroll` folder) or below both
    /// compared folders.
    public package(set) var name: String
    /// The folder that holds it, its first: a snapshot's screen; empty for a file at the top.
    public package(set) var screen: String
    /// What a snapshot's golden is; nil for a stale golden, which no variant makes, and in a folder diff.
    public package(set) var kind: GoldenKind?
    public package(set) var status: Status
    /// One line for people: how many pixels differ, which steps changed.
    public package(set) var detail: String
    public package(set) var differentPixels: Int?
    /// For a sequence: the scroll steps (from 1) whose frames changed, were added or were removed.
    public package(set) var changedSteps: [Int] = []
    /// Pictures of this item the report shows: the golden, what was drawn, and where they differ.
    public package(set) var images: [Image] = []
    /// For a sequence, the scroll step its images show: the first that changed.
    public package(set) var imagesStep: Int?
    /// What changed in the layout the golden was drawn from, for a golden that changed and has its layout recorded.
    public package(set) var explanation: LayoutChangeSummary?
    /// A golden that changed but was recorded without its layout, so only its pixels explain it.
    public package(set) var hasNoLayout = false
    /// The explanation's changes where the golden and the actual picture show them, for a golden drawn whole.
    public package(set) var marks: [Mark] = []
    /// A folder diff's comparison of the two files, without its image: the counts its report gives in full.
    public package(set) var pixelDiff: PixelDiff.Result?

    public init(name: String, screen: String, kind: GoldenKind?, status: Status, detail: String,
                differentPixels: Int? = nil, changedSteps: [Int] = [], images: [Image] = [], imagesStep: Int? = nil,
                explanation: LayoutChangeSummary? = nil, hasNoLayout: Bool = false, marks: [Mark] = [],
                pixelDiff: PixelDiff.Result? = nil) {
        self.name = name
        self.screen = screen
        self.kind = kind
        self.status = status
        self.detail = detail
        self.differentPixels = differentPixels
        self.changedSteps = changedSteps
        self.images = images
        self.imagesStep = imagesStep
        self.explanation = explanation
        self.hasNoLayout = hasNoLayout
        self.marks = marks
        self.pixelDiff = pixelDiff
    }

    /// The detail, after what the change in layout did to this golden, when its layout explains it.
    package var explainedDetail: String {
        let effect = explanation?.effect ?? []
        return effect.isEmpty ? detail : effect.joined(separator: "; ") + " · " + detail
    }

    /// The first picture in `role`.
    public func image(_ role: Image.Role) -> Image? { images.first { $0.role == role } }

    /// One change of a golden's explanation, located in its pictures: what a reviewer is pointed to.
    public struct Mark: Equatable, Sendable {
        public let kind: LayoutChangeSummary.Change.Kind
        public let words: String
        /// In the golden's pixels; nil where the golden has no such element.
        public let golden: PixelRegion?
        /// In the actual picture's pixels; nil where it has no such element.
        public let actual: PixelRegion?

        /// `change`'s frames in pictures drawn at `scale` pixels a point.
        package init(_ change: LayoutChangeSummary.Change, scale: Double) {
            self.init(kind: change.kind, words: change.words,
                      golden: change.old.map { LayoutAwareDiff.pixels($0, scale: scale, margin: 0) },
                      actual: change.new.map { LayoutAwareDiff.pixels($0, scale: scale, margin: 0) })
        }

        public init(kind: LayoutChangeSummary.Change.Kind, words: String, golden: PixelRegion?,
                    actual: PixelRegion?) {
            self.kind = kind
            self.words = words
            self.golden = golden
            self.actual = actual
        }
    }

    /// A picture a report shows for an item.
    public struct Image: Equatable, Sendable {
        public enum Role: String, CaseIterable, Sendable {
            /// The golden as it is on disk: the old folder's file.
            case golden
            /// What this run drew: the new folder's file.
            case actual
            /// The two with their differing pixels marked: where a recorded layout explains moves, only the rest.
            case diff
            /// Every differing pixel marked, beside a diff that a recorded layout explained.
            case pixels
        }

        public let role: Role
        /// Relative to the report folder: `images/demo/iphone-15-dark.diff.png`, `../old/home.png`.
        public let path: String
        /// In pixels, as its PNG header says: the HTML report sizes the picture before it loads.
        public let size: PixelSize?

        public init(role: Role, path: String, size: PixelSize? = nil) {
            self.role = role
            self.path = path
            self.size = size
        }
    }
}
