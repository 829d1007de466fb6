#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The PNGs tagflow writes, read without libpng: 8-bit palette, RGB or RGBA, not interlaced, with nothing that
/// changes colours (no gAMA, sRGB, iCCP, cHRM or sBIT). libdeflate inflates the image data several times faster
/// than zlib, and the rows go straight to RGBA. A snapshot verify reads a golden for every picture it checks.
///
/// Anything else, and anything damaged, is not read here (`nil`): ``PNGDecoder`` then hands the file to libpng,
/// which reads it or says what is wrong, so a file decodes to the same pixels, or fails with the same message,
/// either way. Every chunk's CRC is checked, the zlib stream must fill the rows exactly and end where the image
/// data ends, and a palette index past the palette is left to libpng.
enum DirectPNGReader {
    /// Chunks that say nothing about pixels, skipped once their CRC holds.
    fileprivate static let neutralChunks: Set<String> = ["pHYs", "tEXt", "zTXt", "iTXt", "tIME"]

    /// The straight RGBA pixels of `bytes`, or nil when libpng should read them.
    static func image(_ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) -> RGBAImage? {
        guard let layout = Layout(bytes, limits: limits), var rows = inflatedRows(bytes, layout) else { return nil }
        return rgba(&rows, layout)
    }

    /// What the chunks say: the header's fields, the palette, and where the image data lies.
    private struct Layout {
        var width = 0, height = 0
        /// 2 (RGB), 3 (palette) or 6 (RGBA).
        var colourType: UInt8 = 0
        /// Palette entries as RGBA words in memory order, alpha from tRNS.
        var palette: [UInt32] = []
        var idat: [Range<Int>] = []

        var bytesPerPixel: Int { colourType == 3 ? 1 : colourType == 2 ? 3 : 4 }
        var rowBytes: Int { width * bytesPerPixel }

        init?(_ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) {
            guard bytes.starts(with: PNGChunkWriter.signature) else { return nil }
            var offset = 8
            var seenHeader = false, seenEnd = false, idatEnded = false
            var transparency: Range<Int>?
            while !seenEnd {
                guard bytes.count - offset >= 12 else { return nil }
                let length = Int(Self.uint32(bytes, at: offset))
                guard length <= bytes.count - offset - 12 else { return nil }
                let typeStart = offset + 4, data = offset + 8..<offset + 8 + length
                let crc = Checksums.crc32(
                    UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[typeStart..<data.upperBound]))
                guard crc == Self.uint32(bytes, at: data.upperBound) else { return nil }
                let type = String(decoding: bytes[typeStart..<typeStart + 4], as: UTF8.self)
                guard seenHeader || type == "IHDR" else { return nil }
                if !idat.isEmpty && type != "IDAT" { idatEnded = true }
                switch type {
                case "IHDR":
                    guard !seenHeader, length == 13 else { return nil }
                    seenHeader = true
                    width = Int(Self.uint32(bytes, at: data.lowerBound))
                    height = Int(Self.uint32(bytes, at: data.lowerBound + 4))
                    colourType = bytes[data.lowerBound + 9]
                    // Bit depth 8; deflate, filter method 0, no interlace.
                    guard bytes[data.lowerBound + 8] == 8, [2, 3, 6].contains(colourType),
                          bytes[data.lowerBound + 10] == 0, bytes[data.lowerBound + 11] == 0,
                          bytes[data.lowerBound + 12] == 0,
                          (1...limits.maxSide).contains(width), (1...limits.maxSide).contains(height),
                          width * height <= limits.maxPixels else { return nil }
                case "PLTE":
                    guard colourType == 3, palette.isEmpty, idat.isEmpty, length % 3 == 0,
                          (3...768).contains(length) else { return nil }
                    palette = stride(from: data.lowerBound, to: data.upperBound, by: 3).map { at in
                        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | 0xFF00_0000
                    }
                case "tRNS":
                    guard colourType == 3, !palette.isEmpty, transparency == nil, idat.isEmpty,
                          length <= palette.count else { return nil }
                    transparency = data
                case "IDAT":
                    guard !idatEnded else { return nil }
                    idat.append(data)
                case "IEND":
                    seenEnd = true
                default:
                    guard DirectPNGReader.neutralChunks.contains(type) else { return nil }
                }
                offset = data.upperBound + 4
            }
            guard !idat.isEmpty, colourType != 3 || !palette.isEmpty else { return nil }
            if let transparency {
                for (entry, at) in transparency.enumerated() {
                    palette[entry] = palette[entry] & 0x00FF_FFFF | UInt32(bytes[at]) << 24
                }
            }
        }

