/// The reader's text size, as iOS's Dynamic Type setting gives it (`UIContentSizeCategory`).
///
/// A custom font size scales as `UIFontMetrics(forTextStyle: .body).scaledValue(for:)` scales it: in proportion
/// to the body style's size at this category against its size at the default, Large (17 pt).
public enum ContentSizeCategory: String, CaseIterable, Sendable, Codable {
    case extraSmall = "xS"
    case small = "S"
    case medium = "M"
    case large = "L"
    case extraLarge = "xL"
    case extraExtraLarge = "xxL"
    case extraExtraExtraLarge = "xxxL"
    case accessibilityMedium = "AX1"
    case accessibilityLarge = "AX2"
    case accessibilityExtraLarge = "AX3"
    case accessibilityExtraExtraLarge = "AX4"
    case accessibilityExtraExtraExtraLarge = "AX5"

    /// The body text style's size at this category, in points.
    public var bodySize: Double {
        switch self {
        case .extraSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .extraLarge: 19
        case .extraExtraLarge: 21
        case .extraExtraExtraLarge: 23
        case .accessibilityMedium: 28
        case .accessibilityLarge: 33
        case .accessibilityExtraLarge: 40
        case .accessibilityExtraExtraLarge: 47
        case .accessibilityExtraExtraExtraLarge: 53
        }
    }

    /// `size` as this category shows it; at Large it is `size` itself.
    public func scaled(_ size: Double) -> Double {
        self == .large ? size : size * bodySize / ContentSizeCategory.large.bodySize
    }

    /// The category a short name or `UIContentSizeCategory` name names, ignoring case: "AX3",
    /// "accessibilityExtraLarge" and "ax3" are the same.
    public init?(name: String) {
        let key = name.lowercased()
        guard let match = Self.allCases.first(where: {
            $0.rawValue.lowercased() == key || "\($0)".lowercased() == key
        }) else {
            return nil
        }
        self = match
    }
}
