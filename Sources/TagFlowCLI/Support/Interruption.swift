import Dispatch
import Foundation
import Synchronization
import TagFlowRender
import TagFlowImage

/// Catches SIGINT so a long run can stop between frames, keep what it finished, and remove what it had not.
final class Interruption {
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    private let requested = Flag()
    private let source: any DispatchSourceSignal

    /// Starts watching SIGINT; the default handler is restored when this is released.
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let requested = self.requested
        source.setEventHandler { requested.raised.store(true, ordering: .relaxed) }
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    var wasRequested: Bool { requested.raised.load(ordering: .relaxed) }

    /// Removes temporary files still being written and returns the error that exits with status 130.
    func stop(completed: String) -> Interrupted {
        _ = AtomicFile.removeAllPending()
        return Interrupted(completed: completed)
    }
}

/// A line on the terminal that redraws itself: done of total, elapsed, and the time left.
struct ProgressLine {
    let console: Console
    let total: Int
    let enabled: Bool
    private let start = ContinuousClock.now

    init(console: Console, total: Int, quiet: Bool) {
        self.console = console
        self.total = total
        self.enabled = console.isInteractive && !quiet
    }

    func update(done: Int, what: String) {
        guard enabled else { return }
        let elapsed = Self.seconds(ContinuousClock.now - start)
        let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        console.err(String(format: "\r\u{1B}[K%@ %d/%d · %.1fs elapsed · ETA %.1fs", what, done, total, elapsed, remaining))
    }

    func finish() {
        if enabled { console.err("\r\u{1B}[K") }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
