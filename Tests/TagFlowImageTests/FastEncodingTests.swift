import Foundation
import Testing
import TagFlowImage
import TagFlowLayout
import TagFlowTestSupport

@Suite("Encoding: libdeflate PNGs and GIFs coded on every core")
struct FastEncodingTests {
    static let settings: [PNGEncoder.Options] = [
        .fast, .small, .init(filter: .up), .init(compressionLevel: 2, filter: .paeth, deflater: .libdeflate),
        .init(compressionLevel: 6, filter: .adaptive, colourType: .direct, deflater: .libdeflate),
        .init(compressionLevel: 1, deflater: .igzip), .init(compressionLevel: 2, filter: .sub, colourType: .direct, deflater: .igzip),
    ]

    /// A flat UI picture tall enough to be several bands, with more than 256 colours when `manyColours`.
    static func tallPicture(manyColours: Bool) -> RGBAImage {
        var image = EncodingFixtures.flatUI(width: 700, height: 1600, seed: 21)
        if manyColours {
            for y in stride(from: 0, to: image.height, by: 3) {
                image[y % image.width, y] = .init(red: UInt8(y % 256), green: UInt8(y / 256), blue: 99)
            }
        }
        return image
    }

    static func encodeInBands(_ image: RGBAImage, options: PNGEncoder.Options) throws -> [UInt8] {
        try PNGEncoder(options: options).encode(width: image.width, height: image.height, isOpaque: image.isOpaque) { rows, rgba in
            image.pixels.withUnsafeBytes { all in
                rgba.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[(rows.lowerBound * image.width * 4)..<(rows.upperBound * image.width * 4)]))
            }
        }
    }

    @Test("PNG: the same bytes on one core and on every core, run after run, for every setting", arguments: [false, true])
    func pngDeterministicAcrossThreads(manyColours: Bool) throws {
        let image = Self.tallPicture(manyColours: manyColours)
        for var options in Self.settings {
            options.usesEveryCore = true
            let everyCore = try Self.encodeInBands(image, options: options)
            #expect(try Self.encodeInBands(image, options: options) == everyCore, "again, \(options)")
            options.usesEveryCore = false
            #expect(try Self.encodeInBands(image, options: options) == everyCore, "one core, \(options)")
            #expect(try PNGDecoder().decode(everyCore) == image, "pixels, \(options)")
            #expect(try PNGEncoder(options: options).encode(image) == PNGEncoder(options: options).encode(image))
        }
    }

    @Test("PNG: filters chosen per band join into one image with the same pixels")
    func pngFiltersAcrossBands() throws {
        let image = Self.tallPicture(manyColours: true)
        for filter in PNGEncoder.Filter.allCases {
            let bytes = try Self.encodeInBands(image, options: .init(filter: filter, deflater: .libdeflate))
            #expect(try PNGDecoder().decode(bytes) == image, "\(filter)")
        }
    }

    /// The IDAT payload of a PNG: one zlib stream.
    static func zlibStream(_ png: [UInt8]) throws -> [UInt8] {
        try EncodingFixtures.chunks(of: png).filter { $0.type == "IDAT" }.flatMap(\.data)
    }

    @Test("PNG: libdeflate's stream is a zlib stream that inflates to the same scanlines as zlib's")
    func libdeflateInflatesToTheSameRows() throws {
        guard ProcessRunner.toolAvailable("python3") else { return }
        let folder = try TemporaryFolder()
        for (name, image) in [("flat", EncodingFixtures.flatUI(width: 300, height: 200, seed: 8)),
                              ("noise", EncodingFixtures.noise(width: 90, height: 70, seed: 5, opaque: false))] {
            for filter in [PNGEncoder.Filter.none, .paeth, .adaptive] {
                let ours = try Self.zlibStream(PNGEncoder(options: .init(compressionLevel: 12, filter: filter, deflater: .libdeflate)).encode(image))
                let zlib = try Self.zlibStream(PNGEncoder(options: .init(compressionLevel: 6, filter: filter, deflater: .zlib)).encode(image))
                _ = try folder.write("a", Data(ours))
                _ = try folder.write("b", Data(zlib))
                let script = "import sys, zlib; a = zlib.decompress(open(sys.argv[1], 'rb').read()); "
                    + "b = zlib.decompress(open(sys.argv[2], 'rb').read()); print(len(a), a == b)"
                let result = try ProcessRunner.runTool("python3", ["-c", script, folder.path("a"), folder.path("b")])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.hasSuffix("True\n"), "\(name), \(filter): \(result.stdout)")
            }
        }
    }

    @Test("PNG: the small setting is never larger than the fast one")
    func smallIsSmaller() throws {
        for image in [EncodingFixtures.flatUI(width: 300, height: 200, seed: 2), Self.tallPicture(manyColours: true),
                      EncodingFixtures.noise(width: 64, height: 64, seed: 3, opaque: true)] {
            let fast = try PNGEncoder(options: PNGEncoder.Compression.fast.options).encode(image)
            let small = try PNGEncoder(options: PNGEncoder.Compression.small.options).encode(image)
            #expect(small.count <= fast.count)
            #expect(try PNGDecoder().decode(small) == image)
        }
    }

    @Test("PNG: levels outside libdeflate's 0 to 12, or zlib's 0 to 9, are refused")
    func levels() throws {
        #expect(throws: PNGError.invalidCompressionLevel(13)) {
            try PNGEncoder(options: .init(compressionLevel: 13, deflater: .libdeflate)).encode(RGBAImage(width: 1, height: 1))
        }
        #expect(throws: PNGError.invalidCompressionLevel(10)) {
            try PNGEncoder(options: .init(compressionLevel: 10, deflater: .zlib)).encode(RGBAImage(width: 1, height: 1))
        }
        _ = try PNGEncoder(options: .init(compressionLevel: 12, deflater: .libdeflate)).encode(RGBAImage(width: 1, height: 1))
    }

    static let white = RGB(r: 255, g: 255, b: 255)
    static let ink = RGB(r: 20, g: 30, b: 40)

    static func palette() throws -> GIFPalette {
        try GIFPalette(knownColours: [white, ink, RGB(r: 200, g: 40, b: 40), RGB(r: 40, g: 160, b: 60)], ramps: [(ink, white)], rampSteps: 40)
    }

    /// Frames of a busy picture scrolling up, with a still frame and a small change: enough codes to fill the LZW
    /// table several times a frame.
    static func scrollingFrames(width: Int, height: Int, count: Int) -> [RGBAImage] {
        let content = EncodingFixtures.noise(width: width, height: height * 2, seed: 17, opaque: true)
        var frames: [RGBAImage] = []
        for step in 0..<count {
            var frame = RGBAImage(width: width, height: height, fill: .init(white))
            // Frame 3 repeats frame 2; frame 4 adds a small block to it.
            let offset = step == 3 || step == 4 ? 2 * 5 : step * 5
            for y in 0..<height {
                for x in 0..<width where (x / 7 + y / 5) % 3 != 0 { frame[x, y] = content[x, y + offset] }
            }
            if step == 4 { frame.fill(x: 3, y: 4, width: 5, height: 2, with: .init(ink)) }
            frames.append(frame)
        }
        return frames
    }

    static func encodeGIF(_ frames: [RGBAImage], codingAhead: Int) throws -> [UInt8] {
        let encoder = try GIFEncoder(width: frames[0].width, height: frames[0].height, palette: palette(), delayCentiseconds: 4,
                                     codingAhead: codingAhead)
        for frame in frames { try encoder.append(frame) }
        return try encoder.finish()
    }

    @Test("GIF: frames coded on every core give the same bytes as frames coded one at a time")
    func gifDeterministicAcrossThreads() throws {
        let frames = Self.scrollingFrames(width: 160, height: 90, count: 8)
        let oneAtATime = try Self.encodeGIF(frames, codingAhead: 1)
        #expect(try Self.encodeGIF(frames, codingAhead: 8) == oneAtATime)
        #expect(try Self.encodeGIF(frames, codingAhead: 3) == oneAtATime)
    }

    @Test("GIF: written to a file as it is made, the file holds the bytes made in memory, and nothing is returned")
    func gifWrittenToAFile() throws {
        // The palette's four known colours at random, each frame its own: every frame is coded whole.
        let known = [Self.white, Self.ink, RGB(r: 200, g: 40, b: 40), RGB(r: 40, g: 160, b: 60)].map { [$0.r, $0.g, $0.b, 255] }
        let frames = try (1...8 as ClosedRange<UInt64>).map { seed in
            var random = SeededGenerator(seed: seed)
            let pixels = (0..<900 * 600).flatMap { _ in known[Int.random(in: 0..<4, using: &random)] }
            return try RGBAImage(width: 900, height: 600, pixels: pixels)
        }
        let inMemory = try Self.encodeGIF(frames, codingAhead: 3)
        #expect(inMemory.count > 1 << 20, "more than the writer's 1 MiB chunk, so the file is written in pieces")
        let folder = try TemporaryFolder()
        let path = folder.path("scroll.gif")
        let file = try AtomicFile.Writer(path: path)
        let encoder = try GIFEncoder(width: 900, height: 600, palette: Self.palette(), delayCentiseconds: 4, codingAhead: 3,
                                     writingTo: file)
        for frame in frames { try encoder.append(frame) }
        #expect(try encoder.finish().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path), "the caller commits")
        try file.commit(flushToDisk: false)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == inMemory)
    }

    @Test("GIF: a file that cannot take the bytes fails the encoder with the file's own error")
    func gifFileFull() throws {
        let frames = Self.scrollingFrames(width: 300, height: 200, count: 3)
        let encoder = try GIFEncoder(width: 300, height: 200, palette: Self.palette(), delayCentiseconds: 4,
                                     writingTo: try AtomicFile.Writer(path: "/dev/full"))
        let error = #expect(throws: GIFError.self) {
            for frame in frames { try encoder.append(frame) }
            _ = try encoder.finish()
        }
        guard case let .write(fileError)? = error else {
            Issue.record("expected the file's error, got \(String(describing: error))")
            return
        }
        #expect(fileError.errno == ENOSPC)
    }

    /// The frames as the palette maps them, one RGB a pixel.
    static func quantised(_ frame: RGBAImage, _ palette: GIFPalette) -> [RGB] {
        (0..<(frame.width * frame.height)).map { palette.colours[palette.nearestIndex(to: frame[$0 % frame.width, $0 / frame.width].rgb)] }
    }

    @Test("GIF: changed-rectangle frames decode, with giflib and with ImageMagick, to the input mapped to the palette")
    func gifFramesDecode() throws {
        let frames = Self.scrollingFrames(width: 160, height: 90, count: 8)
        let palette = try Self.palette()
        let bytes = try Self.encodeGIF(frames, codingAhead: 4)
        let gif = try DecodedGIF(bytes)
        #expect(gif.frames.count == frames.count)
        #expect(gif.frames[3].width == 1 && gif.frames[3].height == 1, "a still frame is 1×1")
        #expect(gif.frames[4].width == 5 && gif.frames[4].height == 2, "a small change is its rectangle")
        let expected = frames.map { Self.quantised($0, palette) }
        for index in frames.indices {
            #expect(gif.composited(upTo: index) == expected[index], "giflib, frame \(index)")
        }

        guard ProcessRunner.toolAvailable("convert") else { return }
        let folder = try TemporaryFolder()
        _ = try folder.write("scroll.gif", Data(bytes))
        let result = try ProcessRunner.runTool("convert", [folder.path("scroll.gif"), "-coalesce", "-depth", "8", "rgb:-"])
        #expect(result.status == 0, "\(result.stderr)")
        let raw = [UInt8](result.stdoutBytes)
        let frameBytes = 160 * 90 * 3
        try #require(raw.count == frameBytes * frames.count)
        for index in frames.indices {
            let decoded = stride(from: index * frameBytes, to: (index + 1) * frameBytes, by: 3).map { RGB(r: raw[$0], g: raw[$0 + 1], b: raw[$0 + 2]) }
            #expect(decoded == expected[index], "ImageMagick, frame \(index)")
        }
    }

    @Test("GIF: one-pixel, one-colour and two-colour pictures code and decode", arguments: [(1, 1), (1, 7), (333, 100)])
    func gifSmallCases(width: Int, height: Int) throws {
        let twoColours = try GIFPalette(knownColours: [Self.white, Self.ink])
        var frame = RGBAImage(width: width, height: height, fill: .init(Self.white))
        let encoder = try GIFEncoder(width: width, height: height, palette: twoColours, delayCentiseconds: 4)
        try encoder.append(frame)
        frame[width - 1, height - 1] = .init(Self.ink)
        try encoder.append(frame)
        let gif = try DecodedGIF(encoder.finish())
        #expect(gif.composited(upTo: 0) == Array(repeating: Self.white, count: width * height))
        #expect(gif.composited(upTo: 1).last == Self.ink)
        #expect(gif.composited(upTo: 1).dropLast().allSatisfy { $0 == Self.white })
    }
}

