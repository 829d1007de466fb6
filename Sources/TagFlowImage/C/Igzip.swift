import CIgzip

/// ISA-L's igzip, one piece at a time. On tagflow's palette pictures its level 2 deflates about six times faster
/// than zlib level 3 into files no larger; on RGB ones about 12% larger, so those stay with zlib.
///
/// The bytes are the same run after run and on any number of cores. igzip chooses its code by the processor's
/// features (its x86 versions from SSE4.2 up all hash with the same CRC32C instruction), and does not promise the
/// same bytes on every processor; the pixels always are. Files kept for long, such as documentation, are written
/// with `small` (libdeflate), and a golden whose pixels hold is never rewritten.
enum Igzip {
    /// igzip's levels: 0 is fastest, 3 smallest.
    static let levels = 0...3

    /// Raw deflate data (no zlib header or trailer) of `input`, with no history before it: ends the stream when
    /// `isLast`, else with a full flush (an empty stored block, so the data ends on a byte) that another piece's
    /// data can follow.
    static func rawDeflate(_ input: UnsafeBufferPointer<UInt8>, level: Int, isLast: Bool) throws(PNGError) -> [UInt8] {
        guard levels.contains(level) else { throw .invalidCompressionLevel(level) }
        let levelBufferSize = Int(tagflow_igzip_level_buffer_size(Int32(level)))
        let levelBuffer = UnsafeMutableRawPointer.allocate(byteCount: levelBufferSize, alignment: 64)
        defer { levelBuffer.deallocate() }
        // Stored blocks, igzip's worst case, add 5 bytes every 64 KiB; the rest covers headers and the flush.
        let bound = input.count + input.count / 1024 + 1024
        guard bound <= Int(UInt32.max) else {
            throw .igzip(operation: "isal_deflate_stateless (a piece over 4 GiB)", code: INVALID_PARAM)
        }
        var result: Int32 = 0
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, initialised in
            var stream = isal_zstream()
            isal_deflate_stateless_init(&stream)
            stream.level = UInt32(level)
            stream.level_buf = levelBuffer.assumingMemoryBound(to: UInt8.self)
            stream.level_buf_size = UInt32(levelBufferSize)
            stream.gzip_flag = UInt16(IGZIP_DEFLATE)
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            stream.end_of_stream = isLast ? 1 : 0
            stream.flush = UInt16(isLast ? NO_FLUSH : FULL_FLUSH)
            stream.next_out = out.baseAddress
            stream.avail_out = UInt32(bound)
            result = isal_deflate_stateless(&stream)
            initialised = result == COMP_OK ? Int(stream.total_out) : 0
        }
        guard result == COMP_OK else {
            throw .igzip(operation: "isal_deflate_stateless (\(input.count) bytes)", code: result)
        }
        return output
    }
}
