import TagFlowLayout

/// Everything the server can serve, by exact path: pages, scripts and pictures held in memory, and the events.
///
/// A request's path is looked up as sent, byte for byte, so no request reaches the file system: `..`, `%2e%2e`,
/// `%2F`, an absolute path or a symbolic link's name are simply paths that are not in the table.
public final class RouteTable: Sendable {
    private let resources = Locked<[String: HTTPResponse]>([:])
    private let provider = Locked<(@Sendable (String) -> HTTPResponse?)?>(nil)
    /// The path of the Server-Sent Events stream.
    public let eventsPath: String
    public let events: EventStream

    public init(eventsPath: String = "/events", events: EventStream = EventStream()) {
        self.eventsPath = eventsPath
        self.events = events
    }

    /// Answers paths the table lacks: `body` looks at the path as text (never as a file name) and returns nil for
    /// a path it does not know, which is then a 404.
    public func provide(_ body: @escaping @Sendable (String) -> HTTPResponse?) {
        provider.withLock { $0 = body }
    }

    /// Serves `response` at `path` from now on, in place of what was there.
    public func set(_ path: String, _ response: HTTPResponse) {
        resources.withLock { $0[path] = response }
    }

    /// Serves every pair at once, and stops serving `removing`: a reader never sees half of a change.
    public func update(_ changes: [String: HTTPResponse], removing: [String] = []) {
        resources.withLock { table in
            for path in removing { table[path] = nil }
            table.merge(changes) { _, new in new }
        }
    }

    public func remove(_ path: String) {
        _ = resources.withLock { $0.removeValue(forKey: path) }
    }

    /// The paths served, in order.
    public var paths: [String] { resources.withLock { $0.keys.sorted() } }

    func response(for path: String) -> HTTPResponse? {
        if path == eventsPath {
            var response = HTTPResponse(contentType: "text/event-stream", body: [])
            response.events = events.subscribe()
            return response
        }
        if let response = resources.withLock({ $0[path] }) { return response }
        return provider.withLock { $0 }?(path)
    }
}
