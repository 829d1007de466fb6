import Dispatch
import TagFlowInput

/// A value made on another thread while the caller goes on; `value` waits for it the first time.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    // Written once by the making thread before `finished` is signalled; read only after waiting on it.
    private var made: Value?
    private let finished = DispatchSemaphore(value: 0)
    // Only the thread that asks for `value` touches this.
    private var hasWaited = false

    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.made = make()
            self.finished.signal()
        }
    }

    /// The value, once made. Ask for it from one thread.
    var value: Value {
        if !hasWaited {
            finished.wait()
            hasWaited = true
        }
        return made!
    }
}
