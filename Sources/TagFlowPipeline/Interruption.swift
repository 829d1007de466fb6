#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import TagFlowImage
import TagFlowLayout

/// Catches the signals that stop a run — SIGINT (Ctrl-C), SIGTERM (a CI system cancelling a job) and SIGHUP (a
/// terminal going away) — so that no temporary file is left behind, and the exit status is 128 + the signal.
///
/// A command that can stop between steps (a scroll, frame by frame) holds an `Interruption` and checks
/// ``wasRequested``: it keeps what it finished. Any other command is stopped where it is: the temporary files of
/// its unfinished writes are removed, and no output is replaced.
package final class Interruption {
    /// The signals watched, each treated as Ctrl-C is.
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let watch = SignalWatch()

    /// Starts watching, for the life of the process. Until a command holds an `Interruption`, a signal ends the
    /// process at once, after removing pending temporary files.
    package static func watchForTheProcess() { watch.start() }

    /// Starts watching if need be; while this is alive, a signal only raises ``wasRequested``.
    package init() {
        Self.watch.start()
        Self.watch.holders.add(1, ordering: .relaxed)
    }

    deinit {
        Self.watch.holders.subtract(1, ordering: .relaxed)
    }

    /// The signal received, or nil.
    package var signal: Int32? {
        let received = Self.watch.received.load(ordering: .relaxed)
        return received == 0 ? nil : received
    }

    package var wasRequested: Bool { signal != nil }

    /// Waits for a signal, for a command that runs until one comes (`preview`), and returns it.
    package func waitForSignal() -> Int32 {
        while signal == nil { Self.watch.raised.wait() }
        return signal ?? SIGINT
    }

    /// Removes temporary files still being written and returns the error that exits with 128 + the signal.
    package func stop(completed: String) -> Interrupted {
        _ = AtomicFile.removeAllPending()
        return Interrupted(signal: signal ?? SIGINT, completed: completed)
    }

    /// The process-wide dispatch sources; a raw signal handler could not take the lock that removing files needs.
    private final class SignalWatch: Sendable {
        let received = Atomic<Int32>(0)
        let holders = Atomic<Int>(0)
        /// Signalled on each signal a holder is to see.
        let raised = DispatchSemaphore(value: 0)
        /// `Locked`, tagflow's one lock: a pthread mutex, which ThreadSanitizer sees.
        private let sources = Locked<[any DispatchSourceSignal]>([])

        func start() {
            sources.withLock { sources in
                guard sources.isEmpty else { return }
                for number in Interruption.signals {
                    ignoreSignal(number)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { [self] in self.raise(number) }
                    source.resume()
                    sources.append(source)
                }
            }
        }

        private func raise(_ number: Int32) {
            received.store(number, ordering: .relaxed)
            guard holders.load(ordering: .relaxed) == 0 else {
                raised.signal()
                return
            }
            _ = AtomicFile.removeAllPending()
            let message = Interrupted(signal: number, completed: "nothing written").description + "\n"
            StandardStreams.writeError(message)
            _exit(128 + number)
        }
    }
}

/// Lets the dispatch source alone see `number`. A top-level function, where `signal` is the C library's and not
/// ``Interruption/signal``.
private func ignoreSignal(_ number: Int32) {
    _ = signal(number, SIG_IGN)
}
