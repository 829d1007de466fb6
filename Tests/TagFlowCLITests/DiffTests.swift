import Foundation
import Testing
@testable import TagFlowLayout
@testable import TagFlowCLI
@testable import TagFlowInput
import TagFlowReview
import TagFlowImage
import TagFlowTestSupport

/// `tagflow diff` run as a person runs it.
@Suite(.serialized) struct DiffCommandTests {
    func json(_ result: RunResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any], "\(result.stdout)\n\(result.stderr)")
    }

    func texts(_ value: Any?) -> [String] { (value as? [[String: Any]] ?? []).compactMap { $0["text"] as? String } }

    @Test func twoTagsFilesGiveTheChangesAndExitOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "@section 运动\n篮球\n足球\n排球\n")
        try folder.write("new.tags", "@section 运动\n篮球\n棒球\n足球\n排球\n")
        let result = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try json(result)
        #expect(report["identical"] as? Bool == false)
        #expect(texts(report["added"]) == ["棒球"])
        #expect(texts(report["removed"]) == [])
        #expect(texts(report["moved"]) == ["足球", "排球"])
        #expect(texts(report["resized"]) == [])
        let added = try #require((report["added"] as? [[String: Any]])?.first?["new"] as? [String: Any])
        #expect(added["x"] as? Double == 63 && added["width"] as? Double == 43 && added["line"] as? Int == 0)

        let same = try tagflow(["diff", folder.path("old.tags"), folder.path("old.tags")])
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("layouts are identical"))
    }

    @Test func oneTagsFileWithTwoConfigs() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "篮球\n足球\n排球\n")
        try folder.write("old.json", #"{"padding": 7.5}"#)
        try folder.write("new.json", #"{"padding": 10}"#)
        let result = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("old.json"),
                                  "--new-config", folder.path("new.json"), "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try json(result)
        #expect(texts(report["resized"]) == ["篮球", "足球", "排球"])
        #expect(texts(report["moved"]) == ["足球", "排球"])
        #expect(texts(report["added"]).isEmpty && texts(report["removed"]).isEmpty)

        let missing = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("old.json")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--old-config and --new-config"))
    }

    /// A tag that moved and grew is one row with both its places and sizes; a change smaller than the table's two
    /// decimals is shown in as many as tell the old and new apart.
    @Test func aMovedAndResizedTagIsOneRowInDecimalsThatDiffer() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "a\nb\n")
        try folder.write("old.json", #"{"padding": 7.5}"#)
        try folder.write("new.json", #"{"padding": 7.501}"#)
        let result = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("old.json"), "--new-config", folder.path("new.json")])
        #expect(result.status == 1)
        let rows = result.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows.count == 2, "\(result.stdout)")
        #expect(rows.first?.first == "moved, resized", "\(result.stdout)")
        for row in rows { #expect(row.count == 5 && row[3] != row[4], "\(row)") }
        #expect(result.stdout.contains("line 0 at (43.579, 10), 23.887×30"), "\(result.stdout)")
    }

    /// A header or footer that grew is a row of its own, not a difference the table leaves empty.
    @Test func aResizedHeaderOrFooterIsARow() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section Sports\nfootball\n@footer Pick one\n")
        try folder.write("old.json", "{}")
        try folder.write("new.json", #"{"headerHeight": 60, "footerHeight": 50}"#)
        let result = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("old.json"),
                                  "--new-config", folder.path("new.json"), "--format", "json"])
        #expect(result.status == 1)
        let sections = try #require(try json(result)["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["change"] as? String } == ["headerResized", "footerResized"])
        #expect((sections.first?["newSize"] as? [String: Double])?["height"] == 60)
        let text = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("old.json"), "--new-config", folder.path("new.json")])
        #expect(text.stdout.contains("1 section(s) with a resized header, 1 section(s) with a resized footer"), "\(text.stdout)")
        #expect(text.stdout.contains("header resized"), "\(text.stdout)")
    }

    /// A diff picture too tall for 2× within cairo's limit is drawn smaller, and says so; one that fits says nothing.
    @Test func aShrunkDiffPictureSaysSo() throws {
        let folder = try TemporaryFolder()
        let tags = (0..<3000).map { "t\($0)" }
        try folder.write("old.tags", tags.joined(separator: "\n"))
        try folder.write("new.tags", tags.map { $0 == "t5" ? "t5x" : $0 }.joined(separator: "\n"))
        let result = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "-o", folder.path("d.png")])
        #expect(result.status == 1)
        let warning = try #require(result.stderr.firstMatch(of: /warning: the diff picture of \d+×\d+ pt is drawn at ([0-9.]+) px a point, not 2/), "\(result.stderr)")
        #expect(Double(warning.1)! < 2)
        // Shrunk to cairo's limit, and no further.
        let image = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("d.png")))))
        #expect(image.height <= 32767 && image.height > 32000, "\(image.height)")
        try folder.write("few.tags", "a\nb\n")
        try folder.write("few2.tags", "a\nbb\n")
        let small = try tagflow(["diff", folder.path("few.tags"), folder.path("few2.tags"), "-o", folder.path("s.png")])
        #expect(small.status == 1)
        #expect(!small.stderr.contains("drawn at"), "\(small.stderr)")
    }

    /// A layout JSON is known by what it holds: from standard input, or under any name.
    @Test func aLayoutJSONIsReadFromStandardInputOrAnyName() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "篮球\n足球\n")
        try folder.write("new.tags", "篮球\n足球运动\n")
        #expect(try tagflow(["layout", folder.path("old.tags"), "-o", folder.path("old.layout"), "--format", "json"]).status == 0)
        #expect(try tagflow(["layout", folder.path("new.tags"), "-o", folder.path("new.json")]).status == 0)
        let named = try tagflow(["diff", folder.path("old.layout"), folder.path("new.json"), "--format", "json"])
        #expect(named.status == 1, "\(named.stderr)")
        #expect(texts(try json(named)["renamed"]) == ["足球运动"])
        let piped = try tagflow(["diff", "-", folder.path("new.json"), "--format", "json"],
                                stdin: try Data(contentsOf: URL(fileURLWithPath: folder.path("old.layout"))))
        #expect(piped.status == 1, "\(piped.stderr)")
        #expect((try json(piped)["renamed"] as? [[String: Any]])?.first?["oldText"] as? String == "足球")
        let mixed = try tagflow(["diff", "-", folder.path("new.tags")], stdin: try Data(contentsOf: URL(fileURLWithPath: folder.path("old.layout"))))
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("'<stdin>'"), "\(mixed.stderr)")
    }

    /// The two sides share a text engine only when their configs give the same fonts: a font file one side's config
    /// adds is that side's alone.
    @Test func eachSideMeasuresWithTheFontsItsConfigGives() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "AAAA\n")
        try writePrivateFontConfigs(in: folder)
        let same = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("private.json"),
                                "--new-config", folder.path("private.json"), "--format", "json"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try json(same)["identical"] as? Bool == true)
        // The installed fonts on the old side, the file on the new: the tag is resized.
        try folder.write("installed.json", "{}")
        let changed = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("installed.json"),
                                   "--new-config", folder.path("private.json"), "--format", "json"])
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(texts(try json(changed)["resized"]) == ["AAAA"])
        let other = try tagflow(["diff", folder.path("a.tags"), "--old-config", folder.path("private.json"),
                                 "--new-config", folder.path("plain.json")])
        #expect(missedPrivateFont(other), "\(other.stderr)")
    }

    @Test func layoutJSONFilesDiffLikeTheTagsFilesTheyCameFrom() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "@section A\nx\n* y\nzz\n@section B\nq\n")
        try folder.write("new.tags", "@section A2\nx\nzz\n* y\n@section B\nq\nr\n")
        for name in ["old", "new"] {
            let layout = try tagflow(["layout", folder.path("\(name).tags"), "--format", "json", "-o", folder.path("\(name).json")])
            #expect(layout.status == 0, "\(layout.stderr)")
        }
        let fromTags = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "--format", "json"])
        let fromJSON = try tagflow(["diff", folder.path("old.json"), folder.path("new.json"), "--format", "json"])
        #expect(fromTags.status == 1 && fromJSON.status == 1, "\(fromJSON.stderr)")
        #expect(fromTags.stdout == fromJSON.stdout)
        let report = try json(fromJSON)
        #expect((report["sections"] as? [[String: Any]])?.first?["change"] as? String == "retitled")
        #expect(texts(report["added"]) == ["r"])
        #expect(texts(report["reselected"]) == [])
        // A layout file against a tags file is refused.
        let mixed = try tagflow(["diff", folder.path("old.json"), folder.path("new.tags")])
        #expect(mixed.status == 2)
    }

    @Test func markdownIsAPullRequestComment() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "篮球\n足球\n")
        try folder.write("new.tags", "篮球\n")
        let result = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "--format", "markdown"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("**tagflow layout diff** — 0 added · 1 removed · 0 moved · 0 resized"))
        #expect(lines[2] == "| Change | Section | Tag | Old | New |")
        #expect(lines[4].contains("removed") && lines[4].contains("足球"))
    }

    @Test func layoutDiffPictureIsWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "篮球\n足球\n排球\n")
        try folder.write("new.tags", "篮球\n排球\n网球\n")
        let result = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "-o", folder.path("diff.png")])
        #expect(result.status == 1, "\(result.stderr)")
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("diff.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Three 375-pt panels with margins and gaps, at 2 px a point.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == (16 * 2 + 375 * 3 + 24 * 2) * 2)

        let intoInput = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "-o", folder.path("new.tags")])
        #expect(intoInput.status == 2)
        let notPNG = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "-o", folder.path("diff.svg")])
        #expect(notPNG.status == 2)
    }

    @Test func layoutDiffPictureShowsEachTagSelectedOrNotInTheConfigsStyle() throws {
        let folder = try TemporaryFolder()
        try folder.write("old.tags", "@section A\n* Swift\nKotlin\nRust\n")
        try folder.write("new.tags", "@section A\nSwift\nKotlin\n* Rust\n")
        try folder.write("dark.json", #"{"style": {"theme": "dark"}}"#)
        let arguments = ["diff", folder.path("old.tags"), folder.path("new.tags"), "--config", folder.path("dark.json")]
        let result = try tagflow(arguments + ["-o", folder.path("diff.png"), "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let reselected = try #require(try json(result)["reselected"] as? [[String: Any]])
        #expect(texts(reselected) == ["Swift", "Rust"])
        let image = try PNGDecoder().decode(Array(Data(contentsOf: folder.url.appendingPathComponent("diff.png"))))
        // Inside each tag, left of its text, at 2 px a point: the old panel starts at (16, 60), the new one 375 + 24 further.
        func fill(_ change: [String: Any], _ side: String) throws -> Colour {
            let frame = try #require(change[side] as? [String: Any])
            let x = try #require(frame["x"] as? Double), y = try #require(frame["y"] as? Double), height = try #require(frame["height"] as? Double)
            let panel = side == "old" ? 16.0 : 16 + 375 + 24
            return image[Int((panel + x + 5) * 2), Int((60 + y + height / 2) * 2)]
        }
        let selected = Colour(0x2c2c2e)  // the dark style's selectedFill
        let reselectedTint = Colour(0x1f1a2e)  // the dark palette's, on a dark page
        // A dark style gets a dark page, and panels of the style's background, as a render's.
        #expect(image[2, 2] == Colour(0x0d1117))
        #expect(image[(16 + 3) * 2, (60 + 3) * 2] == Colour(0x1c1c1e))
        #expect(try fill(reselected[0], "old") == selected)
        #expect(try fill(reselected[0], "new") == reselectedTint)
        #expect(try fill(reselected[1], "old") == reselectedTint)
        #expect(try fill(reselected[1], "new") == selected)

        // --theme does what the config's theme does, and wins over it.
        let flagged = try tagflow(["diff", folder.path("old.tags"), folder.path("new.tags"), "--theme", "dark", "-o", folder.path("flag.png")])
        #expect(flagged.status == 1, "\(flagged.stderr)")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("flag.png")) == Data(contentsOf: folder.url.appendingPathComponent("diff.png")))
        let light = try tagflow(arguments + ["--theme", "light", "-o", folder.path("light.png")])
        #expect(light.status == 1, "\(light.stderr)")
        let lightImage = try PNGDecoder().decode(Array(Data(contentsOf: folder.url.appendingPathComponent("light.png"))))
        let frame = try #require(reselected[0]["old"] as? [String: Any])
        let x = try #require(frame["x"] as? Double), y = try #require(frame["y"] as? Double), height = try #require(frame["height"] as? Double)
        #expect(lightImage[Int((16 + x + 5) * 2), Int((60 + y + height / 2) * 2)] == Colour(0xffffff),
                "the light style's selectedFill")
        #expect(lightImage[2, 2] == Colour(0xf6f8fa))
        #expect(lightImage[(16 + 3) * 2, (60 + 3) * 2] == Colour(0xffffff))
    }

    /// Horizontal strips are far wider than tall: their panels are stacked, not set side by side, and the size
    /// notes are rounded.
    @Test func horizontalLayoutsArePicturedOneAboveAnother() throws {
        let folder = try TemporaryFolder()
        for (name, rows) in [("h3.json", "3"), ("h2.json", "2")] {
            let made = try tagflow(["layout", "Examples/demo.tags", "--scroll-direction", "horizontal", "--rows", rows, "--height", "150",
                                    "--format", "json", "-o", folder.path(name)])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let result = try tagflow(["diff", folder.path("h3.json"), folder.path("h2.json"), "-o", folder.path("diff.png"), "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let widths = try ["h3.json", "h2.json"].map { name in
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(name))) as? [String: Any]
            return try #require((json?["contentSize"] as? [String: Any])?["width"] as? Double)
        }
        let image = try PNGDecoder().decode(Array(Data(contentsOf: folder.url.appendingPathComponent("diff.png"))))
        #expect(image.width == Int(((2 * 16 + widths.max()!) * 2).rounded(.up)), "\(image.width)×\(image.height)")
        #expect(image.height > 3 * 150 * 2)
    }

    @Test func errorsExitTwoAndWriteNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "x\n")
        try folder.write("a.png", Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0]))
        try FileManager.default.createDirectory(atPath: folder.path("dir"), withIntermediateDirectories: true)
        let cases: [[String]] = [
            ["diff", folder.path("a.tags"), folder.path("missing.tags")],
            ["diff", folder.path("a.tags"), folder.path("a.png")],
            ["diff", folder.path("a.png"), folder.path("a.png")],
            ["diff", folder.path("a.tags"), folder.path("a.tags"), "--threshold", "0.2"],
            ["diff", folder.path("dir"), folder.path("a.tags")],
            ["diff", folder.path("a.tags")],
            ["diff", folder.path("a.tags"), folder.path("a.tags"), folder.path("a.tags")],
            ["diff", folder.path("a.tags"), folder.path("a.tags"), "--format", "yaml"],
        ]
        for arguments in cases {
            let result = try tagflow(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("error:"), "\(arguments)")
        }
        #expect(folder.contents == ["a.png", "a.tags", "dir"])
    }
}

