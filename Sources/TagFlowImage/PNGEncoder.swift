import Dispatch

/// Why a PNG could not be written or read.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// PNG needs 1 ≤ width, height ≤ 2³¹−1.
    case invalidDimensions(width: Int, height: Int)
    /// The decoder refuses images over its limits rather than allocating for them.
    case imageTooLarge(width: Int, height: Int, maxSide: Int, maxPixels: Int)
    /// Not a level the chosen deflater has: libdeflate's are 0 to 12, zlib's 0 to 9, igzip's 0 to 3.
    case invalidCompressionLevel(Int)
    /// zlib failed; `code` is its return value.
    case zlib(operation: String, code: Int32)
    /// libdeflate failed during `operation`.
    case libdeflate(operation: String)
    /// ISA-L's igzip failed; `code` is its return value.
    case igzip(operation: String, code: Int32)
    /// libpng could not read the data; the message is libpng's.
    case corrupt(String)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "a PNG cannot be \(width)×\(height): each side must be between 1 and 2147483647"
        case let .imageTooLarge(width, height, maxSide, maxPixels):
            return "the PNG is \(width)×\(height), over the limit of \(maxSide) pixels a side and \(maxPixels) pixels in all"
        case let .invalidCompressionLevel(level):
            return "PNG compression level \(level) is not one the deflater has (libdeflate 0 to 12, zlib 0 to 9, igzip 0 to 3)"
        case let .zlib(operation, code):
            return "zlib \(operation) failed with code \(code)"
        case let .libdeflate(operation):
            return "libdeflate failed: \(operation)"
        case let .igzip(operation, code):
            return "igzip \(operation) failed with code \(code)"
        case let .corrupt(message):
            return "the PNG data is damaged or not a PNG: \(message)"
        }
    }
}

/// Writes PNGs with zlib, igzip or libdeflate directly, so that the compression level and filter are chosen here and
/// not by libpng's defaults. The output holds only IHDR, PLTE and tRNS when indexed, IDAT and IEND: no time or
/// text chunks, so equal images always give equal bytes.
public struct PNGEncoder: Sendable {
    /// The per-row filter. `.adaptive` is libpng's heuristic (per row, the filter with the least sum of
    /// absolute byte values), which is what Cairo gets by default.
    public enum Filter: Sendable, Equatable, CaseIterable {
        case none, sub, up, average, paeth, adaptive
    }

    /// zlib's compression strategy; libdeflate has none.
    public enum Strategy: Sendable, Equatable, CaseIterable {
        case `default`, filtered, runLength, huffmanOnly
    }

    /// What deflates the scanlines. zlib and ISA-L's igzip deflate a large image in pieces on every core;
    /// libdeflate compresses a whole buffer in one call, and at its highest levels into the smallest files. At
    /// levels 1 to 3 libdeflate took about the CPU time of zlib level 3 on tagflow's renders (5–10% smaller files),
    /// and one core only. igzip level 2 took a sixth of zlib level 3's time, into files as small for palette
    /// pictures and about 12% larger for RGB ones.
    public enum Deflater: Sendable, Equatable, CaseIterable {
        case libdeflate, zlib, igzip

        /// The levels the deflater has.
        var levels: ClosedRange<Int> {
            switch self {
            case .libdeflate: return LibdeflateCompressor.levels
            case .zlib: return 0...9
            case .igzip: return Igzip.levels
            }
        }
    }

    /// A deflater at one of its levels.
    public struct Deflation: Sendable, Equatable {
        public var deflater: Deflater
        public var level: Int

        public init(_ deflater: Deflater, level: Int) {
            self.deflater = deflater
            self.level = level
        }
    }

    /// `.automatic` writes a palette (colour type 3) when the picture has at most 256 colours, and otherwise
    /// what `.direct` writes: colour type 2 (RGB) when every pixel is opaque, 6 (RGBA) when not. `.rgba` always
    /// writes colour type 6.
    public enum ColourType: Sendable, Equatable {
        case automatic, direct, rgba
    }

