import Foundation
import Testing
@testable import TagFlowImage
import TagFlowTestSupport

@Suite("Encoding: APNG")
struct EncodingAPNGTests {
    typealias Chunk = EncodingFixtures.Chunk

    /// Four frames: a layout, a small change, no change, a bigger change; optionally with transparency.
    static func frames(transparentBackground: Bool = false) -> [RGBAImage] {
        let background = transparentBackground ? Colour(0, alpha: 0) : Colour(0xffffff)
        var first = RGBAImage(width: 48, height: 32, fill: background)
        first.fill(x: 4, y: 4, width: 20, height: 12, with: .init(red: 30, green: 90, blue: 200, alpha: 255))
        if transparentBackground {
            first.fill(x: 6, y: 6, width: 3, height: 3, with: .init(red: 30, green: 90, blue: 200, alpha: 128))
        }
        var second = first
        second.fill(x: 30, y: 20, width: 4, height: 3, with: .init(red: 200, green: 20, blue: 20, alpha: 255))
        var fourth = second
        fourth.fill(x: 0, y: 10, width: 48, height: 5, with: .init(red: 10, green: 200, blue: 10, alpha: 255))
        return [first, second, second, fourth]
    }

    static func encode(_ frames: [RGBAImage], delay: APNGEncoder.Delay = .init(numerator: 1, denominator: 12),
                       options: PNGEncoder.Options = .fast) throws -> [UInt8] {
        let encoder = try APNGEncoder(width: frames[0].width, height: frames[0].height, frameCount: frames.count,
                                      delay: delay, options: options)
        for frame in frames { try encoder.append(frame) }
        return try encoder.finish()
    }

    @Test("written to a file frame by frame, the file holds the bytes made in memory; a full disk is the file's error")
    func writtenToAFile() throws {
        let frames = Self.frames()
        let inMemory = try Self.encode(frames)
        let folder = try TemporaryFolder()
        let path = folder.path("scroll.apng")
        let file = try AtomicFile.Writer(path: path)
        let encoder = try APNGEncoder(width: 48, height: 32, frameCount: frames.count, delay: .init(numerator: 1, denominator: 12),
                                      writingTo: file)
        for frame in frames { try encoder.append(frame) }
        #expect(try encoder.finish().isEmpty)
        try file.commit(flushToDisk: false)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == inMemory)

