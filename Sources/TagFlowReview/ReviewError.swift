import TagFlowImage
import TagFlowLayout
import TagFlowText

/// A problem met while comparing pictures or writing a report, carrying the paths and values involved.
///
/// The words a person reads for each case are decided by the command-line tool, in one place.
public enum ReviewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A picture or baseline could not be read.
    case unreadable(FileReadError)
    /// A file that libpng cannot decode.
    case notAPNG(path: String, PNGError)
    /// A folder whose files cannot be listed: missing, or not readable.
    case folderUnlistable(String)
    /// Two folders compared, neither of which holds a PNG.
    case noPNGsInFolders(old: String, new: String)
    /// The diff image of `name` could not be encoded.
    case diffNotEncoded(name: String, PNGError)
    /// A report file, diff image or accepted baseline could not be written.
    case writeFailed(path: String, AtomicFileError)
    /// A folder for the report or for accepted baselines could not be created.
    case folderNotCreated(path: String, reason: String)
    /// A check whose scroll step makes more than ``QueryCheck/maxSteps`` steps.
    case tooManySteps(Int, step: Double)

    public var description: String {
        switch self {
        case let .unreadable(error): "\(error)"
        case let .notAPNG(path, error): "cannot read '\(path)' as a PNG: \(error)"
        case let .folderUnlistable(path): "cannot list the folder '\(path)'"
        case let .noPNGsInFolders(old, new): "neither '\(old)' nor '\(new)' holds a PNG, so there is nothing to compare"
        case let .diffNotEncoded(name, error): "cannot encode the diff of '\(name)': \(error)"
        case let .writeFailed(_, error): "\(error)"
        case let .folderNotCreated(path, reason): "cannot create the folder '\(path)': \(reason)"
        case let .tooManySteps(count, step):
            "a scroll step of \(formatPoints(step)) pt makes \(count) steps, over \(QueryCheck.maxSteps)"
        }
    }
}

/// The bytes of `path`, with a read failure as a review error.
func readFile(_ path: String) throws(ReviewError) -> [UInt8] {
    do { return try FileReader.read(path) } catch { throw .unreadable(error) }
}