    /// The settings people choose between: `fast` for every render, `fastest` for pictures looked at once and
    /// thrown away, `small` for pictures kept for long, such as documentation assets.
    public enum Compression: String, Sendable, Equatable, CaseIterable {
        case fastest, fast, small

        public var options: Options {
            switch self {
            case .fastest: return .fastest
            case .fast: return .fast
            case .small: return .small
            }
        }
    }

    /// How a PNG is written: deflater and level, filter, strategy, colour type and whether to use every core.
    public struct Options: Sendable, Equatable {
        /// libdeflate level, 0 (store) to 12; zlib level, 0 to 9; or igzip level, 0 to 3.
        public var compressionLevel: Int
        public var filter: Filter
        /// zlib only.
        public var strategy: Strategy
        public var colourType: ColourType
        /// Work on the bands or pieces of a large image on every core. Off where images are already encoded in
        /// parallel, as scroll frames are; the bytes are the same either way.
        public var usesEveryCore: Bool
        public var deflater: Deflater
        /// What deflates a picture written with a palette, when not `deflater` at `compressionLevel`.
        public var paletteDeflation: Deflation?

        public init(
            compressionLevel: Int = 3,
            filter: Filter = .none,
            strategy: Strategy = .default,
            colourType: ColourType = .automatic,
            usesEveryCore: Bool = true,
            deflater: Deflater = .zlib,
            paletteDeflation: Deflation? = nil
        ) {
            self.compressionLevel = compressionLevel
            self.filter = filter
            self.strategy = strategy
            self.colourType = colourType
            self.usesEveryCore = usesEveryCore
            self.deflater = deflater
            self.paletteDeflation = paletteDeflation
        }

        /// The default: no filtering, a palette when there are at most 256 colours, deflated in pieces on every
        /// core, by igzip level 2 with a palette and zlib level 3 without. On flat UI renders (large runs of one
        /// colour, anti-aliased edges) this is several times faster than the level-6 adaptive-filter RGBA that
        /// Cairo's writer uses, and the files are less than half the size. No filter: on these renders every filter
        /// made the files larger. igzip deflated the bench's 1,000 palette tags six times faster than zlib into a
        /// file 1% smaller, but RGB scroll frames and the demo 12% larger, so RGB stays with zlib.
        public static let fast = Options(paletteDeflation: igzipLevel2)

        /// Every picture deflated by igzip level 2, RGB and RGBA too: for pictures read once and thrown away, as a
        /// CI job's scroll frames are. A palette picture's bytes are `fast`'s; an RGB one deflates several times
        /// faster than with zlib level 3, into a file 10–17% larger on tagflow's pictures.
        public static let fastest = Options(compressionLevel: igzipLevel2.level, deflater: igzipLevel2.deflater)

        /// What `fast` deflates palette pictures with and `fastest` every picture, so their palette bytes agree.
        private static let igzipLevel2 = Deflation(.igzip, level: 2)

        /// The smallest files: libdeflate level 12, about a fifth smaller than `fast` on tagflow's renders and
        /// tens of times slower. For pictures kept for long, such as documentation.
        public static let small = Options(compressionLevel: 12, deflater: .libdeflate)

        /// Close to what `cairo_surface_write_to_png` does (libpng defaults): zlib level 6, adaptive filtering, RGBA.
        public static let cairoLike = Options(compressionLevel: 6, filter: .adaptive, strategy: .default, colourType: .rgba, deflater: .zlib)

        func checkLevel() throws(PNGError) {
            guard deflater.levels.contains(compressionLevel) else { throw .invalidCompressionLevel(compressionLevel) }
            if let palette = paletteDeflation, !palette.deflater.levels.contains(palette.level) {
                throw .invalidCompressionLevel(palette.level)
            }
        }

