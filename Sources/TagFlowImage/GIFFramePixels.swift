/// A GIF frame's pixels: straight RGBA, or cairo's premultiplied ARGB words, which stand for the same colours one to
/// one (unpremultiplying loses nothing that tells two colours apart), so either compares and maps to the same result.
enum GIFFramePixels: @unchecked Sendable {
    case straight(RGBAImage)
    case premultiplied(PremultipliedFrame)

    var width: Int {
        switch self {
        case let .straight(image): image.width
        case let .premultiplied(frame): frame.pixels.width
        }
    }

    var height: Int {
        switch self {
        case let .straight(image): image.height
        case let .premultiplied(frame): frame.pixels.height
        }
    }

    /// Lends the first row's words, the bytes from one row to the next, and whether the words are premultiplied ARGB.
    func withWords<R>(_ body: (UnsafeRawPointer, Int, Bool) -> R) -> R {
        switch self {
        case let .straight(image):
            return image.pixels.withUnsafeBytes {
                body($0.baseAddress ?? UnsafeRawPointer(bitPattern: 4)!, image.width * 4, false)
            }
        case let .premultiplied(frame):
            return frame.withPixels { body($0.data.baseAddress ?? UnsafeRawPointer(bitPattern: 4)!, $0.stride, true) }
        }
    }

    /// The rectangle that differs from `previous`, of the same size; nil when none does. Frames of the two layouts
    /// are compared as wholly different.
    func changed(since previous: GIFFramePixels) -> PixelRegion? {
        previous.withWords { old, oldStride, oldIsPremultiplied in
            withWords { new, newStride, isPremultiplied in
                guard oldIsPremultiplied == isPremultiplied else {
                    return PixelRegion(x: 0, y: 0, width: width, height: height)
                }
                return PixelRegion.changed(from: old, to: new, width: width, height: height,
                                           strides: (oldStride, newStride))
            }
        }
    }
}
