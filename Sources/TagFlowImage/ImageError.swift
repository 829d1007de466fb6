import TagFlowLayout

/// Why an image could not be made from the given values.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidDimensions(width: Int, height: Int)
    case pixelCountMismatch(expectedBytes: Int, actualBytes: Int)
    case invalidStride(stride: Int, width: Int)
    case bufferTooSmall(requiredBytes: Int, actualBytes: Int)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "invalid image size \(width)×\(height): both sides must be at least 0 "
                + "and the byte count must fit in memory"
        case let .pixelCountMismatch(expected, actual):
            return "an RGBA image of that size needs \(expected) bytes, but \(actual) were given"
        case let .invalidStride(stride, width):
            return "row stride \(stride) is smaller than 4 × width (\(width))"
        case let .bufferTooSmall(required, actual):
            return "the pixel buffer holds \(actual) bytes, but \(required) are needed"
        }
    }
}