        /// The options a picture written with a palette is deflated with.
        var forPalette: Options {
            guard let palette = paletteDeflation else { return self }
            var options = self
            options.deflater = palette.deflater
            options.compressionLevel = palette.level
            return options
        }
    }

    public var options: Options

    public init(options: Options = .fast) {
        self.options = options
    }

    /// The PNG file for `image`.
    ///
    /// - Complexity: O(*n*) in the pixels; counting colours for a palette adds a hash lookup per pixel.
    public func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        try PNGWriting.checkDimensions(width: image.width, height: image.height)
        try options.checkLevel()
        if let indexed = indexedRows(image) { return try file(indexed, height: image.height) }
        let channels = PNGWriting.channels(isOpaque: image.isOpaque, colourType: options.colourType)
        let region = PixelRegion(x: 0, y: 0, width: image.width, height: image.height)
        return try file(PNGWriting.filteredScanlines(image, region: region, channels: channels, filter: options.filter),
                        width: image.width, height: image.height, channels: channels)
    }

    /// The PNG file for pixels as cairo draws them; opaque ones of at most 256 colours are indexed as they are,
    /// others go through straight RGBA. The same bytes as ``encode(_:)`` of the straight pixels.
    public func encode(_ pixels: PremultipliedARGB32) throws(PNGError) -> [UInt8] {
        try PNGWriting.checkDimensions(width: pixels.width, height: pixels.height)
        try options.checkLevel()
        switch opaqueRows(pixels, allowsRGB: options.colourType != .rgba) {
        case let .indexed(indexed)?:
            return try file(indexed, height: pixels.height)
        case let .direct(rgb)?:
            return try file(rgb, width: pixels.width, height: pixels.height, channels: 3)
        case nil:
            return try encode(RGBAImage(pixels))
        }
    }

    /// Opaque pixels as cairo holds them, as scanlines read straight from its words: indexed when the options
    /// index and they have at most 256 colours, else RGB when `allowsRGB`. Nil for translucent pixels, and for
    /// more colours without RGB: those go through straight RGBA.
    fileprivate func opaqueRows(_ pixels: PremultipliedARGB32, allowsRGB: Bool) -> BandRows.Rows? {
        do throws(IndexedScanlines.Refusal) {
            guard options.colourType == .automatic else { throw .moreThan256Colours }
            return .indexed(try IndexedScanlines(pixels))
        } catch .moreThan256Colours where allowsRGB {
            return PNGWriting.rgbScanlines(pixels, filter: options.filter).map(BandRows.Rows.direct)
        } catch {
            return nil
        }
    }

    /// Straight pixels as indexed rows, when the options index and they hold at most 256 colours.
    private func indexedRows(_ image: RGBAImage) -> IndexedScanlines? {
        guard options.colourType == .automatic else { return nil }
        return image.pixels.withUnsafeBytes { IndexedScanlines(rgba: $0, width: image.width, rows: image.height) }
    }

    /// A whole picture's file from its indexed rows.
    private func file(_ indexed: consuming IndexedScanlines, height: Int) throws(PNGError) -> [UInt8] {
        let palette = PNGPalette(merging: [indexed.colours])!  // one part's colours are at most 256
        indexed.renumber(in: palette)
        let compressed = try PNGDeflate.zlibStream(indexed.scanlines, options: options.forPalette)
        return PNGWriting.file(width: indexed.width, height: height, format: .indexed(palette), idat: compressed)
    }

    /// A whole picture's file from its filtered scanlines of `channels` bytes a pixel.
    private func file(_ scanlines: [UInt8], width: Int, height: Int, channels: Int) throws(PNGError) -> [UInt8] {
        let compressed = try PNGDeflate.zlibStream(scanlines, options: options)
        return PNGWriting.file(width: width, height: height, format: .direct(channels: channels), idat: compressed)
    }
}

