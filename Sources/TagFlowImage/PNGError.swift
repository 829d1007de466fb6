import Dispatch

/// Why a PNG could not be written or read.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// PNG needs 1 ≤ width, height ≤ 2³¹−1.
    case invalidDimensions(width: Int, height: Int)
    /// The decoder refuses images over its limits rather than allocating for them.
    case imageTooLarge(width: Int, height: Int, maxSide: Int, maxPixels: Int)
    /// Not a level the chosen deflater has: libdeflate's are 0 to 12, zlib's 0 to 9, igzip's 0 to 3.
    case invalidCompressionLevel(Int)
    /// zlib failed; `code` is its return value.
    case zlib(operation: String, code: Int32)
    /// libdeflate failed during `operation`.
    case libdeflate(operation: String)
    /// ISA-L's igzip failed; `code` is its return value.
    case igzip(operation: String, code: Int32)
    /// libpng could not read the data; the message is libpng's.
    case corrupt(String)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "a PNG cannot be \(width)×\(height): each side must be between 1 and 2147483647"
        case let .imageTooLarge(width, height, maxSide, maxPixels):
            return "the PNG is \(width)×\(height), over the limit of \(maxSide) pixels a side "
                + "and \(maxPixels) pixels in all"
        case let .invalidCompressionLevel(level):
            return "PNG compression level \(level) is not one the deflater has "
                + "(libdeflate 0 to 12, zlib 0 to 9, igzip 0 to 3)"
        case let .zlib(operation, code):
            return "zlib \(operation) failed with code \(code)"
        case let .libdeflate(operation):
            return "libdeflate failed: \(operation)"
        case let .igzip(operation, code):
            return "igzip \(operation) failed with code \(code)"
        case let .corrupt(message):
            return "the PNG data is damaged or not a PNG: \(message)"
        }
    }
}
