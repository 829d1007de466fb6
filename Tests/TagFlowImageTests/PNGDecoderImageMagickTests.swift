import Foundation
import Testing
import TagFlowImage
import TagFlowLayout
import TagFlowTestSupport

/// One kind of PNG: colour type, bit depth, interlacing, and whether a tRNS chunk gives transparency.
struct PNGKind: Sendable, CustomStringConvertible {
    enum Colour: UInt8, Sendable, CaseIterable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// The bit depths the PNG spec allows for the colour type.
        var depths: [Int] {
            switch self {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            default: [8, 16]
            }
        }

        var samples: Int { [.gray: 1, .rgb: 3, .palette: 1, .grayAlpha: 2, .rgba: 4][self]! }
        /// tRNS is allowed only where there is no alpha channel.
        var takesTransparency: Bool { self == .gray || self == .rgb || self == .palette }
    }

    var colour: Colour
    var depth: Int
    var interlaced: Bool
    var transparency = false

    var description: String {
        "\(colour) \(depth)-bit" + (transparency ? " with tRNS" : "") + (interlaced ? ", Adam7" : ", not interlaced")
    }

    /// Every colour type × bit depth × interlacing the PNG spec allows, and with tRNS where it applies.
    static let all: [PNGKind] = Colour.allCases.flatMap { colour in
        colour.depths.flatMap { depth in
            [false, true].flatMap { interlaced in
                [false, true].filter { !$0 || colour.takesTransparency }.map {
                    PNGKind(colour: colour, depth: depth, interlaced: interlaced, transparency: $0)
                }
            }
        }
    }

    /// The ones ImageMagick writes exactly; it will not write a 1-bit palette with tRNS.
    static let byImageMagick = all.filter { !($0.colour == .palette && $0.transparency && $0.depth == 1) }
}

/// tagflow's PNG decoder against ImageMagick, on every kind of PNG: the same 8-bit RGBA, exactly.
///
/// ImageMagick's samples are read at 16 bits and rounded to the nearest 8-bit value, as libpng rounds; its own
/// `-depth 8` truncates instead (0xCD56, 204.54 × 257, gives 204), which no decoder here is meant to match.
@Suite("PNG decoding agrees with ImageMagick", .enabled(if: ProcessRunner.toolAvailable("convert")))
struct PNGDecoderImageMagickTests {
    /// Files ImageMagick writes, at a size whose Adam7 passes are all partial and at one where some are empty.
    @Test(arguments: PNGKind.byImageMagick, [(width: 13, height: 11), (width: 6, height: 3)])
    func imageMagicksFiles(kind: PNGKind, size: (width: Int, height: Int)) throws {
        let folder = try TemporaryFolder()
        let file = folder.path("picture.png")
        let written = try ProcessRunner.runTool("convert", Self.imageMagickArguments(kind, size, to: file))
        try #require(written.status == 0, "convert: \(written.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        try Self.expectKind(kind, of: bytes)
        try Self.expectAgreement(bytes, file: file, kind: kind)
    }

    /// Files written here: what ImageMagick will not write, and 16-bit files with no gAMA or sRGB chunk (ImageMagick
    /// always writes gAMA), whose samples ImageMagick and libpng then read as sRGB.
    @Test(arguments: PNGKind.all.filter { $0.colour == .palette && $0.transparency || $0.depth == 16 },
          [(width: 1, height: 1), (width: 3, height: 2), (width: 13, height: 11), (width: 33, height: 9)])
    func handWrittenFiles(kind: PNGKind, size: (width: Int, height: Int)) throws {
        let folder = try TemporaryFolder()
        let bytes = HandWrittenPNG(kind: kind, width: size.width, height: size.height).bytes
        try Self.expectKind(kind, of: bytes)
        #expect(try !EncodingFixtures.chunks(of: bytes).contains { ["gAMA", "sRGB", "iCCP"].contains($0.type) })
        let file = try folder.write("picture.png", Data(bytes)).path
        try Self.expectAgreement(bytes, file: file, kind: kind)
    }

    /// A 16-bit Adam7 file is rewritten before libpng reads it, unless it is damaged: then libpng reads it as it is,
    /// and says what is wrong. Here the image data is whole, but its chunk's CRC is not.
    @Test func a16BitAdam7FileWithADamagedChunkFailsAsLibpngSays() throws {
        let kind = PNGKind(colour: .rgb, depth: 16, interlaced: true)
        var bytes = HandWrittenPNG(kind: kind, width: 13, height: 11).bytes
        let idat = try #require(Self.chunkStart("IDAT", in: bytes))
        bytes[idat + 8 + Int(EncodingFixtures.uint32(bytes, at: idat))] ^= 0x40
        #expect(throws: PNGError.corrupt("IDAT: CRC error")) { try PNGDecoder().decode(bytes) }
    }