extension PNGEncoder {
    /// One band of a picture encoded in bands, as indexed rows or, with more than 256 colours, direct ones. Made
    /// from pixels by the closure ``encode(width:height:isOpaque:premultipliedBand:)`` lends.
    public struct BandRows {
        fileprivate enum Rows {
            case indexed(IndexedScanlines), direct([UInt8])

            /// The band's scanlines for the file: indexed rows renumbered in `palette`, in place, or, without one,
            /// made direct; direct rows as they are.
            consuming func scanlines(in palette: PNGPalette?, channels: Int, filter: Filter) -> [UInt8] {
                switch consume self {
                case var .indexed(rows):
                    guard let palette else { return rows.directScanlines(channels: channels, filter: filter) }
                    rows.renumber(in: palette)
                    return rows.scanlines
                case let .direct(rows):
                    return rows
                }
            }
        }
        fileprivate let rows: Rows
    }

    /// Encodes a picture that is made a band of rows at a time, each band made, converted, indexed and filtered on
    /// its own core, then deflated. `band` fills the given buffer with the band's rows as straight, opaque or not,
    /// RGBA. Only the indexed (or, past 256 colours, direct) rows of the bands are held at once, never the whole
    /// RGBA picture.
    ///
    /// The bands depend only on the picture's size, and the palette only on its colours, so the bytes are the
    /// same for any number of cores.
    public func encode(width: Int, height: Int, isOpaque: Bool,
                       band: @Sendable (_ rows: Range<Int>, _ rgba: UnsafeMutableRawBufferPointer) throws -> Void) throws -> [UInt8] {
        let channels = PNGWriting.channels(isOpaque: isOpaque, colourType: options.colourType)
        return try encodeBands(width: width, height: height, channels: channels) { rows in
            // `band` writes every byte.
            let rgba = try [UInt8](unsafeUninitializedCapacity: rows.count * width * 4) { buffer, initialised in
                try band(rows, UnsafeMutableRawBufferPointer(buffer))
                initialised = buffer.count
            }
            return bandRows(RGBAImage(unchecked: width, rows.count, rgba), channels: channels)
        }
    }

    /// The same, for a picture drawn by cairo: `band` draws the band's rows and hands their pixels to the closure it
    /// is given, returning what that returns. Opaque bands are indexed straight from cairo's pixels. The bytes are
    /// those of the RGBA bands' encoding of the same pixels.
    public func encode(width: Int, height: Int, isOpaque: Bool,
                       premultipliedBand band: @Sendable (_ rows: Range<Int>, _ encode: (PremultipliedARGB32) -> BandRows) throws -> BandRows)
        throws -> [UInt8] {
        let channels = PNGWriting.channels(isOpaque: isOpaque, colourType: options.colourType)
        return try encodeBands(width: width, height: height, channels: channels) { rows in
            try band(rows) { pixels in
                opaqueRows(pixels, allowsRGB: channels == 3).map(BandRows.init) ?? bandRows(RGBAImage(pixels), channels: channels)
            }
        }
    }

    /// A band's straight pixels as indexed rows, or direct ones past 256 colours. A band's first row does not refer
    /// to the band above, which another core makes.
    private func bandRows(_ band: RGBAImage, channels: Int) -> BandRows {
        if let indexed = indexedRows(band) { return BandRows(rows: .indexed(indexed)) }
        let region = PixelRegion(x: 0, y: 0, width: band.width, height: band.height)
        return BandRows(rows: .direct(PNGWriting.filteredScanlines(band, region: region, channels: channels, filter: options.filter)))
    }

