import Foundation

/// Where a command's words go. Standard output carries results; standard error, errors, warnings and progress.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Standard error is a terminal, so a progress line can redraw itself.
    public var isInteractive: Bool

    /// Words sent to `out` and `err`, such as a program that runs a command and keeps what it says; with
    /// `isInteractive` false, progress is printed as lines, not redrawn.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                isInteractive: Bool = false) {
        self.out = out
        self.err = err
        self.isInteractive = isInteractive
    }

    public static let standard = Console(
        out: StandardStreams.writeOutput,
        err: StandardStreams.writeError,
        isInteractive: isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)

    /// Prints nothing.
    public static let silent = Console(out: { _ in }, err: { _ in })

    package func warn(_ message: String) { err("warning: \(message)\n") }
}
