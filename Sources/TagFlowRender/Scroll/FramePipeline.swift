import Foundation
import TagFlowLayout
import TagFlowImage

/// Makes items on several threads and hands them on in order, so memory stays flat however many there are and the
/// result is the same as a single-threaded run. Making and handing on overlap: while the caller consumes one item,
/// the workers are already making the next ones, at most a window of ``batchSize`` ahead.
public struct OrderedPipeline: Sendable {
    public let workers: Int
    /// Items made ahead of the one being consumed: more keeps every core busy through items of uneven cost,
    /// fewer holds less in memory.
    public let batchSize: Int

    /// `itemsPerWorker` items per worker are made ahead; 2 suits frames, which are large.
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, itemsPerWorker: Int = 2) {
        self.workers = max(1, workers)
        batchSize = self.workers * max(1, itemsPerWorker)
    }

    /// Calls `make` for every index in `0..<count` concurrently, and `consume` for each result in index order.
    /// Stops before consuming the next item once `shouldStop` returns true, asked before the item is awaited and
    /// again once it is made, and returns how many were consumed.
    /// Throws what `make` or `consume` throws; when neither can, neither can this.
    @discardableResult
    public func run<Item: Sendable, Failure: Error>(count: Int, shouldStop: () -> Bool = { false },
                                                    make: @Sendable (Int) throws(Failure) -> Item,
                                                    consume: (Int, Item) throws(Failure) -> Void)
        throws(Failure) -> Int {
        guard count > 0 else { return 0 }
        guard workers > 1 else {
            for index in 0..<count {
                if shouldStop() { return index }
                let item = try make(index)
                if shouldStop() { return index }
                try consume(index, item)
            }
            return count
        }
        let window = OrderedWindow<Item, Failure>(size: min(batchSize, count))
        let workerCount = min(workers, count)
        let consumed: Result<Int, Failure> = withoutActuallyEscaping(make) { make in
            // The workers are threads of their own, not dispatch's: a worker runs for the whole scroll, and would
            // keep dispatch's pool (and with it the signal handlers that set `shouldStop`) from running. Each is
            // joined before this returns, by when it has let go of `make`.
            var threads: [JoinableThread] = []
            defer {
                window.stop()
                for thread in threads { thread.join() }
            }
            for _ in 0..<workerCount {
                threads.append(JoinableThread {
                    while let index = window.claim(count: count) {
                        window.deliver(index, Result { () throws(Failure) -> Item in try make(index) })
                    }
                })
            }
            for index in 0..<count {
                if shouldStop() { return .success(index) }
                let made = window.take(index)
                // A request to stop that came while the item was made is heeded before it is consumed.
                if shouldStop() { return .success(index) }
                do throws(Failure) {
                    try consume(index, made.get())
                } catch {
                    return .failure(error)
                }
            }
            return .success(count)
        }
        return try consumed.get()
    }
}

extension OrderedPipeline {
    /// `range` cut into blocks of `blockSize`, each made by `make` on every core and handed to `consume` in order
    /// while the next ones are made. A single block is made on the calling thread.
    public static func forEachBlock<Part: Sendable>(of range: Range<Int>, size blockSize: Int,
                                                    make: @Sendable (Range<Int>) -> Part,
                                                    consume: (Part) -> Void) {
        let blocks = (range.count + blockSize - 1) / blockSize
        let pipeline = blocks > 1 ? OrderedPipeline(itemsPerWorker: 4) : OrderedPipeline(workers: 1)
        pipeline.run(count: blocks, make: { index in
            let start = range.lowerBound + index * blockSize
            return make(start..<min(start + blockSize, range.upperBound))
        }, consume: { _, part in consume(part) })
    }
}

/// A thread of its own running one closure, which it lets go of as soon as the closure returns, so that after
/// ``join()`` nothing the closure captured is held.
private final class JoinableThread: @unchecked Sendable {
    // Set before the thread starts; cleared by the thread when the closure returns.
    private var body: (@Sendable () -> Void)?
    private let finished = DispatchSemaphore(value: 0)
    private var joined = false

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        Thread.detachNewThread { [self] in
            self.body?()
            self.body = nil
            finished.signal()
        }
    }

    func join() {
        guard !joined else { return }
        joined = true
        finished.wait()
    }
}

/// The slots between an ``OrderedPipeline``'s workers and its consumer: a worker claims the next index once a slot
/// is free, and the consumer takes the items in index order, freeing their slots.
private final class OrderedWindow<Item: Sendable, Failure: Error>: @unchecked Sendable {
    private let size: Int
    // Guarded by `lock`.
    private var slots: [Result<Item, Failure>?]
    private var nextIndex = 0
    private var stopped = false
    private let lock = NSCondition()

    init(size: Int) {
        self.size = size
        slots = Array(repeating: nil, count: size)
    }

    /// The next index to make, once it is within the window of the oldest item not yet taken; nil when every index
    /// is claimed or the consumer stopped.
    func claim(count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        while !stopped, nextIndex < count, nextIndex >= consumed + size { lock.wait() }
        guard !stopped, nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    private var consumed = 0

    func deliver(_ index: Int, _ item: Result<Item, Failure>) {
        lock.lock()
        slots[index % size] = item
        lock.broadcast()
        lock.unlock()
    }

    /// The item at `index`, once made; items are taken in index order.
    func take(_ index: Int) -> Result<Item, Failure> {
        lock.lock()
        defer { lock.unlock() }
        while slots[index % size] == nil { lock.wait() }
        let item = slots[index % size]!
        slots[index % size] = nil
        consumed = index + 1
        lock.broadcast()
        return item
    }

    /// No more items are wanted: workers stop claiming.
    func stop() {
        lock.lock()
        stopped = true
        lock.broadcast()
        lock.unlock()
    }
}

extension ScrollFrameRenderer {
    /// The frame at `index` as pixels at `scale`.
    public func image(_ index: Int, scale: Double) throws -> RGBAImage {
        try image(frame(index), scale: scale)
    }

    /// `frame`, already audited, as pixels at `scale`.
    public func image(_ frame: ScrollFrame, scale: Double) throws -> RGBAImage {
        try canvas(frame, scale: scale).image()
    }

    /// `frame`, already audited, as cairo draws it at `scale`.
    public func premultiplied(_ frame: ScrollFrame, scale: Double) throws -> PremultipliedFrame {
        try canvas(frame, scale: scale).finishedFrame()
    }

    /// `frame` drawn on a canvas of pixels at `scale`.
    private func canvas(_ frame: ScrollFrame, scale: Double) throws -> Canvas {
        let canvas = try Canvas(width: size.width, height: size.height, scale: scale, pool: framePixels,
                                firstFill: scene.style.background)
        draw(frame, on: canvas.context, frameScale: scale)
        return canvas
    }

    /// The frame at `index` as an SVG document.
    public func svg(_ index: Int) throws -> [UInt8] {
        try svg(frame(index))
    }

    /// `frame`, already audited, as an SVG document.
    public func svg(_ frame: ScrollFrame) throws -> [UInt8] {
        let canvas = try Canvas(width: size.width, height: size.height, kind: .svg)
        draw(frame, on: canvas.context)
        return try canvas.documentBytes()
    }

    /// Every frame's size in pixels at `scale`, checked against cairo's limits before any work starts.
    @discardableResult
    public func pixelSize(scale: Double) throws(RenderError) -> PixelSize {
        try Canvas.pixelSize(width: size.width, height: size.height, scale: scale)
    }
}