    /// The bands of about a deflate piece each, made by `make` on every core, joined under one palette when each
    /// has one of at most 256 colours and together they still do, and deflated.
    private func encodeBands(width: Int, height: Int, channels: Int,
                             make: @Sendable (_ rows: Range<Int>) throws -> BandRows) throws -> [UInt8] {
        try PNGWriting.checkDimensions(width: width, height: height)
        try options.checkLevel()
        let rows = max(1, PNGDeflate.pieceSize / (width * channels + 1))
        let bands = stride(from: 0, to: height, by: rows).map { $0..<min(height, $0 + rows) }
        let filter = options.filter
        let made = resultsByIndex(count: bands.count, concurrently: options.usesEveryCore) { index in
            Result { try make(bands[index]).rows }
        }
        var parts = try made.map { try $0.get() }

        let indexedColours = parts.compactMap { if case let .indexed(rows) = $0 { rows.colours } else { nil } }
        let palette = indexedColours.count == parts.count ? PNGPalette(merging: indexedColours) : nil
        let compressed = try parts.withUnsafeMutableBufferPointer { parts throws(PNGError) in
            // Each band's worker takes its own band out, so its rows are renumbered where they are.
            nonisolated(unsafe) let bandsMade = parts
            return try PNGDeflate.zlibStream(pieceCount: bands.count, options: palette == nil ? options : options.forPalette) { index in
                let part = (bandsMade.baseAddress! + index).move()
                (bandsMade.baseAddress! + index).initialize(to: .direct([]))
                return part.scanlines(in: palette, channels: channels, filter: filter)
            }
        }
        let format: PNGWriting.Format = palette.map { .indexed($0) } ?? .direct(channels: channels)
        return PNGWriting.file(width: width, height: height, format: format, idat: compressed)
    }
}

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
                    rgb.storeBytes(of: UInt32(truncatingIfNeeded: rgb2 &>> 16) | rgb3 &<< 8, toByteOffset: at &+ 8, as: UInt32.self)
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
    static func filteredScanlines(_ image: RGBAImage, region: PixelRegion, channels: Int, filter: PNGEncoder.Filter) -> [UInt8] {
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

/// PNG's per-row filters, applied in place to scanlines that each start with a 0 filter byte.
enum PNGRowFilter {
    /// Filters every row of `lines` (rows of `lineBytes`: the type byte, then the row). The first row never
    /// refers to a row above it, so rows filtered apart (bands made on other cores) join into one valid image:
    /// there `up` becomes `none`, `average` and `paeth` become `sub` (which is what paeth is against a zero row),
    /// and `adaptive` chooses between `none` and `sub`.
    static func apply(_ filter: PNGEncoder.Filter, to lines: inout [UInt8], lineBytes: Int, bytesPerPixel bpp: Int) {
        guard filter != .none, lineBytes > 1 else { return }
        let rows = lines.count / lineBytes
        let rowBytes = lineBytes - 1
        var scratch = [UInt8](repeating: 0, count: rowBytes * 2)
        lines.withUnsafeMutableBufferPointer { all in
            scratch.withUnsafeMutableBufferPointer { scratch in
                let base = all.baseAddress!
                let candidate = scratch.baseAddress!, best = scratch.baseAddress! + rowBytes
                // Bottom up, so the row above is still unfiltered when a row is filtered.
                for row in stride(from: rows - 1, through: 0, by: -1) {
                    let line = base + row * lineBytes
                    let current = UnsafePointer(line + 1)
                    let above: UnsafePointer<UInt8>? = row > 0 ? UnsafePointer(line + 1 - lineBytes) : nil
                    let types: [UInt8] = switch filter {
                    case .adaptive: above == nil ? [0, 1] : [0, 1, 2, 3, 4]
                    case .up: above == nil ? [0] : [2]
                    case .average, .paeth: above == nil ? [1] : [filter.typeByte]
                    default: [filter.typeByte]
                    }
                    if types == [0] { continue }
                    var bestType: UInt8 = 0
                    var bestSum = Int.max
                    for type in types {
                        filterRow(type, current: current, above: above, count: rowBytes, bpp: bpp, into: candidate)
                        if types.count == 1 {
                            bestType = type
                            (line + 1).update(from: candidate, count: rowBytes)
                            break
                        }
                        let sum = signedSum(candidate, count: rowBytes, limit: bestSum)
                        if sum < bestSum {
                            bestSum = sum
                            bestType = type
                            best.update(from: candidate, count: rowBytes)
                        }
                    }
                    if types.count > 1 { (line + 1).update(from: best, count: rowBytes) }
                    line.pointee = bestType
                }
            }
        }
    }

    /// Undoes filter `type` on `row` in place, `above` being the row above already unfiltered (nil for the first
    /// row, which reads as zeros); false for a type PNG does not have.
    static func unfilter(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>?, count n: Int, bpp: Int) -> Bool {
        switch type {
        case 0:
            break
        case 1:
            if n > bpp { for i in bpp..<n { row[i] &+= row[i - bpp] } }
        case 2:
            guard let above else { break }
            for i in 0..<n { row[i] &+= above[i] }
        case 3:
            for i in 0..<n {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                let up = above.map { Int($0[i]) } ?? 0
                row[i] &+= UInt8((left + up) >> 1)
            }
        case 4:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let b = above.map { Int($0[i]) } ?? 0
                let c = i >= bpp ? (above.map { Int($0[i - bpp]) } ?? 0) : 0
                row[i] &+= UInt8(paethPredictor(a, b, c))
            }
        default:
            return false
        }
        return true
    }

    /// PNG's Paeth predictor: of left, above and upper left, the one nearest to left + above − upper left.
    @inline(__always)
    static func paethPredictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
    }

    /// libpng's measure of a filtered row: the sum of the bytes read as signed values, made absolute.
    private static func signedSum(_ row: UnsafePointer<UInt8>, count: Int, limit: Int) -> Int {
        var sum = 0
        for i in 0..<count {
            let v = Int(Int8(bitPattern: row[i]))
            sum += v < 0 ? -v : v
            if sum >= limit { return sum }
        }
        return sum
    }

    /// One row filtered by `type`; `above` nil reads as a row of zeros.
    private static func filterRow(_ type: UInt8, current cur: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, count n: Int,
                                  bpp: Int, into o: UnsafeMutablePointer<UInt8>) {
        switch type {
        case 0:
            o.update(from: cur, count: n)
        case 1:
            for i in 0..<min(bpp, n) { o[i] = cur[i] }
            if n > bpp { for i in bpp..<n { o[i] = cur[i] &- cur[i - bpp] } }
        case 2:
            guard let prev = above else { o.update(from: cur, count: n); return }
            for i in 0..<n { o[i] = cur[i] &- prev[i] }
        case 3:
            for i in 0..<n {
                let left = i >= bpp ? Int(cur[i - bpp]) : 0
                let up = above.map { Int($0[i]) } ?? 0
                o[i] = cur[i] &- UInt8((left + up) >> 1)
            }
        default:
            for i in 0..<n {
                let a = i >= bpp ? Int(cur[i - bpp]) : 0
                let b = above.map { Int($0[i]) } ?? 0
                let c = i >= bpp ? (above.map { Int($0[i - bpp]) } ?? 0) : 0
                o[i] = cur[i] &- UInt8(paethPredictor(a, b, c))
            }
        }
    }
}

