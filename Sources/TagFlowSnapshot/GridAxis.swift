import TagFlowLayout
import TagFlowInput

/// One side of a grid picture: a setting a snapshot variant can change, and the values it takes, one row or column
/// each.
package struct GridAxis: Equatable, Sendable {
    /// The settings an axis can vary, by the names the manifest's `variants` give them, as `render --grid` takes
    /// them too.
    package enum Setting: String, CaseIterable, Sendable {
        case devices, widths, locales, pseudo, themes, directions, contentSizes, legibilityWeights
    }

    package var setting: Setting
    /// Each value as the settings of a variant that sets it alone.
    package var values: [SnapshotVariant.Settings]

    package init(setting: Setting, values: [SnapshotVariant.Settings]) {
        self.setting = setting
        self.values = values
    }

    /// The axis `matrix` gives `setting`; empty when the matrix does not vary it.
    package init(_ setting: Setting, of matrix: SnapshotMatrix) {
        self.setting = setting
        values = switch setting {
        case .devices: matrix.devices.map { SnapshotVariant.Settings(device: $0) }
        case .widths: matrix.widths.map { SnapshotVariant.Settings(width: $0) }
        case .locales: matrix.locales.map { SnapshotVariant.Settings(locale: $0) }
        case .pseudo: matrix.pseudo.map { SnapshotVariant.Settings(pseudo: $0) }
        case .themes: matrix.themes.map { SnapshotVariant.Settings(theme: $0) }
        case .directions: matrix.directions.map { SnapshotVariant.Settings(direction: $0) }
        case .contentSizes: matrix.contentSizes.map { SnapshotVariant.Settings(contentSize: $0) }
        case .legibilityWeights: matrix.legibilityWeights.map { SnapshotVariant.Settings(legibilityWeight: $0) }
        }
    }

    /// A row's or column's label: its value as a variant's name spells it (`de`, `AX3`, `iphone-se`, `w320`).
    package var labels: [String] { values.map { $0.nameParts.joined(separator: "-") } }
}

extension SnapshotVariant.Settings {
    /// These settings with those `other` sets on top.
    package func merged(with other: Self) -> Self {
        Self(device: other.device ?? device, width: other.width ?? width, scale: other.scale ?? scale,
             theme: other.theme ?? theme, direction: other.direction ?? direction,
             contentSize: other.contentSize ?? contentSize,
             legibilityWeight: other.legibilityWeight ?? legibilityWeight, locale: other.locale ?? locale,
             pseudo: other.pseudo ?? pseudo)
    }
}
