import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libmicrohttpd daemon on a socket already listening, answering every request with `respond`.
///
/// Each connection has a thread (so an event stream may wait for its next event); slow or idle clients are closed
/// after ``idleSeconds``, a request's headers must fit in libmicrohttpd's 32 KiB per connection (else it answers
/// 431 itself), and at most ``connectionLimit`` connections are open at once.
final class MicroHTTPDaemon: @unchecked Sendable {
    static let connectionLimit = 256
    static let idleSeconds = 15

    /// What the C callbacks reach through their context pointer.
    private final class Context {
        let respond: @Sendable (HTTPRequest) -> HTTPResponse
        init(respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.respond = respond }
    }

    private var daemon: OpaquePointer?
    private let context: Unmanaged<Context>

    init(socket: LoopbackSockets.Listening,
         respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(ServerError) {
        context = Unmanaged.passRetained(Context(respond: respond))
        // The path is matched as sent: nothing is percent-decoded, so `%2F` and `%2e%2e` never become `/` or `..`.
        let keepAsSent: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?)
            -> Int = { _, _, text in text.map { strlen($0) } ?? 0 }
        var options = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(socket.descriptor), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: Self.connectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: Self.idleSeconds, ptr_value: nil),
            MHD_OptionItem(option: .UNESCAPE_CALLBACK,
                           value: Int(bitPattern: unsafeBitCast(keepAsSent, to: UnsafeRawPointer.self)),
                           ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        daemon = options.withUnsafeMutableBufferPointer { items in
            withVaList([MHD_OPTION.ARRAY.rawValue, items.baseAddress!, MHD_OPTION.END.rawValue]) { arguments in
                MHD_start_daemon_va(flags, 0, nil, nil, Self.handle, context.toOpaque(), arguments)
            }
        }
        guard daemon != nil else {
            close(socket.descriptor)
            context.release()
            throw .daemonFailed("MHD_start_daemon refused its options")
        }
    }

    /// Stops accepting, closes every connection and waits for their threads.
    func stop() {
        guard let daemon else { return }
        self.daemon = nil
        MHD_stop_daemon(daemon)
    }

    deinit {
        stop()
        context.release()
    }

    /// libmicrohttpd's access handler: called when a request's headers are in, then for a POST with each piece of
    /// its body, which is not wanted and so dropped, and once more at its end.
    private static let handle: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, _, uploadSize, state in
        guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
        let methodText = String(cString: method)
        if methodText == "POST" {
            if state.pointee == nil {
                state.pointee = UnsafeMutableRawPointer(bitPattern: 1)
                return .YES
            }
            if uploadSize.pointee > 0 {
                uploadSize.pointee = 0
                return .YES
            }
        }
        func value(_ kind: MHD_ValueKind, _ key: String) -> String? {
            MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
        }
        let request = HTTPRequest(method: methodText, path: String(cString: url), host: value(.HEADER_KIND, "Host"),
                                  origin: value(.HEADER_KIND, "Origin"), token: value(.GET_ARGUMENT_KIND, "token"))
        let answer = Unmanaged<Context>.fromOpaque(context).takeUnretainedValue().respond(request)
        return queue(answer, on: connection)
    }

    private static func queue(_ answer: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let response: OpaquePointer?
        if let events = answer.events {
            response = MHD_create_response_from_callback(UInt64.max, 4096, readEvents,
                                                         Unmanaged.passRetained(events).toOpaque(), endEvents)
        } else {
            var body = answer.body
            response = body.withUnsafeMutableBytes {
                MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
            }
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        var headers = [("Content-Type", answer.contentType),
                       ("Content-Security-Policy", answer.contentSecurityPolicy ?? HTTPResponse.strictPolicy),
                       ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                       ("Cache-Control", "no-store")]
        headers += answer.headers.map { ($0.name, $0.value) }
        for (name, value) in headers { MHD_add_response_header(response, name, value) }
        return MHD_queue_response(connection, UInt32(answer.status), response)
    }

    /// Hands libmicrohttpd the subscription's next events, waiting for them; -1 ends the stream.
    private static let readEvents: MHD_ContentReaderCallback = { context, _, buffer, max in
        guard let context, let buffer else { return -2 }
        let events = Unmanaged<EventStream.Subscription>.fromOpaque(context).takeUnretainedValue()
        guard let bytes = events.next(max: max) else { return -1 }
        bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return bytes.count
    }

    /// The page went away, or the server is stopping: the subscription is dropped.
    private static let endEvents: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let events = Unmanaged<EventStream.Subscription>.fromOpaque(context).takeRetainedValue()
        events.cancel()
    }
}