extension PNGEncoder.Filter {
    var typeByte: UInt8 {
        switch self {
        case .none: return 0
        case .sub: return 1
        case .up: return 2
        case .average: return 3
        case .paeth: return 4
        case .adaptive: return 0
        }
    }
}

/// The one place that turns scanlines into a PNG's zlib stream, with the options' deflater.
enum PNGDeflate {
    /// Input bytes each band or piece covers. Fixed, so the output never depends on the thread count.
    static let pieceSize = 1 << 20
    /// The pieces libdeflate deflates apart: larger, since its best levels find matches far back. On a 4800×4562
    /// contact sheet at level 12, pieces of 4 MiB gave a file 0.2% larger than one piece.
    static let libdeflatePieceSize = 4 << 20

    static func zlibStream(_ scanlines: [UInt8], options: PNGEncoder.Options) throws(PNGError) -> [UInt8] {
        try options.checkLevel()
        let size = options.deflater == .libdeflate ? libdeflatePieceSize : pieceSize
        if options.deflater == .libdeflate, scanlines.count <= size {
            // One piece: libdeflate's own zlib stream, in one call.
            let compressor = try LibdeflateCompressor(level: options.compressionLevel)
            return try scanlines.withUnsafeBufferPointer { buffer throws(PNGError) in
                try compressor.zlibStream(UnsafeRawBufferPointer(buffer))
            }
        }
        let pieces = stride(from: 0, to: max(scanlines.count, 1), by: size).map { $0..<min(scanlines.count, $0 + size) }
        return try scanlines.withUnsafeBufferPointer { buffer throws(PNGError) in
            // Read only, by every piece's worker, while `scanlines` is held here.
            nonisolated(unsafe) let whole = buffer
            return try inPieces(pieceCount: pieces.count, options: options) { index, deflate throws(PNGError) in
                try deflate(UnsafeBufferPointer(rebasing: whole[pieces[index]]))
            }
        }
    }

