import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Why a GIF could not be written.
public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A GIF's sides are between 1 and 65535.
    case invalidDimensions(width: Int, height: Int)
    /// A frame delay is between 0 and 65535 hundredths of a second.
    case invalidDelay(centiseconds: Int)
    case invalidFrameRate(Double)
    case emptyPalette
    /// More than 256 distinct known colours; a GIF palette holds 256.
    case tooManyKnownColours(count: Int)
    case invalidRampSteps(Int)
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    case noFrames
    case alreadyFinished
    /// giflib reported `code` (its `E_GIF_ERR_*`) during `operation`.
    case giflib(operation: String, code: Int32, message: String)
    /// The file the GIF was being written to could not take it.
    case write(AtomicFileError)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "a GIF cannot be \(width)×\(height): each side must be between 1 and 65535"
        case let .invalidDelay(centiseconds):
            return "a GIF frame delay of \(centiseconds) cs is outside 0…65535"
        case let .invalidFrameRate(fps):
            return "frame rate \(fps) is not a positive number"
        case .emptyPalette:
            return "a GIF palette needs at least one known colour"
        case let .tooManyKnownColours(count):
            return "\(count) distinct known colours do not fit in a 256-colour GIF palette"
        case let .invalidRampSteps(steps):
            return "ramp steps must be 0 or more, not \(steps)"
        case let .frameSizeMismatch(expectedWidth, expectedHeight, width, height):
            return "a \(width)×\(height) frame was given to a \(expectedWidth)×\(expectedHeight) GIF"
        case .noFrames:
            return "a GIF needs at least one frame"
        case .alreadyFinished:
            return "the GIF was already finished"
        case let .giflib(operation, code, message):
            return "giflib \(operation) failed (\(code)): \(message)"
        case let .write(error):
            return "\(error)"
        }
    }
}

/// A fixed GIF palette made from the colours a style draws with, rather than from the pixels (no median cut),
/// so every frame maps the same colour to the same index and flat colours come out exact.
///
/// Entries, in order: the distinct `knownColours`, then for each ramp its two ends (when not already present) and
/// `rampSteps` evenly spaced colours strictly between them, which catch anti-aliased edges of text and borders.
/// When everything does not fit in 256 entries, the number of steps is lowered (the same for every ramp) until it
/// does; `rampSteps` tells the number used.
public struct GIFPalette: Sendable, Equatable {
    public let colours: [RGB]
    /// The steps per ramp actually used, at most the requested number.
    public let rampSteps: Int

    public init(knownColours: [RGB], ramps: [(RGB, RGB)] = [], rampSteps: Int = 0) throws(GIFError) {
        guard rampSteps >= 0 else { throw .invalidRampSteps(rampSteps) }
        var base: [RGB] = []
        var seen = Set<RGB>()
        for colour in knownColours where seen.insert(colour).inserted { base.append(colour) }
        guard !base.isEmpty else { throw .emptyPalette }
        guard base.count <= 256 else { throw .tooManyKnownColours(count: base.count) }

        var steps = rampSteps
        while true {
            var colours = base
            var used = seen
            for (from, to) in ramps {
                for colour in [from] + Self.ramp(from: from, to: to, steps: steps) + [to]
                    where used.insert(colour).inserted {
                    colours.append(colour)
                }
            }
            if colours.count <= 256 || steps == 0 {
                // With no steps only ramp ends are added; if even those overflow, keep the first 256.
                self.colours = Array(colours.prefix(256))
                self.rampSteps = steps
                return
            }
            steps -= 1
        }
    }

    /// `steps` colours strictly between `from` and `to`, evenly spaced, rounded to nearest.
    static func ramp(from: RGB, to: RGB, steps: Int) -> [RGB] {
        guard steps > 0 else { return [] }
        let n = steps + 1
        func mix(_ a: UInt8, _ b: UInt8, _ i: Int) -> UInt8 {
            UInt8((Int(a) * (n - i) + Int(b) * i + n / 2) / n)
        }
        return (1...steps).map { i in RGB(r: mix(from.r, to.r, i), g: mix(from.g, to.g, i), b: mix(from.b, to.b, i)) }
    }

    /// The colour that pixels with alpha below 255 are composited over: the first known colour.
    public var matte: RGB { colours[0] }

    /// The index of the entry nearest `colour` (squared distance in sRGB; ties go to the lower index).
    ///
    /// - Complexity: O(*k*) for *k* palette entries; the encoder memoises it per colour.
    public func nearestIndex(to colour: RGB) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (i, entry) in colours.enumerated() {
            let dr = Int(entry.r) - Int(colour.r)
            let dg = Int(entry.g) - Int(colour.g)
            let db = Int(entry.b) - Int(colour.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance {
                bestDistance = d
                best = i
                if d == 0 { break }
            }
        }
        return best
    }
}

/// Maps RGBA pixels to palette indices: exact colours through a table, others through a memoised nearest search.
/// In front of both, a direct-mapped cache of RGBA words seen, kept from frame to frame.
final class GIFPaletteMapper {
    private let palette: GIFPalette
    private var table: [UInt32: UInt8] = [:]
    private let matte: (r: UInt32, g: UInt32, b: UInt32)
    private static let cacheSize = 4096
    private let cachedWords = UnsafeMutablePointer<UInt32>.allocate(capacity: cacheSize)
    /// The index plus one; 0 marks an empty slot.
    private let cachedIndices = UnsafeMutablePointer<UInt16>.allocate(capacity: cacheSize)

