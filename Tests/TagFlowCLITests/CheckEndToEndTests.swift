import Foundation
import Testing

/// `tagflow check` on the seed's demo data gives each strategy the verdict the seed's story predicts.
@Suite(.serialized) struct CheckEndToEndTests {
    static let verdicts: [(strategy: String, query: String, passes: Bool)] = [
        ("naive-super", "visible", false), ("naive-super", "prefetch", false), ("naive-super", "random", false),
        ("visible-rect", "visible", true), ("visible-rect", "prefetch", false), ("visible-rect", "random", false),
        ("cached", "visible", true), ("cached", "prefetch", true), ("cached", "random", true),
    ]

    @Test(arguments: verdicts.indices)
    func strategyVerdicts(_ index: Int) throws {
        let (strategy, query, passes) = Self.verdicts[index]
        let seed = query == "random" ? ["--seed", "7"] : []
        let result = try tagflow(["check", "Examples/demo.tags", "--config", "Examples/demo.json",
                                  "--strategy", strategy, "--query", query, "--format", "json"] + seed)
        #expect(result.status == (passes ? 0 : 1), "\(strategy) \(query): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect(json["passed"] as? Bool == passes)
        let missing = try #require(json["missing"] as? Int)
        #expect(passes ? missing == 0 : missing > 0)
        if query == "random" { #expect(json["seed"] as? Int == 7) }
    }

    @Test func textReportNamesTheStepRectAndMissingTags() throws {
        let result = try tagflow(["check", "Examples/demo.tags", "--strategy", "naive-super", "--max-failures", "1"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL step 1 at offset 0: rect (0, 0, 375, 412)"))
        #expect(result.stdout.contains("item 1-0 'Remember me'"))
        #expect(result.stdout.contains("more failing step(s)"))
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("FAIL: ") == true)
    }

    @Test func theSameSeedGivesTheSameRandomRects() throws {
        let arguments = ["check", "Examples/demo.tags", "--strategy", "visible-rect", "--query", "random", "--seed", "99", "--format", "json"]
        #expect(try tagflow(arguments).stdout == tagflow(arguments).stdout)
    }
}