    /// The zlib stream of the concatenation of `pieceCount` pieces of scanlines, each made by `piece` on its own
    /// core. zlib and igzip deflate each piece where it is made; libdeflate deflates them joined, in its own
    /// larger pieces.
    static func zlibStream(pieceCount: Int, options: PNGEncoder.Options,
                           piece: @Sendable (_ index: Int) -> [UInt8]) throws(PNGError) -> [UInt8] {
        try options.checkLevel()
        switch options.deflater {
        case .libdeflate:
            let pieces = resultsByIndex(count: pieceCount, concurrently: options.usesEveryCore, piece)
            return try zlibStream(pieceCount == 1 ? pieces[0] : joined(pieces), options: options)
        case .zlib, .igzip:
            return try inPieces(pieceCount: pieceCount, options: options) { index, deflate throws(PNGError) in
                try piece(index).withUnsafeBufferPointer { buffer throws(PNGError) in try deflate(buffer) }
            }
        }
    }

    /// A zlib stream of the concatenation of `pieceCount` pieces, each deflated on its own core, as pigz does:
    /// each piece is deflated with no history, and all but the last end with a flush onto a byte boundary, so
    /// their raw deflate data joins into one valid stream (libdeflate, which has no flush, finishes each piece,
    /// and ``DeflateJoining`` makes it one that more can follow). `piece` hands its index's bytes to `deflate`; they need
    /// live only for that call, so a large image never exists whole.
    private static func inPieces(pieceCount: Int, options: PNGEncoder.Options,
                                 piece: @Sendable (_ index: Int, _ deflate: (UnsafeBufferPointer<UInt8>) throws(PNGError) -> Void) throws(PNGError) -> Void)
        throws(PNGError) -> [UInt8] {
        let (level, strategy) = (options.compressionLevel, options.strategy.zlibValue)
        let rawDeflate = { @Sendable (input: UnsafeBufferPointer<UInt8>, isLast: Bool) throws(PNGError) -> [UInt8] in
            switch options.deflater {
            case .igzip: return try Igzip.rawDeflate(input, level: level, isLast: isLast)
            case .zlib: return try RawDeflater(level: Int32(level), strategy: strategy).deflate(input, isLast: isLast)
            case .libdeflate:
                let finished = try LibdeflateCompressor(level: level).rawDeflate(UnsafeRawBufferPointer(input))
                return isLast ? finished : try DeflateJoining.unfinished(finished)
            }
        }
        let compressed = resultsByIndex(count: pieceCount, concurrently: options.usesEveryCore) { index in
            Result { () throws(PNGError) -> (bytes: [UInt8], adler: UInt32, length: Int) in
                var deflated: (bytes: [UInt8], adler: UInt32, length: Int)?
                try piece(index) { buffer throws(PNGError) in
                    guard buffer.count <= Int(UInt32.max) else { throw .zlib(operation: "deflate (a piece over 4 GiB)", code: Zlib.bufferError) }
                    deflated = (try rawDeflate(buffer, index == pieceCount - 1), Checksums.adler32(buffer), buffer.count)
                }
                guard let deflated else { throw .zlib(operation: "deflate (a piece gave no bytes)", code: Zlib.dataError) }
                return deflated
            }
        }
        var pieces: [(bytes: [UInt8], adler: UInt32, length: Int)] = []
        for result in compressed { pieces.append(try result.get()) }
        var output: [UInt8] = [0x78, options.zlibHeaderLevelByte]
        output.reserveCapacity(2 + pieces.reduce(0) { $0 + $1.bytes.count } + 4)
        var adler: UInt32 = 1
        for piece in pieces {
            output += piece.bytes
            adler = Zlib.combineAdler32(adler, piece.adler, secondLength: piece.length)
        }
        output.appendPNGUInt32(adler)
        return output
    }
}

