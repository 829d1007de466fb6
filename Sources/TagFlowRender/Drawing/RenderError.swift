import Foundation
import TagFlowLayout
import TagFlowImage

/// What went wrong while drawing.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo's image surfaces stop at 32,767 pixels a side.
    case surfaceTooLarge(widthPixels: Int, heightPixels: Int, limit: Int)
    case tooManyPixels(pixels: Int, limit: Int)
    /// A picture drawn smaller to fit cairo's limits would still not fit at `smallestScale` pixels a point.
    case tooLargeToShrink(width: Double, height: Double, smallestScale: Double, limit: Int)
    /// The content has no area: a tags file with no sections, and no content inset around them.
    case emptyContent(width: Double, height: Double)
    case cairo(CairoError)

    public var description: String {
        switch self {
        case let .surfaceTooLarge(width, height, limit):
            return "the picture would be \(width)×\(height) px, over cairo's limit of \(limit) px a side"
        case let .tooManyPixels(pixels, limit):
            return "the picture would have \(pixels) pixels, over tagflow's cap of \(limit) pixels"
        case let .tooLargeToShrink(width, height, smallestScale, limit):
            return "the picture would be \(formatPoints(width))×\(formatPoints(height)) pt, "
                + "too large even at \(formatPoints(smallestScale)) px a point "
                + "for cairo's limit of \(limit) px a side"
        case let .emptyContent(width, height):
            return "the content is \(formatPoints(width))×\(formatPoints(height)) pt: there is nothing to draw"
        case let .cairo(error):
            return "cairo failed: \(error)"
        }
    }
}
