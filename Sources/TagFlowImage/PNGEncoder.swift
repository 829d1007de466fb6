import Dispatch

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
        public static let cairoLike = Options(compressionLevel: 6, filter: .adaptive, strategy: .default,
                                              colourType: .rgba, deflater: .zlib)

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
                       band: @Sendable (_ rows: Range<Int>,
                                        _ rgba: UnsafeMutableRawBufferPointer) throws -> Void) throws -> [UInt8] {
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
                       premultipliedBand band: @Sendable (
                           _ rows: Range<Int>, _ encode: (PremultipliedARGB32) -> BandRows
                       ) throws -> BandRows)
        throws -> [UInt8] {
        let channels = PNGWriting.channels(isOpaque: isOpaque, colourType: options.colourType)
        return try encodeBands(width: width, height: height, channels: channels) { rows in
            try band(rows) { pixels in
                opaqueRows(pixels, allowsRGB: channels == 3).map(BandRows.init) ?? bandRows(RGBAImage(pixels),
                                                                                            channels: channels)
            }
        }
    }

    /// A band's straight pixels as indexed rows, or direct ones past 256 colours. A band's first row does not refer
    /// to the band above, which another core makes.
    private func bandRows(_ band: RGBAImage, channels: Int) -> BandRows {
        if let indexed = indexedRows(band) { return BandRows(rows: .indexed(indexed)) }
        let region = PixelRegion(x: 0, y: 0, width: band.width, height: band.height)
        return BandRows(rows: .direct(PNGWriting.filteredScanlines(band, region: region, channels: channels,
                                                                   filter: options.filter)))
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
            return try PNGDeflate.zlibStream(pieceCount: bands.count,
                                             options: palette == nil ? options : options.forPalette) { index in
                let part = (bandsMade.baseAddress! + index).move()
                (bandsMade.baseAddress! + index).initialize(to: .direct([]))
                return part.scanlines(in: palette, channels: channels, filter: filter)
            }
        }
        let format: PNGWriting.Format = palette.map { .indexed($0) } ?? .direct(channels: channels)
        return PNGWriting.file(width: width, height: height, format: format, idat: compressed)
    }
}
