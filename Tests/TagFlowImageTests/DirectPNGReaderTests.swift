import Foundation
import Testing
@testable import TagFlowImage
import TagFlowLayout

@Suite("PNG: tagflow's own PNGs read without libpng, to libpng's pixels")
struct DirectPNGReaderTests {
    typealias Fixtures = EncodingFixtures

    static func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        try bytes.withUnsafeBytes { try LibdeflateCompressor(level: 6).zlibStream($0) }
    }

    static func direct(_ bytes: [UInt8]) -> RGBAImage? {
        bytes.withUnsafeBytes { DirectPNGReader.image($0, limits: PNGDecoder.Limits()) }
    }

    /// What `PNGDecoder.decode` gives, against what libpng alone gives: the same pixels, or the same error.
    static func decodesAsLibpng(_ bytes: [UInt8]) -> Bool {
        let decoded = Result { () throws(PNGError) in try PNGDecoder().decode(bytes) }
        let byLibpng = Result { () throws(PNGError) in try PNGDecoder().decodeWithLibpng(bytes) }
        return decoded == byLibpng
    }

    /// Few colours (a palette), few with translucent ones (a palette and tRNS), many opaque (RGB), many translucent
    /// (RGBA), and one-pixel-wide and one-row pictures.
    static let pictures: [RGBAImage] = {
        let flat = Fixtures.flatUI(width: 333, height: 97, seed: 5)
        var translucent = flat
        translucent.fill(x: 10, y: 10, width: 40, height: 20, with: .init(red: 30, green: 90, blue: 200, alpha: 100))
        translucent.fill(x: 60, y: 10, width: 4, height: 60, with: .init(red: 0, green: 0, blue: 0, alpha: 0))
        return [flat, translucent, Fixtures.noise(width: 120, height: 90, seed: 3, opaque: true),
                Fixtures.noise(width: 120, height: 90, seed: 4, opaque: false),
                Fixtures.flatUI(width: 1, height: 40, seed: 6), Fixtures.noise(width: 300, height: 1, seed: 7, opaque: true)]
    }()

    static let settings: [PNGEncoder.Options] = [
        .fast, .small, .cairoLike, .init(filter: .sub), .init(filter: .up), .init(filter: .average), .init(filter: .paeth),
        .init(compressionLevel: 1, filter: .adaptive, colourType: .direct, deflater: .libdeflate),
        .init(compressionLevel: 0, filter: .none, colourType: .rgba, deflater: .zlib),
    ]

    @Test("every setting's PNGs are read directly, to the pixels written and the pixels libpng reads", arguments: settings)
    func ownPNGs(options: PNGEncoder.Options) throws {
        for picture in Self.pictures {
            let bytes = try PNGEncoder(options: options).encode(picture)
            let direct = try #require(Self.direct(bytes), "\(picture.width)×\(picture.height) not read directly")
            #expect(direct == picture)
            #expect(try PNGDecoder().decodeWithLibpng(bytes) == picture)
        }
    }

    @Test("a PNG holds exactly a picture's pixels only when every byte of every pixel is the same")
    func holdsExactly() throws {
        let decoder = PNGDecoder()
        for picture in Self.pictures {
            for options in [PNGEncoder.Options.fast, .cairoLike] {
                let bytes = try PNGEncoder(options: options).encode(picture)
                #expect(decoder.holdsExactly(picture, in: bytes))
                var changed = picture
                let last = changed[picture.width - 1, picture.height - 1]
                changed[picture.width - 1, picture.height - 1] = .init(red: last.red ^ 1, green: last.green,
                                                                       blue: last.blue, alpha: last.alpha)
                #expect(!decoder.holdsExactly(changed, in: bytes), "the last pixel differs")
                let taller = RGBAImage(width: picture.width, height: picture.height + 1, fill: Colour(0x000000))
                #expect(!decoder.holdsExactly(taller, in: bytes))
            }
        }
        // Not tagflow's kind: only decoding can tell, so it is not claimed.
        let picture = Fixtures.flatUI(width: 64, height: 32, seed: 8)
        var chunks = try Fixtures.chunks(of: try PNGEncoder().encode(picture)).map { ($0.type, $0.data) }
        chunks.insert(("sBIT", [8, 8, 8]), at: 1)
        #expect(!decoder.holdsExactly(picture, in: Fixtures.png(chunks: chunks)))
        #expect(try decoder.decode(Fixtures.png(chunks: chunks)) == picture)
    }

    /// Whether `png` holds the picture of `words` (premultiplied ARGB32, `width` a row) drawn `bandRows` rows at a
    /// time, and how many bands were drawn before the answer.
    static func holds(_ png: [UInt8], _ words: [UInt32], width: Int, bandRows: Int) -> (holds: Bool, bandsDrawn: Int) {
        let height = words.count / width
        var drawn = 0
        let holds = words.withUnsafeBytes { bytes in
            PNGDecoder().holdsExactly(in: png) { check in
                for top in stride(from: 0, to: height, by: bandRows) {
                    let rows = min(bandRows, height - top)
                    let band = try! PremultipliedARGB32(data: UnsafeRawBufferPointer(rebasing: bytes[top * width * 4..<(top + rows) * width * 4]),
                                                        width: width, height: rows, stride: width * 4)
                    drawn += 1
                    guard check(band) else { return false }
                }
                return true
            }
        }
        return (holds, drawn)
    }

    @Test("a PNG holds a picture drawn in bands only when every row of every band is the same, and no row is missing or extra")
    func holdsAPictureDrawnInBands() throws {
        for picture in Self.pictures {
            let words = PremultipliedEncodingTests.premultiplied(picture)
            // What cairo's pixels stand for: translucent ones need not come back to `picture`'s.
            let straight = words.withUnsafeBytes { RGBAImage(try! PremultipliedARGB32(data: $0, width: picture.width, height: picture.height,
                                                                                           stride: picture.width * 4)) }
            let (width, height) = (picture.width, picture.height)
            for options in [PNGEncoder.Options.fast, .cairoLike, .init(colourType: .rgba)] {
                let png = try PNGEncoder(options: options).encode(straight)
                for bandRows in [1, 7, height] {
                    #expect(Self.holds(png, words, width: width, bandRows: bandRows) == (true, (height + bandRows - 1) / bandRows))
                }
                var changed = words
                changed[words.count - 1] ^= 0x0000_0100
                #expect(Self.holds(png, changed, width: width, bandRows: 7).holds == false, "the last pixel differs")
                changed = words
                changed[0] ^= 0x0000_0001
                #expect(Self.holds(png, changed, width: width, bandRows: 1) == (false, 1), "no band is drawn past the first that differs")
                #expect(Self.holds(png, Array(words.dropLast(width)), width: width, bandRows: 7).holds == false, "a row short")
                #expect(Self.holds(png, words + words.prefix(width), width: width, bandRows: 7).holds == false, "a row over")
                if width > 1 {
                    let narrower = (0..<height).flatMap { y in words[y * width..<(y + 1) * width - 1] }
                    #expect(Self.holds(png, narrower, width: width - 1, bandRows: 7).holds == false, "a column short")
                }
            }
        }
        // Not tagflow's kind, or damaged: only decoding can tell, so it is not claimed.
        let picture = Fixtures.flatUI(width: 64, height: 32, seed: 8)
        let words = PremultipliedEncodingTests.premultiplied(picture)
        let png = try PNGEncoder().encode(picture)
        #expect(Self.holds(png, words, width: 64, bandRows: 8) == (true, 4))
        var chunks = try Fixtures.chunks(of: png).map { ($0.type, $0.data) }
        chunks.insert(("sBIT", [8, 8, 8]), at: 1)
        #expect(Self.holds(Fixtures.png(chunks: chunks), words, width: 64, bandRows: 8) == (false, 0))
        var damaged = png
        damaged[damaged.count - 20] ^= 1
        #expect(Self.holds(damaged, words, width: 64, bandRows: 8) == (false, 0))
    }

    @Test("image data over several IDAT chunks is read as one stream")
    func severalIDATChunks() throws {
        let noise = Fixtures.noise(width: 700, height: 500, seed: 9, opaque: false)
        let bytes = try PNGEncoder(options: .init(colourType: .rgba)).encode(noise)
        #expect(try Fixtures.chunks(of: bytes).filter { $0.type == "IDAT" }.count > 1)
        #expect(Self.direct(bytes) == noise)
    }

    /// `bytes` with chunk `index` replaced by `type` and `data`, its CRC made right.
    static func replacing(_ bytes: [UInt8], chunk index: Int, with type: String? = nil, data: [UInt8]) throws -> [UInt8] {
        var chunks = try Fixtures.chunks(of: bytes).map { ($0.type, $0.data) }
        chunks[index] = (type ?? chunks[index].0, data)
        return Fixtures.png(chunks: chunks)
    }

    @Test("files that are not tagflow's kind are left to libpng, which reads them as before")
    func othersGoToLibpng() throws {
        let picture = Fixtures.flatUI(width: 64, height: 32, seed: 8)
        let bytes = try PNGEncoder(options: .init(colourType: .rgba)).encode(picture)
        var chunks = try Fixtures.chunks(of: bytes).map { ($0.type, $0.data) }
        // gAMA 1/1.8: libpng converts the colours to sRGB.
        chunks.insert(("gAMA", Fixtures.bigEndian(55_556)), at: 1)
        let withGamma = Fixtures.png(chunks: chunks)
        #expect(Self.direct(withGamma) == nil)
        #expect(Self.decodesAsLibpng(withGamma))
        #expect(try PNGDecoder().decode(withGamma) != picture, "libpng applied the gamma")

        // Grey, 8-bit: a colour type tagflow does not write.
        var grey: [UInt8] = []
        for row in 0..<3 { grey += [0] + (0..<4).map { UInt8(row * 60 + $0 * 10) } }
        let greyPNG = Fixtures.png(chunks: [
            ("IHDR", Fixtures.bigEndian(4) + Fixtures.bigEndian(3) + [8, 0, 0, 0, 0]),
            ("IDAT", try Self.zlib(grey)), ("IEND", []),
        ])
        #expect(Self.direct(greyPNG) == nil)
        #expect(try PNGDecoder().decode(greyPNG)[3, 2] == .init(red: 150, green: 150, blue: 150))
    }

    @Test("damaged files are left to libpng, which fails them with its own message")
    func damagedGoToLibpng() throws {
        let picture = Fixtures.flatUI(width: 64, height: 32, seed: 8)
        let indexed = try PNGEncoder().encode(picture)
        let chunks = try Fixtures.chunks(of: indexed)
        let idat = try #require(chunks.firstIndex { $0.type == "IDAT" })
        let plte = try #require(chunks.firstIndex { $0.type == "PLTE" })
        #expect(Self.direct(indexed) != nil)

        var damaged: [(String, [UInt8])] = []
        // A byte of the image data changed, under a CRC made right and one left wrong.
        var data = chunks[idat].data
        data[data.count / 2] ^= 0x55
        damaged.append(("deflate data", try Self.replacing(indexed, chunk: idat, data: data)))
        var badCRC = indexed
        badCRC[badCRC.count - 20] ^= 1
        damaged.append(("a CRC", badCRC))
        // Rows that name filter type 5, and a palette index past a palette of two.
        var rows = [UInt8](repeating: 0, count: 32 * 65)
        rows[65] = 5
        damaged.append(("filter type 5", try Self.replacing(indexed, chunk: idat, data: Self.zlib(rows))))
        var pastPalette = (0..<32).flatMap { _ in [0] + [UInt8](repeating: 1, count: 64) }
        pastPalette[70] = 9
        let twoColours = try Self.replacing(indexed, chunk: plte, data: [255, 255, 255, 0, 0, 0])
        let withoutTRNS = try Fixtures.chunks(of: twoColours).filter { $0.type != "tRNS" }.map { ($0.type, $0.data) }
        let pastPaletteData = try Self.zlib(pastPalette)
        let pastPaletteFile = Fixtures.png(chunks: withoutTRNS.map { $0.0 == "IDAT" ? ("IDAT", pastPaletteData) : $0 })
        damaged.append(("a palette index past the palette", pastPaletteFile))
        // Bytes after the zlib stream, inside the image data.
        damaged.append(("data after the stream", try Self.replacing(indexed, chunk: idat, data: chunks[idat].data + [1, 2, 3])))
        // The stream one row short.
        let short = try Self.zlib([UInt8](repeating: 0, count: 31 * 65))
        damaged.append(("one row short", try Self.replacing(indexed, chunk: idat, data: short)))

        for (what, bytes) in damaged {
            #expect(Self.direct(bytes) == nil, "\(what)")
            #expect(Self.decodesAsLibpng(bytes), "\(what)")
        }
    }
}
