import Foundation
import Testing
@testable import TagFlowImage
import TagFlowLayout

@Suite("Encoding: igzip deflates palette pictures in pieces on every core")
struct IgzipTests {
    /// `count` bytes of runs of one value with noise between them, as flat UI rows are, or noise alone.
    static func bytes(_ count: Int, noise: Bool, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let value = UInt8.random(in: 0...255, using: &generator)
            let run = noise ? 1 : Int.random(in: 1...300, using: &generator)
            bytes += repeatElement(value, count: min(run, count - bytes.count))
        }
        return bytes
    }

    /// What libdeflate inflates a zlib stream to, holding exactly `count` bytes with a matching Adler-32.
    static func inflated(_ stream: [UInt8], count: Int) -> [UInt8]? {
        stream.withUnsafeBytes { LibdeflateDecompressor()!.zlibStream($0, exactly: count) }
    }

    /// Inputs of sizes around the piece edges, runs and noise: made once for every level's test.
    static let inputs: [(count: Int, noise: Bool, bytes: [UInt8])] = {
        let piece = PNGDeflate.pieceSize
        return [0, 1, 1000, piece - 1, piece, piece + 1, piece * 5 / 2].flatMap { count in
            [false, true].map { noise in (count, noise, bytes(count, noise: noise, seed: UInt64(count))) }
        }
    }()

    @Test("pieces joined into one zlib stream inflate to the input, at every level, across piece edges and for noise",
          arguments: [0, 1, 2])
    func piecesJoinIntoOneStream(level: Int) throws {
        for (count, noise, input) in Self.inputs {
            let options = PNGEncoder.Options(compressionLevel: level, deflater: .igzip)
            let stream = try PNGDeflate.zlibStream(input, options: options)
            #expect(Self.inflated(stream, count: count) == input, "\(count) bytes, noise: \(noise)")
            if noise { #expect(stream.count <= count + count / 1000 + 64, "noise is stored, not expanded") }
            var oneCore = options
            oneCore.usesEveryCore = false
            #expect(try PNGDeflate.zlibStream(input, options: oneCore) == stream, "the same bytes on one core")
        }
        // Level 3 is slow; one piece edge is enough for it.
        let input = Self.bytes(PNGDeflate.pieceSize + 1, noise: false, seed: 3)
        #expect(Self.inflated(try PNGDeflate.zlibStream(input, options: .init(compressionLevel: 3, deflater: .igzip)), count: input.count) == input)
    }

    @Test("fast deflates palette pictures with igzip and leaves RGB ones to zlib, byte for byte")
    func fastChoosesByColours() throws {
        let zlib3 = PNGEncoder.Options(compressionLevel: 3, deflater: .zlib)
        // 700 × 1500, several deflate pieces.
        let palette = EncodingPNGTests.bandedGreys(colourCount: 200, height: 1500)
        let fast = try PNGEncoder(options: .fast).encode(palette)
        #expect(fast[25] == 3, "colour type: palette")
        #expect(fast == (try PNGEncoder(options: .init(compressionLevel: 2, deflater: .igzip)).encode(palette)))
        #expect(fast != (try PNGEncoder(options: zlib3).encode(palette)))
        #expect(try PNGDecoder().decode(fast) == palette)
        #expect(try PNGDecoder().decode(EncodingPNGTests.encodeInBands(palette)) == palette)

        let rgb = FastEncodingTests.tallPicture(manyColours: true)
        let rgbFast = try PNGEncoder(options: .fast).encode(rgb)
        #expect(rgbFast[25] == 2, "colour type: RGB")
        #expect(rgbFast == (try PNGEncoder(options: zlib3).encode(rgb)))
        let zlibBands = try FastEncodingTests.encodeInBands(rgb, options: zlib3)
        #expect(try FastEncodingTests.encodeInBands(rgb, options: .fast) == zlibBands)
    }

    @Test("fastest deflates every picture with igzip level 2: a palette one as fast does, RGB and RGBA ones too")
    func fastestUsesIgzipForEveryPicture() throws {
        let palette = EncodingPNGTests.bandedGreys(colourCount: 200, height: 1500)
        #expect(try PNGEncoder(options: .fastest).encode(palette) == PNGEncoder(options: .fast).encode(palette))

        var rgb = FastEncodingTests.tallPicture(manyColours: true)
        let rgbFastest = try PNGEncoder(options: .fastest).encode(rgb)
        #expect(rgbFastest[25] == 2, "colour type: RGB")
        #expect(rgbFastest != (try PNGEncoder(options: .fast).encode(rgb)), "not zlib's bytes")
        #expect(try PNGDecoder().decode(rgbFastest) == rgb)
        #expect(try PNGDecoder().decode(FastEncodingTests.encodeInBands(rgb, options: .fastest)) == rgb)

        rgb[3, 700] = .init(red: 10, green: 200, blue: 30, alpha: 90)
        let rgbaFastest = try PNGEncoder(options: .fastest).encode(rgb)
        #expect(rgbaFastest[25] == 6, "colour type: RGBA")
        #expect(try PNGDecoder().decode(rgbaFastest) == rgb)
    }

    @Test("levels outside igzip's 0 to 3 are refused, for palette pictures too")
    func levels() throws {
        #expect(throws: PNGError.invalidCompressionLevel(4)) {
            try PNGEncoder(options: .init(compressionLevel: 4, deflater: .igzip)).encode(RGBAImage(width: 1, height: 1))
        }
        #expect(throws: PNGError.invalidCompressionLevel(7)) {
            try PNGEncoder(options: .init(paletteDeflation: .init(.igzip, level: 7))).encode(RGBAImage(width: 1, height: 1))
        }
    }
}
