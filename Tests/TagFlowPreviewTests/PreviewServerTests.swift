import Foundation
import Testing
@testable import TagFlowPreview
import TagFlowLayout
import TagFlowTestSupport

/// The preview server answers only requests for itself, only from its table, only with GET and HEAD (and the one
/// POST a run allows), and keeps serving whatever it is sent.
@Suite struct PreviewServerTests {
    static let page = HTTPResponse(contentType: "text/html; charset=utf-8", body: Array("<p>preview</p>".utf8))

    static func server(writeEndpoint: PreviewServer.WriteEndpoint? = nil) throws -> PreviewServer {
        let routes = RouteTable()
        routes.set("/", page)
        routes.set("/picture/a.png", HTTPResponse(contentType: "image/png", body: [0x89, 0x50, 0x4E, 0x47]))
        return try PreviewServer(port: nil, routes: routes, writeEndpoint: writeEndpoint)
    }

    @Test func servesItsPageWithAStrictPolicyOnAFreePortOfTheLoopback() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.hosts.first == "127.0.0.1:\(server.port)")
        let answer = try LoopbackClient(port: server.port).get("/")
        #expect(answer.status == 200)
        #expect(answer.body == "<p>preview</p>")
        #expect(answer.headers["content-type"] == "text/html; charset=utf-8")
        #expect(answer.headers["content-security-policy"] == HTTPResponse.strictPolicy)
        #expect(answer.headers["x-content-type-options"] == "nosniff")
        let head = try LoopbackClient(port: server.port).get("/", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test func listensOnTheIPv6LoopbackTooWhereThereIsOne() throws {
        let server = try Self.server()
        defer { server.stop() }
        guard server.hosts.count == 2 else { return }
        #expect(server.hosts[1] == "[::1]:\(server.port)")
        #expect(try LoopbackClient(port: server.port, ipv6: true).get("/").status == 200)
    }

    /// A page of another site whose name a rebinding DNS points at 127.0.0.1 sends its own name as Host.
    @Test func refusesEveryHostButItsOwn() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        for host in ["evil.example:\(server.port)", "evil.example", "127.0.0.1", "127.0.0.1:1", "localhost.evil:\(server.port)"] {
            let answer = try client.get("/", host: host)
            #expect(answer.status == 421, "Host: \(host)")
            #expect(!answer.body.contains("preview"))
        }
        #expect(try client.get("/", host: "localhost:\(server.port)").status == 200)
        #expect(try client.get("/", host: "LOCALHOST:\(server.port)").status == 200)
        let noHost = try client.send("GET / HTTP/1.0\r\n\r\n")
        #expect(noHost.status == 421)
    }

    /// Paths are looked up as sent: nothing names a file, however it is spelt.
    @Test func noPathReachesTheFileSystem() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        let paths = ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/picture%2Fa.png",
                     "/picture/../picture/a.png", "/picture/./a.png", "//picture/a.png", "/etc/passwd",
                     "/Package.swift", "/proc/self/environ", "/picture/a.png%00", "/picture/a.png/"]
        for path in paths {
            let answer = try client.get(path)
            #expect(answer.status == 404 || answer.status == 400, "\(path): \(answer.status.map(String.init) ?? "closed")")
            #expect(!answer.body.contains("root:"), "\(path) served /etc/passwd")
        }
        #expect(try client.get("/picture/a.png").status == 200)
        // An absolute URI in the request line is not a path of the table either.
        #expect(try client.get("http://127.0.0.1:\(server.port)/etc/passwd").status == 404)
        #expect(try client.get("file:///etc/passwd").status == 404)
    }

    @Test func takesOnlyGetAndHeadWithoutAWriteEndpoint() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"] {
            let answer = try client.get("/", method: method, extra: "Content-Length: 0\r\n")
            #expect(answer.status == 405, "\(method)")
            #expect(answer.headers["allow"] == "GET, HEAD", "\(method)")
        }
    }

    @Test func thePostNeedsTheRunsTokenAndItsOwnOrigin() throws {
        let calls = Counter()
        let endpoint = PreviewServer.WriteEndpoint(path: "/record", token: "0123456789abcdef") {
            calls.add()
            return .text(200, "recorded")
        }
        let server = try Self.server(writeEndpoint: endpoint)
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        let post = "Content-Length: 0\r\n"
        for path in ["/record", "/record?token=", "/record?token=0123456789abcdee", "/record?token=0123456789abcdef0"] {
            let request = "POST \(path) HTTP/1.1\r\nHost: \(client.ownHost)\r\nContent-Length: 4\r\n"
                + "Connection: close\r\n\r\nbody"
            #expect(try client.send(request).status == 403, "\(path)")
        }
        let foreign = try client.get("/record?token=0123456789abcdef", method: "POST",
                                     extra: "Origin: http://evil.example\r\n" + post)
        #expect(foreign.status == 403)
        #expect(try client.get("/record?token=0123456789abcdef", method: "POST", host: "evil.example", extra: post).status == 421)
        #expect(try client.get("/record?token=0123456789abcdef", method: "GET").status == 404)
        #expect(calls.value == 0)
        let allowed = try client.get("/record?token=0123456789abcdef", method: "POST",
                                     extra: "Origin: http://127.0.0.1:\(server.port)\r\n" + post)
        #expect(allowed.status == 200 && allowed.body == "recorded\n")
        #expect(calls.value == 1)
        #expect(try client.get("/", method: "POST", extra: post).status == 405)
    }

    @Test func eventsReachEveryOpenPage() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        let sockets = try (0..<3).map { _ in try client.connect() }
        defer { sockets.forEach { close($0) } }
        for socket in sockets {
            let request = Array("GET /events HTTP/1.1\r\nHost: \(client.ownHost)\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress!, $0.count, 0) }
        }
        // The stream's first words come once the page is subscribed.
        let starts = sockets.map { readUntil($0, contains: "retry: 500") }
        for start in starts {
            #expect(start.hasPrefix("HTTP/1.1 200"))
            #expect(start.contains("Content-Type: text/event-stream"))
        }
        #expect(server.routes.events.subscriberCount == 3)
        server.routes.events.publish("changed", data: #"{"variant":"demo/iphone-15"}"#)
        for socket in sockets {
            let text = readUntil(socket, contains: "data: {\"variant\":\"demo/iphone-15\"}")
            #expect(text.contains("event: changed\n"))
        }
    }

    @Test func malformedAndOversizedRequestsAreRefusedAndServingGoesOn() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        let bad = ["NONSENSE\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\nHost: \(client.ownHost)\r\n\r\n",
                   "GET / HTTP/1.1\r\nHost: \(client.ownHost)\r\nBroken header line\r\n\r\n", "\r\n\r\n\r\n",
                   "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", String(repeating: "\u{1}", count: 300)]
        for request in bad {
            let answer = try client.send(request)
            #expect(answer.status.map { (400..<600).contains($0) } ?? true,
                    "\(request.debugDescription) got \(answer.status.map(String.init) ?? "closed")")
        }
        let huge = try client.get("/", extra: "X-Filler: \(String(repeating: "a", count: 100_000))\r\n")
        #expect(huge.status.map { [413, 431].contains($0) } ?? true, "\(huge.status.map(String.init) ?? "closed")")
        let longPath = try client.get("/" + String(repeating: "a", count: 100_000))
        #expect(longPath.status.map { [404, 413, 414, 431].contains($0) } ?? true)
        #expect(try client.get("/").status == 200)
    }

    /// A client that sends half a request and waits holds one connection, not the server.
    @Test func aSlowClientDoesNotHoldUpOthers() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        let slow = try client.connect()
        defer { close(slow) }
        let half = Array("GET / HTTP/1.1\r\nHost: ".utf8)
        _ = half.withUnsafeBytes { send(slow, $0.baseAddress!, $0.count, 0) }
        #expect(try client.get("/").status == 200)
    }

    @Test func aHundredClientsAtOnceAreServedAndMemoryStaysBounded() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = LoopbackClient(port: server.port)
        func round() -> Int {
            let served = Counter()
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                if (try? client.get("/"))?.body == "<p>preview</p>" { served.add() }
            }
            return served.value
        }
        #expect(round() == 100)
        let before = residentKilobytes()
        for _ in 0..<3 { #expect(round() == 100) }
        let after = residentKilobytes()
        #expect(Double(after) <= Double(before) * 1.1, "RSS \(before) kB before, \(after) kB after")
        #expect(try client.get("/").status == 200)
    }

    @Test func stopsListeningWhenStopped() throws {
        let server = try Self.server()
        let port = server.port
        server.stop()
        #expect(throws: POSIXError.self) { try LoopbackClient(port: port).get("/") }
    }

    @Test func aPortInUseIsSaid() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(throws: ServerError.self) { try PreviewServer(port: server.port, routes: RouteTable()) }
    }
}

final class Counter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

func readUntil(_ socket: Int32, contains text: String) -> String {
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: received, as: UTF8.self).contains(text) {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { break }
        received += buffer[0..<count]
    }
    return String(decoding: received, as: UTF8.self)
}

func residentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
