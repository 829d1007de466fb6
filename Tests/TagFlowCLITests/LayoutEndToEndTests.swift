import Foundation
import Testing

/// The `layout` and `measure` commands run as a person runs them: through the binary.
@Suite(.serialized) struct LayoutEndToEndTests {
    @Test func layoutJSONHasTheDocumentedShapeAndSeedGeometry() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section 运动\n* 篮球\n足球\n")
        let result = try tagflow(["layout", folder.path("a.tags"), "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect((json["viewport"] as? [String: Double]) == ["width": 375, "height": 412])
        let sections = try #require(json["sections"] as? [[String: Any]])
        #expect(sections[0]["title"] as? String == "运动")
        #expect((sections[0]["header"] as? [String: Double]) == ["x": 0, "y": 0, "width": 375, "height": 50, "zIndex": 0, "alpha": 1])
        let items = try #require(sections[0]["items"] as? [[String: Any]])
        // 篮球 is 2 × 14 pt wide in WenQuanYi Zen Hei: 28 + 15 of padding.
        #expect(items[0]["x"] as? Double == 10)
        #expect(items[0]["y"] as? Double == 60)
        #expect(items[0]["width"] as? Double == 43)
        #expect(items[0]["textWidth"] as? Double == 28)
        #expect(items[0]["selected"] as? Bool == true)
        #expect(items[0]["fonts"] as? [String] == ["WenQuanYi Zen Hei"])
        #expect(items[1]["x"] as? Double == 63)
        #expect((json["contentSize"] as? [String: Double])?["height"] == 100)
    }

    @Test func standardInputAndJSONInputGiveTheSameLayoutAsATagsFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section A\nx\n* y\n@footer done\n")
        try folder.write("a.json", #"{"sections":[{"title":"A","footer":"done","tags":["x",{"text":"y","selected":true}]}]}"#)
        let fromFile = try tagflow(["layout", folder.path("a.tags"), "--format", "json"])
        let fromJSON = try tagflow(["layout", folder.path("a.json"), "--format", "json"])
        let fromStdin = try tagflow(["layout", "-", "--format", "json"], stdin: Data("@section A\nx\n* y\n@footer done\n".utf8))
        #expect(fromFile.status == 0 && fromJSON.status == 0 && fromStdin.status == 0)
        #expect(fromFile.stdout == fromJSON.stdout)
        #expect(fromFile.stdout == fromStdin.stdout)
    }

    @Test func flagsOverrideTheConfig() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "x\n")
        try folder.write("c.json", #"{"width": 300, "padding": 20}"#)
        let result = try tagflow(["layout", folder.path("a.tags"), "--config", folder.path("c.json"), "--width", "320", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        #expect((json["viewport"] as? [String: Double])?["width"] == 320)
        let item = try #require(((json["sections"] as? [[String: Any]])?[0]["items"] as? [[String: Any]])?[0])
        #expect((item["width"] as! Double) - (item["textWidth"] as! Double) == 40)
    }

    @Test func layoutIsByteIdenticalAcrossRuns() throws {
        let first = try tagflow(["layout", "Examples/demo.tags", "--config", "Examples/demo.json", "--format", "json"])
        let second = try tagflow(["layout", "Examples/demo.tags", "--config", "Examples/demo.json", "--format", "json"])
        #expect(first.status == 0)
        #expect(first.stdoutBytes == second.stdoutBytes)
    }

    /// An output named *.json gets JSON, as render's format follows its output's name; --format still decides.
    @Test func anOutputNamedJSONIsJSONUnlessTheFormatSaysOtherwise() throws {
        let folder = try TemporaryFolder()
        #expect(try tagflow(["layout", "Examples/demo.tags", "-o", folder.path("a.json")]).status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("a.json"))) as? [String: Any]
        #expect(json?["sections"] != nil)
        #expect(try tagflow(["diff", folder.path("a.json"), folder.path("a.json")]).status == 0)
        #expect(try tagflow(["layout", "Examples/demo.tags", "--format", "text", "-o", folder.path("b.json")]).status == 0)
        #expect(try String(contentsOfFile: folder.path("b.json"), encoding: .utf8).hasPrefix("viewport 375×412"))
        #expect(try tagflow(["layout", "Examples/demo.tags", "-o", folder.path("c.txt")]).status == 0)
        #expect(try String(contentsOfFile: folder.path("c.txt"), encoding: .utf8).hasPrefix("viewport 375×412"))
    }

    @Test func outputFileIsWrittenAndTofuIsWarned() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "ok\n\u{13000}\n")
        let result = try tagflow(["layout", folder.path("a.tags"), "-o", folder.path("out.txt")])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        // An Egyptian hieroglyph: no font here has it, and fonts-noto-core would draw it.
        #expect(result.stderr.contains("warning: 1 tag has some characters no installed font can draw (𓀀), first '𓀀' at line 2"), "\(result.stderr)")
        #expect(result.stderr.contains("install fonts-noto-core"), "\(result.stderr)")
        #expect(try String(contentsOfFile: folder.path("out.txt"), encoding: .utf8).contains("1 missing glyph(s)"))
    }

