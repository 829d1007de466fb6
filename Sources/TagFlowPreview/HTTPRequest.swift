/// What a request asks for, as the server reads it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path exactly as sent, without the query: never percent-decoded, so `%2F` is three characters.
    public var path: String
    public var host: String?
    public var origin: String?
    /// The `token` query argument, as sent.
    public var token: String?

    public init(method: String, path: String, host: String?, origin: String? = nil, token: String? = nil) {
        self.method = method
        self.path = path
        self.host = host
        self.origin = origin
        self.token = token
    }
}
