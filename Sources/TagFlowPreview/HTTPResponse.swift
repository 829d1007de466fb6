/// What the server sends for one request: a status, headers and a body held in memory, or a stream of events.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// The page's own Content-Security-Policy; nil for the server's strict one.
    public var contentSecurityPolicy: String?
    /// Further headers, such as `Allow` on a 405.
    public var headers: [(name: String, value: String)] = []
    /// Set for the events route: the body is this subscription's events, as they come.
    var events: EventStream.Subscription?

    public init(status: Int = 200, contentType: String, body: [UInt8], contentSecurityPolicy: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.contentSecurityPolicy = contentSecurityPolicy
    }

    /// A short plain-text answer, for refusals.
    public static func text(_ status: Int, _ words: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((words + "\n").utf8))
    }

    /// The strict policy every response carries unless its page names its own: scripts, styles, pictures and
    /// events from this server only, no frames of other sites, no forms, and never framed by another site.
    public static let strictPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
}
