import CPNG  // zlib comes with libpng's headers

/// zlib's checksums and codes, as Swift values.
enum Zlib {
    /// zlib's `Z_BUF_ERROR` and `Z_DATA_ERROR`, for errors raised here about zlib's input or output.
    static let bufferError = Z_BUF_ERROR
    static let dataError = Z_DATA_ERROR

    /// The Adler-32 of two pieces one after the other, from the two pieces' checksums. (libdeflate has no such
    /// function; its ``Checksums/adler32(_:)`` makes the pieces' own.)
    static func combineAdler32(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }
}

extension PNGEncoder.Strategy {
    var zlibValue: Int32 {
        switch self {
        case .default: return Z_DEFAULT_STRATEGY
        case .filtered: return Z_FILTERED
        case .runLength: return Z_RLE
        case .huffmanOnly: return Z_HUFFMAN_ONLY
        }
    }
}

/// One raw deflate stream (no zlib header or trailer). Owns its `z_stream` at a fixed heap address for its whole
/// use, as zlib requires, and ends it in `deinit`.
final class RawDeflater {
    private let stream: UnsafeMutablePointer<z_stream>

    init(level: Int32, strategy: Int32) throws(PNGError) {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = deflateInit2_(stream, level, Z_DEFLATED, -15, 8, strategy, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard result == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .zlib(operation: "deflateInit2", code: result)
        }
        self.stream = stream
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Deflates all of `input` in one call: ends the stream when `isLast`, else ends with a sync flush so that
    /// another piece's data can follow.
    func deflate(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool) throws(PNGError) -> [UInt8] {
        // deflateBound covers a finished stream; a sync flush adds at most an empty stored block.
        let bound = Int(deflateBound(stream, uLong(input.count))) + 16
        var result: Int32 = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, initialised in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            stream.pointee.next_out = out.baseAddress
            stream.pointee.avail_out = uInt(bound)
            result = CPNG.deflate(stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
            initialised = Int(stream.pointee.total_out)
        }
        let expected = isLast ? Z_STREAM_END : Z_OK
        guard result == expected, stream.pointee.avail_in == 0 else { throw .zlib(operation: "deflate", code: result) }
        return output
    }
}
