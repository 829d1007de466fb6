/// Rewrites an Adam7-interlaced PNG of 16-bit samples as the same PNG without interlacing, for libpng to read.
///
/// libpng's simplified API reads such a file wrongly when it scales the samples to 8 bits: each pass's rows go
/// through a scratch row that still holds the pass's previous row, not the earlier passes' pixels, and the whole
/// scratch row is copied out, so about half the pixels are wrong (pnggroup/libpng#853). That scratch row came with
/// the fix for CVE-2025-65018 (upstream's 218612d, in Debian 12's 1.6.39-2+deb12u1 and later); upstream's ef12208
/// mends it. libpng reads the same picture right when it is not interlaced, so that is what ``PNGDecoder`` gives it.
/// Only IHDR's interlace byte and the image data change; every other chunk is kept byte for byte, so gamma, tRNS and
/// the rest are read exactly as libpng reads them in any other file.
///
/// libpng's full API would deinterlace by itself, but its errors `longjmp`, which Swift frames cannot take: it needs
/// C with `setjmp`, and then the simplified API's choices (gamma, 16 to 8 bits, alpha) made again by hand.
///
/// - Complexity: O(*n*) in the file's bytes and the image's pixels.
enum PNGDeinterlacer {
    /// The pass origins and steps of Adam7, in order: x, y, step across, step down.
    private static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// `bytes` without interlacing when they are a PNG that needs it: 16-bit samples, Adam7. Nil for any other PNG,
    /// one over `limits`, and one whose IHDR or image data is damaged (a CRC, the zlib stream, a filter type):
    /// libpng then reads the original and says what is wrong with it, as for any other file.
    static func nonInterlacedCopy(of bytes: [UInt8], limits: PNGDecoder.Limits) throws(PNGError) -> [UInt8]? {
        let copy = bytes.withUnsafeBytes { bytes -> Result<[UInt8]?, PNGError> in
            guard let header = Header(bytes, limits: limits), let data = imageData(bytes, after: header.chunkEnd),
                  var interlaced = data.joined.withUnsafeBytes({
                      Zlib.inflatedPrefix($0, count: header.interlacedSize)
                  }),
                  let lines = flattened(&interlaced, header) else { return .success(nil) }
            let zlib = lines.withUnsafeBytes { lines in
                Result { () throws(PNGError) in try LibdeflateCompressor(level: 1).zlibStream(lines) }
            }
            return zlib.map { rewritten(bytes, header, imageData: data.span, zlib: $0) }
        }
        return try copy.get()
    }

    /// IHDR's fields, when it is the first chunk, intact, and describes a file to flatten.
    private struct Header {
        var width = 0, height = 0
        /// Bytes per pixel: samples per pixel × 2.
        var bpp = 0
        /// Where the IHDR chunk ends, CRC included.
        let chunkEnd = 33

        init?(_ bytes: UnsafeRawBufferPointer, limits: PNGDecoder.Limits) {
            guard bytes.count >= chunkEnd, bytes.starts(with: PNGChunkWriter.signature),
                  PNGDeinterlacer.uint32(bytes, at: 8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8),
                  PNGDeinterlacer.crcHolds(bytes, chunkAt: 8, length: 13) else { return nil }
            width = Int(PNGDeinterlacer.uint32(bytes, at: 16))
            height = Int(PNGDeinterlacer.uint32(bytes, at: 20))
            let (depth, colourType) = (bytes[24], bytes[25])
            let samples: [UInt8: Int] = [0: 1, 2: 3, 4: 2, 6: 4]
            guard depth == 16, let count = samples[colourType], bytes[26] == 0, bytes[27] == 0, bytes[28] == 1,
                  (1...limits.maxSide).contains(width), (1...limits.maxSide).contains(height),
                  width * height <= limits.maxPixels else { return nil }
            bpp = count * 2
        }

        /// The size of each pass, in pixels; passes with no pixels have no rows in the data at all.
        var passSizes: [(width: Int, height: Int)] {
            PNGDeinterlacer.passes.map { pass in
                ((width - pass.x + pass.dx - 1) / pass.dx, (height - pass.y + pass.dy - 1) / pass.dy)
            }
        }

