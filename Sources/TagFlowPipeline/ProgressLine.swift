import Foundation

/// A line on the terminal that redraws itself: done of total, elapsed, and the time left.
package struct ProgressLine {
    package let console: Console
    package let total: Int
    package let enabled: Bool
    private let start = ContinuousClock.now

    package init(console: Console, total: Int, quiet: Bool) {
        self.console = console
        self.total = total
        self.enabled = console.isInteractive && !quiet
    }

    package func update(done: Int, what: String) {
        guard enabled else { return }
        let elapsed = Self.seconds(ContinuousClock.now - start)
        let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        console.err(String(format: "\r\u{1B}[K%@ %d/%d · %.1fs elapsed · ETA %.1fs", what, done, total, elapsed,
                           remaining))
    }

    package func finish() {
        if enabled { console.err("\r\u{1B}[K") }
    }

    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
