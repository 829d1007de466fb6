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
