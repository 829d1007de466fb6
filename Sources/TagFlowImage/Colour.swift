import TagFlowLayout

/// An sRGB colour with straight alpha, 8 bits a channel: a style's colours and an image's pixels alike.
/// Written `#rrggbb` or `#rrggbbaa`; in code, `Colour(0xffb400)`.
public struct Colour: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `0xRRGGBB`, opaque unless `alpha` says otherwise: `Colour(0x2f80ed, alpha: 0x1f)`.
    public init(_ rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha)
    }

    public init(_ rgb: RGB, alpha: UInt8 = 255) {
        self.init(red: rgb.r, green: rgb.g, blue: rgb.b, alpha: alpha)
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; `nil` otherwise.
    public init?(hex text: String) {
        guard text.first == "#" else { return nil }
        var digits = Array(text.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8,
              let value = UInt32(String(digits), radix: 16) else { return nil }
        self.init(digits.count == 6 ? value : value >> 8, alpha: digits.count == 6 ? 255 : UInt8(value & 0xFF))
    }

    /// `#rrggbb`, or `#rrggbbaa` when translucent.
    public var description: String {
        "#" + hex(rgb.hex, digits: 6, uppercase: false) + (alpha == 255 ? "" : hex(alpha, digits: 2, uppercase: false))
    }

    public func withAlpha(_ alpha: UInt8) -> Colour { Colour(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour without its alpha, for palettes.
    public var rgb: RGB { RGB(r: red, g: green, b: blue) }

    /// This colour laid over `background` at its alpha: what an opaque pixel shows.
    public func over(_ background: Colour) -> Colour {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return Colour(red: mix(red, background.red), green: mix(green, background.green),
                      blue: mix(blue, background.blue))
    }
}
