import Testing
import TagFlowLayout
import TagFlowImage

@Suite("Encoding: PNG")
struct EncodingPNGTests {
    static let sizes: [(Int, Int)] = [(1, 1), (2, 3), (17, 5), (64, 33), (300, 7)]

    static let optionSets: [PNGEncoder.Options] = [
        .fast,
        .cairoLike,
        .init(compressionLevel: 0, filter: .none),
        .small,
        .init(compressionLevel: 1, deflater: .libdeflate),
        .init(compressionLevel: 9, filter: .sub, strategy: .filtered, deflater: .zlib),
        .init(compressionLevel: 3, filter: .up, strategy: .runLength, deflater: .zlib),
        .init(compressionLevel: 2, filter: .average, strategy: .huffmanOnly, deflater: .zlib),
        .init(compressionLevel: 9, filter: .average, deflater: .libdeflate),
        .init(compressionLevel: 6, filter: .paeth, colourType: .rgba),
        .init(compressionLevel: 6, filter: .adaptive),
    ]

    @Test("encode then decode gives back the image, with alpha", arguments: sizes)
    func roundTripWithAlpha(width: Int, height: Int) throws {
        let image = EncodingFixtures.noise(width: width, height: height, seed: UInt64(width * 1000 + height), opaque: false)
        for options in Self.optionSets {
            let bytes = try PNGEncoder(options: options).encode(image)
            let decoded = try PNGDecoder().decode(bytes)
            #expect(decoded == image, "options \(options)")
        }
    }

    @Test("encode then decode gives back an opaque image", arguments: sizes)
    func roundTripOpaque(width: Int, height: Int) throws {
        let image = EncodingFixtures.noise(width: width, height: height, seed: UInt64(width + height * 7), opaque: true)
        for options in Self.optionSets {
            let decoded = try PNGDecoder().decode(PNGEncoder(options: options).encode(image))
            #expect(decoded == image, "options \(options)")
        }
    }

    @Test("flat UI image round-trips")
    func roundTripFlat() throws {
        let image = EncodingFixtures.flatUI(width: 200, height: 120, seed: 3)
        #expect(try PNGDecoder().decode(PNGEncoder().encode(image)) == image)
    }

    /// The chunk types of `bytes`, each CRC checked.
    static func chunkTypes(_ bytes: [UInt8]) throws -> [String] {
        let chunks = try EncodingFixtures.chunks(of: bytes)
        for chunk in chunks { #expect(chunk.storedCRC == chunk.computedCRC, "CRC of \(chunk.type)") }
        return chunks.map(\.type)
    }

    static func header(_ bytes: [UInt8]) throws -> [UInt8] {
        try EncodingFixtures.chunks(of: bytes)[0].data
    }

    @Test("direct colour: opaque images as RGB, others and .rgba as RGBA; only IHDR, IDAT, IEND")
    func directColourTypeAndChunks() throws {
        let opaque = EncodingFixtures.noise(width: 9, height: 40, seed: 1, opaque: true)
        var translucent = opaque
        translucent[8, 3] = .init(red: 1, green: 2, blue: 3, alpha: 254)
        let direct = PNGEncoder(options: .init(colourType: .direct))
        #expect(try Self.chunkTypes(direct.encode(opaque)) == ["IHDR", "IDAT", "IEND"])
        let opaqueHeader = try Self.header(direct.encode(opaque))
        #expect(EncodingFixtures.uint32(opaqueHeader, at: 0) == 9)
        #expect(EncodingFixtures.uint32(opaqueHeader, at: 4) == 40)
        #expect(Array(opaqueHeader[8...]) == [8, 2, 0, 0, 0])
        #expect(try Self.header(direct.encode(translucent))[9] == 6)
        #expect(try Self.header(PNGEncoder(options: .init(colourType: .rgba)).encode(opaque))[9] == 6)
        // 360 noise pixels are more than a palette holds, so .automatic writes them directly too.
        #expect(try PNGEncoder().encode(opaque) == direct.encode(opaque))
        // RGB drops a quarter of the raw data; stored (level 0) it must be smaller.
        let stored = PNGEncoder.Options(compressionLevel: 0, colourType: .direct)
        var storedRGBA = stored
        storedRGBA.colourType = .rgba
        #expect(try PNGEncoder(options: stored).encode(opaque).count < PNGEncoder(options: storedRGBA).encode(opaque).count)
    }

    @Test("at most 256 colours: a palette in colour order, tRNS only for translucent colours, and the same pixels back")
    func paletteForFewColours() throws {
        let image = EncodingFixtures.flatUI(width: 120, height: 70, seed: 4)
        let colours = Set((0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } })
        try #require(colours.count <= 256)
        let bytes = try PNGEncoder().encode(image)
        let chunks = try EncodingFixtures.chunks(of: bytes)
        #expect(try Self.chunkTypes(bytes) == ["IHDR", "PLTE", "IDAT", "IEND"])
        #expect(chunks[0].data[8...9] == [8, 3])
        let palette = stride(from: 0, to: chunks[1].data.count, by: 3).map {
            Colour(red: chunks[1].data[$0], green: chunks[1].data[$0 + 1], blue: chunks[1].data[$0 + 2])
        }
        #expect(Set(palette) == colours)
        #expect(palette == palette.sorted { ($0.red, $0.green, $0.blue) < ($1.red, $1.green, $1.blue) })
        #expect(try PNGDecoder().decode(bytes) == image)
        // A third of RGB's bytes to deflate: the file is smaller too.
        #expect(bytes.count < (try PNGEncoder(options: .init(colourType: .direct)).encode(image)).count)

        var translucent = image
        translucent[5, 5] = .init(red: 9, green: 9, blue: 9, alpha: 100)
        translucent[6, 5] = .init(red: 0, green: 0, blue: 0, alpha: 0)
        let withAlpha = try PNGEncoder().encode(translucent)
        let alphaChunks = try EncodingFixtures.chunks(of: withAlpha)
        #expect(alphaChunks.map(\.type) == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        // The translucent colours come first, so tRNS lists just them.
        #expect(alphaChunks[2].data == [0, 100])
        #expect(try PNGDecoder().decode(withAlpha) == translucent)
    }

