
/// Pixels as cairo draws them, lent for the length of a call: `CAIRO_FORMAT_ARGB32` words, `A<<24 | R<<16 | G<<8 | B`
/// in native byte order with premultiplied colour, rows `stride` bytes apart. Encoders read opaque ones as they are,
/// without a straight RGBA copy.
public struct PremultipliedARGB32 {
    public let data: UnsafeRawBufferPointer
    public let width: Int
    public let height: Int
    public let stride: Int

    /// Checks that `data` holds `height` rows of `width` words `stride` bytes apart.
    public init(data: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) throws(ImageError) {
        _ = try RGBAImage.byteCount(width: width, height: height)
        guard stride >= width * 4 else { throw .invalidStride(stride: stride, width: width) }
        let (rowsBefore, overflow1) = stride.multipliedReportingOverflow(by: max(0, height - 1))
        let (required, overflow2) = rowsBefore.addingReportingOverflow(width * 4)
        guard !overflow1, !overflow2, data.count >= required else {
            throw .bufferTooSmall(requiredBytes: overflow1 || overflow2 ? Int.max : required, actualBytes: data.count)
        }
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// Writes the pixels as straight RGBA into `output`, which holds 4 × width × height bytes.
    public func unpremultiply(into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= width * height * 4)
        guard width > 0, height > 0 else { return }
        RGBAImage.unpremultiply(argb32: data, stride: stride, into: output, width: width, height: height)
    }
}
