/// The exit statuses tagflow uses.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// `check` found a missing element, or `diff` found a difference.
    case failure = 1
    /// Bad input, a bad flag, or an output that could not be written.
    case usage = 2
    /// Stopped by SIGINT (130), SIGTERM (143) or SIGHUP (129): 128 + the signal. Completed outputs are kept.
    case interrupted = 130
    case terminated = 143
    case hungUp = 129

    /// Whether a signal stopped the run.
    var isSignal: Bool { rawValue > 128 }
}