    /// libpng takes the image data its rows need and only warns about more; so does the rewrite.
    @Test func a16BitAdam7FileWithDataAfterItsZlibStreamReadsAsWithout() throws {
        let kind = PNGKind(colour: .rgba, depth: 16, interlaced: true)
        let clean = HandWrittenPNG(kind: kind, width: 13, height: 11).bytes
        var chunks = try EncodingFixtures.chunks(of: clean).map { ($0.type, $0.data) }
        let idat = try #require(chunks.firstIndex { $0.0 == "IDAT" })
        chunks[idat].1 += [0x01, 0x00, 0x00, 0xFF, 0xFF]
        #expect(try PNGDecoder().decode(EncodingFixtures.png(chunks: chunks)) == PNGDecoder().decode(clean))
    }

    static func imageMagickArguments(_ kind: PNGKind, _ size: (width: Int, height: Int), to file: String) -> [String] {
        let (width, height) = (size.width, size.height)
        var arguments = ["-seed", "7", "-size", "\(width)x\(height)", "plasma:fractal"]
        if kind.transparency {
            // A transparent square of one colour, so that one tRNS colour or palette entry can stand for it. Black:
            // ImageMagick 6.9 scales another grey's tRNS wrongly below 8 bits, and then leaves tRNS out.
            arguments += ["-alpha", "set", "(", "-size", "4x4", "xc:rgba(0,0,0,0)", ")", "-geometry", "+2+2",
                          "-compose", "Copy", "-composite"]
        } else if kind.colour == .grayAlpha || kind.colour == .rgba {
            arguments += ["(", "-size", "\(width)x\(height)", "gradient:white-black", ")", "-alpha", "off",
                          "-compose", "CopyOpacity", "-composite"]
        } else {
            arguments += ["-alpha", "off"]
        }
        if kind.colour == .gray || kind.colour == .grayAlpha { arguments += ["-colorspace", "Gray"] }
        if kind.colour == .palette {
            // bKGD would add a palette entry, and a deeper palette than asked for.
            arguments += ["-colors", "\(1 << kind.depth)", "-define", "png:exclude-chunk=bKGD"]
        } else {
            arguments += ["-depth", "\(kind.depth)"]
        }
        arguments += ["-define", "png:bit-depth=\(kind.depth)", "-interlace", kind.interlaced ? "PNG" : "none"]
        // A palette with tRNS is PNG8's; asking for colour type 3 as well makes ImageMagick drop the transparency.
        if kind.colour == .palette && kind.transparency { return arguments + ["PNG8:" + file] }
        return arguments + ["-define", "png:color-type=\(kind.colour.rawValue)", file]
    }

    /// Checks that `bytes` is a PNG of `kind`, from its IHDR and whether it has a tRNS chunk.
    static func expectKind(_ kind: PNGKind, of bytes: [UInt8]) throws {
        let chunks = try EncodingFixtures.chunks(of: bytes)
        let header = try #require(chunks.first { $0.type == "IHDR" }?.data)
        try #require(chunks.first?.type == "IHDR" && header.count == 13)
        let found = PNGKind(colour: try #require(PNGKind.Colour(rawValue: header[9]), "colour type \(header[9])"),
                            depth: Int(header[8]), interlaced: header[12] == 1,
                            transparency: chunks.contains { $0.type == "tRNS" })
        try #require(found.description == kind.description, "asked for \(kind), the file is \(found)")
    }