    /// Rare ideographs of CJK Extensions B to F are in neither package that draws the common ones: they get a line
    /// of their own, naming the package that has them, and those of Extension G on, which no package has, say so.
    @Test func rareIdeographsNameThePackageThatHasThem() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "\u{20000}\n\u{2A6DF} and \u{30000}\n")
        let result = try tagflow(["layout", folder.path("a.tags"), "-o", folder.path("out.txt")])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("no installed font can draw") }
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.contains("2 tags have Chinese, Japanese or Korean characters no installed font can draw (\u{20000} \u{2A6DF}), "
                                      + "first '\u{20000}' at line 1; they will show as boxes: install fonts-hanazono") == true, "\(result.stderr)")
        #expect(lines.last?.contains("(\u{30000}), first '\u{2A6DF} and \u{30000}' at line 2; they will show as boxes: no Debian package") == true,
                "\(result.stderr)")
        let measured = try tagflow(["measure", "\u{13000}\u{20000}"])
        #expect(measured.stderr.contains("it will show as boxes (install fonts-noto-core; install fonts-hanazono)"), "\(measured.stderr)")
    }

    /// Section titles and footers are text of the picture too: their tofu is warned of, and the fonts that draw them
    /// alone are recorded.
    @Test func titlesAndFootersAreWarnedOfAndTheirFontsRecorded() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section \u{13000} title\nRunning\n@footer 最多 🎉\n")
        let result = try tagflow(["layout", folder.path("a.tags"), "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: 1 section title or footer has some characters no installed font can draw (𓀀), "
                                       + "first '𓀀 title' at section 1"), "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let families = try #require(json["fontFiles"] as? [[String: String]]).compactMap { $0["family"] }
        #expect(Set(families) == ["DejaVu Sans", "WenQuanYi Zen Hei", "Noto Color Emoji"], "\(families)")
    }

    /// A selected tag that maxLines hides is named: a person could neither see nor unselect it.
    @Test func selectedTagsHiddenByMaxLinesAreWarnedOf() throws {
        let folder = try TemporaryFolder()
        let tags = (1...30).map { "tag \($0)" } + ["* chosen far", "* chosen too"]
        try folder.write("a.tags", tags.joined(separator: "\n") + "\n")
        let hidden = try tagflow(["layout", folder.path("a.tags"), "--max-lines", "1", "--more-tag", "+%d"])
        #expect(hidden.status == 0)
        #expect(hidden.stderr.contains("warning: 2 selected tags are past the 1 line maxLines shows (--max-lines), so a person can neither "
                                       + "see nor unselect them, and the more tag counts them as any hidden tag: first 'chosen far' at line 31"),
                "\(hidden.stderr)")
        let shown = try tagflow(["layout", folder.path("a.tags"), "--max-lines", "20"])
        #expect(!shown.stderr.contains("selected tag"), "\(shown.stderr)")
    }

    /// A layout's JSON names the files that draw its titles (bold) and footers, as the frames of its scroll do,
    /// though it draws nothing.
    @Test func theLayoutJSONNamesTheFontsOfItsScrollsFrames() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section Title\nRunning\n@footer small print\n")
        func files(_ data: Data) throws -> [String] {
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(json["fontFiles"] as? [[String: String]]).compactMap { $0["fileName"] }
        }
        let layout = try tagflow(["layout", folder.path("a.tags"), "--format", "json"])
        #expect(layout.status == 0)
        #expect(try files(layout.stdoutBytes) == ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf"])
        #expect(try tagflow(["scroll", folder.path("a.tags"), "--frames", "2", "--quiet", "-o", folder.path("frames")]).status == 0)
        #expect(try files(layout.stdoutBytes) == files(Data(contentsOf: URL(fileURLWithPath: folder.path("frames/frames.json")))))
    }

    /// A right-to-left layout says so in its JSON, and a diff of two such files reads it back; left to right, the
    /// key is left out, as before.
    @Test func theLayoutJSONNamesARightToLeftReadingDirection() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "@section عنوان\nشلום\n")
        let rtl = try tagflow(["layout", folder.path("a.tags"), "--direction", "rtl", "--format", "json", "-o", folder.path("rtl.json")])
        #expect(rtl.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("rtl.json")))) as? [String: Any])
        #expect(json["direction"] as? String == "rtl")
        let ltr = try tagflow(["layout", folder.path("a.tags"), "--format", "json"])
        #expect(!ltr.stdout.contains("\"direction\""))
        #expect(try tagflow(["diff", folder.path("rtl.json"), folder.path("rtl.json"), "-o", folder.path("d.png")]).status == 0)
    }

    @Test func measureReportsWidthFontsAndMissingGlyphs() throws {
        let result = try tagflow(["measure", "篮球", "\u{13000}", "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let texts = try #require(json["texts"] as? [[String: Any]])
        #expect(texts[0]["width"] as? Double == 28)
        #expect(texts[0]["fonts"] as? [String] == ["WenQuanYi Zen Hei"])
        #expect(texts[1]["missingGlyphs"] as? Int == 1)
        #expect(result.stderr.contains("no installed font can draw"))
        // The settings a width depends on are all in the report, tracking too.
        let tracked = try tagflow(["measure", "ab", "--tracking", "1", "--format", "json"])
        let settings = try #require(try JSONSerialization.jsonObject(with: tracked.stdoutBytes) as? [String: Any])
        #expect(settings["tracking"] as? Double == 1)
        #expect(settings["fontVariations"] as? String == "")
        let width = try #require((settings["texts"] as? [[String: Any]])?.first?["width"] as? Double)
        let untracked = try #require(try JSONSerialization.jsonObject(with: tagflow(["measure", "ab", "--format", "json"]).stdoutBytes) as? [String: Any])
        #expect(try #require((untracked["texts"] as? [[String: Any]])?.first?["width"] as? Double) == width - 2)
    }

    @Test func helpAndVersion() throws {
        let help = try tagflow(["--help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("layout"))
        let layoutHelp = try tagflow(["layout", "--help"])
        #expect(layoutHelp.status == 0 && layoutHelp.stdout.contains("USAGE: tagflow layout <tags-file> [<options>]"))
        #expect(try tagflow(["--version"]).stdout.split(separator: ".").count == 3)
    }
}

/// Every bad input gets its message, exit status 2, and writes nothing.
@Suite(.serialized) struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var tags: [UInt8] = Array("篮球\n足球\n".utf8)
        var config: String?
        var arguments: [String] = []
        var expected: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "invalid UTF-8", tags: Array("篮球\n".utf8) + [0xFF, 0x41], expected: ["tags.tags:2:1: error: invalid UTF-8 (byte 0xFF)", "help: save the file as UTF-8"]),
        Case(name: "unknown marker", tags: Array("@sectoin 运动\n".utf8), expected: ["tags.tags:1:1: error: unknown marker '@sectoin'", "did you mean '@section'?"]),
        Case(name: "unknown config key", config: "{\n  \"widht\": 300\n}", expected: ["config.json:2:3: error: unknown key \"widht\" in the config", "did you mean \"width\"?"]),
        Case(name: "unknown flag", arguments: ["--line-spaceing", "4"], expected: ["error: unknown option '--line-spaceing'", "did you mean '--line-spacing'?", "usage: tagflow layout"]),
        Case(name: "malformed number", arguments: ["--padding", "7.5pt"], expected: ["error: --padding expects a number, got '7.5pt'"]),
        Case(name: "negative number", arguments: ["--line-spacing", "-4"], expected: ["error: --line-spacing must not be negative, got -4"]),
        Case(name: "negative number in config", config: "{\"sectionInset\": [10, -1, 10, 10]}", expected: ["config.json:1:23: error: \"sectionInset\" must not be negative, got -1"]),
        Case(name: "zero height", arguments: ["--item-height", "0"], expected: ["error: --item-height must be greater than 0, got 0"]),
        Case(name: "NaN", config: "{\"width\": \"NaN\"}", expected: ["config.json:1:11: error: expected \"width\" to be a number, found a string"]),
        Case(name: "insets wider than the width", arguments: ["--section-inset", "0,200,0,200"], expected: ["error: the insets take 400 pt of the 375 pt width", "help: reduce --section-inset or --content-inset"]),
        Case(name: "more preselected than maxSelection", tags: Array("* a\n* b\n* c\n".utf8), arguments: ["--max-selection", "2"], expected: ["error: 3 tags are preselected but maxSelection is 2"]),
        Case(name: "font not found", arguments: ["--font", "DejaVu Snas"], expected: ["error: font family 'DejaVu Snas' not found by fontconfig", "close matches: DejaVu Sans"]),
        Case(name: "bad choice", arguments: ["--alignment", "centre"], expected: ["error: --alignment must be one of left, center, right, justified, leading, trailing; got 'centre'", "did you mean 'center'?"]),
        Case(name: "missing input", arguments: ["--config", "nowhere.json"], expected: ["error: cannot read 'nowhere.json': no such file"]),
    ]

    @Test(arguments: cases)
    func badInputFailsCleanly(_ testCase: Case) throws {
        let folder = try TemporaryFolder()
        try folder.write("tags.tags", Data(testCase.tags))
        var arguments = ["layout", "tags.tags", "-o", "out.json", "--format", "json"] + testCase.arguments
        if let config = testCase.config {
            try folder.write("config.json", config)
            arguments += ["--config", "config.json"]
        }
        let before = folder.contents
        let result = try tagflow(arguments, in: folder.url)
        #expect(result.status == 2, "\(testCase.name): \(result.stderr)")
        for words in testCase.expected {
            #expect(result.stderr.contains(words), "\(testCase.name): expected '\(words)' in:\n\(result.stderr)")
        }
        #expect(result.stdout.isEmpty)
        #expect(folder.contents == before, "\(testCase.name) wrote files")
    }

    @Test func refusesToWriteOverItsInput() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "x\n")
        let result = try tagflow(["layout", "a.tags", "-o", "./a.tags"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("the output './a.tags' is also an input"))
        #expect(try String(contentsOfFile: folder.path("a.tags"), encoding: .utf8) == "x\n")
    }

    @Test func anOutputInsideAFileIsNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "x\n")
        let result = try tagflow(["layout", "a.tags", "-o", "a.tags/out.txt"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a file, not a folder"))
    }

    @Test func missingOutputFolderIsNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "x\n")
        let result = try tagflow(["layout", "a.tags", "-o", "no/such/out.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("the folder"))
        #expect(result.stderr.contains("does not exist"))
    }
}
