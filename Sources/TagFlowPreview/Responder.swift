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
