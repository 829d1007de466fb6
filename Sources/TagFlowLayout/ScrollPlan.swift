/// The scroll offsets a sequence visits: from the top (`-contentInset.top`) to the bottom end, both included; along
/// x when scrolling horizontally, from the reading start: the right end, right to left.
public struct ScrollPlan: Hashable, Sendable {
    public enum Spacing: Hashable, Sendable {
        /// Every `step` points; the bottom end is added when the steps miss it.
        case step(Double)
        /// `count` offsets spread evenly.
        case frames(Int)
    }

    public let offsets: [Double]

    public init(range: ClosedRange<Double>, spacing: Spacing) {
        let span = range.upperBound - range.lowerBound
        switch spacing {
        case let .step(step):
            precondition(step > 0, "step must be positive")
            let count = Int((span / step).rounded(.down))
            var offsets = (0...count).map { range.lowerBound + Double($0) * step }
            if let last = offsets.last, range.upperBound - last > 1e-9 { offsets.append(range.upperBound) }
            self.offsets = offsets
        case let .frames(count):
            precondition(count > 0, "frame count must be positive")
            self.offsets = count == 1 ? [range.lowerBound]
                : (0..<count).map { range.lowerBound + span * Double($0) / Double(count - 1) }
        }
    }

    /// The offsets over a layout's whole scroll range, starting where a reader starts: right to left and scrolling
    /// horizontally, the steps run from the right end leftwards, as a collection view opens at its right end there.
    public init(options: LayoutOptions, contentSize: Size, spacing: Spacing) {
        let range = options.offsetRange(contentSize: contentSize)
        let ascending = ScrollPlan(range: range, spacing: spacing).offsets
        offsets = options.startsAtRightEnd ? ascending.map { range.lowerBound + range.upperBound - $0 } : ascending
    }

    /// How many offsets a spacing gives, without making them: checked against the frame cap first.
    public static func count(range: ClosedRange<Double>, spacing: Spacing) -> Int {
        switch spacing {
        case let .frames(count): return count
        case let .step(step):
            let span = range.upperBound - range.lowerBound
            let steps = span / step
            guard steps < Double(Int.max / 2) else { return Int.max }
            let whole = Int(steps.rounded(.down))
            return whole + 1 + (span - Double(whole) * step > 1e-9 ? 1 : 0)
        }
    }
}
