import CPNG

/// One read of a PNG held in memory, through libpng's simplified API (`png_image_*`).
///
/// The simplified API catches libpng's errors inside libpng, so no `longjmp` ever crosses Swift frames. Owns its
/// `png_image` at a fixed heap address (libpng's error handler keeps a pointer to it) and frees it in `deinit`.
/// libpng also keeps a pointer into the input from the header read to the pixel read, so a reader exists only
/// inside ``read(_:_:)``'s closure.
final class PNGMemoryReader {
    /// The image's size, from its header.
    let width: Int
    let height: Int
    private let image: UnsafeMutablePointer<png_image>
    private var pixelsRead = false

    /// Reads the header of `bytes` and lends a reader of them to `body`.
    static func read<R>(_ bytes: [UInt8], _ body: (PNGMemoryReader) throws(PNGError) -> R) throws(PNGError) -> R {
        let result: Result<R, PNGError> = bytes.withUnsafeBytes { memory in
            do throws(PNGError) {
                let reader = try PNGMemoryReader(memory: memory)
                return .success(try withExtendedLifetime(reader) { () throws(PNGError) -> R in try body(reader) })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(memory: UnsafeRawBufferPointer) throws(PNGError) {
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        image.initialize(to: png_image())
        image.pointee.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(image, memory.baseAddress, memory.count) != 0 else {
            let message = Self.message(of: image)
            Self.release(image)
            throw .corrupt(message)
        }
        self.image = image
        width = Int(image.pointee.width)
        height = Int(image.pointee.height)
    }

    deinit { Self.release(image) }

    /// Every pixel as 8-bit straight RGBA, whatever the file's colour type and bit depth. Only one call per reader:
    /// libpng ends the read here.
    func readRGBA() throws(PNGError) -> [UInt8] {
        guard !pixelsRead else { throw .corrupt("the pixels were already read") }
        pixelsRead = true
        image.pointee.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
        // 16-bit samples with no gAMA or sRGB chunk are sRGB, as 8-bit ones are, and as ImageMagick and Pillow read
        // them; libpng would take them as linear and brighten them (a sample of 0x1111 would read as 74, not 17).
        image.pointee.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let count = width * height * 4
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialised in
            finished = png_image_finish_read(image, nil, out.baseAddress, Int32(width * 4), nil)
            initialised = finished != 0 ? count : 0
        }
        guard finished != 0 else { throw .corrupt(Self.message(of: image)) }
        return pixels
    }

    private static func release(_ image: UnsafeMutablePointer<png_image>) {
        png_image_free(image)
        image.deinitialize(count: 1)
        image.deallocate()
    }

    private static func message(of image: UnsafeMutablePointer<png_image>) -> String {
        withUnsafeBytes(of: image.pointee.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "libpng gave no message" : text
        }
    }
}
