import TagFlowLayout

/// A query strategy proved against the truth at every scroll step, from top to bottom.
///
/// At each step the strategy is asked for the elements in a rect, and its answer is compared with every element
/// whose frame intersects that rect. A strategy passes when no element is ever missing.
public struct QueryCheck {
    /// What is asked at each step.
    public enum QueryKind: String, CaseIterable, Sendable {
        /// The viewport at the offset.
        case visible
        /// A rect reaching one viewport above and below, as UIKit asks while prefetching.
        case prefetch
        /// A seeded random rect of any size and place.
        case random
    }

    /// One step's query and what was wrong with the answer.
    public struct Step {
        /// From 0.
        public var index: Int
        public var offset: Double
        public var audit: QueryAudit
    }

    /// More steps than this would take minutes and print nothing useful.
    public static let maxSteps = 1_000_000

    public let strategy: QueryStrategy
    public let kind: QueryKind
    /// The seed of the random rects; reported, so a run can be replayed.
    public let seed: UInt64
    public let steps: [Step]
    /// The steps whose answer missed an element or held an extra one.
    public let failures: [Step]
    private let layout: TagLayout

    /// Checks `strategy` on `layout` every `step` points; `stockItemSize` is the item size `naive-super` assumes.
    public init(layout: TagLayout, strategy: QueryStrategy, kind: QueryKind, step: Double, seed: UInt64,
                stockItemSize: Size) throws(ReviewError) {
        let options = layout.options
        let contentSize = layout.flow.contentSize
        let range = options.offsetRange(contentSize: contentSize)
        let stepCount = ScrollPlan.count(range: range, spacing: .step(step))
        guard stepCount <= Self.maxSteps else { throw .tooManySteps(stepCount, step: step) }
        let query = ElementQuery(strategy, layout: layout.flow, stockItemSize: stockItemSize)
        var generator = SeededGenerator(seed: seed)
        steps = ScrollPlan(options: options, contentSize: contentSize,
                           spacing: .step(step)).offsets.enumerated().map { index, offset in
            let visible = options.visibleRect(offset: offset)
            let rect = Self.queryRect(kind, visible: visible, contentSize: contentSize, axis: options.scrollDirection,
                                      generator: &generator)
            return Step(index: index, offset: offset, audit: query.audit(rect, visibleRect: visible))
        }
        failures = steps.filter { !$0.audit.isCorrect }
        self.strategy = strategy
        self.kind = kind
        self.seed = seed
        self.layout = layout
    }

    /// Whether every step's answer held every element it should.
    public var passed: Bool { failures.isEmpty }

    /// The rect asked for at a step whose viewport is `visible`: the viewport, the viewport with a screen before and
    /// after it along the scroll axis, or a random rect inside the viewport across the axis and anywhere along it.
    public static func queryRect(_ kind: QueryKind, visible: Rect, contentSize: Size, axis: ScrollDirection,
                                 generator: inout SeededGenerator) -> Rect {
        switch (kind, axis) {
        case (.visible, _):
            return visible
        case (.prefetch, .vertical):
            return Rect(x: visible.x, y: visible.y - visible.height, width: visible.width, height: 3 * visible.height)
        case (.prefetch, .horizontal):
            return Rect(x: visible.x - visible.width, y: visible.y, width: 3 * visible.width, height: visible.height)
        case (.random, .vertical):
            let width = Double.random(in: 0...visible.width, using: &generator)
            let height = Double.random(in: 0...(2 * visible.height), using: &generator)
            return Rect(x: Double.random(in: visible.minX...(visible.maxX - width), using: &generator),
                        y: Double.random(in: -visible.height...(contentSize.height + visible.height),
                                         using: &generator),
                        width: width, height: height)
        case (.random, .horizontal):
            let height = Double.random(in: 0...visible.height, using: &generator)
            let width = Double.random(in: 0...(2 * visible.width), using: &generator)
            return Rect(x: Double.random(in: -visible.width...(contentSize.width + visible.width), using: &generator),
                        y: Double.random(in: visible.minY...(visible.maxY - height), using: &generator),
                        width: width, height: height)
        }
    }

    private var missingCount: Int { steps.map(\.audit.missing.count).reduce(0, +) }
    private var extraCount: Int { steps.map(\.audit.extra.count).reduce(0, +) }

    private func describe(_ element: LayoutElement) -> String {
        let label = layout.label(of: element.id)
        return label.isEmpty ? element.id.description : "\(element.id) '\(label)'"
    }

    private static func describe(_ rect: Rect) -> String {
        "(\([rect.x, rect.y, rect.width, rect.height].map { formatDecimal($0) }.joined(separator: ", ")))"
    }

    /// The first `maxFailures` failing steps in full, then a verdict line, for a terminal.
    public func text(maxFailures: Int) -> String {
        var lines = ["checking \(strategy.rawValue) with \(kind.rawValue) rects"
                        + (kind == .random ? ", seed \(seed)" : "")]
        for failure in failures.prefix(maxFailures) {
            let audit = failure.audit
            lines.append("FAIL step \(failure.index + 1) at offset \(formatDecimal(failure.offset)): "
                             + "rect \(Self.describe(audit.rect))")
            lines.append("  missing \(audit.missing.count): " + audit.missing.map(describe).joined(separator: ", "))
            if !audit.extra.isEmpty {
                lines.append("  extra \(audit.extra.count): " + audit.extra.map(describe).joined(separator: ", "))
            }
        }
        if failures.count > maxFailures { lines.append("… and \(failures.count - maxFailures) more failing step(s)") }
        lines.append("\(passed ? "PASS" : "FAIL"): \(steps.count) step\(steps.count == 1 ? "" : "s") checked, "
                         + "\(failures.count) failing; \(missingCount) missing, \(extraCount) extra")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The verdict, the counts and every failing step, for tools.
    public var json: JSONOutput {
        func elements(_ list: [LayoutElement]) -> JSONOutput {
            .array(list.map {
                .object([("id", .string($0.id.description)), ("text", .string(layout.label(of: $0.id)))])
            })
        }
        return .object([
            ("strategy", .string(strategy.rawValue)), ("query", .string(kind.rawValue)),
            ("seed", kind == .random ? .integer(Int(seed)) : .null),
            ("passed", .bool(passed)),
            ("steps", .integer(steps.count)), ("failingSteps", .integer(failures.count)),
            ("missing", .integer(missingCount)),
            ("extra", .integer(extraCount)),
            ("failures", .array(failures.map { failure in
                .object([("step", .integer(failure.index + 1)), ("offset", .number(failure.offset)),
                         ("rect", .rect(failure.audit.rect)),
                         ("missing", elements(failure.audit.missing)), ("extra", elements(failure.audit.extra))])
            })),
        ])
    }
}
