import Dispatch

/// Why a GIF could not be written.
public enum GIFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A GIF's sides are between 1 and 65535.
    case invalidDimensions(width: Int, height: Int)
    /// A frame delay is between 0 and 65535 hundredths of a second.
    case invalidDelay(centiseconds: Int)
    case invalidFrameRate(Double)
    case emptyPalette
    /// More than 256 distinct known colours; a GIF palette holds 256.
    case tooManyKnownColours(count: Int)
    case invalidRampSteps(Int)
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    case noFrames
    case alreadyFinished
    /// giflib reported `code` (its `E_GIF_ERR_*`) during `operation`.
    case giflib(operation: String, code: Int32, message: String)
    /// The file the GIF was being written to could not take it.
    case write(AtomicFileError)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "a GIF cannot be \(width)×\(height): each side must be between 1 and 65535"
        case let .invalidDelay(centiseconds):
            return "a GIF frame delay of \(centiseconds) cs is outside 0…65535"
        case let .invalidFrameRate(fps):
            return "frame rate \(fps) is not a positive number"
        case .emptyPalette:
            return "a GIF palette needs at least one known colour"
        case let .tooManyKnownColours(count):
            return "\(count) distinct known colours do not fit in a 256-colour GIF palette"
        case let .invalidRampSteps(steps):
            return "ramp steps must be 0 or more, not \(steps)"
        case let .frameSizeMismatch(expectedWidth, expectedHeight, width, height):
            return "a \(width)×\(height) frame was given to a \(expectedWidth)×\(expectedHeight) GIF"
        case .noFrames:
            return "a GIF needs at least one frame"
        case .alreadyFinished:
            return "the GIF was already finished"
        case let .giflib(operation, code, message):
            return "giflib \(operation) failed (\(code)): \(message)"
        case let .write(error):
            return "\(error)"
        }
    }
}
