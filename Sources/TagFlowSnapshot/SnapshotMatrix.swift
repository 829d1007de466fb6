import TagFlowLayout
import TagFlowInput

/// The variants a snapshot run renders: each axis lists its values, and every combination is a variant.
///
/// An axis left empty does not vary: the screen's config decides it, and it is not part of the variant's name.
/// An axis given even one value is named, so a name stays the same when values are added later.
package struct SnapshotMatrix: Equatable, Sendable {
    package var devices: [String] = []
    /// Where the manifest names each of `devices`, for an error about it.
    var deviceLocations: [SourceSpan?] = []
    package var widths: [Double] = []
    package var scales: [Double] = []
    package var themes: [String] = []
    package var directions: [Direction] = []
    package var contentSizes: [ContentSizeCategory] = []
    package var legibilityWeights: [LegibilityWeight] = []
    /// The string catalog's languages, and pseudolanguages, the screen's strings are shown in.
    package var locales: [String] = []
    package var pseudo: [Pseudolanguage] = []

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
        func vary(_ values: [SnapshotVariant.Settings]) {
            guard !values.isEmpty else { return }
            result = result.flatMap { base in values.map { base.merged(with: $0) } }
        }
        vary(values(of: .devices))
        vary(values(of: .widths))
        vary(scales.map { SnapshotVariant.Settings(scale: $0) })
        for setting: GridAxis.Setting in [.locales, .pseudo, .themes, .directions, .contentSizes, .legibilityWeights] {
            vary(values(of: setting))
        }
        return result
    }

    /// Each value of `setting`'s axis as the settings of a variant that sets it alone; empty when the matrix does not
    /// vary it.
    package func values(of setting: GridAxis.Setting) -> [SnapshotVariant.Settings] {
        switch setting {
        case .devices: devices.map { SnapshotVariant.Settings(device: $0) }
        case .widths: widths.map { SnapshotVariant.Settings(width: $0) }
        case .locales: locales.map { SnapshotVariant.Settings(locale: $0) }
        case .pseudo: pseudo.map { SnapshotVariant.Settings(pseudo: $0) }
        case .themes: themes.map { SnapshotVariant.Settings(theme: $0) }
        case .directions: directions.map { SnapshotVariant.Settings(direction: $0) }
        case .contentSizes: contentSizes.map { SnapshotVariant.Settings(contentSize: $0) }
        case .legibilityWeights: legibilityWeights.map { SnapshotVariant.Settings(legibilityWeight: $0) }
        }
    }

    /// This matrix without `setting`'s axis, which then does not vary.
    func without(_ setting: GridAxis.Setting) -> SnapshotMatrix {
        var rest = self
        switch setting {
        case .devices: (rest.devices, rest.deviceLocations) = ([], [])
        case .widths: rest.widths = []
        case .locales: rest.locales = []
        case .pseudo: rest.pseudo = []
        case .themes: rest.themes = []
        case .directions: rest.directions = []
        case .contentSizes: rest.contentSizes = []
        case .legibilityWeights: rest.legibilityWeights = []
        }
        return rest
    }
}
