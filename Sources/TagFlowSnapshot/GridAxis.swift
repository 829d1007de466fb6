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
        self.init(setting: setting, values: matrix.values(of: setting))
    }

    /// A row's or column's label: its value as a variant's name spells it (`de`, `AX3`, `iphone-se`, `w320`).
    package var labels: [String] { values.map { $0.nameParts.joined(separator: "-") } }
}