/// Pixel diffs of PNGs, checked against ImageMagick.
@Suite(.serialized) struct PixelDiffCommandTests {
    /// Runs ImageMagick's `compare -metric AE` and returns the count it prints (on standard error).
    func imageMagickAE(_ a: String, _ b: String) throws -> Int {
        let result = try ProcessRunner.runTool("compare", ["-metric", "AE", a, b, "null:"])
        let text = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Double(text).map { Int($0) }, "compare printed '\(text)'")
    }

    func run(_ tool: String, _ arguments: [String]) throws {
        #expect(try ProcessRunner.runTool(tool, arguments).status == 0, "\(tool) \(arguments)")
    }

    func diffJSON(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]) {
        let result = try tagflow(["diff"] + arguments + ["--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any], "\(result.stderr)")
        return (result.status, json)
    }

    @Test(.enabled(if: toolAvailable("compare"))) func atThresholdZeroWithAntiAliasingCountedTheCountIsImageMagicksAE() throws {
        let folder = try TemporaryFolder()
        // Renders of two layouts, and ImageMagick-made pictures with edits both bold and subtle.
        try folder.write("old.tags", "@section 运动\n* 篮球\n足球\n排球\n@section Remember\nRemember me\n")
        try folder.write("new.tags", "@section 运动\n* 篮球\n棒球\n排球\n@section Remember…\nRemember me\n")
        let renders = try [("old", "old.tags"), ("new", "new.tags")].map { name, tags in
            try tagflow(["render", folder.path(tags), "-o", folder.path("\(name).png")])
        }
        #expect(renders.allSatisfy { $0.status == 0 }, "\(renders.map(\.stderr))")
        // 8-bit, as tagflow compares 8-bit channels (ImageMagick would write plasma at 16 bits).
        try run("convert", ["-seed", "7", "-size", "320x240", "plasma:fractal", "-depth", "8", folder.path("plasma.png")])
        try run("convert", [folder.path("plasma.png"), "-fill", "#102030", "-draw", "circle 100,100 130,120",
                            "-region", "60x40+200+150", "-modulate", "101", "-depth", "8", folder.path("plasma-edited.png")])
        for (a, b) in [("old.png", "new.png"), ("plasma.png", "plasma-edited.png")] {
            let expected = try imageMagickAE(folder.path(a), folder.path(b))
            let (status, json) = try diffJSON([folder.path(a), folder.path(b), "--threshold", "0", "--include-aa"])
            #expect(status == 1)
            #expect(json["differentPixels"] as? Int == expected, "\(a) vs \(b)")
            #expect(expected > 100)
            // With the defaults, anti-aliasing is reported apart and fewer pixels count.
            let (_, defaults) = try diffJSON([folder.path(a), folder.path(b)])
            #expect((defaults["differentPixels"] as! Int) < expected)
        }
    }

    @Test func theDefaultsCountWhatPixelmatchCountsAndEdgeShiftsCountsFewer() throws {
        // pixelmatch's own 1a/1b, whose 143 changed pixels at threshold 0.05 its test file expects.
        let fixtures = packageRoot.appendingPathComponent("Tests/TagFlowReviewTests/Fixtures/pixelmatch")
        let pair = [fixtures.appendingPathComponent("1a.png").path, fixtures.appendingPathComponent("1b.png").path, "--threshold", "0.05"]
        let (status, json) = try diffJSON(pair)
        #expect(status == 1)
        #expect(json["differentPixels"] as? Int == 143)
        #expect((json["options"] as? [String: Any])?["edgeShifts"] as? Bool == false)

        let (_, shifts) = try diffJSON(pair + ["--edge-shifts"])
        #expect((shifts["differentPixels"] as! Int) < 143)
        #expect((shifts["options"] as? [String: Any])?["edgeShifts"] as? Bool == true)

        // The old switch for pixelmatch's behaviour is gone: it is the default now.
        #expect(try tagflow(["diff"] + pair + ["--pixelmatch-aa"]).status == 2)
    }

    @Test func exitStatusFollowsTheToleranceAndWritesTheDiffImage() throws {
        guard toolAvailable("convert") else { return }
        let folder = try TemporaryFolder()
        try run("convert", ["-size", "200x100", "xc:white", "-fill", "black", "-draw", "rectangle 20,20 60,60", folder.path("a.png")])
        try run("convert", ["-size", "200x100", "xc:white", "-fill", "black", "-draw", "rectangle 20,20 64,60", folder.path("b.png")])
        try run("convert", ["-size", "200x120", "xc:white", folder.path("tall.png")])

        let same = try tagflow(["diff", folder.path("a.png"), folder.path("a.png")])
        #expect(same.status == 0 && same.stdout.hasPrefix("images are identical"))

        let (status, json) = try diffJSON([folder.path("a.png"), folder.path("b.png"), "-o", folder.path("diff.png")])
        #expect(status == 1)
        #expect(json["status"] as? String == "failed")
        #expect(json["differentPixels"] as? Int == 4 * 41)
        #expect(json["diffImage"] as? String == folder.path("diff.png"))
        #expect(FileManager.default.fileExists(atPath: folder.path("diff.png")))

        #expect(try tagflow(["diff", folder.path("a.png"), folder.path("b.png"), "--max-diff-pixels", "164"]).status == 0)
        #expect(try tagflow(["diff", folder.path("a.png"), folder.path("b.png"), "--max-diff-pixels", "163"]).status == 1)
        #expect(try tagflow(["diff", folder.path("a.png"), folder.path("b.png"), "--max-diff-ratio", "1%"]).status == 0)
        #expect(try tagflow(["diff", folder.path("a.png"), folder.path("b.png"), "--ignore", "60,0,10,100"]).status == 0)

        let (sizeStatus, size) = try diffJSON([folder.path("a.png"), folder.path("tall.png"), "--max-diff-ratio", "1"])
        #expect(sizeStatus == 1)
        #expect(size["sizeChanged"] as? Bool == true)

        #expect(try tagflow(["diff", folder.path("a.png"), folder.path("b.png"), "--ignore", "1,2,3"]).status == 2)
        #expect(try tagflow(["diff", folder.path("a.png"), folder.path("b.png"), "--threshold", "2"]).status == 2)
    }
}

/// Folder mode: pairing, reports, the HTML in a real browser, and --accept.
@Suite(.serialized) struct FolderDiffTests {
    /// Old and new folders with one file of each kind, one of them in a subfolder.
    func makeFolders(_ folder: TemporaryFolder) throws {
        for name in ["old", "new", "old/screens", "new/screens"] {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        }
        func convert(_ arguments: [String]) throws {
            let result = try ProcessRunner.runTool("convert", arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let base = ["-size", "240x160", "xc:#f6f8fa", "-fill", "#2f80ed", "-draw", "roundrectangle 20,20 120,60 10,10"]
        try convert(base + [folder.path("old/screens/home.png")])
        try convert(base + ["-fill", "#e5484d", "-draw", "circle 180,110 200,130", folder.path("new/screens/home.png")])
        try convert(base + [folder.path("old/same.png")])
        try convert(base + [folder.path("new/same.png")])
        try convert(base + ["-fill", "#1a7f37", "-draw", "rectangle 140,20 220,60", folder.path("new/added.png")])
        try convert(base + ["-fill", "#8250df", "-draw", "rectangle 20,90 100,140", folder.path("old/gone.png")])
        try folder.write("old/notes.txt", "not an image")
    }

    @Test(.enabled(if: toolAvailable("convert"))) func reportsPairFilesLikeRegCli() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder)
        let result = try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report")])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("visual diff: 1 changed, 1 new, 1 deleted, 1 unchanged"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("report/report.json"))) as? [String: Any])
        #expect(json["failedItems"] as? [String] == ["screens/home.png"])
        #expect(json["newItems"] as? [String] == ["added.png"])
        #expect(json["deletedItems"] as? [String] == ["gone.png"])
        #expect(json["passedItems"] as? [String] == ["same.png"])
        #expect(json["diffItems"] as? [String] == ["screens/home.png"])
        #expect(FileManager.default.fileExists(atPath: folder.path("report/diff/screens/home.png")))

        // Each item as a snapshot report has it: the old file is the golden, the new one the actual picture, each
        // named from the report folder, with its size.
        let items = try #require(json["items"] as? [[String: Any]])
        let home = try #require(items.first { $0["name"] as? String == "screens/home.png" })
        #expect(home["status"] as? String == "changed" && home["screen"] as? String == "screens")
        #expect(home["images"] as? [String: String] == ["golden": "../old/screens/home.png",
                                                        "actual": "../new/screens/home.png",
                                                        "diff": "diff/screens/home.png"])
        #expect(home["imageSizes"] as? [String: [Int]] == ["golden": [240, 160], "actual": [240, 160],
                                                           "diff": [240, 160]])
        #expect(items.first { $0["name"] as? String == "added.png" }?["status"] as? String == "new")

        let markdown = try String(contentsOfFile: folder.path("report/report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("**tagflow visual diff** — ❌ 3 failing · 4 files: 1 changed, 1 new, 1 deleted, "
                                   + "1 unchanged\n"), "\(markdown)")
        #expect(markdown.contains("| `screens/home.png` | changed | "), "\(markdown)")
        #expect(markdown.contains("[golden](../old/screens/home.png) [actual](../new/screens/home.png) "
                                  + "[diff](diff/screens/home.png) |"))

        let junit = try String(contentsOfFile: folder.path("report/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="tagflow visual diff" tests="4" failures="3" errors="0">"#), "\(junit)")
        #expect(junit.contains(#"<failure type="deleted""#))

        let html = try String(contentsOfFile: folder.path("report/report.html"), encoding: .utf8)
        for name in ["screens/home.png", "added.png", "gone.png", "same.png"] { #expect(html.contains(name)) }
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 2 * 2 + 1 + 1 + 1)
        // Self-contained: nothing is fetched, and the policy forbids fetching.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("url("))
        #expect(html.contains("default-src 'none'"))

        // The report folder may not sit inside a compared folder.
        let inside = try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("new/report")])
        #expect(inside.status == 2)
    }

    /// Two folders without a PNG are an error, not a pass: the pictures were most likely written elsewhere.
    @Test func foldersWithoutPNGsAreAnError() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("new"), withIntermediateDirectories: true)
        try folder.write("old/notes.txt", "not an image")
        try expectRefused(in: folder, saying: "holds a PNG, so there is nothing to compare")
    }

    /// A folder diff of `folder`'s old and new, with `options`, that stops with status 2, says `message`, and writes
    /// no report.
    func expectRefused(in folder: TemporaryFolder, _ options: [String] = [], saying message: String) throws {
        let result = try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report")] + options)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("report")))
    }

    /// A file that is not a PNG is reported as unreadable, beside the other files, which are compared all the same;
    /// the run exits 2 after writing the report.
    @Test(.enabled(if: toolAvailable("convert"))) func anUnreadableFileIsReportedAndTheOthersCompared() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder)
        try folder.write("old/broken.png", "not a PNG at all")
        try folder.write("new/broken.png", "not a PNG at all")
        let result = try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: 1 file could not be read as PNG, the first: cannot read '\(folder.path("old/broken.png"))' as a PNG"),
                "\(result.stderr)")
        #expect(result.stdout.contains("1 changed, 1 new, 1 deleted, 1 unchanged, 1 unreadable"), "\(result.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("report/report.json")))) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.first { $0["name"] as? String == "broken.png" }?["status"] as? String == "unreadable")
        #expect(items.first { $0["name"] as? String == "screens/home.png" }?["status"] as? String == "changed")
        // reg-cli's lists say the run failed too.
        #expect((json["failedItems"] as? [String])?.contains("broken.png") == true)
        let markdown = try String(contentsOfFile: folder.path("report/report.md"), encoding: .utf8)
        #expect(markdown.contains("| `broken.png` | unreadable | cannot read"), "\(markdown)")
    }

    /// As for two pictures, --ignore over every pixel of a file is refused: it would pass without being compared.
    @Test(.enabled(if: toolAvailable("convert"))) func ignoringEveryPixelOfAFileIsRefused() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder)
        try expectRefused(in: folder, ["--ignore", "0,0,10000,10000"], saying: "error: --ignore covers all")
    }

    /// A report folder used again holds only the new run's diff images.
    @Test(.enabled(if: toolAvailable("convert"))) func aReusedReportFolderLosesTheEarlierRunsDiffImages() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder)
        #expect(try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report")]).status == 1)
        #expect(FileManager.default.fileExists(atPath: folder.path("report/diff/screens/home.png")))
        try FileManager.default.removeItem(atPath: folder.path("new/screens/home.png"))
        try FileManager.default.copyItem(atPath: folder.path("old/screens/home.png"), toPath: folder.path("new/screens/home.png"))
        #expect(try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report")]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path("report/diff/screens/home.png")))
    }

    @Test(.enabled(if: toolAvailable("convert"))) func acceptTakesTheNewFilesAsBaselines() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder)
        let accepted = try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report"), "--accept"])
        // The baseline it kept has no new file: the folders still differ.
        #expect(accepted.status == 1, "\(accepted.stderr)")
        #expect(accepted.stderr.contains("accepted 2 file(s)"))
        #expect(accepted.stderr.contains("gone.png"))
        for name in ["screens/home.png", "added.png"] {
            #expect(FileManager.default.contentsEqual(atPath: folder.path("old/\(name)"), andPath: folder.path("new/\(name)")))
        }
        // Only the deleted file is left, and the report said so before the copy.
        let again = try tagflow(["diff", folder.path("old"), folder.path("new"), "--format", "json"])
        #expect(again.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: again.stdoutBytes) as? [String: Any])
        #expect(json["deletedItems"] as? [String] == ["gone.png"])
        #expect((json["failedItems"] as? [String])?.isEmpty == true)
        try FileManager.default.removeItem(atPath: folder.path("old/gone.png"))
        #expect(try tagflow(["diff", folder.path("old"), folder.path("new")]).status == 0)
        #expect(try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report"), "--accept"]).status == 0)
        #expect(try tagflow(["diff", folder.path("old"), folder.path("new"), "--accept"]).status == 2)
    }

    /// The page used as a reviewer uses it, in headless Chromium: every inlined picture decodes, the slider and the
    /// onion skin move, what passed hides while "Failures only" is on, and nothing is fetched.
    @Test(.enabled(if: Browser.isAvailable && toolAvailable("convert"))) func theHTMLReportWorksInChromiumOffline() throws {
        let folder = try TemporaryFolder()
        try makeFolders(folder)
        let result = try tagflow(["diff", folder.path("old"), folder.path("new"), "--report", folder.path("report")])
        #expect(result.status == 1)
        let screenshots = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-folder-report")
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)

        let seen = try Browser.drive("folder-report.py", [folder.path("report/report.html"), screenshots.path])

        #expect(seen["title"] as? String == "Visual diff Failed")
        #expect(seen["groups"] as? [String] == ["Pixels changed", "New files", "Deleted files", "Unchanged"])
        #expect(seen["failingGroups"] as? [String] == ["Pixels changed", "New files", "Deleted files"])
        #expect(seen["items"] as? [String] == ["screens/home.png", "added.png", "gone.png", "same.png"])
        #expect(seen["images"] as? [Bool] == Array(repeating: true, count: 7), "\(seen["images"] ?? "")")
        #expect(seen["captions"] as? [String] == ["old 240×160", "new 240×160", "diff 240×160"])
        #expect(seen["modes"] as? [String] == ["Side by side", "Slider", "Onion skin"])
        #expect(seen["sideHiddenInSlider"] as? Bool == true)
        let slider = try #require(seen["slider"] as? [[String: Any]])
        #expect(slider.map { $0["clipPath"] as? String } == ["inset(0px 0px 0px 50%)", "inset(0px 0px 0px 25%)"])
        #expect(seen["rangeLabels"] as? [String] == ["old", "new"])
        let onion = try #require(seen["onion"] as? [[String: Any]])
        #expect(onion.map { $0["opacity"] as? Double } == [0, 0.3])
        #expect(seen["passesShown"] as? [Bool] == [false, true])
        #expect(seen["requestsElsewhere"] as? [String] == [])
    }
}
