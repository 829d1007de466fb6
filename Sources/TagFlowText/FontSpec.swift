import Dispatch
import Synchronization
import TagFlowLayout

/// A resolved font request: a fontconfig fallback chain at a size. Made by `TextEngine.font(family:size:)`.
public struct FontSpec: Hashable, Sendable, CustomStringConvertible {
    /// The family of the primary font (e.g. "DejaVu Sans" for a "sans-serif" request).
    public let family: String
    /// The family as requested.
    public let requestedFamily: String
    /// The size in points.
    public let size: Double
    /// The variable-font axis values asked for (an `opsz` axis not among them follows `size`).
    public let variations: [FontVariation]
    /// Points added after every grapheme cluster, the last one included (like UIKit's kern attribute).
    public let tracking: Double
    let chain: Int32
    let engine: Int

    /// The same fonts at another size; `size` must be finite and positive.
    public func resized(to size: Double) -> FontSpec {
        precondition(size.isFinite && size > 0, "font size must be positive")
        return FontSpec(family: family, requestedFamily: requestedFamily, size: size, variations: variations,
                        tracking: tracking, chain: chain, engine: engine)
    }

    public var description: String { "\(family) \(size)pt" }
}
