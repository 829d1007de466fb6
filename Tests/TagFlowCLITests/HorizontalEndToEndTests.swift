import Foundation
import Testing

/// The demo scrolled sideways in three rows, through every command: the seed's story holds along x.
@Suite(.serialized) struct HorizontalEndToEndTests {
    static let horizontal = ["--scroll-direction", "horizontal", "--rows", "3", "--height", "150"]

    @Test(arguments: CheckEndToEndTests.verdicts.indices)
    func checkGivesTheSameVerdictsAlongX(_ index: Int) throws {
        let (strategy, query, passes) = CheckEndToEndTests.verdicts[index]
        let seed = query == "random" ? ["--seed", "7"] : []
        let result = try tagflow(["check", "Examples/demo.tags", "--config", "Examples/demo.json", "--strategy", strategy,
                                  "--query", query, "--format", "json"] + seed + Self.horizontal)
        #expect(result.status == (passes ? 0 : 1), "\(strategy) \(query): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect(json["passed"] as? Bool == passes)
        let missing = try #require(json["missing"] as? Int)
        #expect(passes ? missing == 0 : missing > 0)
        // The viewport moves along x only.
        if let failure = (json["failures"] as? [[String: Any]])?.first, let rect = failure["rect"] as? [String: Any], query == "visible" {
            #expect(rect["x"] as? Double == failure["offset"] as? Double && rect["y"] as? Double == 0 && rect["height"] as? Double == 150)
        }
    }

    @Test(arguments: ["ltr", "rtl"])
    func scrollFramesRunAlongXFromTheReadingStart(direction: String) throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["scroll", "Examples/demo.tags", "--compare", "--quiet", "--step", "60", "--direction", direction,
                                  "-o", folder.path("frames")] + Self.horizontal)
        try #require(result.status == 0, "\(result.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("frames/frames.json")))
        let frames = try #require((manifest as? [String: Any])?["frames"] as? [[String: Any]])
        let offsets = frames.compactMap { $0["offset"] as? Double }
        let layout = try tagflow(["layout", "Examples/demo.tags", "--format", "json", "--direction", direction] + Self.horizontal)
        let content = try #require((try JSONSerialization.jsonObject(with: layout.stdoutBytes) as? [String: Any])?["contentSize"] as? [String: Any])
        let end = try #require(content["width"] as? Double) - 375
        #expect(offsets.count == Int((end / 60).rounded(.up)) + 1)
        // Left to right from 0; right to left from the right end, as the collection view opens there.
        #expect(offsets.first == (direction == "ltr" ? 0 : end) && offsets.last == (direction == "ltr" ? end : 0))
        for frame in frames {
            let viewport = try #require(frame["viewport"] as? [String: Any])
            #expect(viewport["x"] as? Double == frame["offset"] as? Double && viewport["y"] as? Double == 0)
        }
        let naiveMissing = frames.map { frame in
            ((frame["results"] as? [[String: Any]])?.first?["missing"] as? [Any])?.count ?? 0
        }
        #expect(naiveMissing.contains { $0 > 0 }, "naive-super loses cells somewhere along x")
    }

    @Test func theLayoutJSONSaysItScrollsSidewaysAndReadsBackForADiff() throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["layout", "Examples/demo.tags", "--format", "json", "-o", folder.path("old.json")] + Self.horizontal)
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("old.json"))) as? [String: Any])
        #expect(json["scrollDirection"] as? String == "horizontal" && json["rows"] as? Int == 3)
        let vertical = try tagflow(["layout", "Examples/demo.tags", "--format", "json"])
        #expect(!vertical.stdout.contains("scrollDirection"), "a vertical layout prints as it always has")
        let wider = try tagflow(["layout", "Examples/demo.tags", "--format", "json", "--width", "414", "-o", folder.path("new.json")] + Self.horizontal)
        try #require(wider.status == 0, "\(wider.stderr)")
        let diff = try tagflow(["diff", folder.path("old.json"), folder.path("new.json")])
        #expect(diff.status == 1 && diff.stdout.contains("content width "), "\(diff.stdout)\(diff.stderr)")
    }

    @Test func renderIsAsWideAsTheContent() throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["render", "Examples/demo.tags", "--scale", "1", "-o", folder.path("wide.png")] + Self.horizontal)
        try #require(result.status == 0, "\(result.stderr)")
        let layout = try tagflow(["layout", "Examples/demo.tags", "--format", "json"] + Self.horizontal)
        let content = try #require((try JSONSerialization.jsonObject(with: layout.stdoutBytes) as? [String: Any])?["contentSize"] as? [String: Any])
        let png = try Data(contentsOf: folder.url.appendingPathComponent("wide.png"))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == Int((content["width"] as! Double).rounded(.up)) && height == 150)
    }

    @Test func diffFollowsTagsAlongTheRows() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.tags", "@section A\nalpha\nbeta\ngamma\ndelta\nepsilon\nzeta\n")
        let new = try folder.write("new.tags", "@section A\nalpha\nbeta, longer now\ngamma\ndelta\nepsilon\nzeta\n")
        let result = try tagflow(["diff", old.path, new.path, "--format", "json", "--rows", "2", "--scroll-direction", "horizontal"])
        #expect(result.status == 1, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        #expect(text.contains("beta, longer now"), "the resized tag is reported")
        #expect(text.contains("gamma"), "the tags after it moved along the row")
        // The content grows along x: the diff reports its width.
        let width = try #require(json["contentWidth"] as? [String: Any], "no contentWidth in \(json.keys)")
        #expect((width["change"] as? Double ?? 0) > 0 && json["contentHeight"] == nil)
        let summary = try tagflow(["diff", old.path, new.path, "--rows", "2", "--scroll-direction", "horizontal"])
        #expect(summary.stdout.hasPrefix("layouts differ: ") && summary.stdout.contains("content width "))
    }

    @Test func rowsWithoutHorizontalScrollingIsRefusedAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["render", "Examples/demo.tags", "--rows", "3", "-o", folder.path("out.png")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("rows apply only to horizontal scrolling") && result.stderr.contains("--scroll-direction horizontal"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
        let lines = try tagflow(["layout", "Examples/demo.tags", "--max-lines", "2"] + Self.horizontal)
        #expect(lines.status == 2 && lines.stderr.contains("--rows"))
    }
}