    init(palette: GIFPalette) {
        self.palette = palette
        for (i, colour) in palette.colours.enumerated() where table[colour.packed] == nil {
            table[colour.packed] = UInt8(i)
        }
        matte = (UInt32(palette.matte.r), UInt32(palette.matte.g), UInt32(palette.matte.b))
        cachedWords.initialize(repeating: 0, count: Self.cacheSize)
        cachedIndices.initialize(repeating: 0, count: Self.cacheSize)
    }

    deinit {
        cachedWords.deallocate()
        cachedIndices.deallocate()
    }

    /// Indices for the pixels of `region`, row by row.
    func map(_ frame: GIFFramePixels, region: PixelRegion) -> [UInt8] {
        let count = region.width * region.height
        return frame.withWords { base, stride, isPremultiplied in
            [UInt8](unsafeUninitializedCapacity: count) { out, initialised in
                var lastWord: UInt32 = 0
                var lastIndex: UInt8 = 0
                var haveLast = false
                var o = 0
                for row in 0..<region.height {
                    let words = base + (region.y + row) * stride + region.x * 4
                    var x = 0
                    while x < region.width {
                        // Four pixels at once while they repeat the last colour: most of a flat picture.
                        if haveLast, x + 4 <= region.width,
                           words.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
                               == SIMD4(repeating: lastWord) {
                            UnsafeMutableRawPointer(out.baseAddress! + o)
                                .storeBytes(of: UInt32(lastIndex) &* 0x0101_0101, as: UInt32.self)
                            o += 4
                            x += 4
                            continue
                        }
                        let loaded = words.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        if !(haveLast && loaded == lastWord) {
                            lastWord = loaded
                            // The cache holds straight RGBA words, whichever the frame's layout.
                            let word = isPremultiplied
                                ? RGBAImage.straightRGBA(premultipliedARGB: loaded).littleEndian : loaded
                            let slot = Int(truncatingIfNeeded: (word &* 0x9E37_79B1) >> 20)
                            if cachedIndices[slot] != 0, cachedWords[slot] == word {
                                lastIndex = UInt8(truncatingIfNeeded: cachedIndices[slot] - 1)
                            } else {
                                let bytes = UInt32(littleEndian: word)
                                lastIndex = index(r: UInt8(truncatingIfNeeded: bytes),
                                                  g: UInt8(truncatingIfNeeded: bytes >> 8),
                                                  b: UInt8(truncatingIfNeeded: bytes >> 16),
                                                  a: UInt8(truncatingIfNeeded: bytes >> 24))
                                cachedWords[slot] = word
                                cachedIndices[slot] = UInt16(lastIndex) + 1
                            }
                            haveLast = true
                        }
                        out[o] = lastIndex
                        o += 1
                        x += 1
                    }
                }
                initialised = count
            }
        }
    }

    private func index(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt8 {
        var colour = RGB(r: r, g: g, b: b)
        if a != 255 {
            let alpha = UInt32(a), rest = 255 - UInt32(a)
            colour = RGB(
                r: UInt8((UInt32(r) * alpha + matte.r * rest + 127) / 255),
                g: UInt8((UInt32(g) * alpha + matte.g * rest + 127) / 255),
                b: UInt8((UInt32(b) * alpha + matte.b * rest + 127) / 255)
            )
        }
        let key = colour.packed
        if let hit = table[key] { return hit }
        let found = UInt8(palette.nearestIndex(to: colour))
        table[key] = found
        return found
    }
}

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

/// A GIF frame's pixels: straight RGBA, or cairo's premultiplied ARGB words, which stand for the same colours one to
/// one (unpremultiplying loses nothing that tells two colours apart), so either compares and maps to the same result.
enum GIFFramePixels: @unchecked Sendable {
    case straight(RGBAImage)
    case premultiplied(PremultipliedFrame)

    var width: Int {
        switch self {
        case let .straight(image): image.width
        case let .premultiplied(frame): frame.pixels.width
        }
    }

    var height: Int {
        switch self {
        case let .straight(image): image.height
        case let .premultiplied(frame): frame.pixels.height
        }
    }

    /// Lends the first row's words, the bytes from one row to the next, and whether the words are premultiplied ARGB.
    func withWords<R>(_ body: (UnsafeRawPointer, Int, Bool) -> R) -> R {
        switch self {
        case let .straight(image):
            return image.pixels.withUnsafeBytes {
                body($0.baseAddress ?? UnsafeRawPointer(bitPattern: 4)!, image.width * 4, false)
            }
        case let .premultiplied(frame):
            return frame.withPixels { body($0.data.baseAddress ?? UnsafeRawPointer(bitPattern: 4)!, $0.stride, true) }
        }
    }

    /// The rectangle that differs from `previous`, of the same size; nil when none does. Frames of the two layouts
    /// are compared as wholly different.
    func changed(since previous: GIFFramePixels) -> PixelRegion? {
        previous.withWords { old, oldStride, oldIsPremultiplied in
            withWords { new, newStride, isPremultiplied in
                guard oldIsPremultiplied == isPremultiplied else {
                    return PixelRegion(x: 0, y: 0, width: width, height: height)
                }
                return PixelRegion.changed(from: old, to: new, width: width, height: height,
                                           strides: (oldStride, newStride))
            }
        }
    }
}
