#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TagFlowLayout

/// An image in straight (non-premultiplied) 8-bit RGBA, row-major, rows packed with no padding.
public struct RGBAImage: Sendable, Equatable {
    /// Same size and the same bytes, compared as memory: an array's own `==` goes a byte at a time, about 25 times
    /// slower, and a snapshot's verify compares every picture with its golden.
    public static func == (lhs: RGBAImage, rhs: RGBAImage) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height,
              lhs.pixels.count == rhs.pixels.count else { return false }
        return lhs.pixels.withUnsafeBytes { a in
            rhs.pixels.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    public let width: Int
    public let height: Int
    /// The width and height.
    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public var pixels: [UInt8]

    /// An image filled with one colour. `width` and `height` must not be negative.
    public init(width: Int, height: Int, fill: Colour = Colour(0, alpha: 0)) {
        precondition(width >= 0 && height >= 0, "RGBAImage size must not be negative: \(width)×\(height)")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Int.max / 4, "RGBAImage size overflows: \(width)×\(height)")
        self.width = width
        self.height = height
        if fill.red == fill.green && fill.green == fill.blue && fill.blue == fill.alpha {
            pixels = [UInt8](repeating: fill.red, count: count * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialised in
                var i = 0
                while i < count * 4 {
                    buffer[i] = fill.red
                    buffer[i + 1] = fill.green
                    buffer[i + 2] = fill.blue
                    buffer[i + 3] = fill.alpha
                    i += 4
                }
                initialised = count * 4
            }
        }
    }

    /// An image over existing straight RGBA bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        let expected = try RGBAImage.byteCount(width: width, height: height)
        guard pixels.count == expected else {
            throw .pixelCountMismatch(expectedBytes: expected, actualBytes: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    static func byteCount(width: Int, height: Int) throws(ImageError) -> Int {
        guard width >= 0, height >= 0 else { throw .invalidDimensions(width: width, height: height) }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Int.max / 4 else { throw .invalidDimensions(width: width, height: height) }
        return count * 4
    }

    /// Converts Cairo's `CAIRO_FORMAT_ARGB32` data: each pixel a native-endian 32-bit word `A<<24 | R<<16 | G<<8 | B`
    /// (so B, G, R, A in memory on little-endian machines), with premultiplied colour. Colour is unpremultiplied
    /// with rounding to nearest, as Cairo's own PNG writer does: `c * 255 + a / 2) / a`.
    ///
    /// - Complexity: O(*width* × *height*).
    public static func fromPremultipliedARGB32(
        data: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int
    ) throws(ImageError) -> RGBAImage {
        RGBAImage(try PremultipliedARGB32(data: data, width: width, height: height, stride: stride))
    }

    /// The pixels of `premultiplied`, straight.
    public init(_ premultiplied: PremultipliedARGB32) {
        let total = premultiplied.width * premultiplied.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: total) { out, initialised in
            premultiplied.unpremultiply(into: UnsafeMutableRawBufferPointer(out))
            initialised = total
        }
        self.init(unchecked: premultiplied.width, premultiplied.height, pixels)
    }

    /// Writes `width`×`height` pixels of cairo ARGB32 data as straight RGBA into `output` (4 × width × height bytes).
    /// The caller has checked the sizes.
    public static func unpremultiply(argb32 data: UnsafeRawBufferPointer, stride: Int,
                                     into output: UnsafeMutableRawBufferPointer,
                                     width: Int, height: Int) {
        let words = output.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            let row = UnsafeBufferPointer(
                start: data.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self), count: width)
            let destination = UnsafeMutableBufferPointer(start: words.advanced(by: y * width), count: width)
            // Opaque rows, the common case, only swap R and B into R, G, B, A byte order; both loops vectorise.
            if row.reduce(UInt32(0xFF00_0000), { $0 & $1 }) == 0xFF00_0000 {
                for x in 0..<width {
                    let v = row[x]
                    destination[x] = swappingRedAndBlue(v).littleEndian
                }
                continue
            }
            for x in 0..<width { destination[x] = straightRGBA(premultipliedARGB: row[x]).littleEndian }
        }
    }

    /// An opaque ARGB32 word as the word its RGBA bytes load as on a little-endian machine, and back: the red and blue
    /// bytes trade places.
    @inline(__always)
    static func swappingRedAndBlue(_ v: UInt32) -> UInt32 {
        (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
    }

    /// One cairo ARGB32 word as the word its straight RGBA bytes load as on a little-endian machine.
    @inline(__always)
    static func straightRGBA(premultipliedARGB v: UInt32) -> UInt32 {
        let a = v >> 24
        if a == 255 { return swappingRedAndBlue(v) }
        if a == 0 { return 0 }
        let half = a / 2
        let r = min(255, ((v >> 16 & 0xFF) * 255 + half) / a)
        let g = min(255, ((v >> 8 & 0xFF) * 255 + half) / a)
        let b = min(255, ((v & 0xFF) * 255 + half) / a)
        return a << 24 | b << 16 | g << 8 | r
    }

    package init(unchecked width: Int, _ height: Int, _ pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (both 0-based, must be in bounds).
    public subscript(x: Int, y: Int) -> Colour {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return Colour(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.red
            pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }

    /// Sets every pixel of a rectangle, clipped to the image.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with pixel: Colour) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let rowWidth = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in y0..<y1 {
                var i = (row * rowWidth + x0) * 4
                for _ in x0..<x1 {
                    buffer[i] = pixel.red
                    buffer[i + 1] = pixel.green
                    buffer[i + 2] = pixel.blue
                    buffer[i + 3] = pixel.alpha
                    i += 4
                }
            }
        }
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            // A word at a time, in a loop the compiler vectorises.
            bytes.withMemoryRebound(to: UInt32.self) { words in
                words.reduce(UInt32(0xFF00_0000).littleEndian) { $0 & $1 } == UInt32(0xFF00_0000).littleEndian
            }
        }
    }
}