    /// `bytes` (also at `file`) decoded by tagflow to exactly what ImageMagick reads.
    static func expectAgreement(_ bytes: [UInt8], file: String, kind: PNGKind) throws {
        let decoded = try PNGDecoder().decode(bytes)
        let read = try ProcessRunner.runTool("convert", [file, "-depth", "16", "-endian", "MSB", "rgba:-"])
        try #require(read.status == 0, "convert: \(read.stderr)")
        let wide = [UInt8](read.stdoutBytes)
        try #require(wide.count == decoded.width * decoded.height * 8, "ImageMagick read \(wide.count) bytes")
        // The nearest 8-bit value: v × 255 / 65535 rounded; odd 65535 leaves no ties.
        let expected = stride(from: 0, to: wide.count, by: 2).map { at -> UInt8 in
            let sample = Int(wide[at]) << 8 | Int(wide[at + 1])
            return UInt8((sample * 255 + 32767) / 65535)
        }
        let differing = (0..<decoded.width * decoded.height).filter {
            decoded.pixels[$0 * 4..<$0 * 4 + 4] != expected[$0 * 4..<$0 * 4 + 4]
        }
        guard let first = differing.first else { return }
        let pixel = first * 4..<first * 4 + 4
        let (ours, theirs) = (Array(decoded.pixels[pixel]), Array(expected[pixel]))
        Issue.record("""
            \(kind): \(differing.count) of \(decoded.width * decoded.height) pixels differ; the first, at \
            (\(first % decoded.width), \(first / decoded.width)), is \(ours) in tagflow, \(theirs) in ImageMagick
            """)
    }

    static func chunkStart(_ type: String, in bytes: [UInt8]) -> Int? {
        var offset = 8
        while offset + 8 <= bytes.count {
            if bytes[offset + 4..<offset + 8].elementsEqual(type.utf8) { return offset }
            offset += 12 + Int(EncodingFixtures.uint32(bytes, at: offset))
        }
        return nil
    }
}

/// A PNG of random samples of any kind, written here sample by sample: no gAMA, sRGB or iCCP; filter type 0;
/// the zlib stream in stored blocks. A tRNS colour is one that some pixels have; a palette's tRNS grades alpha
/// and is shorter than the palette, so its last entries stay opaque.
struct HandWrittenPNG {
    let kind: PNGKind
    let width: Int
    let height: Int

    var bytes: [UInt8] {
        var generator = SeededGenerator(seed: UInt64(width * 1000 + height) ^ UInt64(kind.depth << 8))
        let top = UInt16((1 << kind.depth) - 1)
        let paletteCount = kind.colour == .palette ? min(1 << kind.depth, 200) : 0
        let highest = kind.colour == .palette ? UInt16(paletteCount - 1) : top
        var pixels = (0..<width * height).map { _ in
            (0..<kind.colour.samples).map { _ in UInt16.random(in: 0...highest, using: &generator) }
        }
        var chunks: [(String, [UInt8])] = [("IHDR", header)]
        if kind.colour == .palette {
            chunks.append(("PLTE", (0..<paletteCount * 3).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        if kind.transparency {
            if kind.colour == .palette {
                let graded = max(1, paletteCount - 1)
                chunks.append(("tRNS", (0..<graded).map { UInt8(($0 * 255) / graded) }))
            } else {
                let key = pixels[0]
                for index in stride(from: 0, to: pixels.count, by: 3) { pixels[index] = key }
                chunks.append(("tRNS", key.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
            }
        }
        chunks += [("IDAT", Self.storedZlib(lines(pixels))), ("IEND", [])]
        return EncodingFixtures.png(chunks: chunks)
    }

    private var header: [UInt8] {
        EncodingFixtures.bigEndian(UInt32(width)) + EncodingFixtures.bigEndian(UInt32(height))
            + [UInt8(kind.depth), kind.colour.rawValue, 0, 0, kind.interlaced ? 1 : 0]
    }

    /// The image data before compression: each pass's rows (the one pass when not interlaced), each after a filter
    /// byte of 0.
    private func lines(_ pixels: [[UInt16]]) -> [UInt8] {
        let passes = kind.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: width, by: dx))
            for y in stride(from: y0, to: height, by: dy) where !columns.isEmpty {
                out.append(0)
                out += packed(columns.flatMap { pixels[y * width + $0] })
            }
        }
        return out
    }

    /// Samples packed as PNG packs them: big-endian pairs at 16 bits, high bits first below 8, the row's last byte
    /// padded with zeros.
    private func packed(_ samples: [UInt16]) -> [UInt8] {
        switch kind.depth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var bytes = [UInt8](repeating: 0, count: (samples.count * kind.depth + 7) / 8)
            for (index, sample) in samples.enumerated() {
                let bit = index * kind.depth
                bytes[bit / 8] |= UInt8(sample) << (8 - kind.depth - bit % 8)
            }
            return bytes
        }
    }

    /// A zlib stream of stored blocks, with its Adler-32.
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65535), length = UInt16(end - start)
            out += [end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
                    UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + EncodingFixtures.bigEndian(b << 16 | a)
    }
}
