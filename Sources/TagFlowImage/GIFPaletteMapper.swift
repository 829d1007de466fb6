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
