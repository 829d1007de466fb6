import CPNG

/// Reads PNGs with libpng's simplified API (`png_image_*`), which catches libpng's errors inside libpng, so that
/// no `longjmp` ever crosses Swift frames. Any PNG colour type and bit depth comes out as 8-bit straight RGBA.
public struct PNGDecoder: Sendable {
    /// Images wider or taller than `maxSide`, or with more than `maxPixels` pixels, are refused before any
    /// pixel memory is allocated.
    public struct Limits: Sendable, Equatable {
        public var maxSide: Int
        public var maxPixels: Int

        public init(maxSide: Int = 16_384, maxPixels: Int = 100_000_000) {
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    public func decode(_ bytes: [UInt8]) throws(PNGError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .corrupt("no data") }
        if let overrun = Self.chunkPastTheEnd(bytes) { throw .corrupt(overrun) }
        // libpng's simplified reader keeps a pointer into the input from begin_read to finish_read, so the whole
        // read happens inside one `withUnsafeBytes`.
        let result: Result<RGBAImage, PNGError> = bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }

            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(.corrupt(Self.message(of: image)))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width <= limits.maxSide, height <= limits.maxSide, width * height <= limits.maxPixels else {
                return .failure(.imageTooLarge(width: width, height: height, maxSide: limits.maxSide, maxPixels: limits.maxPixels))
            }

            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
            let count = width * height * 4
            var finished: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialised in
                finished = png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
                initialised = finished != 0 ? count : 0
            }
            guard finished != 0 else { return .failure(.corrupt(Self.message(of: image))) }
            return .success(RGBAImage(unchecked: width, height, pixels))
        }
        return try result.get()
    }

    /// libpng allocates the length a chunk declares before it reads the chunk, so a 174-byte file whose zTXt chunk
    /// declared 2 GB made it take 2 GB of memory. The whole PNG is in memory here, so a chunk longer than the bytes
    /// left can only be damaged: walk the chunk headers up to IEND and refuse such a chunk before libpng sees it.
    private static func chunkPastTheEnd(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }  // libpng names that
        var offset = 8
        while bytes.count - offset >= 8 {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[offset + 4..<offset + 8]
            let name = type.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) } ? String(decoding: type, as: UTF8.self) : "unnamed"
            if length > bytes.count - offset - 12 {
                return "the \(name) chunk at byte \(offset) runs past the end of the data: it declares \(length) bytes, and \(bytes.count - offset - 8) follow its header"
            }
            if name == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let chars = raw.prefix { $0 != 0 }
            let text = String(decoding: chars, as: UTF8.self)
            return text.isEmpty ? "libpng gave no message" : text
        }
    }
}
