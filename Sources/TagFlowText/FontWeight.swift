import Dispatch
import Synchronization
import TagFlowLayout

/// How heavy a font is asked for, by UIKit's names; fontconfig picks the nearest face the family has (DejaVu Sans,
/// with Book and Bold, draws semibold and heavy in Bold).
public enum FontWeight: String, CaseIterable, Sendable, Comparable {
    case regular, semibold, bold, heavy

    /// Fontconfig's weight for it: regular 80, semibold 180, bold 200, heavy 205 (CSS 400, 600, 700 and 800).
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: 80
        case .semibold: 180
        case .bold: 200
        case .heavy: 205
        }
    }

    /// The OpenType weight (`wght` axis value): 400, 600, 700 and 800.
    var openTypeWeight: Double {
        switch self {
        case .regular: 400
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.fontconfigWeight < rhs.fontconfigWeight }
}

extension LegibilityWeight {
    /// The weight text asked for at `weight` is drawn at. Bold Text draws UIKit's system fonts a step heavier:
    /// regular as semibold, semibold as bold, bold as heavy.
    public func applied(to weight: FontWeight) -> FontWeight {
        guard self == .bold else { return weight }
        switch weight {
        case .regular: return .semibold
        case .semibold: return .bold
        case .bold, .heavy: return .heavy
        }
    }
}

extension LegibilityWeight {
    /// The weight body text (the tags, footers) is measured and drawn at: regular, or semibold with Bold Text.
    public var bodyWeight: FontWeight { applied(to: .regular) }
}

extension LayoutOptions {
    /// The weight the tags are measured and drawn at: regular, or semibold with Bold Text.
    public var tagFontWeight: FontWeight { legibilityWeight.bodyWeight }
}
