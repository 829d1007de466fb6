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
        let result = deflateInit2_(stream, level, Z_DEFLATED, -15, 8, strategy, zlibVersion(),
                                   Int32(MemoryLayout<z_stream>.size))
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

/// Joining deflate streams made apart, as deflating pieces on several cores needs: a finished raw deflate stream
/// is made one that more deflate data can follow.
enum DeflateJoining {
    /// `deflate` (one whole raw deflate stream) with the final-block bit of its last block cleared, and an empty
    /// stored block after it that ends on a byte boundary, as a sync flush would end it. The last block is found
    /// by inflating the stream with zlib a block at a time, which tells where each block's header begins.
    static func unfinished(_ deflate: [UInt8]) throws(PNGError) -> [UInt8] {
        var bytes = deflate
        let (header, unusedBitsAtEnd) = try lastBlock(of: deflate)
        bytes[header.byte] &= ~(UInt8(1) << header.bit)
        // The bits after the last block are padding, which the format leaves to the writer: zeros, so they can
        // begin the empty block.
        if unusedBitsAtEnd > 0 { bytes[bytes.count - 1] &= UInt8(0xFF >> unusedBitsAtEnd) }
        // An empty stored block: a header of three zero bits, zero bits to the byte boundary, then LEN 0 and NLEN.
        // The padding bits are zeros, so the header needs a byte of its own only when fewer than three are left.
        if unusedBitsAtEnd < 3 { bytes.append(0) }
        bytes += [0x00, 0x00, 0xFF, 0xFF]
        return bytes
    }

    /// Where the last block of `deflate` (one whole raw deflate stream) begins, by byte and bit, and how many bits
    /// of its last byte are left after it.
    static func lastBlock(
        of deflate: [UInt8]
    ) throws(PNGError) -> (header: (byte: Int, bit: Int), unusedBitsAtEnd: Int) {
        var bytes = deflate
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            inflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        let started = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw .zlib(operation: "inflateInit2", code: started) }
        // Where the last block's header begins: its first bit is the final-block bit. The first block's is at 0.
        var header = (byte: 0, bit: 0)
        var unusedBitsAtEnd = 0
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        let failure: Int32? = bytes.withUnsafeMutableBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { output in
                stream.pointee.next_in = input.baseAddress
                stream.pointee.avail_in = uInt(input.count)
                while true {
                    stream.pointee.next_out = output.baseAddress
                    stream.pointee.avail_out = uInt(output.count)
                    let result = inflate(stream, Z_BLOCK)
                    guard result == Z_OK else { return result }
                    let state = Int(stream.pointee.data_type)
                    // 128: stopped at a block boundary; the low 3 bits are the bits of the last byte read that are
                    // not used yet; 64: the block that just ended was the last.
                    guard state & 128 != 0 else { continue }
                    let unused = state & 7
                    if state & 64 != 0 {
                        unusedBitsAtEnd = unused
                        return nil
                    }
                    let read = Int(stream.pointee.total_in)
                    header = unused > 0 ? (read - 1, 8 - unused) : (read, 0)
                }
            }
        }
        if let failure { throw .zlib(operation: "inflate (finding the last deflate block)", code: failure) }
        guard Int(stream.pointee.total_in) == bytes.count else {
            throw .zlib(operation: "inflate (data after the last deflate block)", code: Z_DATA_ERROR)
        }
        guard header.byte < bytes.count else {
            throw .zlib(operation: "inflate (the last block is past the data)", code: Z_DATA_ERROR)
        }
        return (header, unusedBitsAtEnd)
    }
}
