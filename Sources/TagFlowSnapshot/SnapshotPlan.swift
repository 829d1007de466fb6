#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TagFlowLayout
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// The variants a snapshot run renders: each axis lists its values, and every combination is a variant.
///
/// An axis left empty does not vary: the screen's config decides it, and it is not part of the variant's name.
/// An axis given even one value is named, so a name stays the same when values are added later.
package struct SnapshotMatrix: Equatable, Sendable {
    package var devices: [String] = []
    /// Where the manifest names each of `devices`, for an error about it.
    var deviceLocations: [SourceSpan?] = []
    var widths: [Double] = []
    var scales: [Double] = []
    var themes: [String] = []
    var directions: [Direction] = []
    var contentSizes: [ContentSizeCategory] = []
    var legibilityWeights: [LegibilityWeight] = []
    /// The string catalog's languages, and pseudolanguages, the screen's strings are shown in.
    var locales: [String] = []
    var pseudo: [Pseudolanguage] = []

    /// This matrix with each axis that `override` gives replaced by it.
    func overridden(by override: SnapshotMatrix) -> SnapshotMatrix {
        SnapshotMatrix(devices: override.devices.isEmpty ? devices : override.devices,
                       deviceLocations: override.devices.isEmpty ? deviceLocations : override.deviceLocations,
                       widths: override.widths.isEmpty ? widths : override.widths,
                       scales: override.scales.isEmpty ? scales : override.scales,
                       themes: override.themes.isEmpty ? themes : override.themes,
                       directions: override.directions.isEmpty ? directions : override.directions,
                       contentSizes: override.contentSizes.isEmpty ? contentSizes : override.contentSizes,
                       legibilityWeights: override.legibilityWeights.isEmpty ? legibilityWeights
                                                                              : override.legibilityWeights,
                       locales: override.locales.isEmpty ? locales : override.locales,
                       pseudo: override.pseudo.isEmpty ? pseudo : override.pseudo)
    }

    /// Every combination, in the order of the axes as listed: devices vary slowest, legibility weights fastest.
    ///
    /// - Complexity: O(*p*), where *p* is the product of the axes' lengths.
    package var combinations: [SnapshotVariant.Settings] {
        var result = [SnapshotVariant.Settings()]
        // Each axis given multiplies the variants so far, so the first axis varies slowest.
        func vary<T>(_ values: [T], _ set: (inout SnapshotVariant.Settings, T) -> Void) {
            guard !values.isEmpty else { return }
            result = result.flatMap { base in
                values.map { value in
                    var settings = base
                    set(&settings, value)
                    return settings
                }
            }
        }
        vary(devices) { $0.device = $1 }
        vary(widths) { $0.width = $1 }
        vary(scales) { $0.scale = $1 }
        vary(locales) { $0.locale = $1 }
        vary(pseudo) { $0.pseudo = $1 }
        vary(themes) { $0.theme = $1 }
        vary(directions) { $0.direction = $1 }
        vary(contentSizes) { $0.contentSize = $1 }
        vary(legibilityWeights) { $0.legibilityWeight = $1 }
        return result
    }
}

/// One rendering of one screen: a point of the matrix.
package struct SnapshotVariant: Hashable, Sendable {
    /// What a variant changes from the screen's config; `nil` leaves the config's choice.
    package struct Settings: Hashable, Sendable {
        package var device: String?
        package var width: Double?
        package var scale: Double?
        package var theme: String?
        package var direction: Direction?
        package var contentSize: ContentSizeCategory?
        package var legibilityWeight: LegibilityWeight?
        package var locale: String?
        package var pseudo: Pseudolanguage?

        package init(device: String? = nil, width: Double? = nil, scale: Double? = nil, theme: String? = nil,
                     direction: Direction? = nil, contentSize: ContentSizeCategory? = nil,
                     legibilityWeight: LegibilityWeight? = nil, locale: String? = nil, pseudo: Pseudolanguage? = nil) {
            (self.device, self.width, self.scale, self.theme) = (device, width, scale, theme)
            (self.direction, self.contentSize, self.legibilityWeight) = (direction, contentSize, legibilityWeight)
            (self.locale, self.pseudo) = (locale, pseudo)
        }

        /// The parts of a variant's name: `iphone-15`, `w320`, `@3x`, `de`, `double`, `dark`, `rtl`, `AX2`, `bold`,
        /// each only if set.
        package var nameParts: [String] {
            var parts = [String]()
            if let device { parts.append(device) }
            if let width { parts.append("w" + formatPoints(width)) }
            if let scale { parts.append("@" + formatPoints(scale) + "x") }
            if let locale { parts.append(locale) }
            if let pseudo { parts.append(pseudo.rawValue) }
            if let theme { parts.append(theme) }
            if let direction { parts.append(direction.rawValue) }
            if let contentSize { parts.append(contentSize.rawValue) }
            if let legibilityWeight { parts.append(legibilityWeight.rawValue) }
            return parts
        }
    }

    package var screen: String
    package var settings: Settings

    package init(screen: String, settings: Settings) {
        self.screen = screen
        self.settings = settings
    }

    /// `screen/iphone-15-dark-rtl-AX2-bold`; a screen with no axes is `screen/default`.
    package var name: String {
        let parts = settings.nameParts
        return screen + "/" + (parts.isEmpty ? "default" : parts.joined(separator: "-"))
    }
}

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

/// `--filter`: the variants whose names match any of some shell patterns (`*`, `?`, `[…]`), matched against the
/// variant's name as its golden is named, without the extension: `demo/iphone-15-dark`.
package struct VariantFilter: Hashable, Sendable {
    var patterns: [String]

    static let everything = VariantFilter(patterns: [])

    var isEverything: Bool { patterns.isEmpty }

    func matches(_ name: String) -> Bool {
        isEverything || patterns.contains { fnmatch($0, name, 0) == 0 }
    }

    func matchesAny(_ names: [String]) -> Bool { names.contains(where: matches) }
}

/// One part of a run split across CI jobs: the `index`-th (from 1) of `count`.
///
/// Variants are dealt out in turn, in the order of their names, so every shard gets a like share of every screen,
/// and the split does not depend on the machine.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1.
    public let index: Int
    /// Of how many.
    public let count: Int

    /// Every variant.
    public static let whole = Shard(index: 1, count: 1)!

    /// Reads `i/n`, with 1 ≤ i ≤ n; `nil` if the text is not that.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The `index`-th of `count` parts; `nil` unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The elements of `all` (already in name order) that fall to this shard.
    func select<T>(_ all: [T]) -> [T] {
        all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Whether the file `name` falls to this shard: by a hash of the name, so that it falls to the same shard
    /// whatever other files there are (a stale golden, which no variant deals).
    func owns(_ name: String) -> Bool {
        Int(ContentHashAlgorithm.fnv1a64(name.utf8) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}

/// Which goldens `snapshot record` writes.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Every golden that is missing or whose pixels changed at all.
    case all
    /// Only goldens that do not exist yet.
    case missing
    /// Goldens that are missing or whose pixels differ beyond the tolerance.
    case failed
    /// None: report what would be written.
    case never

    /// Whether a golden in this state is written. A golden whose pixels are unchanged is never rewritten, so its
    /// bytes and modification time stay as they are.
    func writes(goldenExists: Bool, pixelsEqual: Bool, withinTolerance: Bool) -> Bool {
        switch self {
        case .all: !goldenExists || !pixelsEqual
        case .missing: !goldenExists
        case .failed: !goldenExists || !withinTolerance
        case .never: false
        }
    }
}
