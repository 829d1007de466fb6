/// Why the server could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    case cannotListen(port: UInt16, reason: String)
    case daemonFailed(String)

    public var description: String {
        switch self {
        case let .cannotListen(port, reason):
            port == 0 ? "cannot listen on the loopback address: \(reason)"
                : "cannot listen on 127.0.0.1:\(port): \(reason)"
        case let .daemonFailed(reason): "the HTTP server did not start: \(reason)"
        }
    }
}
