import TagFlowImage

/// A problem met while comparing pictures or writing a report, carrying the paths and values involved.
///
/// The words a person reads for each case are decided by the command-line tool, in one place.
public enum ReviewError: Error, Equatable, Sendable {
    /// A picture or baseline could not be read.
    case unreadable(FileReadError)
    /// A file that libpng cannot decode.
    case notAPNG(path: String, PNGError)
    /// A folder whose files cannot be listed: missing, or not readable.
    case folderUnlistable(String)
    /// The diff image of `name` could not be encoded.
    case diffNotEncoded(name: String, PNGError)
    /// A report file, diff image or accepted baseline could not be written.
    case writeFailed(path: String, AtomicFileError)
    /// A folder for the report or for accepted baselines could not be created.
    case folderNotCreated(path: String, reason: String)
    /// A check whose scroll step makes more than ``QueryCheck/maxSteps`` steps.
    case tooManySteps(Int, step: Double)
}

/// The bytes of `path`, with a read failure as a review error.
func readFile(_ path: String) throws(ReviewError) -> [UInt8] {
    do { return try FileReader.read(path) } catch { throw .unreadable(error) }
}
