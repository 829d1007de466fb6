import TagFlowLayout
import TagFlowInput

/// An error of tagflow's, in the words the command line prints: what is wrong, where, and how to fix it.
public struct TagFlowError: ReportedError, Equatable, CustomStringConvertible, Sendable {
    package let report: ErrorReport

    /// `error` in its words; a TagFlowError keeps its own.
    public init(_ error: any Error) { report = ErrorReport(error) }

    /// What is wrong, without the location and hint.
    public var message: String { report.message }
    /// Where it is, when it is in a file.
    public var location: SourceSpan? { report.location }
    /// What to do about it.
    public var hint: String? { report.hint }
    /// The status the command line exits with for it: 2 for bad input, 128 + the signal for an interruption.
    public var exitStatus: ExitStatus { report.status }
    /// `FILE:LINE:COL: error: message`, then the hint, as the command line prints it.
    public var description: String { report.text }
}
