/// Why an animated PNG could not be written.
public enum APNGError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidDimensions(width: Int, height: Int)
    /// An APNG has between 1 and 2³¹−1 frames.
    case invalidFrameCount(Int)
    case invalidFrameRate(Double)
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// More frames were appended than the count promised at the start.
    case tooManyFrames(expected: Int)
    /// `finish()` was called before all the promised frames were appended.
    case frameCountMismatch(expected: Int, appended: Int)
    /// The first frame was opaque, so the file was started as RGB, and this frame has transparency.
    /// Use `PNGEncoder.ColourType.rgba` for animations whose later frames may be transparent.
    case transparencyAfterOpaqueFirstFrame(frameIndex: Int)
    case alreadyFinished
    case png(PNGError)
    /// The file the APNG was being written to could not take it.
    case write(AtomicFileError)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "an APNG cannot be \(width)×\(height): each side must be between 1 and 2147483647"
        case let .invalidFrameCount(count):
            return "an APNG needs between 1 and 2147483647 frames, not \(count)"
        case let .invalidFrameRate(fps):
            return "frame rate \(fps) is not a positive number"
        case let .frameSizeMismatch(expectedWidth, expectedHeight, width, height):
            return "a \(width)×\(height) frame was given to a \(expectedWidth)×\(expectedHeight) APNG"
        case let .tooManyFrames(expected):
            return "the APNG was started for \(expected) frames and one more was appended"
        case let .frameCountMismatch(expected, appended):
            return "the APNG was started for \(expected) frames but \(appended) were appended"
        case let .transparencyAfterOpaqueFirstFrame(frameIndex):
            return "frame \(frameIndex) has transparent pixels, "
                + "but the APNG was started as opaque RGB from its first frame"
        case .alreadyFinished:
            return "the APNG was already finished"
        case let .png(error):
            return error.description
        case let .write(error):
            return error.description
        }
    }
}
