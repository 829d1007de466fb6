import Foundation
import Testing
import TagFlowImage

/// Previews of the phone people ship to, end to end: devices, Dynamic Type, fonts given by file, and the warnings
/// that say when the preview cannot be faithful.
@Suite(.serialized) struct PhonePreviewEndToEndTests {
    static let demo = packageRoot.appendingPathComponent("Examples/demo.tags").path
    static let demoConfig = packageRoot.appendingPathComponent("Examples/demo.json").path

    func pngWidth(_ path: String) throws -> Int {
        try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).width
    }

    func layoutJSON(_ arguments: [String], environment: [String: String] = [:]) throws -> (json: [String: Any], stderr: String) {
        let result = try tagflow(["layout"] + arguments + ["--format", "json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return (try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any]), result.stderr)
    }

    func itemHeights(_ json: [String: Any]) -> [Double] {
        ((json["sections"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }.compactMap { $0["height"] as? Double }
    }

    @Test func aDeviceSetsTheWidthAndTheScale() throws {
        let folder = try TemporaryFolder()
        for (device, pixels) in [("iphone-15", 1179), ("iPhone SE", 750), ("iphone-16-pro-max", 1320)] {
            let result = try tagflow(["render", Self.demo, "--config", Self.demoConfig, "--device", device, "-o", folder.path("d.png")])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try pngWidth(folder.path("d.png")) == pixels, "\(device)")
        }
        // --scale still wins for the picture, and --width for the layout.
        #expect(try tagflow(["render", Self.demo, "--device", "iphone-15", "--scale", "1", "-o", folder.path("s.png")]).status == 0)
        #expect(try pngWidth(folder.path("s.png")) == 393)
        let narrow = try layoutJSON([Self.demo, "--device", "iphone-15", "--width", "320"])
        #expect((narrow.json["viewport"] as? [String: Double])?["width"] == 320)
    }

    @Test func aConfigCanDefineItsOwnDevice() throws {
        let folder = try TemporaryFolder()
        try folder.write("kiosk.json", #"{"device": "kiosk", "devices": [{"name": "kiosk", "displayName": "Shop kiosk", "width": 600, "scale": 1}]}"#)
        let result = try tagflow(["render", Self.demo, "--config", folder.path("kiosk.json"), "-o", folder.path("k.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngWidth(folder.path("k.png")) == 600)
        let list = try tagflow(["devices", "--config", folder.path("kiosk.json")])
        #expect(list.stdout.contains("kiosk") && list.stdout.contains("Shop kiosk") && list.stdout.contains("iPhone 15"), "\(list.stdout)")
        let unknown = try tagflow(["render", Self.demo, "--device", "iphone-99", "-o", folder.path("x.png")])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown device 'iphone-99'") && unknown.stderr.contains("tagflow devices"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.png")))
        // Every spelling of one name gets one suggestion, with its width, and the list gives each device's.
        for spelling in ["iphone-15-pro-maks", "iPhone 15 Pro Maks", "iphone15promaks"] {
            let misspelt = try tagflow(["render", Self.demo, "--device", spelling, "-o", folder.path("x.png")])
            #expect(misspelt.stderr.contains("help: did you mean 'iphone-15-pro-max' (430 pt)? the devices are iphone-se-1 (320 pt), iphone-se (375 pt)"),
                    "\(spelling): \(misspelt.stderr)")
        }
        // Another phone's name, near one a profile answers to, suggests that profile.
        let thirteen = try tagflow(["render", Self.demo, "--device", "iPhone 13 Pri", "-o", folder.path("x.png")])
        #expect(thirteen.stderr.contains("did you mean 'iphone-14' (390 pt)?"), "\(thirteen.stderr)")
    }

    /// An emoji's face has bitmaps only; its line still counts, so a tag of only an emoji is clipped too.
    @Test func aTagOfOnlyAnEmojiIsNamedWhenItsCellClipsIt() throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
                     "needs fonts-noto-color-emoji (make test installs it)")
        let folder = try TemporaryFolder()
        try folder.write("e.tags", "🎉\n")
        let run = try tagflow(["layout", folder.path("e.tags"), "--content-size", "AX3"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("1 of 1 tags' text is taller than the 30 pt cell at content size AX3"), "\(run.stderr)")
        #expect(run.stderr.contains("first '🎉' at line 1"), "\(run.stderr)")

        // An automatic height fits the tag font's line; the emoji font's is taller, and the advice says what to do then.
        let auto = try tagflow(["layout", folder.path("e.tags"), "--item-height", "auto", "--vertical-padding", "0", "--content-size", "AX5"])
        #expect(auto.status == 0)
        #expect(auto.stderr.contains("the cells fit the tag font's line, and a fallback font's is taller"), "\(auto.stderr)")
        #expect(!auto.stderr.contains("--item-height auto"), "\(auto.stderr)")
        let padding = try #require(auto.stderr.firstMatch(of: /set verticalPadding to ([0-9.]+) \(--vertical-padding ([0-9.]+)\)/), "\(auto.stderr)")
        #expect(padding.1 == padding.2)
        let cell = try #require(auto.stderr.firstMatch(of: /taller than the ([0-9.]+) pt cell/), "\(auto.stderr)")
        #expect(cell.1.split(separator: ".").last!.count <= 2 || !cell.1.contains("."), "rounded for people: \(cell.1)")
        let fitted = try tagflow(["layout", folder.path("e.tags"), "--item-height", "auto", "--vertical-padding", String(padding.1),
                                  "--content-size", "AX5"])
        #expect(fitted.status == 0 && !fitted.stderr.contains("clips"), "\(fitted.stderr)")
    }

    @Test func atAX3TheSeedsCellsClipTheTextAndAutoHeightGrowsThem() throws {
        let fixed = try layoutJSON([Self.demo, "--config", Self.demoConfig, "--content-size", "AX3"])
        #expect(itemHeights(fixed.json).allSatisfy { $0 == 30 })
        #expect(fixed.stderr.components(separatedBy: "warning:").count - 1 == 1, "one warning, not one per tag: \(fixed.stderr)")
        #expect(fixed.stderr.contains("87 of 87 tags' text is taller than the 30 pt cell at content size AX3"), "\(fixed.stderr)")
        #expect(fixed.stderr.contains("--item-height auto"), "\(fixed.stderr)")

        let grown = try layoutJSON([Self.demo, "--config", Self.demoConfig, "--content-size", "AX3", "--item-height", "auto"])
        #expect(!grown.stderr.contains("clips"), "\(grown.stderr)")
        let heights = Set(itemHeights(grown.json))
        #expect(heights.count == 1 && heights.first! > 40, "\(heights)")
        // At the default size the seed's 30 pt fits, and auto gives about the same.
        let seed = try layoutJSON([Self.demo, "--config", Self.demoConfig])
        #expect(!seed.stderr.contains("clips"))
        let auto = try layoutJSON([Self.demo, "--config", Self.demoConfig, "--item-height", "auto"])
        #expect(itemHeights(auto.json).allSatisfy { abs($0 - 30) < 1 }, "\(Set(itemHeights(auto.json)))")
    }

    @Test func contentSizesScaleTheTextAsTheBodyStyleDoes() throws {
        let wide = try layoutJSON([Self.demo, "--content-size", "AX5"])
        let base = try layoutJSON([Self.demo])
        func firstWidth(_ json: [String: Any]) -> Double {
            (((json["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first?["width"] as? Double) ?? 0
        }
        // 篮球 is 2 × the text size wide in WenQuanYi Zen Hei, plus 15 of padding.
        #expect(abs(firstWidth(base.json) - (28 + 15)) < 1e-9)
        #expect(abs(firstWidth(wide.json) - (2 * 14 * 53 / 17 + 15)) < 1e-9)
        // `measure` scales the text as the layout does.
        let measured = try tagflow(["measure", "篮球", "--content-size", "AX5", "--format", "json"])
        let texts = (try JSONSerialization.jsonObject(with: measured.stdoutBytes) as? [String: Any])?["texts"] as? [[String: Any]]
        #expect(abs(((texts?.first?["width"] as? Double) ?? 0) - (firstWidth(wide.json) - 15)) < 1e-9, "\(measured.stdout)")
    }

    /// Bold Text measures every tag in bold: DejaVu Sans Bold for Latin, and WenQuanYi Zen Hei, which has no bold,
    /// thickened and widened by 1/24 em a glyph (43 of its 1,024 units).
    @Test func boldTextMeasuresTheTagsInBold() throws {
        let folder = try TemporaryFolder()
        try folder.write("tags", "Remember me\n篮球\n")
        try folder.write("bold.json", "{\"legibilityWeight\": \"bold\"}")
        func widths(_ json: [String: Any]) -> [Double] {
            ((json["sections"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }.compactMap { $0["width"] as? Double }
        }
        func files(_ json: [String: Any]) -> [String] { ((json["fontFiles"] as? [[String: Any]]) ?? []).compactMap { $0["fileName"] as? String } }
        let regular = try layoutJSON([folder.path("tags")]).json
        let bold = try layoutJSON([folder.path("tags"), "--legibility-weight", "bold"]).json
        #expect(files(regular) == ["DejaVuSans.ttf", "wqy-zenhei.ttc"])
        #expect(files(bold) == ["DejaVuSans-Bold.ttf", "wqy-zenhei.ttc"])
        let (plain, heavy) = (widths(regular), widths(bold))
        #expect(plain.count == 2 && heavy.count == 2)
        #expect(heavy[0] > plain[0] + 5, "Remember me: \(heavy[0]) bold against \(plain[0])")
        #expect(plain[1] == 28 + 15 && heavy[1] == 28 + 15 + 2 * 14 * 43 / 1024)
        // The config key does what the flag does, and the flag overrides the config.
        #expect(widths(try layoutJSON([folder.path("tags"), "--config", folder.path("bold.json")]).json) == heavy)
        #expect(widths(try layoutJSON([folder.path("tags"), "--config", folder.path("bold.json"), "--legibility-weight", "regular"]).json) == plain)
        // `measure` measures as the layout does: the widths without the padding.
        let measured = try tagflow(["measure", "Remember me", "篮球", "--legibility-weight", "bold", "--format", "json"])
        let texts = (try JSONSerialization.jsonObject(with: measured.stdoutBytes) as? [String: Any])?["texts"] as? [[String: Any]]
        #expect(texts?.compactMap { $0["width"] as? Double } == heavy.map { $0 - 15 }, "\(measured.stdout)")
        // A family with a semibold face draws Bold Text's tags in it: 'A' is 600 units in Regular, 640 in Semibold.
        let weights = ["Regular", "Semibold", "Bold", "ExtraBold"].flatMap {
            ["--font-file", packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-Weights-\($0).ttf").path]
        }
        try folder.write("a.tags", "A\n")
        let family = ["--font", "TagFlow Test Weights"] + weights
        #expect(widths(try layoutJSON([folder.path("a.tags")] + family).json) == [600 * 14 / 1000 + 15])
        #expect(widths(try layoutJSON([folder.path("a.tags"), "--legibility-weight", "bold"] + family).json) == [640 * 14 / 1000 + 15])
        // Wider tags wrap sooner: the demo grows taller.
        func height(_ json: [String: Any]) -> Double { ((json["contentSize"] as? [String: Any])?["height"] as? Double) ?? 0 }
        #expect(height(try layoutJSON([Self.demo, "--legibility-weight", "bold"]).json) > height(try layoutJSON([Self.demo]).json))
    }

    @Test func textWidthRoundingRoundsEveryCell() throws {
        for (rule, check) in [("ceil", { (w: Double) in w == w.rounded() }), ("pixel", { (w: Double) in (w * 3) == (w * 3).rounded() })] {
            let json = try layoutJSON([Self.demo, "--device", "iphone-15", "--text-width", rule, "--padding", "0"]).json
            let widths = ((json["sections"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }.compactMap { $0["width"] as? Double }
            #expect(!widths.isEmpty && widths.allSatisfy(check), "\(rule): \(widths.prefix(5))")
        }
    }

    /// With only DejaVu, the demo's 34 Chinese tags give one warning naming the packages that draw Chinese, not one
    /// per tag; the emoji DejaVu lacks (a crab, a flag) get one of their own, naming the emoji font, and the Chinese
    /// section titles one of theirs.
    @Test func missingCharactersAreWarnedOncePerKindWithThePackageThatDrawsThem() throws {
        let folder = try TemporaryFolder()
        try folder.write("fonts.conf", """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path("cache"))</cachedir>
            <include ignore_missing="yes">/etc/fonts/conf.d</include></fontconfig>
            """)
        try folder.write("tags", (try String(contentsOfFile: Self.demo, encoding: .utf8)) + "\n# More\n🦀 crab\n🇨🇳 flag\n")
        let result = try tagflow(["layout", folder.path("tags"), "-o", folder.path("out.txt")], environment: ["FONTCONFIG_FILE": folder.path("fonts.conf")])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.contains { $0.contains("Chinese, Japanese or Korean") && $0.contains("fonts-noto-cjk or fonts-wqy-zenhei") && $0.contains("34 tags") }, "\(warnings)")
        // The demo's section titles are Chinese too: said on their own.
        #expect(warnings.contains { $0.contains("section titles or footers have Chinese, Japanese or Korean") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("2 tags have emoji") && $0.contains("fonts-noto-color-emoji") && !$0.contains("fonts-noto-core") }, "\(warnings)")
    }

    @Test func aFontGivenByFileWinsAndIsRecorded() throws {
        let folder = try TemporaryFolder()
        var font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        font.append(contentsOf: [UInt8](repeating: 0, count: 8))
        try folder.write("Mine.ttf", font)
        for flags in [["--font-file", folder.path("Mine.ttf")], ["--font-dir", folder.url.path]] {
            let json = try layoutJSON([Self.demo] + flags).json
            let files = try #require(json["fontFiles"] as? [[String: String]])
            let sans = try #require(files.first { $0["family"] == "DejaVu Sans" })
            #expect(sans["fileName"] == "Mine.ttf", "\(flags): \(files)")
            #expect(sans["contentHash"]?.hasPrefix("xxh64:") == true)
        }
        let missing = try tagflow(["layout", Self.demo, "--font-file", folder.path("Nope.ttf")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Nope.ttf"), "\(missing.stderr)")
    }

    @Test func theIOSSystemChainSaysOnceWhatStoodIn() throws {
        let result = try tagflow(["layout", Self.demo, "--font", "system-ios", "-o", "/dev/null"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("SF Pro → DejaVu Sans") == true, "\(warnings)")
        #expect(warnings.first?.contains("PingFang SC → Noto Sans CJK SC") == true, "\(warnings)")
        // -o /dev/null writes to the device; it is not replaced by a file.
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial, "/dev/null is now \(attributes[.type] ?? "gone")")
    }
}
