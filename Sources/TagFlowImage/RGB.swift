import TagFlowLayout

/// An opaque colour with 8-bit sRGB channels.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: hex >> 16), g: UInt8(truncatingIfNeeded: hex >> 8),
                  b: UInt8(truncatingIfNeeded: hex))
    }

    /// `0xRRGGBB`.
    public var hex: UInt32 { (UInt32(r) << 16) | (UInt32(g) << 8) | UInt32(b) }

    /// `#rrggbb`.
    public var description: String { "#" + TagFlowLayout.hex(hex, digits: 6, uppercase: false) }

    /// The colour packed as `r | g << 8 | b << 16`, the key used by the palette mapping.
    var packed: UInt32 { UInt32(r) | (UInt32(g) << 8) | (UInt32(b) << 16) }
}
