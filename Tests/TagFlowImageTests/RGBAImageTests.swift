import Testing
import TagFlowImage

@Suite("Encoding: RGBAImage")
struct EncodingRGBAImageTests {
    @Test("fill, subscript and rectangle fill")
    func basics() throws {
        var image = RGBAImage(width: 3, height: 2, fill: .init(red: 10, green: 20, blue: 30, alpha: 40))
        #expect(image.pixels == Array(repeating: [UInt8]([10, 20, 30, 40]), count: 6).flatMap { $0 })
        image[2, 1] = .init(red: 1, green: 2, blue: 3, alpha: 4)
        #expect(Array(image.pixels[20..<24]) == [1, 2, 3, 4])
        #expect(image[2, 1] == .init(red: 1, green: 2, blue: 3, alpha: 4))
        image.fill(x: -1, y: 1, width: 2, height: 5, with: .init(red: 9, green: 9, blue: 9))
        #expect(image[0, 1] == .init(red: 9, green: 9, blue: 9, alpha: 255))
        #expect(image[1, 1] == .init(red: 10, green: 20, blue: 30, alpha: 40))
        #expect(image[0, 0] == .init(red: 10, green: 20, blue: 30, alpha: 40))
        #expect(!image.isOpaque)
        #expect(RGBAImage(width: 4, height: 4, fill: .init(red: 0, green: 0, blue: 0)).isOpaque)
    }

    @Test("equal: the same size and every byte the same")
    func equality() throws {
        let image = RGBAImage(width: 300, height: 200, fill: .init(red: 10, green: 20, blue: 30, alpha: 40))
        var copy = image
        #expect(copy == image)
        copy[299, 199] = .init(red: 10, green: 20, blue: 30, alpha: 41)
        #expect(copy != image, "the last byte differs")
        copy = image
        copy[0, 0] = .init(red: 11, green: 20, blue: 30, alpha: 40)
        #expect(copy != image, "the first byte differs")
        let pixels = [UInt8](repeating: 7, count: 24)
        #expect(try RGBAImage(width: 3, height: 2, pixels: pixels) != RGBAImage(width: 2, height: 3, pixels: pixels))
        #expect(try RGBAImage(width: 0, height: 5, pixels: []) == RGBAImage(width: 0, height: 5, pixels: []))
    }

    @Test("wrong pixel counts are refused")
    func pixelCount() {
        #expect(throws: ImageError.pixelCountMismatch(expectedBytes: 24, actualBytes: 23)) {
            try RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 0, count: 23))
        }
        #expect(throws: ImageError.invalidDimensions(width: -1, height: 2)) {
            try RGBAImage(width: -1, height: 2, pixels: [])
        }
    }

    @Test("premultiplied ARGB32 words are unpremultiplied with rounding")
    func unpremultiply() throws {
        // Native-endian words, as Cairo stores them: A<<24 | R<<16 | G<<8 | B.
        let words: [UInt32] = [
            0xFF_10_20_30,  // opaque: unchanged
            0x80_40_20_01,  // alpha 128: 64→128 (127.5 rounds up), 32→64 (63.75), 1→2 (1.99)
            0x00_00_00_00,  // fully transparent
            0x03_03_01_02,  // alpha 3: 3→255, 1→85, 2→170
            0x01_01_01_01,  // alpha 1: everything to 255
            0xFF_FF_FF_FF,
        ]
        let image = try words.withUnsafeBytes { raw in
            try RGBAImage.fromPremultipliedARGB32(data: raw, width: 3, height: 2, stride: 12)
        }
        #expect(image.pixels == [
            0x10, 0x20, 0x30, 255,
            128, 64, 2, 128,
            0, 0, 0, 0,
            255, 85, 170, 3,
            255, 255, 255, 1,
            255, 255, 255, 255,
        ])
    }

    @Test("row padding in the stride is skipped, and short buffers are refused")
    func stride() throws {
        let words: [UInt32] = [0xFF_01_02_03, 0xDEAD_BEEF, 0xFF_04_05_06, 0xDEAD_BEEF]
        let image = try words.withUnsafeBytes { try RGBAImage.fromPremultipliedARGB32(data: $0, width: 1, height: 2, stride: 8) }
        #expect(image.pixels == [1, 2, 3, 255, 4, 5, 6, 255])
        #expect(throws: ImageError.invalidStride(stride: 4, width: 2)) {
            try words.withUnsafeBytes { try RGBAImage.fromPremultipliedARGB32(data: $0, width: 2, height: 2, stride: 4) }
        }
        #expect(throws: ImageError.bufferTooSmall(requiredBytes: 32, actualBytes: 16)) {
            try words.withUnsafeBytes { try RGBAImage.fromPremultipliedARGB32(data: $0, width: 2, height: 4, stride: 8) }
        }
    }
}
