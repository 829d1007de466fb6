import Dispatch

/// `body(0)`, …, `body(count - 1)`, on every core when `concurrently`, in index order. Each worker writes only
/// its own slot and `concurrentPerform` returns after every worker has finished, so no lock is needed.
public func resultsByIndex<T>(count: Int, concurrently: Bool = true, _ body: @Sendable (Int) -> T) -> [T] {
    let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer {
        slots.deinitialize()
        slots.deallocate()
    }
    // Each index's slot is written by exactly one worker.
    nonisolated(unsafe) let shared = slots
    if concurrently {
        DispatchQueue.concurrentPerform(iterations: count) { shared[$0] = body($0) }
    } else {
        for index in 0..<count { shared[index] = body(index) }
    }
    return slots.map { $0! }
}
