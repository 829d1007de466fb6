import Testing
import TagFlowImage
import TagFlowTestSupport

@Suite("Encoding: GIF")
struct EncodingGIFTests {
    static let white = RGB(r: 255, g: 255, b: 255)
    static let black = RGB(r: 0, g: 0, b: 0)
    static let blue = RGB(r: 40, g: 90, b: 200)
    static let red = RGB(r: 220, g: 30, b: 40)

    static func palette() throws -> GIFPalette {
        try GIFPalette(knownColours: [white, blue, black, red], ramps: [(black, white)], rampSteps: 4)
    }

    /// Three frames: a blue box; the same plus a small red block; the same again.
    static func frames() -> [RGBAImage] {
        var first = RGBAImage(width: 40, height: 30, fill: .init(white))
        first.fill(x: 5, y: 5, width: 20, height: 10, with: .init(blue))
        first[30, 20] = .init(red: 128, green: 128, blue: 128)  // an anti-aliased grey, not a known colour
        var second = first
        second.fill(x: 10, y: 12, width: 3, height: 2, with: .init(red))
        return [first, second, second]
    }

    static func encode(_ frames: [RGBAImage], delay: Int = 5) throws -> [UInt8] {
        let encoder = try GIFEncoder(width: 40, height: 30, palette: palette(), delayCentiseconds: delay)
        for frame in frames { try encoder.append(frame) }
        return try encoder.finish()
    }