@Suite("Encoding: pixels as cairo holds them")
struct PremultipliedEncodingTests {
    /// `image` as cairo's premultiplied ARGB32 words, each row `padding` words longer than the picture.
    static func premultiplied(_ image: RGBAImage) -> [UInt32] {
        image.pixels.withUnsafeBytes { bytes in
            (0..<image.width * image.height).map { index in
                let r = UInt32(bytes[index * 4]), g = UInt32(bytes[index * 4 + 1]), b = UInt32(bytes[index * 4 + 2])
                let a = UInt32(bytes[index * 4 + 3])
                func times(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                return a << 24 | times(r) << 16 | times(g) << 8 | times(b)
            }
        }
    }

    /// Opaque and few colours, opaque and many, and with translucent pixels: the bytes are always those of
    /// encoding the straight pixels the premultiplied ones stand for.
    @Test(arguments: ["few colours", "many colours", "translucent"])
    func theBytesAreThoseOfTheStraightPixels(kind: String) throws {
        var image = FastEncodingTests.tallPicture(manyColours: kind == "many colours")
        if kind == "translucent" {
            for x in 0..<40 { image[x, 7] = .init(red: 200, green: 40, blue: 10, alpha: UInt8(60 + x)) }
        }
        let words = Self.premultiplied(image)
        let width = image.width
        for options in FastEncodingTests.settings {
            let straight = RGBAImage(try words.withUnsafeBytes { data in
                try PremultipliedARGB32(data: data, width: image.width, height: image.height, stride: image.width * 4)
            })
            let whole = try words.withUnsafeBytes { data in
                try PNGEncoder(options: options).encode(PremultipliedARGB32(data: data, width: image.width, height: image.height,
                                                                           stride: image.width * 4))
            }
            #expect(whole == (try PNGEncoder(options: options).encode(straight)), "\(kind), \(options)")
            let banded = try PNGEncoder(options: options).encode(width: image.width, height: image.height, isOpaque: straight.isOpaque,
                                                                 premultipliedBand: { rows, encode in
                try words.withUnsafeBytes { data in
                    let band = UnsafeRawBufferPointer(rebasing: data[(rows.lowerBound * width * 4)..<(rows.upperBound * width * 4)])
                    return encode(try PremultipliedARGB32(data: band, width: width, height: rows.count, stride: width * 4))
                }
            })
            let straightBands = try FastEncodingTests.encodeInBands(straight, options: options)
            #expect(banded == straightBands, "bands, \(kind), \(options): \(Self.difference(banded, straightBands))")
            if kind != "translucent" {
                #expect(try PNGDecoder().decode(whole) == image, "pixels, \(kind), \(options)")
                // Tells other pixels from other deflate bytes, should the files above ever differ.
                #expect(try PNGDecoder().decode(banded) == image, "banded pixels, \(kind), \(options)")
            }
        }
    }

    /// Where two files part, for a message: their sizes and the first byte that differs.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard let first = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] }) ?? (a.count < b.count ? a.count : nil) else {
            return "the same bytes"
        }
        return "\(a.count) and \(b.count) bytes, first differing at byte \(first)"
    }

    /// Runs of every length from every position of the eight pixels the indexer takes at once, in widths around
    /// eight, with a palette's worth of colours: the PNG is indexed, and holds the same pixels.
    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 63])
    func runsFromEveryPositionAreIndexed(width: Int) throws {
        var generator = SeededGenerator(seed: UInt64(width))
        let colours: [Colour] = (0..<40).map { (index: Int) -> Colour in
            let level = UInt8(index)
            return Colour(red: level &* 6, green: 255 - level &* 5, blue: level &* 3, alpha: 255)
        }
        var image = RGBAImage(width: width, height: 120)
        var colour = colours[0], left = 0
        for y in 0..<image.height {
            for x in 0..<width {
                if left == 0 {
                    colour = colours[Int(generator.next() % 40)]
                    left = Int(generator.next() % 20) + 1
                }
                image[x, y] = colour
                left -= 1
            }
        }
        let words = Self.premultiplied(image)
        let png = try words.withUnsafeBytes { data in
            try PNGEncoder().encode(PremultipliedARGB32(data: data, width: width, height: image.height, stride: width * 4))
        }
        #expect(png[25] == 3, "colour type: indexed")
        #expect(try PNGDecoder().decode(png) == image)
        #expect(try PNGDecoder().decode(PNGEncoder().encode(image)) == image)
    }

    /// Over 256 colours, so opaque rows are written as RGB from cairo's words, four pixels at a time and the rest
    /// one by one: at every remainder of the width the bytes are those of the straight pixels. A translucent pixel
    /// in a group of four or in the rest sends the picture through RGBA.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 13])
    func rgbRowsOfEveryWidth(width: Int) throws {
        var image = RGBAImage(width: width, height: 600)
        for y in 0..<image.height {
            for x in 0..<width {
                image[x, y] = .init(red: UInt8(truncatingIfNeeded: x * 37 + y),
                                    green: UInt8(truncatingIfNeeded: y / 3 + x),
                                    blue: UInt8(truncatingIfNeeded: x * 5), alpha: 255)
            }
        }
        for translucent in [nil, (x: 0, y: 0), (x: width - 1, y: image.height - 1)] {
            var picture = image
            if let translucent { picture[translucent.x, translucent.y].alpha = 128 }
            let words = Self.premultiplied(picture)
            let straight = RGBAImage(try words.withUnsafeBytes { data in
                try PremultipliedARGB32(data: data, width: width, height: picture.height, stride: width * 4)
            })
            for options in FastEncodingTests.settings {
                let png = try words.withUnsafeBytes { data in
                    try PNGEncoder(options: options).encode(PremultipliedARGB32(data: data, width: width, height: picture.height,
                                                                               stride: width * 4))
                }
                #expect(png == (try PNGEncoder(options: options).encode(straight)), "width \(width), \(options)")
                if translucent == nil && options.colourType != .rgba {
                    #expect(png[25] == 2, "colour type: RGB")
                    #expect(try PNGDecoder().decode(png) == picture)
                }
                if translucent != nil { #expect(png[25] == 6, "colour type: RGBA") }
            }
        }
    }

    @Test func aStrideShorterThanARowIsRefused() {
        let words = [UInt32](repeating: 0xFF00_0000, count: 16)
        #expect(throws: ImageError.self) {
            try words.withUnsafeBytes { try PremultipliedARGB32(data: $0, width: 4, height: 4, stride: 12) }
        }
        #expect(throws: ImageError.self) {
            try words.withUnsafeBytes { try PremultipliedARGB32(data: $0, width: 4, height: 5, stride: 16) }
        }
    }
}