        let full = try APNGEncoder(width: 48, height: 32, frameCount: frames.count, delay: .init(numerator: 1, denominator: 12),
                                   writingTo: try AtomicFile.Writer(path: "/dev/full"))
        #expect(throws: APNGError.write(.write(path: "/dev/full", errno: ENOSPC))) { try full.append(frames[0]) }
    }

    struct FrameControl: Equatable {
        var sequence: UInt32, width: Int, height: Int, x: Int, y: Int
        var delayNumerator: UInt16, delayDenominator: UInt16, dispose: UInt8, blend: UInt8
        init(_ d: [UInt8]) {
            sequence = EncodingFixtures.uint32(d, at: 0)
            width = Int(EncodingFixtures.uint32(d, at: 4)); height = Int(EncodingFixtures.uint32(d, at: 8))
            x = Int(EncodingFixtures.uint32(d, at: 12)); y = Int(EncodingFixtures.uint32(d, at: 16))
            delayNumerator = EncodingFixtures.uint16(d, at: 20); delayDenominator = EncodingFixtures.uint16(d, at: 22)
            dispose = d[24]; blend = d[25]
        }
    }

    /// Rebuilds every frame the way an APNG viewer does: each fcTL's data, made into a standalone PNG,
    /// decoded with libpng and drawn (blend SOURCE) onto the canvas left by the previous frame.
    static func replay(_ bytes: [UInt8]) throws -> [RGBAImage] {
        let chunks = try EncodingFixtures.chunks(of: bytes)
        let ihdr = chunks[0].data
        var canvas: RGBAImage?
        var result: [RGBAImage] = []
        var index = 0
        while index < chunks.count {
            guard chunks[index].type == "fcTL" else { index += 1; continue }
            let control = FrameControl(chunks[index].data)
            var data: [UInt8] = []
            index += 1
            while index < chunks.count, chunks[index].type == "IDAT" || chunks[index].type == "fdAT" {
                data += chunks[index].type == "IDAT" ? chunks[index].data : Array(chunks[index].data.dropFirst(4))
                index += 1
            }
            let header = EncodingFixtures.bigEndian(UInt32(control.width)) + EncodingFixtures.bigEndian(UInt32(control.height))
                + Array(ihdr[8...])
            let part = try PNGDecoder().decode(EncodingFixtures.png(chunks: [("IHDR", header), ("IDAT", data), ("IEND", [])]))
            var next = canvas ?? RGBAImage(width: Int(EncodingFixtures.uint32(ihdr, at: 0)), height: Int(EncodingFixtures.uint32(ihdr, at: 4)))
            for y in 0..<control.height {
                for x in 0..<control.width {
                    next[control.x + x, control.y + y] = part[x, y]
                }
            }
            canvas = next
            result.append(next)
        }
        return result
    }

    @Test("chunk order, acTL, valid CRCs and sequence numbers counting up from 0")
    func structure() throws {
        let bytes = try Self.encode(Self.frames())
        let chunks = try EncodingFixtures.chunks(of: bytes)
        for chunk in chunks { #expect(chunk.storedCRC == chunk.computedCRC, "CRC of \(chunk.type)") }
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        let actl = chunks[1].data
        #expect(actl.count == 8)
        #expect(EncodingFixtures.uint32(actl, at: 0) == 4)  // num_frames
        #expect(EncodingFixtures.uint32(actl, at: 4) == 0)  // num_plays: forever
        let sequences = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { EncodingFixtures.uint32($0.data, at: 0) }
        #expect(sequences == Array(0..<UInt32(sequences.count)))
        #expect(chunks.filter { $0.type == "fcTL" }.allSatisfy { $0.data.count == 26 })
    }

    @Test("a frame's data over a chunk's payload is split into fdAT chunks, each with its own sequence number")
    func largeFramesSplitIntoSeveralChunks() throws {
        // Noise does not compress: 720×720 opaque pixels are over 1.5 MB of data, two chunks or more a frame.
        var generator = SeededNoise(seed: 42)
        func noise() -> RGBAImage {
            var image = RGBAImage(width: 720, height: 720)
            for y in 0..<720 {
                for x in 0..<720 {
                    image[x, y] = .init(red: generator.next(), green: generator.next(), blue: generator.next())
                }
            }
            return image
        }
        let frames = [noise(), noise()]
        let bytes = try Self.encode(frames)
        let chunks = try EncodingFixtures.chunks(of: bytes)
        for chunk in chunks { #expect(chunk.storedCRC == chunk.computedCRC, "CRC of \(chunk.type)") }
        let fdats = chunks.filter { $0.type == "fdAT" }
        #expect(chunks.filter { $0.type == "IDAT" }.count >= 2 && fdats.count >= 2, "\(chunks.map(\.type))")
        #expect(fdats.dropLast().allSatisfy { $0.data.count == 4 + PNGWriting.maxChunkPayload })
        let sequences = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { EncodingFixtures.uint32($0.data, at: 0) }
        #expect(sequences == Array(0..<UInt32(sequences.count)))
        #expect(try Self.replay(bytes) == frames)
    }

    /// Bytes from a fixed seed (xorshift), so the noise is the same on every run.
    struct SeededNoise {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt8 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 32)
        }
    }

    @Test("frame controls: full first frame, then changed rectangles; delay, dispose NONE, blend SOURCE")
    func frameControls() throws {
        let bytes = try Self.encode(Self.frames(), delay: .init(numerator: 3, denominator: 50))
        let controls = try EncodingFixtures.chunks(of: bytes).filter { $0.type == "fcTL" }.map { FrameControl($0.data) }
        #expect(controls.map { [$0.x, $0.y, $0.width, $0.height] } == [[0, 0, 48, 32], [30, 20, 4, 3], [0, 0, 1, 1], [0, 10, 48, 5]])
        #expect(controls.allSatisfy { $0.delayNumerator == 3 && $0.delayDenominator == 50 && $0.dispose == 0 && $0.blend == 0 })
    }

    @Test("the first frame is an ordinary PNG for readers without APNG", arguments: [false, true])
    func firstFrameAsPNG(transparent: Bool) throws {
        let frames = Self.frames(transparentBackground: transparent)
        let bytes = try Self.encode(frames)
        #expect(try PNGDecoder().decode(bytes) == frames[0])
        let ihdr = try EncodingFixtures.chunks(of: bytes)[0].data
        #expect(ihdr[9] == (transparent ? 6 : 2))
    }

    @Test("replaying the frames gives back every input frame", arguments: [false, true])
    func replay(transparent: Bool) throws {
        let frames = Self.frames(transparentBackground: transparent)
        for options in [PNGEncoder.Options.fast, .cairoLike, .init(compressionLevel: 9, filter: .paeth)] {
            #expect(try Self.replay(Self.encode(frames, options: options)) == frames, "options \(options)")
        }
    }

    @Test("a small change costs far less than a full frame")
    func deltaPays() throws {
        let frames = Self.frames()
        let one = try Self.encode([frames[0]])
        let two = try Self.encode([frames[0], frames[1]])
        #expect(two.count - one.count < 100)
    }

    @Test("encoding the same frames twice gives the same bytes")
    func deterministic() throws {
        #expect(try Self.encode(Self.frames()) == Self.encode(Self.frames()))
    }

    @Test("delay from fps: exact for whole numbers, milliseconds otherwise")
    func delayFromFPS() throws {
        #expect(try APNGEncoder.Delay(fps: 12) == .init(numerator: 1, denominator: 12))
        #expect(try APNGEncoder.Delay(fps: 29.97) == .init(numerator: 33, denominator: 1000))
        #expect(throws: APNGError.invalidFrameRate(-1)) { try APNGEncoder.Delay(fps: -1) }
    }

    @Test("frame count is checked both ways, and sizes, transparency and reuse are checked")
    func errors() throws {
        let frames = Self.frames()
        let short = try APNGEncoder(width: 48, height: 32, frameCount: 3, delay: .init(numerator: 1, denominator: 10))
        try short.append(frames[0])
        #expect(throws: APNGError.frameCountMismatch(expected: 3, appended: 1)) { try short.finish() }
        try short.append(frames[1])
        try short.append(frames[2])
        #expect(throws: APNGError.tooManyFrames(expected: 3)) { try short.append(frames[3]) }
        _ = try short.finish()
        #expect(throws: APNGError.alreadyFinished) { try short.finish() }
        #expect(throws: APNGError.alreadyFinished) { try short.append(frames[0]) }

        #expect(throws: APNGError.invalidFrameCount(0)) {
            try APNGEncoder(width: 4, height: 4, frameCount: 0, delay: .init(numerator: 1, denominator: 10))
        }
        #expect(throws: APNGError.invalidDimensions(width: 0, height: 4)) {
            try APNGEncoder(width: 0, height: 4, frameCount: 1, delay: .init(numerator: 1, denominator: 10))
        }
        let sized = try APNGEncoder(width: 48, height: 32, frameCount: 2, delay: .init(numerator: 1, denominator: 10))
        #expect(throws: APNGError.frameSizeMismatch(expectedWidth: 48, expectedHeight: 32, width: 10, height: 10)) {
            try sized.append(RGBAImage(width: 10, height: 10))
        }

        // Opaque first frame → RGB; a later translucent pixel cannot be stored.
        let opaque = try APNGEncoder(width: 48, height: 32, frameCount: 2, delay: .init(numerator: 1, denominator: 10))
        try opaque.append(frames[0])
        var translucent = frames[0]
        translucent[47, 31] = .init(red: 1, green: 1, blue: 1, alpha: 1)
        #expect(throws: APNGError.transparencyAfterOpaqueFirstFrame(frameIndex: 1)) { try opaque.append(translucent) }
        // With .rgba it can.
        #expect(try Self.replay(Self.encode([frames[0], translucent], options: .init(colourType: .rgba))) == [frames[0], translucent])
    }
}
