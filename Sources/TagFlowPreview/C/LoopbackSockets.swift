#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Listening sockets on 127.0.0.1 and ::1, on one port; the port the kernel chose when asked for 0.
struct LoopbackSockets {
    /// One listening socket; libmicrohttpd's daemon takes it over and closes it.
    struct Listening: Sendable {
        let descriptor: Int32
        let isIPv6: Bool

        func hostText(port: UInt16) -> String { isIPv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)" }
    }

    let listening: [Listening]
    let port: UInt16

    /// Binds 127.0.0.1 first, then ::1 on the same port; a free port already taken on ::1 is chosen again.
    /// A machine without IPv6 listens on 127.0.0.1 alone.
    init(port requested: UInt16) throws(ServerError) {
        for _ in 0..<20 {
            let v4 = try Self.listen(ipv6: false, port: requested)
            let port = Self.boundPort(v4)
            switch Self.bindIPv6(port: port) {
            case let .listening(v6):
                listening = [Listening(descriptor: v4, isIPv6: false), Listening(descriptor: v6, isIPv6: true)]
                self.port = port
                return
            case .unavailable:
                listening = [Listening(descriptor: v4, isIPv6: false)]
                self.port = port
                return
            case let .failed(reason):
                close(v4)
                if requested != 0 { throw .cannotListen(port: requested, reason: "[::1]: " + reason) }
            }
        }
        throw .cannotListen(port: requested, reason: "no port free on both 127.0.0.1 and ::1")
    }

    private enum IPv6Outcome { case listening(Int32), unavailable, failed(String) }

    private static func bindIPv6(port: UInt16) -> IPv6Outcome {
        do {
            return .listening(try listen(ipv6: true, port: port))
        } catch let .cannotListen(_, reason) where reason.hasPrefix("no IPv6") {
            return .unavailable
        } catch let .cannotListen(_, reason) {
            return .failed(reason)
        } catch {
            return .failed("\(error)")
        }
    }

    private static func listen(ipv6: Bool, port: UInt16) throws(ServerError) -> Int32 {
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, kind, 0)
        guard descriptor >= 0 else {
            let reason = errno == EAFNOSUPPORT ? "no IPv6" : String(cString: strerror(errno))
            throw .cannotListen(port: port, reason: reason)
        }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if ipv6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard bound == 0, startListening(descriptor, backlog: 128) == 0 else {
            let code = errno
            close(descriptor)
            let reason = ipv6 && (code == EADDRNOTAVAIL || code == EAFNOSUPPORT) ? "no IPv6 loopback"
                : String(cString: strerror(code))
            throw .cannotListen(port: port, reason: reason)
        }
        return descriptor
    }

    private static func boundPort(_ descriptor: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// listen(2), from a top-level function, where `listen` is the C library's and not ``LoopbackSockets``' own.
private func startListening(_ descriptor: Int32, backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}