/// Premultiplied words in memory of their own, as a cairo surface would hold them.
private final class PremultipliedBuffer {
    let words: UnsafeMutableBufferPointer<UInt32>
    init(_ values: [UInt32]) {
        words = .allocate(capacity: max(1, values.count))
        _ = words.initialize(from: values)
    }
    deinit { words.deallocate() }

    func frame(width: Int, height: Int) throws -> PremultipliedFrame {
        try PremultipliedFrame(PremultipliedARGB32(data: UnsafeRawBufferPointer(words), width: width, height: height, stride: width * 4),
                               owner: self)
    }
}

extension PremultipliedEncodingTests {
    /// A scrolling sequence with a still frame and translucent pixels: frames as cairo holds them make the bytes
    /// their straight pixels make, frame for frame, whether compared with straight frames or with their own kind.
    @Test func aGIFOfPremultipliedFramesIsTheGIFOfTheirStraightPixels() throws {
        var frames = FastEncodingTests.scrollingFrames(width: 120, height: 90, count: 6)
        // Frame 3 repeats frame 2, translucent pixels and all.
        for frame in [2, 3] {
            for x in 0..<30 { frames[frame][x, 5] = .init(red: 30, green: 200, blue: 90, alpha: UInt8(40 + 5 * x)) }
        }
        let palette = try FastEncodingTests.palette()
        let buffers = frames.map { PremultipliedBuffer(Self.premultiplied($0)) }
        let straightFrames = try buffers.map { RGBAImage(try $0.frame(width: 120, height: 90).pixels) }
        func gif(_ append: (GIFEncoder, Int) throws -> Void) throws -> [UInt8] {
            let encoder = try GIFEncoder(width: 120, height: 90, palette: palette, delayCentiseconds: 5)
            for index in frames.indices { try append(encoder, index) }
            return try encoder.finish()
        }
        let straight = try gif { encoder, index in try encoder.append(straightFrames[index]) }
        let premultiplied = try gif { encoder, index in try encoder.append(try buffers[index].frame(width: 120, height: 90)) }
        #expect(premultiplied == straight)
        // Only what changed is coded after the first frame: the still frame is 1×1.
        let decoded = try DecodedGIF(premultiplied)
        #expect(decoded.frames.count == frames.count)
        #expect(decoded.frames.dropFirst().contains { $0.width == 1 && $0.height == 1 })
    }
}

