#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stopped by a signal; `completed` says what was kept.
package struct Interrupted: Error, CustomStringConvertible {
    package var signal: Int32
    package var completed: String

    package var description: String {
        signal == SIGINT ? "interrupted: \(completed)" : "interrupted by \(Self.name(signal)): \(completed)"
    }

    /// 128 + the signal, as a shell reports a process the signal killed.
    package var exitStatus: Int32 { 128 + signal }

    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}
