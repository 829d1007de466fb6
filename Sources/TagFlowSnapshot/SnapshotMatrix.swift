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
