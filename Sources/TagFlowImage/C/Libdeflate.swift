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

    /// `input` as raw deflate data, a finished stream with no header or checksum, in one call.
    func rawDeflate(_ input: UnsafeRawBufferPointer) throws(PNGError) -> [UInt8] {
        try compressed(input, by: "libdeflate_deflate_compress",
                       bound: libdeflate_deflate_compress_bound(compressor, input.count)) {
            libdeflate_deflate_compress(compressor, input.baseAddress, input.count, $0, $1)
        }
    }

    /// `input` as one zlib stream (header, deflate data, Adler-32), all in one call.
    func zlibStream(_ input: UnsafeRawBufferPointer) throws(PNGError) -> [UInt8] {
        try compressed(input, by: "libdeflate_zlib_compress",
                       bound: libdeflate_zlib_compress_bound(compressor, input.count)) {
            libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0, $1)
        }
    }

    /// What `compress` writes into `bound` bytes, given the room; `function` names it in an error.
    private func compressed(_ input: UnsafeRawBufferPointer, by function: String, bound: Int,
                            _ compress: (UnsafeMutableRawPointer?, Int) -> Int) throws(PNGError) -> [UInt8] {
        var written = 0
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, initialised in
            written = compress(out.baseAddress, bound)
            initialised = written
        }
        // 0 means the output did not fit, which the bound rules out; deflate data is never empty.
        guard written > 0 else { throw .libdeflate(operation: "\(function) (\(input.count) bytes gave no output)") }
        return output
    }
}

/// One libdeflate decompressor. Owns it and frees it in `deinit`; one thread at a time.
final class LibdeflateDecompressor {
    private let decompressor: OpaquePointer

    /// Nil when out of memory.
    init?() {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        self.decompressor = decompressor
    }

    deinit { libdeflate_free_decompressor(decompressor) }

    /// The zlib stream `input` inflated, when it holds exactly `count` bytes, its Adler-32 matches, and it ends
    /// where `input` does; else nil.
    func zlibStream(_ input: UnsafeRawBufferPointer, exactly count: Int) -> [UInt8]? {
        var consumed = 0
        var result = LIBDEFLATE_BAD_DATA
        // At least one byte of room: an empty array's storage is one global, whose count every thread would write.
        let output = [UInt8](unsafeUninitializedCapacity: max(count, 1)) { out, initialised in
            result = libdeflate_zlib_decompress_ex(decompressor, input.baseAddress, input.count, out.baseAddress, count,
                                                   &consumed, nil)
            initialised = result == LIBDEFLATE_SUCCESS ? count : 0
        }
        return result == LIBDEFLATE_SUCCESS && consumed == input.count ? output : nil
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
