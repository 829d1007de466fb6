import TagFlowLayout
import TagFlowReview

/// What a screen's variant writes beside its picture.
package enum SnapshotOutput: Hashable, Sendable {
    /// The whole content, as `tagflow render` draws it.
    case render
    /// Every scroll step at once, as `tagflow scroll --sheet` draws it, for the given strategies.
    case sheet(strategies: [QueryStrategy], frames: Int)
    /// A folder of scroll frames, compared frame by frame.
    case sequence(strategies: [QueryStrategy], frames: Int)

    /// What kind of golden it is.
    var kind: GoldenKind {
        switch self {
        case .render: .render
        case .sheet: .sheet
        case .sequence: .sequence
        }
    }

    /// The golden's path for a variant named `base`: a file, or a folder for a sequence.
    func path(for base: String) -> String { base + kind.suffix }

    /// The name of the variant a golden's path would be for: the path without what ``path(for:)`` adds.
    static func variantName(ofGolden path: String) -> String {
        // A sheet's suffix ends in a render's, so the longest is tried first.
        for suffix in GoldenKind.allCases.map(\.suffix).sorted(by: {
            $0.count > $1.count
        }) where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }
}
