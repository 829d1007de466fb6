import CPNG
@testable import TagFlowImage

/// Smaller than the decoder's defaults (16384 a side, 100 M pixels) so that a fuzzed header cannot make each run
/// allocate 400 MB (ASan keeps freed memory in quarantine); the limit check is the same code either way.
private let decoder = PNGDecoder(limits: .init(maxSide: 4096, maxPixels: 1 << 20))

/// libFuzzer target: the PNG reader the pixel diff and snapshot verify use (`PNGDecoder.decode`: the direct
/// reader for tagflow's own kind of PNG, libpng's simplified API for the rest).
///
/// Before decoding, every chunk's CRC is recomputed, so mutations get past the CRC checks and reach the chunk
/// parsers and the zlib stream; the CRC-mismatch path is covered by the bad-input corpus's truncated PNG.
/// A thrown `PNGError` is a correct answer to bad data; only a crash, a hang or a leak is a finding. Whatever the
/// direct reader reads, libpng must read to the same pixels, and the PNG must hold them row by row, and, when they
/// are opaque, band by band as cairo's words. Every image
/// that decodes is also written back with `PNGEncoder`, by default and with `fastest` (igzip for every colour
/// type), and read again, which must give the same pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fixChunkCRCs(&bytes)
    if let direct = bytes.withUnsafeBytes({ DirectPNGReader.image($0, limits: decoder.limits) }) {
        precondition((try? decoder.decodeWithLibpng(bytes)) == direct, "the direct reader and libpng read different pixels")
        precondition(decoder.holdsExactly(direct, in: bytes), "a PNG does not hold the pixels read from it")
        if direct.isOpaque {
            precondition(holdsInBands(direct, bytes), "a PNG does not hold, band by band, the opaque pixels read from it")
        }
    }
    if let image = try? decoder.decode(bytes) {
        precondition(image.width > 0 && image.height > 0, "decoded an empty image")
        // Whatever was read must survive the writer: a palette when it has at most 256 colours, else RGB(A).
        let written = try! PNGEncoder().encode(image)
        precondition(try! decoder.decode(written) == image, "the encoder changed the pixels of a decoded image")
        let fastest = try! PNGEncoder(options: .fastest).encode(image)
        precondition(try! decoder.decode(fastest) == image, "the fastest setting changed the pixels of a decoded image")
    }
    return 0
}

/// Whether `bytes` holds `image`, opaque, lent as cairo's words in bands of seven rows, as snapshot verify lends them.
private func holdsInBands(_ image: RGBAImage, _ bytes: [UInt8]) -> Bool {
    // Opaque, cairo's word is the straight colour with red and blue in each other's place.
    let words = image.pixels.withUnsafeBytes { pixels in
        (0..<image.width * image.height).map { RGBAImage.swappingRedAndBlue(pixels.load(fromByteOffset: $0 * 4, as: UInt32.self)) }
    }
    return words.withUnsafeBytes { all in
        decoder.holdsExactly(in: bytes) { check in
            stride(from: 0, to: image.height, by: 7).allSatisfy { top in
                let rows = min(7, image.height - top)
                let band = UnsafeRawBufferPointer(rebasing: all[top * image.width * 4..<(top + rows) * image.width * 4])
                return check(try! PremultipliedARGB32(data: band, width: image.width, height: rows, stride: image.width * 4))
            }
        }
    }
}

/// Rewrites the CRC of each whole chunk after the 8-byte signature; stops at the first chunk that does not fit.
private func fixChunkCRCs(_ bytes: inout [UInt8]) {
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let end = offset + 8 + length
        guard length <= 0x7FFF_FFFF, end + 4 <= bytes.count else { return }
        let crc = bytes.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress! + offset + 4, uInt(4 + length)))
        }
        for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        offset = end + 4
    }
}
