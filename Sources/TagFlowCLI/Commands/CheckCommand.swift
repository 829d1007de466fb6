import Foundation
import TagFlowLayout
import TagFlowReview
import TagFlowInput
import TagFlowPipeline

/// `tagflow check`: proves a query strategy against the truth at every scroll step.
struct CheckCommand: ParsableCommand {
    typealias QueryKind = QueryCheck.QueryKind

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
    var given = Given<Self>()

    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Check that a query strategy returns every element in the rect, at every scroll step.",
        discussion: "Scrolls from top to bottom. At each step it compares the strategy's answer with every element "
            + "whose frame intersects the query rect, prints the first failures and a summary, and exits with status 1 "
            + "if any element was missing.",
        failure: "an element the query should have returned was missing",
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
                .option(\.seed, "--seed", help: "Seed of the random rects; printed, so a run can be replayed.",
                        value: .seed,
                        defaultDescription: "from the clock"),
                .superItemSize(\.superItemSize),
                .option(\.maxFailures, "--max-failures", help: "Failing steps to print in full.", value: .count),
                .option(\.format, "--format", help: "A report for people, or JSON for tools.", value: .choice),
            ])]
    }

    /// The JSON lists every failing step, so a limit on those printed means nothing there; only random rects have
    /// a seed.
    func validate() throws(CommandLineError) {
        if format == .json, let option = given.first(of: [\.maxFailures]) {
            throw .notApplicable(option: option, because: "limits the text report; the JSON lists every failing step")
        }
        if query != .random, let option = given.first(of: [\.seed]) {
            throw .notApplicable(option: option, because: "seeds the random rects of --query random")
        }
    }

    func run(console: Console) throws -> ExitStatus {
        let seed = self.seed ?? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000
        let loaded = try input.load(tagsPath: tagsPath)
        let layout = try SceneLoader.layout(loaded, caching: .measurements, console: nil).layout
        let check = try QueryCheck(layout: layout, strategy: strategy, kind: query, step: step, seed: seed,
                                   stockItemSize: superItemSize)
        switch format {
        case .text: console.out(check.text(maxFailures: maxFailures))
        case .json: console.out(check.json.rendered() + "\n")
        }
        return check.passed ? .success : .failure
    }
}
