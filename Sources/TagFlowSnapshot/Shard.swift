import TagFlowText

/// One part of a run split across CI jobs: the `index`-th (from 1) of `count`.
///
/// Variants are dealt out in turn, in the order of their names, so every shard gets a like share of every screen,
/// and the split does not depend on the machine.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1.
    public let index: Int
    /// Of how many.
    public let count: Int

    /// Every variant.
    public static let whole = Shard(index: 1, count: 1)!

    /// Reads `i/n`, with 1 ≤ i ≤ n; `nil` if the text is not that.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The `index`-th of `count` parts; `nil` unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The elements of `all` (already in name order) that fall to this shard.
    func select<T>(_ all: [T]) -> [T] {
        all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Whether the file `name` falls to this shard: by a hash of the name, so that it falls to the same shard
    /// whatever other files there are (a stale golden, which no variant deals).
    func owns(_ name: String) -> Bool {
        Int(ContentHashAlgorithm.fnv1a64(name.utf8) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
