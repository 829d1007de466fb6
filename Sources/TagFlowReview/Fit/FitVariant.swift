import TagFlowLayout

/// One variant of a fit matrix: a device's width, a text size, a language or pseudolanguage, and Bold Text.
public struct FitVariant: Hashable, Sendable {
    /// The manifest's screen it is a variant of; `nil` for a tags file fitted alone.
    public var screen: String?
    /// The device's name; empty when the width comes from the options alone.
    public var device: String
    public var width: Double
    /// Whether the width is the device's own, or one a manifest's `widths` sets in its place.
    public var isDevicesWidth = true
    public var contentSize: ContentSizeCategory
    /// The catalog's language; `nil` without a catalog.
    public var locale: String?
    /// The pseudolanguage's name; `nil` for none.
    public var pseudo: String?
    public var legibilityWeight: LegibilityWeight

    public init(device: String, width: Double, contentSize: ContentSizeCategory, locale: String?, pseudo: String?,
                legibilityWeight: LegibilityWeight, screen: String? = nil) {
        self.screen = screen
        self.device = device
        self.width = width
        self.contentSize = contentSize
        self.locale = locale
        self.pseudo = pseudo
        self.legibilityWeight = legibilityWeight
    }

    /// `iphone-se/AX3/de/double/bold`: the values that are set, in that order; after its screen's name, for a
    /// manifest's (`sports/iphone-se/AX3/de`). A width alone is `320pt`; a device's at another width,
    /// `iphone-se/320pt`.
    public var name: String {
        let widthName = device.isEmpty || !isDevicesWidth ? formatPoints(width) + "pt" : nil
        return [screen, device.isEmpty ? nil : device, widthName, contentSize.rawValue, locale, pseudo,
                legibilityWeight == .bold ? "bold" : nil].compactMap { $0 }.joined(separator: "/")
    }

    /// The same variant at another text size.
    func at(_ size: ContentSizeCategory) -> FitVariant {
        var variant = self
        variant.contentSize = size
        return variant
    }
}
