/// Writes an animated PNG by hand (libpng has no APNG support): signature, IHDR, acTL, then per frame an fcTL and
/// the image data (IDAT for the first frame, which is also the still image that non-APNG readers show; fdAT after),
/// then IEND. After the first frame only the rectangle that changed since the previous frame is written, with
/// dispose NONE and blend SOURCE; an unchanged frame is written as 1×1 so the frame count and timing hold.
///
/// acTL needs the number of frames before any frame data, so it is given up front and `finish()` checks it.
/// Only the previous frame is kept; written to a file, each frame's chunks go out as it is appended, so memory stays
/// flat however many frames there are. Output is deterministic.
public final class APNGEncoder {
    /// A frame's display time, `numerator / denominator` seconds (a denominator of 0 means 100, per the spec).
    public struct Delay: Sendable, Equatable {
        public var numerator: UInt16
        public var denominator: UInt16

        public init(numerator: UInt16, denominator: UInt16) {
            self.numerator = numerator
            self.denominator = denominator
        }

        /// `1/fps` exactly when `fps` is a whole number up to 65535, otherwise the nearest millisecond.
        public init(fps: Double) throws(APNGError) {
            guard fps.isFinite, fps > 0 else { throw .invalidFrameRate(fps) }
            if fps == fps.rounded(), fps <= 65535 {
                self.init(numerator: 1, denominator: UInt16(fps))
            } else {
                let milliseconds = (1000 / fps).rounded()
                self.init(numerator: UInt16(min(65535, max(1, milliseconds))), denominator: 1000)
            }
        }
    }

    public let width: Int
    public let height: Int
    public let frameCount: Int
    public let delay: Delay
    public let options: PNGEncoder.Options
    /// Frames appended so far.
    public private(set) var appendedFrames = 0

    private var writer = PNGChunkWriter()
    private var sequence: UInt32 = 0
    private var channels = 4
    private var previous: RGBAImage?
    private var finished = false
    /// Where each frame's chunks go once made; nil keeps them all for `finish` to return.
    private let file: AtomicFile.Writer?

    /// Starts an APNG of `frameCount` frames. With `file`, the bytes are written to it as frames are appended, and
    /// committing it is the caller's; without, `finish` returns them.
    public init(width: Int, height: Int, frameCount: Int, delay: Delay, options: PNGEncoder.Options = .fast,
                writingTo file: AtomicFile.Writer? = nil) throws(APNGError) {
        do {
            try PNGWriting.checkDimensions(width: width, height: height)
        } catch {
            throw .invalidDimensions(width: width, height: height)
        }
        guard (1...0x7FFF_FFFF).contains(frameCount) else { throw .invalidFrameCount(frameCount) }
        do { try options.checkLevel() } catch { throw .png(error) }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.delay = delay
        self.options = options
        self.file = file
    }

    /// Hands the chunks made so far to the file, if there is one.
    private func flush() throws(APNGError) {
        guard let file, !writer.bytes.isEmpty else { return }
        do {
            try file.write(writer.bytes)
        } catch {
            throw .write(error)
        }
        writer.bytes.removeAll(keepingCapacity: true)
    }

    /// Adds the next frame; `delay` overrides the encoder's delay for this frame.
    ///
    /// - Complexity: O(*n*) in the frame's pixels to find the changed rectangle, then deflating it.
    public func append(_ frame: RGBAImage, delay: Delay? = nil) throws(APNGError) {
        try checkAppendable(frame)
        let region = try regionToWrite(of: frame)
        let isFirst = previous == nil
        let frameChannels = isFirst
            ? PNGWriting.channels(isOpaque: frame.isOpaque, colourType: options.colourType) : channels
        let compressed: [UInt8]
        do {
            compressed = try PNGWriting.compressedRaster(frame, region: region, channels: frameChannels,
                                                         options: options)
        } catch {
            throw .png(error)
        }
        if isFirst {
            channels = frameChannels
            appendHeader()
        }
        appendFrameControl(region: region, delay: delay ?? self.delay)
        appendImageData(compressed, isFirst: isFirst)
        previous = frame
        appendedFrames += 1
        try flush()
    }