extension PNGDeflate {
    /// The pieces one after the other, copied a piece at a time.
    static func joined(_ pieces: [[UInt8]]) -> [UInt8] {
        let total = pieces.reduce(0) { $0 + $1.count }
        return [UInt8](unsafeUninitializedCapacity: total) { out, initialised in
            var offset = 0
            for piece in pieces {
                piece.withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress else { return }
                    (out.baseAddress! + offset).initialize(from: base, count: source.count)
                }
                offset += piece.count
            }
            initialised = total
        }
    }
}

extension PNGEncoder.Options {
    /// The second byte of the zlib header, as zlib writes it for a 32 KiB window: it names the level (fastest, fast,
    /// default or best) and makes the pair divisible by 31. igzip's levels are all fast.
    var zlibHeaderLevelByte: UInt8 {
        if deflater == .igzip { return 0x5E }
        let level = compressionLevel
        return level <= 1 ? 0x01 : level <= 5 ? 0x5E : level == 6 ? 0x9C : 0xDA
    }
}

/// Builds a PNG byte stream chunk by chunk, with CRC-32 from libdeflate.
struct PNGChunkWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var bytes: [UInt8] = []

    mutating func appendSignature() {
        bytes.append(contentsOf: Self.signature)
    }

    /// Room for `count` more bytes, so that a file written chunk by chunk is allocated once.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends one chunk; `type` is four ASCII letters.
    mutating func appendChunk(_ type: StaticString, _ data: some Collection<UInt8>) {
        precondition(type.utf8CodeUnitCount == 4)
        bytes.appendPNGUInt32(UInt32(data.count))
        let typeStart = bytes.count
        type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: data)
        let crc = bytes.withUnsafeBufferPointer { all in Checksums.crc32(UnsafeBufferPointer(rebasing: all[typeStart...])) }
        bytes.appendPNGUInt32(crc)
    }

    /// The bytes `appendSplit` adds for `count` bytes of data: each chunk's length, type and CRC around them.
    static func splitSize(_ count: Int) -> Int {
        count + 12 * max(1, (count + PNGWriting.maxChunkPayload - 1) / PNGWriting.maxChunkPayload)
    }

    /// Appends `data` as one or more chunks of `type`, each holding at most `PNGWriting.maxChunkPayload` bytes of it,
    /// after the bytes `prefix` gives for that chunk, if any.
    mutating func appendSplit(_ type: StaticString, _ data: [UInt8], prefix: (() -> [UInt8])? = nil) {
        var start = 0
        repeat {
            let end = min(data.count, start + PNGWriting.maxChunkPayload)
            if let prefix {
                appendChunk(type, prefix() + data[start..<end])
            } else {
                appendChunk(type, data[start..<end])
            }
            start = end
        } while start < data.count
    }
}

extension Array where Element == UInt8 {
    mutating func appendPNGUInt32(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendPNGUInt16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
