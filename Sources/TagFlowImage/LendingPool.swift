import TagFlowLayout

/// Objects for work on several threads at once, each lent to one thread at a time and kept for the next.
final class LendingPool<Object: AnyObject>: @unchecked Sendable {
    // @unchecked: an object is reached by one thread at a time, the one it is lent to.
    private let make: @Sendable () -> Object
    private let idle = Locked<[Object]>([])

    init(_ make: @escaping @Sendable () -> Object) { self.make = make }

    func borrow<R>(_ body: (Object) -> R) -> R {
        let object = idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(object) } }
        return body(object)
    }
}