    /// Throws unless `frame` may come next: the encoder is open, the size is the APNG's and frames are still due.
    private func checkAppendable(_ frame: RGBAImage) throws(APNGError) {
        guard !finished else { throw .alreadyFinished }
        guard frame.width == width, frame.height == height else {
            throw .frameSizeMismatch(expectedWidth: width, expectedHeight: height, width: frame.width,
                                     height: frame.height)
        }
        guard appendedFrames < frameCount else { throw .tooManyFrames(expected: frameCount) }
    }

    /// The whole of the first frame; after it, the rectangle that changed since the previous frame.
    private func regionToWrite(of frame: RGBAImage) throws(APNGError) -> PixelRegion {
        guard let previous else { return PixelRegion(x: 0, y: 0, width: width, height: height) }
        let region = PixelRegion.changed(from: previous, to: frame) ?? .unchangedFrame
        if channels == 3, !frame.isOpaque(in: region) {
            throw .transparencyAfterOpaqueFirstFrame(frameIndex: appendedFrames)
        }
        return region
    }

    /// The signature, IHDR and acTL, before the first frame.
    private func appendHeader() {
        writer.appendSignature()
        writer.appendChunk("IHDR", PNGWriting.ihdr(width: width, height: height, format: .direct(channels: channels)))
        var actl: [UInt8] = []
        actl.appendPNGUInt32(UInt32(frameCount))
        actl.appendPNGUInt32(0)  // num_plays: loop forever
        writer.appendChunk("acTL", actl)
    }

    /// A frame's fcTL: where its rectangle goes and how long it shows.
    private func appendFrameControl(region: PixelRegion, delay frameDelay: Delay) {
        var fctl: [UInt8] = []
        fctl.appendPNGUInt32(nextSequenceNumber())
        fctl.appendPNGUInt32(UInt32(region.width))
        fctl.appendPNGUInt32(UInt32(region.height))
        fctl.appendPNGUInt32(UInt32(region.x))
        fctl.appendPNGUInt32(UInt32(region.y))
        fctl.appendPNGUInt16(frameDelay.numerator)
        fctl.appendPNGUInt16(frameDelay.denominator)
        fctl.append(0)  // dispose_op NONE
        fctl.append(0)  // blend_op SOURCE
        writer.appendChunk("fcTL", fctl)
    }

    /// A frame's deflated rows: IDAT for the first frame, fdAT chunks after it.
    private func appendImageData(_ compressed: [UInt8], isFirst: Bool) {
        if isFirst {
            writer.appendSplit("IDAT", compressed)
        } else {
            // Each fdAT chunk starts with its sequence number.
            writer.appendSplit("fdAT", compressed) {
                var number: [UInt8] = []
                number.appendPNGUInt32(self.nextSequenceNumber())
                return number
            }
        }
    }

    /// Ends the file and returns its bytes; an encoder writing to a file returns none, its bytes being all in the
    /// file. Throws when fewer frames were appended than promised.
    public func finish() throws(APNGError) -> [UInt8] {
        guard !finished else { throw .alreadyFinished }
        guard appendedFrames == frameCount else {
            throw .frameCountMismatch(expected: frameCount, appended: appendedFrames)
        }
        finished = true
        previous = nil
        writer.appendChunk("IEND", [])
        defer { writer = PNGChunkWriter() }
        guard file == nil else {
            try flush()
            return []
        }
        return writer.bytes
    }

    private func nextSequenceNumber() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }
}

extension RGBAImage {
    /// True when every pixel of `region` has alpha 255.
    func isOpaque(in region: PixelRegion) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            for row in region.y..<(region.y + region.height) {
                var i = (row * width + region.x) * 4 + 3
                for _ in 0..<region.width {
                    if buffer[i] != 255 { return false }
                    i += 4
                }
            }
            return true
        }
    }
}
