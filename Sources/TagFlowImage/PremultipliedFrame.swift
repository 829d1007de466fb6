/// A finished picture as cairo drew it, kept alive by what owns its memory (the cairo surface) for as long as this
/// lives, so a frame can be compared and encoded without a straight copy. Nothing draws to it any more.
public final class PremultipliedFrame: @unchecked Sendable {
    /// Valid while this frame lives: read it through ``withPixels(_:)`` unless the frame is held for longer.
    public let pixels: PremultipliedARGB32
    private let owner: AnyObject

    /// Lends the pixels to `body`, keeping this frame, and with it their memory, alive until it returns.
    public func withPixels<R, E: Error>(_ body: (PremultipliedARGB32) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(self) { () throws(E) -> R in try body(pixels) }
    }

    public init(_ pixels: PremultipliedARGB32, owner: AnyObject) {
        self.pixels = pixels
        self.owner = owner
    }
}
