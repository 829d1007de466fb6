import Dispatch

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