        /// The inflated size of the interlaced data: each pass's rows, each with its filter byte.
        var interlacedSize: Int {
            passSizes.reduce(0) { sum, pass in pass.width == 0 ? sum : sum + pass.height * (1 + pass.width * bpp) }
        }
    }

    /// The IDAT chunks after the header, which must follow one another with intact CRCs: their data joined, and the
    /// bytes they span in the file.
    private static func imageData(_ bytes: UnsafeRawBufferPointer,
                                  after start: Int) -> (joined: [UInt8], span: Range<Int>)? {
        var offset = start, joined: [UInt8] = [], first: Int?
        while bytes.count - offset >= 12 {
            let length = Int(uint32(bytes, at: offset))
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = bytes[offset + 4..<offset + 8]
            if type.elementsEqual("IDAT".utf8) {
                guard crcHolds(bytes, chunkAt: offset, length: length) else { return nil }
                first = first ?? offset
                joined += bytes[offset + 8..<offset + 8 + length]
            } else if let first {
                return (joined, first..<offset)
            } else if type.elementsEqual("IEND".utf8) {
                return nil
            }
            offset += 12 + length
        }
        return first.map { (joined, $0..<offset) }
    }

    /// The interlaced passes unfiltered in place, and their pixels put where they belong: `height` rows, each with
    /// filter byte 0 (none). Nil for a filter type PNG does not have.
    private static func flattened(_ interlaced: inout [UInt8], _ header: Header) -> [UInt8]? {
        let (bpp, lineBytes) = (header.bpp, 1 + header.width * header.bpp)
        var lines = [UInt8](repeating: 0, count: header.height * lineBytes)
        let valid = interlaced.withUnsafeMutableBufferPointer { data in
            lines.withUnsafeMutableBufferPointer { lines in
                var offset = 0
                for (pass, size) in zip(passes, header.passSizes) where size.width > 0 {
                    let rowBytes = size.width * bpp
                    for row in 0..<size.height {
                        let line = data.baseAddress! + offset
                        // A pass's first row has none above it: PNG takes that as zeros, as `nil` does here.
                        let above: UnsafePointer<UInt8>? = row > 0 ? UnsafePointer(line - rowBytes) : nil
                        guard PNGRowFilter.unfilter(line.pointee, row: line + 1, above: above, count: rowBytes,
                                                    bpp: bpp) else { return false }
                        let target = lines.baseAddress! + (pass.y + row * pass.dy) * lineBytes + 1 + pass.x * bpp
                        for column in 0..<size.width {
                            (target + column * pass.dx * bpp).update(from: line + 1 + column * bpp, count: bpp)
                        }
                        offset += rowBytes + 1
                    }
                }
                return true
            }
        }
        return valid ? lines : nil
    }

    /// `bytes` with IHDR's interlace byte cleared and the image data chunks (at `span`) replaced by `zlib`.
    private static func rewritten(_ bytes: UnsafeRawBufferPointer, _ header: Header, imageData span: Range<Int>,
                                  zlib: [UInt8]) -> [UInt8] {
        var writer = PNGChunkWriter()
        writer.reserve(bytes.count - span.count + PNGChunkWriter.splitSize(zlib.count))
        writer.appendSignature()
        var fields = Array(bytes[16..<29])
        fields[12] = 0
        writer.appendChunk("IHDR", fields)
        writer.bytes += bytes[header.chunkEnd..<span.lowerBound]
        writer.appendSplit("IDAT", zlib)
        writer.bytes += bytes[span.upperBound...]
        return writer.bytes
    }

    private static func crcHolds(_ bytes: UnsafeRawBufferPointer, chunkAt offset: Int, length: Int) -> Bool {
        let all = bytes.bindMemory(to: UInt8.self)
        let typeAndData = UnsafeBufferPointer(rebasing: all[offset + 4..<offset + 8 + length])
        return Checksums.crc32(typeAndData) == uint32(bytes, at: offset + 8 + length)
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