        private static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }
    }

    /// The image data inflated, as many bytes as the rows take with their filter bytes; nil unless the stream holds
    /// exactly those and ends with the data.
    private static func inflatedRows(_ bytes: UnsafeRawBufferPointer, _ layout: Layout) -> [UInt8]? {
        let expected = layout.height * (layout.rowBytes + 1)
        guard let inflater = LibdeflateDecompressor() else { return nil }
        if layout.idat.count == 1 {
            return inflater.zlibStream(UnsafeRawBufferPointer(rebasing: bytes[layout.idat[0]]), exactly: expected)
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(layout.idat.reduce(0) { $0 + $1.count })
        for range in layout.idat { joined += bytes[range] }
        return joined.withUnsafeBytes { inflater.zlibStream($0, exactly: expected) }
    }

    /// Whether `bytes` is a PNG of this kind holding exactly `image`'s pixels, row by row against `image`'s rows with
    /// no straight copy of its own; false too when it is not of this kind, or damaged.
    static func holds(_ image: RGBAImage, in bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) -> Bool {
        guard var file = RowCheck(bytes, limits: limits), file.width == image.width else { return false }
        let held = image.pixels.withUnsafeBytes { pixels in
            (0..<image.height).allSatisfy { y in file.nextRow(is: pixels.baseAddress! + y * image.width * 4) }
        }
        return held && file.isComplete
    }

    /// Whether `bytes` is a PNG of this kind holding exactly the picture `draw` makes a band of rows at a time, top to
    /// bottom. `draw` lends each band's pixels, as cairo holds them, to the check it is given, which reads the next
    /// rows of the file against them, a row at a time, and stops at the first that differs. Neither picture is ever
    /// held whole. False too when the file is not of this kind, or damaged, or of another size.
    static func holds<E: Error>(in bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits,
                                drawnInBands draw: (_ check: (PremultipliedARGB32) -> Bool) throws(E) -> Bool)
        throws(E) -> Bool {
        guard var file = RowCheck(bytes, limits: limits) else { return false }
        let drawn = UnsafeMutableRawBufferPointer.allocate(byteCount: file.width * 4, alignment: 16)
        defer { drawn.deallocate() }
        let held = try draw { band in
            guard band.width == file.width else { return false }
            return (0..<band.height).allSatisfy { y in
                let row = UnsafeRawBufferPointer(
                    rebasing: band.data[y * band.stride..<y * band.stride + band.width * 4])
                RGBAImage.unpremultiply(argb32: row, stride: band.stride, into: drawn, width: band.width, height: 1)
                return file.nextRow(is: drawn.baseAddress!)
            }
        }
        return held && file.isComplete
    }

    /// A file's rows read in order, each unfiltered in place and held against a straight RGBA row of the same width.
    private struct RowCheck {
        private let layout: Layout
        private var rows: [UInt8]
        private var straight: [UInt8]
        private var next = 0

        /// Nil when the file is not of this kind, or damaged.
        init?(_ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) {
            guard let layout = Layout(bytes, limits: limits),
                  let rows = DirectPNGReader.inflatedRows(bytes, layout) else { return nil }
            self.layout = layout
            self.rows = rows
            straight = [UInt8](repeating: 0, count: layout.width * 4)
        }

        var width: Int { layout.width }
        /// Whether every row has been held.
        var isComplete: Bool { next == layout.height }

        /// Whether the file's next row is the `width * 4` straight RGBA bytes at `row`; false past the last row.
        mutating func nextRow(is row: UnsafeRawPointer) -> Bool {
            guard next < layout.height else { return false }
            let (y, layout, count) = (next, layout, layout.width * 4)
            next += 1
            return rows.withUnsafeMutableBufferPointer { rows in
                straight.withUnsafeMutableBytes { straight in
                    DirectPNGReader.straightRow(y, of: rows.baseAddress!, layout, into: straight.baseAddress!)
                        && memcmp(straight.baseAddress!, row, count) == 0
                }
            }
        }
    }

    /// The rows unfiltered and turned into straight RGBA; nil for a filter type PNG does not have, or a palette index
    /// past the palette.
    private static func rgba(_ rows: inout [UInt8], _ layout: Layout) -> RGBAImage? {
        let (width, height) = (layout.width, layout.height)
        var valid = true
        let pixels = rows.withUnsafeMutableBufferPointer { rows in
            [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialised in
                let destination = UnsafeMutableRawPointer(out.baseAddress!)
                valid = (0..<height).allSatisfy { y in
                    straightRow(y, of: rows.baseAddress!, layout, into: destination + y * width * 4)
                }
                initialised = valid ? width * height * 4 : 0
            }
        }
        return valid ? RGBAImage(unchecked: width, height, pixels) : nil
    }

    /// Unfilters row `y` of the inflated `rows` in place, the rows above it already unfiltered, and writes it as
    /// straight RGBA to `target`; false for a filter type PNG does not have, or a palette index past the palette.
    private static func straightRow(_ y: Int, of rows: UnsafeMutablePointer<UInt8>, _ layout: Layout,
                                    into target: UnsafeMutableRawPointer) -> Bool {
        let (width, rowBytes, bpp) = (layout.width, layout.rowBytes, layout.bytesPerPixel)
        let line = rows + y * (rowBytes + 1)
        let row = line + 1
        let above: UnsafePointer<UInt8>? = y > 0 ? UnsafePointer(row - (rowBytes + 1)) : nil
        guard PNGRowFilter.unfilter(line.pointee, row: row, above: above, count: rowBytes,
                                    bpp: bpp) else { return false }
        switch layout.colourType {
        case 6:
            target.copyMemory(from: row, byteCount: rowBytes)
        case 2:
            // Four bytes read for each three-byte pixel; the last pixel of the last row has no fourth.
            let fourBytes = y < layout.height - 1 ? width : width - 1
            var from = UnsafeRawPointer(row)
            var to = target
            for _ in 0..<fourBytes {
                to.storeBytes(of: from.loadUnaligned(as: UInt32.self) | UInt32(0xFF).bigEndian, as: UInt32.self)
                from += 3
                to += 4
            }
            if fourBytes < width {
                let last = row + rowBytes - 3
                let pixel = [last[0], last[1], last[2], 255]
                to.copyMemory(from: pixel, byteCount: 4)
            }
        default:
            var highest: UInt8 = 0
            layout.palette.withUnsafeBufferPointer { colours in
                for x in 0..<width {
                    let index = row[x]
                    highest = max(highest, index)
                    target.storeBytes(of: colours[Int(min(Int(index), colours.count - 1))].littleEndian,
                                      toByteOffset: x * 4, as: UInt32.self)
                }
            }
            if Int(highest) >= layout.palette.count { return false }
        }
        return true
    }
}