/// libdeflate has no flush, so pictures of more than one of its pieces are deflated a finished stream a piece, each
/// then made to join the next: the file must decode to the same pixels, whatever bit the pieces end on.
@Suite("Encoding: libdeflate pieces joined")
struct LibdeflatePiecesTests {
    /// A picture of more than one 4 MiB piece: RGBA flat UI with scattered colours, and noise where `noisy`.
    static func largePicture(seed: UInt64, noisy: Bool) -> RGBAImage {
        var image = EncodingFixtures.flatUI(width: 1100, height: 1000 + Int(seed) * 7, seed: seed)
        for y in stride(from: 0, to: image.height, by: 5) {
            image[(y * 37) % image.width, y] = .init(red: UInt8(y % 256), green: UInt8(y / 256), blue: UInt8(seed),
                                                     alpha: 200)
        }
        if noisy {
            let noise = EncodingFixtures.noise(width: image.width, height: image.height / 3, seed: seed, opaque: false)
            for y in 0..<noise.height { for x in 0..<noise.width { image[x, y] = noise[x, y] } }
        }
        return image
    }

    @Test(arguments: [(1, true), (6, false), (12, false)])
    func piecesDecodeToThePicture(level: Int, noisy: Bool) throws {
        for seed: UInt64 in [1] {
            let image = Self.largePicture(seed: seed + UInt64(level), noisy: noisy)
            var options = PNGEncoder.Options(compressionLevel: level, deflater: .libdeflate)
            let everyCore = try PNGEncoder(options: options).encode(image)
            options.usesEveryCore = false
            #expect(try PNGEncoder(options: options).encode(image) == everyCore, "level \(level), seed \(seed)")
            #expect(try PNGDecoder().decode(everyCore) == image, "level \(level), seed \(seed)")
        }
    }
}
