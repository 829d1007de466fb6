import Dispatch

/// Pieces shared by the PNG and APNG writers.
enum PNGWriting {
    /// The largest chunk payload written; larger IDAT/fdAT data is split over several chunks.
    static let maxChunkPayload = 1 << 20

    static func checkDimensions(width: Int, height: Int) throws(PNGError) {
        guard width >= 1, height >= 1, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .invalidDimensions(width: width, height: height)
        }
    }

    /// How pixels are stored: indices into a palette, or 3 (RGB) or 4 (RGBA) bytes each.
    enum Format {
        case indexed(PNGPalette)
        case direct(channels: Int)

        var colourTypeByte: UInt8 {
            switch self {
            case .indexed: return 3
            case let .direct(channels): return channels == 4 ? 6 : 2
            }
        }
    }

    /// Bytes a direct pixel takes: 4 unless every pixel is opaque and the options allow RGB.
    static func channels(isOpaque: Bool, colourType: PNGEncoder.ColourType) -> Int {
        colourType == .rgba || !isOpaque ? 4 : 3
    }

    static func ihdr(width: Int, height: Int, format: Format) -> [UInt8] {
        var data: [UInt8] = []
        data.appendPNGUInt32(UInt32(width))
        data.appendPNGUInt32(UInt32(height))
        data.append(8)                          // bit depth
        data.append(format.colourTypeByte)
        data.append(contentsOf: [0, 0, 0])      // deflate, adaptive filtering method 0, no interlace
        return data
    }

    /// A whole PNG file around its zlib stream.
    static func file(width: Int, height: Int, format: Format, idat: [UInt8]) -> [UInt8] {
        var writer = PNGChunkWriter()
        // Signature, IHDR, a palette of 256 colours with their alphas and IEND take at most 1,093 bytes.
        writer.reserve(2048 + PNGChunkWriter.splitSize(idat.count))
        writer.appendSignature()
        writer.appendChunk("IHDR", ihdr(width: width, height: height, format: format))
        if case let .indexed(palette) = format {
            writer.appendChunk("PLTE", palette.plte)
            if let trns = palette.trns { writer.appendChunk("tRNS", trns) }
        }
        writer.appendSplit("IDAT", idat)
        writer.appendChunk("IEND", [])
        return writer.bytes
    }

    /// The zlib stream of the filtered scanlines of `region` of `image`.
    static func compressedRaster(
        _ image: RGBAImage, region: PixelRegion, channels: Int, options: PNGEncoder.Options
    ) throws(PNGError) -> [UInt8] {
        try PNGDeflate.zlibStream(filteredScanlines(image, region: region, channels: channels, filter: options.filter),
                                  options: options)
    }

    /// Opaque premultiplied pixels as RGB scanlines filtered by `filter`, straight from cairo's words (opaque, they
    /// are the straight colours): what ``filteredScanlines(_:region:channels:filter:)`` makes of their RGBA.
    /// Nil when a pixel is translucent.
    static func rgbScanlines(_ pixels: PremultipliedARGB32, filter: PNGEncoder.Filter) -> [UInt8]? {
        let lineBytes = pixels.width * 3 + 1
        let total = lineBytes * pixels.height
        var translucent = false
        var lines = [UInt8](unsafeUninitializedCapacity: total) { out, initialised in
            let destination = out.baseAddress!
            for row in 0..<pixels.height {
                let words = (pixels.data.baseAddress! + row * pixels.stride).assumingMemoryBound(to: UInt32.self)
                let line = destination + row * lineBytes
                line[0] = 0
                let rgb = UnsafeMutableRawPointer(line + 1)
                var alpha: UInt32 = 0xFF00_0000
                // Four pixels' 12 bytes in two stores: a word 0xAARRGGBB byte-swapped and shifted is 0x00BBGGRR,
                // whose low three bytes in memory are R, G, B. A byte a store took 1.6 times as long.
                var x = 0
                while x &+ 4 <= pixels.width {
                    let first = words[x], second = words[x &+ 1], third = words[x &+ 2], fourth = words[x &+ 3]
                    alpha &= first & second & third & fourth
                    let rgb0 = UInt64(first.byteSwapped &>> 8), rgb1 = UInt64(second.byteSwapped &>> 8)
                    let rgb2 = UInt64(third.byteSwapped &>> 8), rgb3 = fourth.byteSwapped &>> 8
                    let at = 3 &* x
                    rgb.storeBytes(of: rgb0 | rgb1 &<< 24 | rgb2 &<< 48, toByteOffset: at, as: UInt64.self)
                    rgb.storeBytes(of: UInt32(truncatingIfNeeded: rgb2 &>> 16) | rgb3 &<< 8, toByteOffset: at &+ 8,
                                   as: UInt32.self)
                    x &+= 4
                }
                while x < pixels.width {
                    let word = words[x], at = 3 &* x
                    alpha &= word
                    rgb.storeBytes(of: UInt8(truncatingIfNeeded: word &>> 16), toByteOffset: at, as: UInt8.self)
                    rgb.storeBytes(of: UInt8(truncatingIfNeeded: word &>> 8), toByteOffset: at &+ 1, as: UInt8.self)
                    rgb.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: at &+ 2, as: UInt8.self)
                    x &+= 1
                }
                guard alpha == 0xFF00_0000 else {
                    translucent = true
                    return
                }
            }
            initialised = total
        }
        guard !translucent else { return nil }
        PNGRowFilter.apply(filter, to: &lines, lineBytes: lineBytes, bytesPerPixel: 3)
        return lines
    }

    /// Each row of `region` as a filter-type byte followed by the filtered bytes, in `channels` (3 or 4) per pixel.
    static func filteredScanlines(_ image: RGBAImage, region: PixelRegion, channels: Int,
                                  filter: PNGEncoder.Filter) -> [UInt8] {
        let rowBytes = region.width * channels
        let lineBytes = rowBytes + 1
        let total = lineBytes * region.height
        let imageRowBytes = image.width * 4
        // Copy (dropping alpha for RGB) straight into place after a 0 filter byte, then filter in place.
        var lines = image.pixels.withUnsafeBufferPointer { src in
            // One spare byte: an RGB pixel is written as a 4-byte word, whose last byte the next write covers.
            [UInt8](unsafeUninitializedCapacity: total + 1) { out, initialised in
                let source = UnsafeRawPointer(src.baseAddress!)
                let destination = UnsafeMutableRawPointer(out.baseAddress!)
                for row in 0..<region.height {
                    let s = (region.y + row) * imageRowBytes + region.x * 4
                    let d = row * lineBytes
                    out[d] = 0
                    if channels == 4 {
                        (destination + d + 1).copyMemory(from: source + s, byteCount: rowBytes)
                    } else {
                        // Pointers that step, not offsets that multiply: no overflow checks in the loop.
                        var from = source + s
                        var to = destination + d + 1
                        for _ in 0..<region.width {
                            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                            from += 4
                            to += 3
                        }
                    }
                }
                initialised = total
            }
        }
        PNGRowFilter.apply(filter, to: &lines, lineBytes: lineBytes, bytesPerPixel: channels)
        return lines
    }
}
