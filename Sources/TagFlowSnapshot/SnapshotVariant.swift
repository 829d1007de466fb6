import TagFlowLayout
import TagFlowInput

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
    /// For a grid, the settings every cell shares: the values of the axes the grid does not lay out.
    package var settings: Settings
    /// Whether this is the screen's grid picture rather than one rendering.
    package var isGrid: Bool

    package init(screen: String, settings: Settings, isGrid: Bool = false) {
        self.screen = screen
        self.settings = settings
        self.isGrid = isGrid
    }

    /// `screen/iphone-15-dark-rtl-AX2-bold`; a screen with no axes is `screen/default`. A grid ends in `grid`:
    /// `screen/iphone-15-grid`, or `screen/grid` when the grid lays out every axis.
    package var name: String {
        let parts = settings.nameParts + (isGrid ? ["grid"] : [])
        return screen + "/" + (parts.isEmpty ? "default" : parts.joined(separator: "-"))
    }
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
