import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an animated GIF frame by frame: one global palette (a `GIFPalette`), a NETSCAPE2.0 extension so it loops
/// forever, and after the first frame only the rectangle that changed since the previous frame (disposal "do not
/// dispose"). A frame equal to the previous one is written as a 1×1 frame, so the frame count and timing hold.
///
/// Each frame is compared, indexed and LZW-coded on a core of its own (``GIFLZW``) while later frames are appended;
/// giflib writes the coded frames in order. The bytes do not depend on how many cores do the coding. At most
/// ``codingAhead`` frames are coded at once; written to a file, the GIF goes out a megabyte at a time as frames are
/// appended, so memory stays flat however many there are.
///
/// Pixels with alpha below 255 are composited over `palette.matte`; GIF transparency is not used.
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    public let palette: GIFPalette
    public let delayCentiseconds: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0

    /// Nil once finished.
    private var file: GIFFileWriter?
    /// One mapper and one LZW coder for each frame being coded.
    private let mappers: LendingPool<GIFPaletteMapper>
    private let coders: LendingPool<GIFLZW>
    private var previous: GIFFramePixels?
    /// Frames handed to a core and not yet written, oldest first.
    private var coding: [CodedFrame] = []
    private let codingAhead: Int

    /// The GIF delay for a frame rate: `round(100 / fps)` hundredths of a second, at least 2 (browsers replace
    /// smaller delays by 10), at most 65535.
    public static func delayCentiseconds(fps: Double) throws(GIFError) -> Int {
        guard fps.isFinite, fps > 0 else { throw .invalidFrameRate(fps) }
        let delay = (100 / fps).rounded()
        return delay >= 65535 ? 65535 : max(2, Int(delay))
    }

    /// Starts a GIF of `width`×`height` with `palette` as its global colour table, each frame shown for
    /// `delayCentiseconds` unless `append` says otherwise. `codingAhead` frames at most are coded at once
    /// (by default, one per core); 1 codes each frame before `append` returns. With `file`, the bytes are written to
    /// it as they are made, and committing it is the caller's; without, `finish` returns them.
    public init(width: Int, height: Int, palette: GIFPalette, delayCentiseconds: Int,
                codingAhead: Int = sysconf(Int32(_SC_NPROCESSORS_ONLN)),
                writingTo file: AtomicFile.Writer? = nil) throws(GIFError) {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard (0...65535).contains(delayCentiseconds) else { throw .invalidDelay(centiseconds: delayCentiseconds) }
        self.width = width
        self.height = height
        self.palette = palette
        self.delayCentiseconds = delayCentiseconds
        self.mappers = LendingPool { GIFPaletteMapper(palette: palette) }
        self.codingAhead = max(1, codingAhead)

        let file = try GIFFileWriter(writingTo: file)
        // The colour table holds a power of two entries, at least 2; the padding repeats entry 0 and is never chosen.
        var colours = palette.colours
        var size = 2
        while size < colours.count { size *= 2 }
        while colours.count < size { colours.append(colours[0]) }
        try file.putScreen(width: width, height: height, colours: colours)
        // NETSCAPE2.0: sub-block 1, loop count 0 = forever.
        try file.putApplicationExtension(identifier: Array("NETSCAPE2.0".utf8), subBlocks: [[1, 0, 0]])
        let minimumCodeSize = GIFFileWriter.minimumCodeSize(colourCount: size)
        self.coders = LendingPool { GIFLZW(minimumCodeSize: minimumCodeSize) }
        self.file = file
    }

    /// Adds a frame of the GIF's size; `delayCentiseconds` overrides the encoder's delay for this frame. The frame
    /// is coded on another core; an error writing it may come from a later `append` or from `finish`.
    ///
    /// - Complexity: O(*n*) in the frame's pixels to find the changed rectangle, then O(*r*) in its pixels.
    public func append(_ frame: RGBAImage, delayCentiseconds: Int? = nil) throws(GIFError) {
        try append(GIFFramePixels.straight(frame), delayCentiseconds: delayCentiseconds)
    }

    /// The same for a frame as cairo drew it, read without a straight copy; the GIF's bytes are those of appending
    /// its straight pixels.
    public func append(_ frame: PremultipliedFrame, delayCentiseconds: Int? = nil) throws(GIFError) {
        try append(GIFFramePixels.premultiplied(frame), delayCentiseconds: delayCentiseconds)
    }

    private func append(_ frame: GIFFramePixels, delayCentiseconds: Int?) throws(GIFError) {
        guard file != nil else { throw .alreadyFinished }
        guard frame.width == width, frame.height == height else {
            throw .frameSizeMismatch(expectedWidth: width, expectedHeight: height, width: frame.width,
                                     height: frame.height)
        }
        let delay = delayCentiseconds ?? self.delayCentiseconds
        guard (0...65535).contains(delay) else { throw .invalidDelay(centiseconds: delay) }

        let coded = CodedFrame(delayCentiseconds: delay)
        let previous = self.previous, mappers = self.mappers, coders = self.coders,
            width = self.width, height = self.height
        DispatchQueue.global().async {
            let region = previous.map { frame.changed(since: $0) ?? .unchangedFrame }
                ?? PixelRegion(x: 0, y: 0, width: width, height: height)
            let indices = mappers.borrow { $0.map(frame, region: region) }
            coded.finish(region: region,
                         blocks: coders.borrow { lzw in indices.withUnsafeBufferPointer { lzw.subBlocks($0) } })
        }
        coding.append(coded)
        self.previous = frame
        frameCount += 1
        try writeCoded(keepingAtMost: codingAhead - 1)
    }

    /// Ends the GIF and returns its bytes; an encoder writing to a file returns none, its bytes being all in the file.
    /// The encoder cannot be used afterwards.
    public func finish() throws(GIFError) -> [UInt8] {
        guard let file else { throw .alreadyFinished }
        let written = Result { () throws(GIFError) in try writeCoded(keepingAtMost: 0) }
        self.file = nil
        previous = nil
        let closed = Result { () throws(GIFError) in try file.close() }
        guard frameCount > 0 else { throw .noFrames }
        try written.get()
        return try closed.get()
    }

    /// Writes, in order, the coded frames at the front; waits for the oldest while more than `limit` are coding.
    private func writeCoded(keepingAtMost limit: Int) throws(GIFError) {
        guard let file else { throw .alreadyFinished }
        while let oldest = coding.first {
            guard coding.count > limit || oldest.isFinished else { return }
            coding.removeFirst()
            let (region, blocks) = oldest.waitForResult()
            try file.putGraphicsControl(delayCentiseconds: oldest.delayCentiseconds)
            try file.putImage(region, codedBlocks: blocks)
        }
    }
}

/// A frame being coded on another core: its rectangle and LZW sub-blocks once ready.
private final class CodedFrame: @unchecked Sendable {
    let delayCentiseconds: Int
    // Written once by the coding thread before `done` is signalled, read only after waiting on it.
    private var region = PixelRegion(x: 0, y: 0, width: 1, height: 1)
    private var blocks: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)
    private var waited = false

    init(delayCentiseconds: Int) { self.delayCentiseconds = delayCentiseconds }

    func finish(region: PixelRegion, blocks: [UInt8]) {
        self.region = region
        self.blocks = blocks
        done.signal()
    }

    /// Whether the result is ready, without blocking.
    var isFinished: Bool {
        if !waited, done.wait(timeout: .now()) == .success { waited = true }
        return waited
    }

    func waitForResult() -> (PixelRegion, [UInt8]) {
        if !waited {
            done.wait()
            waited = true
        }
        return (region, blocks)
    }
}
