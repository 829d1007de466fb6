import Foundation

/// A bare HTTP/1.1 client over a TCP socket to the loopback, so a test can send what no browser would: a wrong
/// `Host`, a raw `..`, a malformed request line, headers too large.
public struct LoopbackClient: Sendable {
    public struct Answer: Sendable {
        public var status: Int?
        public var headers: [String: String]
        public var body: String
    }

    public let port: UInt16
    public var ipv6 = false

    public init(port: UInt16, ipv6: Bool = false) {
        self.port = port
        self.ipv6 = ipv6
    }

    /// Sends `request` as it is, then reads until the server closes; nil status if it closed without answering.
    public func send(_ request: String) throws -> Answer {
        let socket = try connect()
        defer { close(socket) }
        var bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent,
                                                                  Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        shutdown(socket, Int32(SHUT_WR))
        return Self.parse(readAll(socket))
    }

    /// `GET path` with this server's own Host, closing after the answer.
    public func get(_ path: String, method: String = "GET", host: String? = nil, extra: String = "") throws -> Answer {
        try send("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? ownHost)\r\n\(extra)Connection: close\r\n\r\n")
    }

    public var ownHost: String { ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)" }

    public func connect() throws -> Int32 {
        let socket = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let status: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard status == 0 else {
            close(socket)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
        return socket
    }

    public func readAll(_ socket: Int32) -> [UInt8] {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return received
    }

    public static func parse(_ bytes: [UInt8]) -> Answer {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return Answer(status: nil, headers: [:], body: text) }
        var lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        var headers = [String: String]()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: statusLine.count > 1 ? Int(statusLine[1]) : nil, headers: headers,
                      body: String(text[end.upperBound...]))
    }
}
