import Foundation
import TagFlowLayout
import TagFlowReview

/// `tagflow check`: proves a query strategy against the truth at every scroll step.
struct CheckCommand: ParsableCommand {
    /// What is asked at each step.
    enum QueryKind: String, CaseIterable {
        /// The viewport at the offset.
        case visible
        /// A rect reaching one viewport above and below, as UIKit asks while prefetching.
        case prefetch
        /// A seeded random rect of any size and place.
        case random
    }

    var tagsPath = ""
    var input = LayoutInput()
    var strategy = QueryStrategy.cached
    var query = QueryKind.visible
    /// Finer than a scroll's frames: a check is cheap, and a missing element may show for a few points only.
    var step = 10.0
    var seed: UInt64?
    var superItemSize = StockFlowLayout.defaultItemSize
    var maxFailures = 10
    var format = OutputFormat.text

    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Check that a query strategy returns every element in the rect, at every scroll step.",
        discussion: "Scrolls from top to bottom. At each step it compares the strategy's answer with every element whose frame intersects the query rect, prints the first failures and a summary, and exits with status 1 if any element was missing.",
        examples: [
            "tagflow check Examples/demo.tags --strategy naive-super",
            "tagflow check Examples/demo.tags --strategy visible-rect --query prefetch",
            "tagflow check Examples/demo.tags --query random --seed 42 --format json",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [LayoutInput.tagsFile(\.tagsPath)])]
            + LayoutInput.arguments.map { $0.lifted(into: \.input) }
            + [ArgumentGroup("Check", [
                .option(\.strategy, "--strategy", help: "The strategy to check.", value: .choice),
                .option(\.query, "--query", help: "The rects to ask for.", value: .choice),
                .option(\.step, "--step", help: "Points between scroll steps.", value: .positiveNumber),
                .option(\.seed, "--seed", help: "Seed of the random rects; printed, so a run can be replayed.", value: .seed,
                        defaultDescription: "from the clock"),
                .option(\.superItemSize, "--super-item-size", help: "The itemSize naive-super's stock flow layout uses.", value: .size),
                .option(\.maxFailures, "--max-failures", help: "Failing steps to print in full.", value: .count),
                .option(\.format, "--format", help: "A report for people, or JSON for tools.", value: .choice),
            ])]
    }

    /// One step's query and what was wrong with the answer.
    struct Step {
        var index: Int
        var offset: Double
        var audit: QueryAudit
    }

    func run(console: Console) throws -> ExitStatus {
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000
        let loaded = try input.load(tagsPath: tagsPath)
        let (_, measurer) = try LayoutInput.measurer(for: loaded.options, caching: .measurements)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        let range = loaded.options.offsetRange(contentHeight: layout.flow.contentSize.height)
        let stepCount = ScrollPlan.count(range: range, spacing: .step(step))
        guard stepCount <= 1_000_000 else { throw RunError.tooManySteps(stepCount, step: step) }
        let query = ElementQuery(strategy, layout: layout.flow, stockItemSize: superItemSize)
        var generator = SeededGenerator(seed: seed)
        let kind = self.query
        let steps = ScrollPlan(range: range, spacing: .step(step)).offsets.enumerated().map { index, offset in
            let visible = loaded.options.visibleRect(offset: offset)
            let rect = Self.queryRect(kind, visible: visible, contentHeight: layout.flow.contentSize.height, generator: &generator)
            return Step(index: index, offset: offset, audit: query.audit(rect, visibleRect: visible))
        }
        let failures = steps.filter { !$0.audit.isCorrect }
        switch format {
        case .text:
            console.out(Self.report(steps: steps, failures: failures, strategy: strategy, kind: kind, seed: seed, maxFailures: maxFailures, layout: layout))
        case .json:
            console.out(Self.json(steps: steps, failures: failures, strategy: strategy, kind: kind, seed: seed, layout: layout).rendered() + "\n")
        }
        return failures.isEmpty ? .success : .failure
    }

    static func queryRect(_ kind: QueryKind, visible: Rect, contentHeight: Double, generator: inout SeededGenerator) -> Rect {
        switch kind {
        case .visible:
            return visible
        case .prefetch:
            return Rect(x: visible.x, y: visible.y - visible.height, width: visible.width, height: 3 * visible.height)
        case .random:
            let width = Double.random(in: 0...visible.width, using: &generator)
            let height = Double.random(in: 0...(2 * visible.height), using: &generator)
            return Rect(x: Double.random(in: visible.minX...(visible.maxX - width), using: &generator),
                        y: Double.random(in: -visible.height...(contentHeight + visible.height), using: &generator),
                        width: width, height: height)
        }
    }

    private static func describe(_ element: LayoutElement, layout: TagLayout) -> String {
        let label = layout.label(of: element.id)
        return label.isEmpty ? element.id.description : "\(element.id) '\(label)'"
    }

    private static func describe(_ rect: Rect) -> String {
        "(\([rect.x, rect.y, rect.width, rect.height].map(formatDecimal).joined(separator: ", ")))"
    }

    static func report(steps: [Step], failures: [Step], strategy: QueryStrategy, kind: QueryKind, seed: UInt64,
                       maxFailures: Int, layout: TagLayout) -> String {
        var lines = ["checking \(strategy.rawValue) with \(kind.rawValue) rects" + (kind == .random ? ", seed \(seed)" : "")]
        for failure in failures.prefix(maxFailures) {
            let audit = failure.audit
            lines.append("FAIL step \(failure.index + 1) at offset \(formatPoints(failure.offset)): rect \(describe(audit.rect))")
            lines.append("  missing \(audit.missing.count): " + audit.missing.map { describe($0, layout: layout) }.joined(separator: ", "))
            if !audit.extra.isEmpty {
                lines.append("  extra \(audit.extra.count): " + audit.extra.map { describe($0, layout: layout) }.joined(separator: ", "))
            }
        }
        if failures.count > maxFailures { lines.append("… and \(failures.count - maxFailures) more failing step(s)") }
        let missing = steps.map(\.audit.missing.count).reduce(0, +)
        let extra = steps.map(\.audit.extra.count).reduce(0, +)
        lines.append("\(failures.isEmpty ? "PASS" : "FAIL"): \(steps.count) steps checked, \(failures.count) failing; \(missing) missing, \(extra) extra")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(steps: [Step], failures: [Step], strategy: QueryStrategy, kind: QueryKind, seed: UInt64, layout: TagLayout) -> JSONOutput {
        func elements(_ list: [LayoutElement]) -> JSONOutput {
            .array(list.map { .object([("id", .string($0.id.description)), ("text", .string(layout.label(of: $0.id)))]) })
        }
        return .object([
            ("strategy", .string(strategy.rawValue)), ("query", .string(kind.rawValue)),
            ("seed", kind == .random ? .integer(Int(seed)) : .null),
            ("passed", .bool(failures.isEmpty)),
            ("steps", .integer(steps.count)), ("failingSteps", .integer(failures.count)),
            ("missing", .integer(steps.map(\.audit.missing.count).reduce(0, +))),
            ("extra", .integer(steps.map(\.audit.extra.count).reduce(0, +))),
            ("failures", .array(failures.map { failure in
                .object([("step", .integer(failure.index + 1)), ("offset", .number(failure.offset)), ("rect", .rect(failure.audit.rect)),
                         ("missing", elements(failure.audit.missing)), ("extra", elements(failure.audit.extra))])
            })),
        ])
    }
}