    @Test("palette: known colours first, then ramp colours, evenly spaced and rounded")
    func paletteLayout() throws {
        let palette = try Self.palette()
        #expect(palette.colours == [
            Self.white, Self.blue, Self.black, Self.red,
            RGB(r: 51, g: 51, b: 51), RGB(r: 102, g: 102, b: 102), RGB(r: 153, g: 153, b: 153), RGB(r: 204, g: 204, b: 204),
        ])
        #expect(palette.rampSteps == 4)
        #expect(palette.matte == Self.white)
        // Duplicates are dropped; missing ramp ends are added.
        let other = try GIFPalette(knownColours: [Self.red, Self.red], ramps: [(Self.red, Self.blue)], rampSteps: 1)
        #expect(other.colours == [Self.red, RGB(r: 130, g: 60, b: 120), Self.blue])
    }

    @Test("palette: too many ramp colours lower the steps to fit 256; too many known colours throw")
    func paletteLimits() throws {
        let known = (0..<200).map { RGB(r: UInt8($0), g: 7, b: 9) }
        let ramps = (0..<10).map { i in (RGB(r: 0, g: UInt8(100 + i), b: 255), RGB(r: 255, g: UInt8(100 + i), b: 0)) }
        let palette = try GIFPalette(knownColours: known, ramps: ramps, rampSteps: 16)
        #expect(palette.colours.count <= 256)
        #expect(palette.rampSteps == 3)  // 200 + 10 × (2 ends + 3 steps) = 250; with 4 steps it would be 260
        #expect(palette.colours.count == 250)
        #expect(throws: GIFError.tooManyKnownColours(count: 257)) {
            try GIFPalette(knownColours: (0..<257).map { RGB(r: UInt8($0 % 256), g: UInt8($0 / 256), b: 0) })
        }
        #expect(throws: GIFError.emptyPalette) { try GIFPalette(knownColours: []) }
    }

    @Test("frame delay from fps: round(100/fps), at least 2")
    func delays() throws {
        #expect(try GIFEncoder.delayCentiseconds(fps: 10) == 10)
        #expect(try GIFEncoder.delayCentiseconds(fps: 24) == 4)
        #expect(try GIFEncoder.delayCentiseconds(fps: 30) == 3)
        #expect(try GIFEncoder.delayCentiseconds(fps: 60) == 2)
        #expect(try GIFEncoder.delayCentiseconds(fps: 120) == 2)
        #expect(try GIFEncoder.delayCentiseconds(fps: 0.5) == 200)
        #expect(throws: GIFError.invalidFrameRate(0)) { try GIFEncoder.delayCentiseconds(fps: 0) }
    }

    @Test("giflib reads back the size, frames, delays, loop and global palette")
    func structure() throws {
        let bytes = try Self.encode(Self.frames(), delay: 7)
        let gif = try DecodedGIF(bytes)
        #expect(gif.version == "GIF89a")
        #expect(gif.width == 40 && gif.height == 30)
        #expect(gif.frames.count == 3)
        #expect(gif.frames.map(\.delay) == [7, 7, 7])
        #expect(gif.frames.map(\.disposal) == [1, 1, 1])  // do not dispose
        #expect(gif.frames.allSatisfy { $0.transparent == -1 && !$0.hasLocalColourMap })
        #expect(gif.loopCount == 0)
        #expect(Array(gif.palette.prefix(8)) == (try Self.palette()).colours)
        #expect(gif.palette.count == 8)
    }

    @Test("after the first frame only the changed rectangle is written; an unchanged frame is 1×1")
    func deltaRectangles() throws {
        let gif = try DecodedGIF(Self.encode(Self.frames()))
        let rects = gif.frames.map { [$0.left, $0.top, $0.width, $0.height] }
        #expect(rects == [[0, 0, 40, 30], [10, 12, 3, 2], [0, 0, 1, 1]])
    }

    @Test("every composited frame equals the palette-mapped input; known colours are exact")
    func pixels() throws {
        let frames = Self.frames()
        let palette = try Self.palette()
        let gif = try DecodedGIF(Self.encode(frames))
        for (i, frame) in frames.enumerated() {
            let canvas = gif.composited(upTo: i)
            for y in 0..<30 {
                for x in 0..<40 {
                    let pixel = frame[x, y].rgb
                    let expected = palette.colours[palette.nearestIndex(to: pixel)]
                    #expect(canvas[y * 40 + x] == expected, "frame \(i) at (\(x), \(y))")
                    if palette.colours.contains(pixel) {
                        #expect(canvas[y * 40 + x] == pixel)
                    }
                }
            }
        }
        // The grey edge pixel went to the nearest ramp colour (153 is 25 away, 102 is 26).
        #expect(gif.composited()[20 * 40 + 30] == RGB(r: 153, g: 153, b: 153))
        #expect(gif.composited()[12 * 40 + 10] == Self.red)
    }

    @Test("translucent pixels are composited over the first known colour")
    func translucent() throws {
        var frame = RGBAImage(width: 40, height: 30, fill: .init(red: 0, green: 0, blue: 0, alpha: 0))
        frame[1, 1] = .init(red: 0, green: 0, blue: 0, alpha: 255)
        frame[2, 1] = .init(red: 0, green: 0, blue: 0, alpha: 102)  // 40% black over white → 153
        let gif = try DecodedGIF(Self.encode([frame]))
        let canvas = gif.composited()
        #expect(canvas[0] == Self.white)
        #expect(canvas[1 * 40 + 1] == Self.black)
        #expect(canvas[1 * 40 + 2] == RGB(r: 153, g: 153, b: 153))
    }

    @Test("a long animation with a moving box stays small and decodes frame by frame")
    func movingBox() throws {
        let encoder = try GIFEncoder(width: 120, height: 60, palette: Self.palette(), delayCentiseconds: 4)
        var inputs: [RGBAImage] = []
        for step in 0..<12 {
            var frame = RGBAImage(width: 120, height: 60, fill: .init(Self.white))
            frame.fill(x: 5 + step * 8, y: 20, width: 10, height: 10, with: .init(Self.blue))
            try encoder.append(frame)
            inputs.append(frame)
        }
        #expect(encoder.frameCount == 12)
        let gif = try DecodedGIF(encoder.finish())
        #expect(gif.frames.count == 12)
        for frame in gif.frames.dropFirst() {
            #expect(frame.width == 18 && frame.height == 10)
        }
        for (i, input) in inputs.enumerated() {
            #expect(gif.composited(upTo: i) == (0..<(120 * 60)).map { input[$0 % 120, $0 / 120].rgb }, "frame \(i)")
        }
    }

    @Test("encoding the same frames twice gives the same bytes")
    func deterministic() throws {
        #expect(try Self.encode(Self.frames()) == Self.encode(Self.frames()))
    }

    @Test("wrong sizes, no frames and use after finish throw")
    func errors() throws {
        #expect(throws: GIFError.invalidDimensions(width: 0, height: 5)) {
            try GIFEncoder(width: 0, height: 5, palette: Self.palette(), delayCentiseconds: 5)
        }
        #expect(throws: GIFError.invalidDelay(centiseconds: 70000)) {
            try GIFEncoder(width: 4, height: 5, palette: Self.palette(), delayCentiseconds: 70000)
        }
        let encoder = try GIFEncoder(width: 4, height: 5, palette: Self.palette(), delayCentiseconds: 5)
        #expect(throws: GIFError.frameSizeMismatch(expectedWidth: 4, expectedHeight: 5, width: 5, height: 4)) {
            try encoder.append(RGBAImage(width: 5, height: 4))
        }
        #expect(throws: GIFError.noFrames) { try encoder.finish() }
        #expect(throws: GIFError.alreadyFinished) { try encoder.append(RGBAImage(width: 4, height: 5)) }
        #expect(throws: GIFError.alreadyFinished) { try encoder.finish() }
    }

    @Test("an encoder dropped before finishing is freed, and later encoders still work")
    func abandoned() throws {
        weak var dropped: GIFEncoder?
        do {
            let encoder = try GIFEncoder(width: 8, height: 8, palette: Self.palette(), delayCentiseconds: 5)
            try encoder.append(RGBAImage(width: 8, height: 8, fill: .init(Self.blue)))
            dropped = encoder
        }
        // Nothing (giflib's user data included) keeps it alive, so its deinit closed the giflib handle.
        #expect(dropped == nil)
        let encoder = try GIFEncoder(width: 8, height: 8, palette: Self.palette(), delayCentiseconds: 5)
        try encoder.append(RGBAImage(width: 8, height: 8, fill: .init(Self.blue)))
        let bytes = try encoder.finish()
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
        #expect(bytes.last == 0x3B)  // the trailer
    }
}
