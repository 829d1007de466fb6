import Dispatch
import TagFlowLayout

/// Server-Sent Events to every page open: each ``publish(_:data:)`` goes to every subscriber.
///
/// A subscriber's connection has a thread of its own, which waits in ``Subscription/next(timeout:)``; a quiet
/// stream sends a comment now and then, so a closed page is noticed and its connection ends.
public final class EventStream: Sendable {
    private let subscribers = Locked<[ObjectIdentifier: Subscription]>([:])
    private let closed = Locked(false)

    public init() {}

    /// Sends `data` (one line of text, usually JSON) as an event named `name` to every open page.
    public func publish(_ name: String, data: String) {
        let text = "event: \(name)\ndata: \(data.split(separator: "\n").joined(separator: "\ndata: "))\n\n"
        for subscriber in subscribers.withLock({ Array($0.values) }) { subscriber.push(Array(text.utf8)) }
    }

    /// How many pages are listening.
    public var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// Ends every stream, and any subscribed later: the server is stopping.
    public func close() {
        closed.withLock { $0 = true }
        for subscriber in subscribers.withLock({ Array($0.values) }) { subscriber.end() }
    }

    func subscribe() -> Subscription {
        let subscription = Subscription(stream: self)
        subscribers.withLock { $0[ObjectIdentifier(subscription)] = subscription }
        if closed.withLock({ $0 }) { subscription.end() }
        return subscription
    }

    fileprivate func unsubscribe(_ subscription: Subscription) {
        _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    /// One page's queue of events.
    final class Subscription: Sendable {
        private struct State {
            var pending: [UInt8] = Array("retry: 500\n\n".utf8)
            var ended = false
        }

        private let state = Locked(State())
        private let ready = DispatchSemaphore(value: 0)
        private weak let stream: EventStream?

        init(stream: EventStream) { self.stream = stream }

        fileprivate func push(_ bytes: [UInt8]) {
            state.withLock { $0.pending += bytes }
            ready.signal()
        }

        fileprivate func end() {
            state.withLock { $0.ended = true }
            ready.signal()
        }

        /// Up to `max` bytes to send, waiting for some; a comment after `timeout` seconds of quiet; nil at the end.
        func next(max: Int, timeout: Double = 10) -> [UInt8]? {
            while true {
                if let bytes = take(max: max) { return bytes.isEmpty ? nil : bytes }
                if ready.wait(timeout: .now() + timeout) == .timedOut { return Array(": quiet\n\n".utf8) }
            }
        }

        /// What is pending; empty once ended; nil when there is nothing yet.
        private func take(max: Int) -> [UInt8]? {
            state.withLock { state in
                if !state.pending.isEmpty {
                    let bytes = Array(state.pending.prefix(max))
                    state.pending.removeFirst(bytes.count)
                    return bytes
                }
                return state.ended ? [] : nil
            }
        }

        /// The connection closed: no more events are kept for it.
        func cancel() {
            end()
            stream?.unsubscribe(self)
        }
    }
}
