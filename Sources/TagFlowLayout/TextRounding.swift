/// How a measured text width becomes a cell's width.
///
/// The seed sizes cells from `boundingRectWithSize:`, which gives the exact, fractional width: ``exact``.
/// Views sized by `sizeToFit` or their intrinsic content size get the width rounded up: ``ceil`` to a whole point,
/// ``pixel`` to a whole device pixel, which is what UIKit does on a @2x or @3x screen.
public enum TextRounding: String, CaseIterable, Sendable, Codable {
    case exact, ceil, pixel

    /// `width` rounded as this rule says, on a screen of `scale` pixels per point.
    public func round(_ width: Double, scale: Double) -> Double {
        switch self {
        case .exact: width
        case .ceil: width.rounded(.up)
        case .pixel: (width * scale).rounded(.up) / scale
        }
    }
}
