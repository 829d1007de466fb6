import CDeflate

/// One libdeflate compressor at one level. Owns the compressor and frees it in `deinit`; libdeflate allows one
/// thread at a time per compressor, so each compression makes its own.
final class LibdeflateCompressor {
    /// libdeflate's levels: 0 stores, 1 is fastest, 12 smallest.
    static let levels = 0...12

    private let compressor: OpaquePointer

    init(level: Int) throws(PNGError) {
        guard Self.levels.contains(level) else { throw .invalidCompressionLevel(level) }
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw .libdeflate(operation: "libdeflate_alloc_compressor (level \(level), out of memory)")
        }
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `input` as one zlib stream (header, deflate data, Adler-32), all in one call.
    func zlibStream(_ input: UnsafeRawBufferPointer) throws(PNGError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var written = 0
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, initialised in
            written = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, bound)
            initialised = written
        }
        // 0 means the output did not fit, which the bound rules out; a zlib stream is never empty.
        guard written > 0 else { throw .libdeflate(operation: "libdeflate_zlib_compress (\(input.count) bytes gave no output)") }
        return output
    }
}

/// The checksums PNG and zlib streams carry, from libdeflate, whose SIMD loops are several times faster than
/// zlib's on large images.
enum Checksums {
    /// CRC-32 as PNG chunks use it.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        libdeflate_crc32(0, bytes.baseAddress, bytes.count)
    }

    /// Adler-32 as a zlib stream's trailer holds it.
    static func adler32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        libdeflate_adler32(1, bytes.baseAddress, bytes.count)
    }
}
