/// A web server on the loopback addresses only, serving a ``RouteTable``: GET and HEAD, and a POST only where
/// ``WriteEndpoint`` allows one.
///
/// Every request is checked before its path is looked at: its `Host` must name this server (127.0.0.1, [::1] or
/// localhost, with this port), so a page of another site that a rebinding DNS name points here gets nothing.
public final class PreviewServer: Sendable {
    /// The one POST the server takes, for a page holding the token this run made.
    public struct WriteEndpoint: Sendable {
        public var path: String
        /// Random for each run, and printed only in the page's address.
        public var token: String
        public var handle: @Sendable () -> HTTPResponse

        public init(path: String, token: String, handle: @escaping @Sendable () -> HTTPResponse) {
            self.path = path
            self.token = token
            self.handle = handle
        }
    }

    public let routes: RouteTable
    public let port: UInt16
    /// The addresses listened on, as a browser writes them: `127.0.0.1:8080`, `[::1]:8080`.
    public let hosts: [String]
    private let writeEndpoint: WriteEndpoint?
    private let daemons: [MicroHTTPDaemon]

    /// Listens on 127.0.0.1 and, where the machine has it, ::1, on `port`, or on a free port for nil.
    public init(port: UInt16?, routes: RouteTable, writeEndpoint: WriteEndpoint? = nil) throws(ServerError) {
        let sockets = try LoopbackSockets(port: port ?? 0)
        self.routes = routes
        self.port = sockets.port
        self.writeEndpoint = writeEndpoint
        hosts = sockets.listening.map { $0.hostText(port: sockets.port) }
        let decide = Responder(routes: routes, port: sockets.port, writeEndpoint: writeEndpoint)
        var daemons = [MicroHTTPDaemon]()
        for socket in sockets.listening {
            daemons.append(try MicroHTTPDaemon(socket: socket, respond: decide.response))
        }
        self.daemons = daemons
    }

    /// The page's address on the IPv4 loopback.
    public func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)" + path }

    /// Ends the event streams, then stops listening and waits for open connections to end.
    public func stop() {
        routes.events.close()
        for daemon in daemons { daemon.stop() }
    }
}

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

/// Decides the answer to a request: the host, then the method, then the path.
struct Responder: Sendable {
    let routes: RouteTable
    let port: UInt16
    let writeEndpoint: PreviewServer.WriteEndpoint?

    /// The `Host` values that name this server.
    var ownHosts: Set<String> { ["127.0.0.1:\(port)", "[::1]:\(port)", "localhost:\(port)"] }

    func response(_ request: HTTPRequest) -> HTTPResponse {
        guard let host = request.host, ownHosts.contains(host.lowercased()) else {
            return .text(421, "this server answers only to http://127.0.0.1:\(port)/ and http://[::1]:\(port)/")
        }
        switch request.method {
        case "GET", "HEAD":
            return routes.response(for: request.path) ?? .text(404, "not found")
        case "POST":
            return post(request)
        default:
            return methodNotAllowed(request.path)
        }
    }

    private func post(_ request: HTTPRequest) -> HTTPResponse {
        guard let writeEndpoint, request.path == writeEndpoint.path else { return methodNotAllowed(request.path) }
        let ownOrigins = ownHosts.map { "http://" + $0 }
        if let origin = request.origin, !ownOrigins.contains(origin.lowercased()) {
            return .text(403, "a page of another origin cannot record")
        }
        guard let token = request.token, Self.equalInConstantTime(token, writeEndpoint.token) else {
            return .text(403, "the token is missing or wrong: open the address tagflow printed")
        }
        return writeEndpoint.handle()
    }

    private func methodNotAllowed(_ path: String) -> HTTPResponse {
        var response = HTTPResponse.text(405, "only GET and HEAD")
        let takesPost = writeEndpoint?.path == path
        response.headers.append((name: "Allow", value: takesPost ? "POST" : "GET, HEAD"))
        return response
    }

    /// Compares without stopping at the first difference, so the time taken says nothing of the token.
    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
