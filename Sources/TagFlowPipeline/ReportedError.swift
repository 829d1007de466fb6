/// An error that knows what a person reads for it. Each library's errors give their words in ErrorReport.swift, or
/// beside their declaration when the library is above this one.
package protocol ReportedError: Error {
    var report: ErrorReport { get }
}