    /// A picture made a band at a time: `colourCount` greys spread down the rows, so each band sees only some.
    static func bandedGreys(colourCount: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: 700, height: height, fill: .init(red: 0, green: 0, blue: 0))
        for y in 0..<height {
            let level = y * colourCount / height
            for x in 0..<image.width where x % 3 == 0 {
                image[x, y] = .init(red: UInt8(level % 256), green: UInt8(level / 256), blue: 7)
            }
        }
        return image
    }

    static func encodeInBands(_ image: RGBAImage, options: PNGEncoder.Options = .fast) throws -> [UInt8] {
        try PNGEncoder(options: options).encode(width: image.width, height: image.height, isOpaque: image.isOpaque) { rows, rgba in
            image.pixels.withUnsafeBytes { all in
                rgba.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[(rows.lowerBound * image.width * 4)..<(rows.upperBound * image.width * 4)]))
            }
        }
    }

    @Test("bands share one palette when their colours fit together, and fall back to RGB when they do not",
          arguments: [(200, 3), (600, 2)])
    func bandsShareOnePalette(colourCount: Int, colourType: UInt8) throws {
        // 700 × 1500 RGB is several deflate pieces, so several bands.
        let image = Self.bandedGreys(colourCount: colourCount, height: 1500)
        let bytes = try Self.encodeInBands(image)
        #expect(try Self.header(bytes)[9] == colourType)
        #expect(try PNGDecoder().decode(bytes) == image)
        var oneCore = PNGEncoder.Options.fast
        oneCore.usesEveryCore = false
        #expect(try Self.encodeInBands(image, options: oneCore) == bytes, "the same bytes on one core")
    }

    @Test("the same image always gives the same bytes")
    func deterministic() throws {
        let a = EncodingFixtures.flatUI(width: 150, height: 90, seed: 9)
        let b = EncodingFixtures.flatUI(width: 150, height: 90, seed: 9)
        for options in Self.optionSets {
            #expect(try PNGEncoder(options: options).encode(a) == PNGEncoder(options: options).encode(b))
        }
    }

    @Test("compression level 0 stores; higher levels shrink a flat image")
    func levelsMatter() throws {
        let image = EncodingFixtures.flatUI(width: 200, height: 100, seed: 5)
        let stored = try PNGEncoder(options: .init(compressionLevel: 0, colourType: .direct)).encode(image)
        let fast = try PNGEncoder(options: .init(compressionLevel: 1, colourType: .direct)).encode(image)
        #expect(stored.count > 200 * 100 * 3)
        #expect(fast.count * 5 < stored.count)
    }

    @Test("bad encoder inputs throw typed errors")
    func encoderErrors() {
        #expect(throws: PNGError.invalidDimensions(width: 0, height: 0)) {
            try PNGEncoder().encode(RGBAImage(width: 0, height: 0))
        }
        #expect(throws: PNGError.invalidDimensions(width: 5, height: 0)) {
            try PNGEncoder().encode(RGBAImage(width: 5, height: 0))
        }
        #expect(throws: PNGError.invalidCompressionLevel(10)) {
            try PNGEncoder(options: .init(compressionLevel: 10)).encode(RGBAImage(width: 1, height: 1))
        }
    }

    @Test("truncated PNGs are refused with an error, at every cut inside the data")
    func truncated() throws {
        let image = EncodingFixtures.noise(width: 40, height: 30, seed: 77, opaque: false)
        let bytes = try PNGEncoder().encode(image)
        let iendStart = bytes.count - 12
        for cut in [0, 1, 7, 8, 12, 20, 33, 40, 100, bytes.count / 2, iendStart - 5, iendStart - 1] {
            let result = Result { try PNGDecoder().decode(Array(bytes.prefix(cut))) }
            guard case .failure(let error) = result else {
                Issue.record("a PNG cut at \(cut) of \(bytes.count) bytes decoded")
                continue
            }
            guard case PNGError.corrupt(let message)? = error as? PNGError else {
                Issue.record("cut at \(cut): unexpected error \(error)")
                continue
            }
            #expect(!message.isEmpty)
        }
    }

    @Test("garbage, empty input and a damaged CRC are refused")
    func garbage() throws {
        var generator = SeededGenerator(seed: 4)
        let noise = (0..<500).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for input in [noise, [], Array("not a png at all".utf8)] {
            #expect(throws: PNGError.self) { try PNGDecoder().decode(input) }
        }
        // A PNG signature followed by garbage.
        #expect(throws: PNGError.self) { try PNGDecoder().decode(Array(PNGEncoder().encode(RGBAImage(width: 2, height: 2)).prefix(8)) + noise) }

        var damaged = try PNGEncoder().encode(EncodingFixtures.noise(width: 10, height: 10, seed: 2, opaque: true))
        damaged[45] ^= 0x5A  // inside IDAT's data: the CRC no longer matches
        #expect(throws: PNGError.self) { try PNGDecoder().decode(damaged) }
    }

    @Test("images over the decoder's limits are refused before decoding")
    func limits() throws {
        let bytes = try PNGEncoder().encode(RGBAImage(width: 20, height: 5, fill: .init(red: 1, green: 2, blue: 3)))
        #expect(throws: PNGError.imageTooLarge(width: 20, height: 5, maxSide: 10, maxPixels: 1000)) {
            try PNGDecoder(limits: .init(maxSide: 10, maxPixels: 1000)).decode(bytes)
        }
        #expect(throws: PNGError.imageTooLarge(width: 20, height: 5, maxSide: 100, maxPixels: 99)) {
            try PNGDecoder(limits: .init(maxSide: 100, maxPixels: 99)).decode(bytes)
        }
        #expect(try PNGDecoder(limits: .init(maxSide: 20, maxPixels: 100)).decode(bytes).width == 20)

        // A hand-made header claiming 100000×100000 is refused by the default limits without allocating.
        var header: [UInt8] = EncodingFixtures.bigEndian(100_000) + EncodingFixtures.bigEndian(100_000)
        header += [8, 6, 0, 0, 0]
        let huge = EncodingFixtures.png(chunks: [("IHDR", header), ("IDAT", [0x78, 0x01]), ("IEND", [])])
        #expect(throws: PNGError.imageTooLarge(width: 100_000, height: 100_000, maxSide: 1_000_000, maxPixels: 100_000_000)) {
            try PNGDecoder().decode(huge)
        }
    }

    @Test("a picture taller than cairo's surfaces, as tagflow draws in strips, reads back")
    func tallPictures() throws {
        var image = RGBAImage(width: 3, height: 40_000, fill: .init(red: 255, green: 255, blue: 255))
        image[1, 39_999] = .init(red: 9, green: 8, blue: 7)
        let bytes = try PNGEncoder().encode(image)
        #expect(try PNGDecoder().decode(bytes) == image)
    }

    @Test("the decoder reads PNGs it did not write: 16-bit grey with a tRNS-free header")
    func foreignPNG() throws {
        // 2×1, 16-bit greyscale: values 0x0000 and 0xFFFF, filter 0, stored deflate block.
        let raw: [UInt8] = [0, 0x00, 0x00, 0xFF, 0xFF]
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count), 0, ~UInt8(raw.count), 0xFF] + raw
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += EncodingFixtures.bigEndian((b << 16) | a)
        let header = EncodingFixtures.bigEndian(2) + EncodingFixtures.bigEndian(1) + [16, 0, 0, 0, 0]
        let bytes = EncodingFixtures.png(chunks: [("IHDR", header), ("IDAT", zlib), ("IEND", [])])
        let image = try PNGDecoder().decode(bytes)
        #expect(image.pixels == [0, 0, 0, 255, 255, 255, 255, 255])
    }
}
