import CPNG  // zlib comes with libpng's headers

extension Zlib {
    /// The first `count` bytes the zlib stream `input` inflates to; nil when the stream is damaged, or ends, before
    /// giving that many.
    ///
    /// Nothing past those bytes is read or checked (more data, the Adler-32): libpng reads image data the same way,
    /// taking the bytes its rows need, and only warns about the rest. The result grows as the stream gives bytes, so
    /// a small file that declares a large image costs no more memory than it inflates to.
    static func inflatedPrefix(_ input: UnsafeRawBufferPointer, count: Int) -> [UInt8]? {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            inflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        var output: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: min(count, 1 << 18))
        var consumed = 0
        while output.count < count {
            // zlib counts in 32 bits: at most 1 GiB of input a call.
            let inChunk = min(1 << 30, input.count - consumed), outChunk = min(scratch.count, count - output.count)
            let (result, read, written) = scratch.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?
                    .assumingMemoryBound(to: UInt8.self).advanced(by: consumed))
                stream.pointee.avail_in = uInt(inChunk)
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(outChunk)
                let result = inflate(stream, Z_NO_FLUSH)
                return (result, inChunk - Int(stream.pointee.avail_in), outChunk - Int(stream.pointee.avail_out))
            }
            consumed += read
            output += scratch[..<written]
            // The stream's end short of `count`, an error, or no progress (the input has run out): too few bytes.
            guard output.count == count || result == Z_OK || (result == Z_BUF_ERROR && read + written > 0) else {
                return nil
            }
        }
        return output
    }
}
