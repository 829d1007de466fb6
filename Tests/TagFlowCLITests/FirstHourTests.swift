import Foundation
import Testing
import TagFlowLayout
import TagFlowRender
import TagFlowTestSupport
@testable import TagFlowCLI
import TagFlowPipeline

/// What a new user meets in the first hour, each with the command that met it: a font that is not installed, a
/// more tag that shows nowhere or shows no count, and a player refused by a cap on frames it does not draw.
@Suite struct FirstHourTests {
    static let demo = ["Examples/demo.tags", "--config", "Examples/demo.json"]
    static let bringingFonts = "give its files with --font-file or --font-dir, or use --font system-ios for installed "
        + "stand-ins"

    // MARK: Fonts

    @Test func aFamilyNotInstalledSuggestsNoFarNamesAndSaysHowToBringIt() throws {
        let run = try tagflow(["layout"] + Self.demo + ["--font", "SF Pro"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: font family 'SF Pro' not found by fontconfig"), "\(run.stderr)")
        #expect(run.stderr.contains("help: " + Self.bringingFonts + "; fc-list : family lists the installed families"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("close matches"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aMisspelledFamilySuggestsTheCloseOneAndHowToBringIt() throws {
        let run = try tagflow(["layout"] + Self.demo + ["--font", "DejaVu Snas"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("help: close matches: DejaVu Sans; or " + Self.bringingFonts), "\(run.stderr)")
    }

    // MARK: More tags

    @Test func aMoreTagWithoutMaxLinesWarnsAndChangesNothing() throws {
        let plain = try tagflow(["layout"] + Self.demo + ["--format", "json"])
        let run = try tagflow(["layout"] + Self.demo + ["--more-tag", "+%d", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "warning: the more tag '+%d' (--more-tag) shows nothing without maxLines, as no section "
            + "hides tags: set --max-lines N (\"maxLines\") to show N lines of each section and count the rest\n")
        #expect(plain.stderr.isEmpty)
        // The JSON gains only the sections' "more": null.
        let withMore = try #require(JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let sections = try #require(withMore["sections"] as? [[String: Any]])
        #expect(sections.allSatisfy { $0["more"] is NSNull })
        let withMaxLines = try tagflow(["layout"] + Self.demo + ["--more-tag", "+%d", "--max-lines", "2"])
        #expect(withMaxLines.status == 0 && !withMaxLines.stderr.contains("shows nothing"), "\(withMaxLines.stderr)")
    }

    @Test(arguments: ["+%s", "more", "%d/%d", "+%%d"])
    func aMoreTagFormatWithoutExactlyOneCountIsRefused(format: String) throws {
        let folder = try TemporaryFolder()
        let output = folder.path("a.png")
        let run = try tagflow(["render"] + Self.demo + ["--max-lines", "2", "--more-tag", format, "-o", output])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: --more-tag must hold %d once, where the count of hidden tags goes; got "
            + "'\(format)'\n  help: for example --more-tag '+%d', which shows +12 for 12 hidden tags; %% is a "
            + "percent sign\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aConfigsMoreTagFormatIsRefusedWhereItIsWritten() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("c.json", "{\n  \"maxLines\": 2,\n  \"moreTag\": \"+%s\"\n}\n")
        let run = try tagflow(["layout", "Examples/demo.tags", "--config", config.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(config.path):3:14: error: \"moreTag\" must hold %d once"), "\(run.stderr)")
    }

    @Test func aMoreTagWithOneCountAndAPercentSignIsTaken() throws {
        let run = try tagflow(["layout"] + Self.demo + ["--max-lines", "1", "--more-tag", "%d%% more", "--format",
                                                         "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        let more = try #require(sections.first?["more"] as? [String: Any])
        let count = try #require(more["count"] as? Int)
        #expect(more["text"] as? String == "\(count)% more")
    }

    // MARK: The HTML player

    /// 1,500 tags, one a line: 3,000 steps at the default step, over the frame cap the player does not draw.
    static func longTags(in folder: TemporaryFolder) throws -> String {
        try folder.write("long.tags", "@section Long\n" + (1...1500).map { "Weekend city break \($0)\n" }.joined()).path
    }

    @Test func aLongScrollsPlayerIsNotCappedByFrames() throws {
        let folder = try TemporaryFolder()
        let tags = try Self.longTags(in: folder)
        let gif = try tagflow(["scroll", tags, "-o", folder.path("a.gif"), "--quiet"])
        #expect(gif.status == 2 && gif.stderr.contains("frames, over the cap of 1000"), "\(gif.stderr)")
        let run = try tagflow(["scroll", tags, "-o", folder.path("player.html"), "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: folder.path("player.html"), encoding: .utf8)
        let slider = try #require(html.firstMatch(of: /id="slider" min="1" max="(\d+)"/))
        let steps = try #require(Int(slider.1))
        #expect(steps > 1000)
        #expect(html.utf8.count < ScrollPlayer.maxPageBytes)
    }

    @Test func aPlayerOverItsSizeIsRefusedBeforeItIsBuiltUnlessForced() throws {
        let folder = try TemporaryFolder()
        let output = folder.path("player.html")
        // Over a million steps: past 64 MiB at 160 bytes a step, whatever the steps hold.
        let run = try tagflow(["scroll", "Examples/demo.tags", "--step", "0.001", "-o", output, "--quiet"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: the player's page would be at least "), "\(run.stderr)")
        #expect(run.stderr.contains("steps, over the cap of 64 MiB\n  help: raise --step, use --frames N, or pass "
            + "--force to write it anyway\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let maxFrames = try tagflow(["scroll", "Examples/demo.tags", "--max-frames", "5", "-o", output])
        #expect(maxFrames.status == 2)
        #expect(maxFrames.stderr.hasPrefix("error: --max-frames caps drawn frames, and the HTML player draws none: its "
            + "page is capped at 64 MiB instead (--force writes more)"), "\(maxFrames.stderr)")
    }

    /// A player made in-process, of the cached strategy alone unless `strategies` say otherwise.
    static func player(tags: String, frames: Int, strategies: [QueryStrategy] = [.cached]) throws -> ScrollPlayer {
        let loaded = try LayoutInput().load(tagsPath: tags)
        let measured = try SceneLoader.layout(loaded, caching: .shapedTexts, console: nil)
        let scene = try SceneLoader.scene(measured, style: .light)
        let range = loaded.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        return ScrollPlayer(renderer: ScrollFrameRenderer(scene: scene, strategies: strategies, view: .both,
                                                          maxOverviewHeight: 640,
                                                          plan: ScrollPlan(range: range, spacing: .frames(frames))))
    }

    @Test func thePlayersCapIsOnItsBytes() throws {
        let demo = packageRoot.appendingPathComponent("Examples/demo.tags").path
        let player = try Self.player(tags: demo, frames: 40, strategies: [.naiveSuper, .cached])
        let page = player.html()
        #expect(try player.html(cap: page.count, force: false) == page)
        #expect(try player.html(cap: 1, force: true) == page)
        let error = #expect(throws: RunError.self) { try player.html(cap: page.count - 1, force: false) }
        let expected = RunError.playerTooLarge(bytes: page.count, isLeast: false, cap: page.count - 1, steps: 40)
        #expect(error.map { "\($0)" } == "\(expected)")
    }

    /// The fewest bytes a step can add: one strategy, and one tag, returned at every step and never moved.
    @Test func everyStepAddsAtLeastTheLeastBytesPerStep() throws {
        let folder = try TemporaryFolder()
        let tags = try folder.write("one.tags", "x\n").path
        let fewer = try Self.player(tags: tags, frames: 10).html().count
        let more = try Self.player(tags: tags, frames: 110).html().count
        #expect(more - fewer >= 100 * ScrollPlayer.leastBytesPerStep, "\(more - fewer) bytes for 100 steps")
    }
}
