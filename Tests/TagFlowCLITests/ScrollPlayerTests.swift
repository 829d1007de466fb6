import Foundation
import Testing
import TagFlowTestSupport

/// `tagflow scroll … -o NAME.html`: one page that plays the scroll offline and shows, at every step, the counts
/// frames.json records for the same scroll.
@Suite(.serialized, .enabled(if: toolAvailable("chromium"))) struct ScrollPlayerTests {
    static let demo = ["Examples/demo.tags", "--config", "Examples/demo.json", "--compare", "--quiet"]
    /// The first step (naive-super misses the section's second header's tags), one mid-scroll, one near the end.
    static let steps = [1, 34, 55]

    @Test func theDemoPlayerIsSmallSelfContainedAndTheSameEveryRun() throws {
        let folder = try TemporaryFolder()
        let page = try player(in: folder, name: "player.html")
        #expect(page.count < 500_000, "the demo's player is \(page.count) bytes")
        let html = String(decoding: page, as: UTF8.self)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page names a web address")
        #expect(html.range(of: #"src\s*="#, options: .regularExpression) == nil, "the page loads a file")
        #expect(html.contains("Content-Security-Policy") && html.contains("default-src 'none'"))
        #expect(html.contains(#"<input type="range" id="slider" min="1" max="57""#), "one slider position per step")
        #expect(try self.player(in: folder, name: "again.html") == page, "the same scroll gave different bytes")
    }

    /// A font given by file is carried in the page as data, with the axis values the text was measured at, since a
    /// browser has only the system's fonts; the system's are not carried.
    @Test func fontsGivenByFileAreCarriedInThePage() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "Design systems\nTypography\n")
        let font = packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-Opsz.ttf").path
        let run = try tagflow(["scroll", folder.path("a.tags"), "--font-file", font, "--font", "TagFlow Test Opsz",
                               "--font-variations", "wght=600", "--frames", "2", "-o", folder.path("p.html")])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: folder.path("p.html"), encoding: .utf8)
        let data = try Data(contentsOf: URL(fileURLWithPath: font)).base64EncodedString()
        #expect(html.contains(#"@font-face { font-family: "TagFlow Test Opsz"; font-weight: 400; src: url(data:font/ttf;base64,"# + data + ")"))
        #expect(html.contains(#"svg text { font-variation-settings: "wght" 600; }"#))
        #expect(html.contains("font-src data:"))
        let demo = String(decoding: try player(in: folder, name: "demo.html"), as: UTF8.self)
        #expect(!demo.contains("@font-face"), "DejaVu, the system's, is not carried")
    }

    /// The demo as it scrolls down, and as it scrolls sideways in three rows.
    static let layouts: [[String]] = [[], ["--scroll-direction", "horizontal", "--rows", "3", "--height", "150"]]

    @Test(arguments: layouts)
    func thePageCountsWhatFramesJSONRecordsAtEachStep(layout: [String]) throws {
        let folder = try TemporaryFolder()
        _ = try player(in: folder, name: "player.html", layout: layout)
        let frames = try framesJSON(in: folder, layout: layout)
        for step in Self.steps {
            let dom = try chromium(["--dump-dom", "file://" + folder.path("player.html") + "#step=\(step)"], profile: folder.path("profile"))
            #expect(dom.contains("step \(step)/\(frames.count) ·"), "the page did not open at step \(step)")
            for strategy in ["naive-super", "cached"] {
                let recorded = try #require(frames[step - 1][strategy], "frames.json has no \(strategy) at step \(step)")
                for kind in ["returned", "missing", "extra"] {
                    let shown = try #require(Self.count(kind, strategy: strategy, in: dom),
                                             "no \(kind) count for \(strategy) at step \(step)")
                    #expect(shown == recorded[kind], "step \(step), \(strategy): the page shows \(kind) \(shown), frames.json \(recorded[kind] ?? -1)")
                }
            }
        }
        // naive-super's vanishing cells show at the chosen steps, so the comparison is not of zeros.
        #expect(Self.steps.allSatisfy { (frames[$0 - 1]["naive-super"]?["missing"] ?? 0) > 0 })
    }

    @Test func theQueryStringAlsoChoosesTheStepAndOutOfRangeStepsAreClamped() throws {
        let folder = try TemporaryFolder()
        _ = try player(in: folder, name: "player.html")
        let url = "file://" + folder.path("player.html")
        let query = try chromium(["--dump-dom", url + "?step=12"], profile: folder.path("profile"))
        #expect(query.contains("step 12/57 ·"))
        let beyond = try chromium(["--dump-dom", url + "#step=9999"], profile: folder.path("profile"))
        #expect(beyond.contains("step 57/57 ·"))
    }

    @Test func hoveringAnElementNamesItsIndexPathAndFrame() throws {
        let folder = try TemporaryFolder()
        _ = try player(in: folder, name: "player.html")
        let dom = try chromium(["--dump-dom", "file://" + folder.path("player.html")], profile: folder.path("profile"))
        let layout = try tagflow(["layout", "Examples/demo.tags", "--config", "Examples/demo.json", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: layout.stdoutBytes) as? [String: Any])
        let first = try #require(((json["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
        let frame = ["x", "y", "width", "height"].map { "\($0) \(Self.points(first[$0]))" }.joined(separator: "  ")
        #expect(dom.contains("<title>item 0-0 · \(first["text"] as? String ?? "")\n\(frame)</title>"), "no tooltip for item 0-0 at \(frame)")
    }

    /// Writes the demo's player to `name` in `folder` and returns its bytes.
    private func player(in folder: TemporaryFolder, name: String, layout: [String] = []) throws -> Data {
        let result = try tagflow(["scroll"] + Self.demo + layout + ["-o", folder.path(name)])
        try #require(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: folder.url.appendingPathComponent(name))
    }

    /// Per step, per strategy, the returned, missing and extra counts of the same scroll's frames.json.
    private func framesJSON(in folder: TemporaryFolder, layout: [String]) throws -> [[String: [String: Int]]] {
        let result = try tagflow(["scroll"] + Self.demo + layout + ["-o", folder.path("frames")])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("frames/frames.json")))
        let frames = try #require((json as? [String: Any])?["frames"] as? [[String: Any]])
        return frames.map { frame in
            let results = frame["results"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: results.map { result in
                (result["strategy"] as? String ?? "", ["returned", "missing", "extra"].reduce(into: [String: Int]()) {
                    $0[$1] = (result[$1] as? [Any])?.count
                })
            })
        }
    }

    /// The number in the `.KIND-count` span of the strategy's column.
    static func count(_ kind: String, strategy: String, in dom: String) -> Int? {
        guard let column = dom.range(of: "data-strategy=\"\(strategy)\""),
              let open = dom.range(of: "class=\"\(kind)-count\">", range: column.upperBound..<dom.endIndex),
              let close = dom.range(of: "<", range: open.upperBound..<dom.endIndex) else { return nil }
        return Int(dom[open.upperBound..<close.lowerBound])
    }

    /// A JSON number as JavaScript prints it: no `.0` on whole numbers.
    static func points(_ value: Any?) -> String {
        guard let number = value as? Double else { return "?" }
        return number == number.rounded() ? String(Int(number)) : String(number)
    }

    /// Runs headless Chromium with the network cut off, returning standard output.
    private func chromium(_ arguments: [String], profile: String) throws -> String {
        try ProcessRunner.runTool("chromium", ["--headless", "--no-sandbox", "--disable-gpu",
                                               "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=\(profile)",
                                               "--virtual-time-budget=5000"] + arguments).stdout
    }
}
