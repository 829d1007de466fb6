import Foundation
import Testing
import TagFlowImage
import TagFlowLayout
import TagFlowTestSupport

/// `tagflow snapshot`, run as a team runs it: a manifest of two screens × four variants in a folder of its own.
@Suite(.serialized) struct SnapshotEndToEndTests {
    static let manifest = """
    {
      "goldens": "goldens",
      "screens": [
        {"name": "chooser", "tags": "chooser.tags",
         "variants": {"themes": ["light", "dark"], "directions": ["ltr", "rtl"], "scales": [1]}},
        {"name": "scripts", "tags": "scripts.tags",
         "variants": {"contentSizes": ["L", "AX2"], "widths": [320, 414], "scales": [1]}}
      ]
    }
    """
    static let chooserTags = "# 运动\n篮球\n足球\n排球\n* 网球\n# Remember…\nRemember me\nRemember the name\n"
    static let scriptsTags = "Crème brûlée\nПривет, мир\nΑθήνα\n标签选择器\nHello שלום\n"

    static let allGoldens = [
        "chooser/@1x-dark-ltr.png", "chooser/@1x-dark-rtl.png", "chooser/@1x-light-ltr.png", "chooser/@1x-light-rtl.png",
        "scripts/w320-@1x-AX2.png", "scripts/w320-@1x-L.png", "scripts/w414-@1x-AX2.png", "scripts/w414-@1x-L.png",
    ]

    func makeProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("tagflow.json", Self.manifest)
        try folder.write("chooser.tags", Self.chooserTags)
        try folder.write("scripts.tags", Self.scriptsTags)
        return folder
    }

    func snapshot(_ arguments: [String], in folder: TemporaryFolder, environment: [String: String] = ["CI": ""]) throws -> RunResult {
        try tagflow(["snapshot"] + arguments + ["--quiet"], in: folder.url, environment: environment)
    }

    /// Every golden's bytes and modification time.
    func goldens(_ folder: TemporaryFolder) throws -> [String: (Data, Date)] {
        var files = [String: (Data, Date)]()
        for name in Self.allGoldens {
            let path = folder.path("goldens/" + name)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            files[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), try #require(attributes[.modificationDate] as? Date))
        }
        return files
    }

    func junitFailures(_ path: String) throws -> [String] {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        // Each failing test case is `<testcase classname="S" name="N">` followed by a failure element.
        return xml.components(separatedBy: "<testcase ").dropFirst().compactMap { testCase in
            guard testCase.contains("<failure") else { return nil }
            let classname = testCase.components(separatedBy: "classname=\"")[1].components(separatedBy: "\"")[0]
            let name = testCase.components(separatedBy: " name=\"")[1].components(separatedBy: "\"")[0]
            return classname + "/" + name
        }.sorted()
    }

    @Test func recordThenVerifyPassesAndARenamedTagFailsExactlyItsVariants() throws {
        let folder = try makeProject()
        let record = try snapshot(["record"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("record: 8 goldens: 8 written"), "\(record.stdout)")
        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(try junitFailures(folder.path("report/junit.xml")).isEmpty)

        // Rename one tag of one screen: its four variants change, the other screen's do not.
        try folder.write("chooser.tags", Self.chooserTags.replacingOccurrences(of: "足球", with: "足球赛"))
        let changed = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
        let failing = Self.allGoldens.filter { $0.hasPrefix("chooser/") }
        #expect(try junitFailures(folder.path("report/junit.xml")) == failing)
        let markdown = try String(contentsOfFile: folder.path("report/report.md"), encoding: .utf8)
        for name in Self.allGoldens { #expect(markdown.contains(name) == failing.contains(name), "\(name) in report.md") }
        let html = try String(contentsOfFile: folder.path("report/report.html"), encoding: .utf8)
        #expect(html.contains("loading=\"lazy\""))
        for name in failing {
            let base = (name as NSString).deletingPathExtension
            for role in ["actual", "golden", "diff"] {
                #expect(FileManager.default.fileExists(atPath: folder.path("report/images/\(base).\(role).png")), "\(base).\(role)")
            }
        }

        // Record only what failed: the other screen's goldens keep their bytes and their modification times.
        // Dated a day back, so a rewrite shows in the modification time however fast it follows.
        let dayAgo = Date().addingTimeInterval(-86_400)
        for name in Self.allGoldens {
            try FileManager.default.setAttributes([.modificationDate: dayAgo], ofItemAtPath: folder.path("goldens/" + name))
        }
        let before = try goldens(folder)
        let rerecord = try snapshot(["record", "--mode", "failed"], in: folder)
        #expect(rerecord.status == 0, "\(rerecord.stderr)")
        let after = try goldens(folder)
        for name in Self.allGoldens {
            let rewritten = before[name]!.0 != after[name]!.0 || before[name]!.1 != after[name]!.1
            #expect(rewritten == failing.contains(name), "\(name) rewritten: \(rewritten)")
        }
        #expect(try snapshot(["verify"], in: folder).status == 0)
        // Nothing changed since: recording again writes nothing at all.
        let again = try snapshot(["record", "--mode", "all"], in: folder)
        #expect(again.stdout.contains("8 goldens: 8 matched"), "\(again.stdout)")
        let untouched = try goldens(folder)
        for name in Self.allGoldens { #expect(untouched[name]!.1 == after[name]!.1, "\(name) was touched") }
    }

    /// A golden one pixel off the picture, in its last row: verify checks the picture band by band against the golden,
    /// and compares it whole only when a band differs, so the report counts that pixel, and a tolerance of one pixel
    /// lets it pass.
    @Test func aGoldenOnePixelOffIsCountedAndPassesATolerance() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let name = "chooser/@1x-dark-rtl.png"
        let path = folder.path("goldens/" + name)
        var image = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let corner = image[image.width - 1, image.height - 1]
        image[image.width - 1, image.height - 1] = .init(red: 255 - corner.red, green: 255 - corner.green,
                                                         blue: 255 - corner.blue, alpha: corner.alpha)
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))

        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        #expect(try junitFailures(folder.path("report/junit.xml")) == [name])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("report/report.json")))) as? [String: Any]
        let items = try #require(report?["items"] as? [[String: Any]])
        let changed = try #require(items.first { $0["name"] as? String == name })
        #expect(changed["status"] as? String == "changed")
        #expect(changed["differentPixels"] as? Int == 1)
        #expect(items.filter { $0["name"] as? String != name }.allSatisfy { $0["status"] as? String == "matched" })

        try folder.write("tagflow.json", Self.manifest.replacingOccurrences(of: "\"goldens\": \"goldens\",",
                                                                            with: "\"goldens\": \"goldens\", \"tolerance\": {\"maxDiffPixels\": 1},"))
        let tolerated = try snapshot(["verify"], in: folder)
        #expect(tolerated.status == 0, "\(tolerated.stdout)\(tolerated.stderr)")
    }

    /// A sequence golden is a folder of frames, compared step by step: the report says which steps changed, were
    /// added or were removed, and shows the first changed step's golden, actual and diff.
    @Test func aSequenceNamesItsChangedAddedAndRemovedStepsAndShowsTheFirstChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("s.tags", (1...24).map { "tag \($0)" }.joined(separator: "\n") + "\n")
        func manifest(frames: Int) throws {
            try folder.write("tagflow.json", #"{"goldens": "goldens", "screens": [{"name": "s", "tags": "s.tags", "scroll": [{"output": "sequence", "frames": \#(frames)}]}]}"#)
        }
        func sequenceItem(_ report: String) throws -> [String: Any] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path(report + "/report.json")))) as? [String: Any]
            return try #require((json?["items"] as? [[String: Any]])?.first { $0["kind"] as? String == "sequence" })
        }
        try manifest(frames: 4)
        let missing = try snapshot(["verify", "--report", "missing"], in: folder)
        #expect(missing.status == 1)
        #expect(try sequenceItem("missing")["detail"] as? String == "no golden (4 frames)")
        #expect(try snapshot(["record"], in: folder).status == 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path("goldens/s/default.scroll")).sorted()
        #expect(frames == ["frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png"])
        #expect(try snapshot(["verify"], in: folder).status == 0)

        // Only a frame lost or gained: its picture, as the golden had it or as drawn now.
        let scroll = folder.path("goldens/s/default.scroll") + "/"
        try FileManager.default.copyItem(atPath: scroll + "frame-0004.png", toPath: scroll + "frame-0005.png")
        #expect(try snapshot(["verify", "--report", "extra"], in: folder).status == 1)
        let extra = try sequenceItem("extra")
        #expect(extra["detail"] as? String == "4 frames; step 5 removed")
        #expect(extra["images"] as? [String: String] == ["golden": "images/s/default.step-5.golden.png"], "\(extra)")
        #expect(extra["imagesStep"] as? Int == 5)
        try FileManager.default.removeItem(atPath: scroll + "frame-0005.png")
        try FileManager.default.moveItem(atPath: scroll + "frame-0002.png", toPath: folder.path("frame-0002.png"))
        #expect(try snapshot(["verify", "--report", "gap"], in: folder).status == 1)
        let gap = try sequenceItem("gap")
        #expect(gap["detail"] as? String == "4 frames; step 2 added")
        #expect(gap["images"] as? [String: String] == ["actual": "images/s/default.step-2.actual.png"], "\(gap)")
        try FileManager.default.moveItem(atPath: folder.path("frame-0002.png"), toPath: scroll + "frame-0002.png")

        // The same scroll in fewer frames: every step moves, and the last is gone.
        try manifest(frames: 3)
        #expect(try snapshot(["verify", "--report", "fewer"], in: folder).status == 1)
        let fewer = try sequenceItem("fewer")
        #expect(fewer["detail"] as? String == "3 frames; steps 1–3 changed; step 4 removed")
        #expect(fewer["changedSteps"] as? [Int] == [1, 2, 3, 4])
        try manifest(frames: 5)
        #expect(try snapshot(["verify", "--report", "more"], in: folder).status == 1)
        #expect(try sequenceItem("more")["detail"] as? String == "5 frames; steps 1–4 changed; step 5 added")

        // One tag longer: the report shows the first step that changed, as a render's pictures.
        try manifest(frames: 4)
        try folder.write("s.tags", (1...24).map { $0 == 1 ? "tag 1, much longer now" : "tag \($0)" }.joined(separator: "\n") + "\n")
        #expect(try snapshot(["verify", "--report", "changed"], in: folder).status == 1)
        let changed = try sequenceItem("changed")
        #expect(changed["status"] as? String == "changed")
        let images = try #require(changed["images"] as? [String: String])
        let step = try #require(changed["changedSteps"] as? [Int]).first ?? 0
        // The roles a render's images have, and the step they show beside them.
        #expect(Set(images.keys) == ["golden", "actual", "diff"])
        #expect(changed["imagesStep"] as? Int == step)
        let html = try String(contentsOfFile: folder.path("changed/report.html"), encoding: .utf8)
        #expect(html.contains("<figcaption>diff, step \(step) <span class=\"size\">"))
        let golden = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("changed/" + images["golden"]!)))))
        let recorded = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("goldens/s/default.scroll/" + String(format: "frame-%04d.png", step))))))
        #expect(golden == recorded)
        let actual = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("changed/" + images["actual"]!)))))
        #expect(actual != golden)
        #expect(FileManager.default.fileExists(atPath: folder.path("changed/" + images["diff"]!)))

        // Recording the shorter sequence removes the frame it no longer has.
        try manifest(frames: 3)
        #expect(try snapshot(["record"], in: folder).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("goldens/s/default.scroll")).sorted()
                == ["frame-0001.png", "frame-0002.png", "frame-0003.png"])
    }

    @Test func aRemovedVariantIsStaleUntilPruned() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        try folder.write("tagflow.json", Self.manifest.replacingOccurrences(of: "\"themes\": [\"light\", \"dark\"]", with: "\"themes\": [\"light\"]"))
        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.status == 1)
        let stale = ["chooser/@1x-dark-ltr.png", "chooser/@1x-dark-rtl.png"]
        for name in stale { #expect(verify.stdout.contains("stale    \(name)"), "\(verify.stdout)") }
        #expect(try junitFailures(folder.path("report/junit.xml")) == stale)
        // A dry run removes nothing, --prune or not.
        let dryRun = try snapshot(["record", "--mode", "never", "--prune"], in: folder)
        #expect(dryRun.stdout.contains("--prune would remove it"), "\(dryRun.stdout)")
        for name in stale { #expect(FileManager.default.fileExists(atPath: folder.path("goldens/" + name))) }
        let prune = try snapshot(["record", "--prune"], in: folder)
        #expect(prune.status == 0, "\(prune.stdout)\(prune.stderr)")
        for name in stale { #expect(!FileManager.default.fileExists(atPath: folder.path("goldens/" + name))) }
        #expect(try snapshot(["verify"], in: folder).status == 0)
        // A screen no longer in the manifest: its goldens and then its emptied folder go.
        try folder.write("tagflow.json", Self.manifest.replacingOccurrences(of: "\"themes\": [\"light\", \"dark\"]", with: "\"themes\": [\"light\"]")
            .replacingOccurrences(of: #"{"name": "chooser""#, with: #"{"name": "picker""#))
        #expect(try snapshot(["record", "--prune"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens/chooser")))
        #expect(FileManager.default.fileExists(atPath: folder.path("goldens/picker")))
    }

    /// One-letter names, which trap Foundation's `deletingLastPathComponent`: a goldens folder still to be made, and a
    /// config whose font folders are relative to it.
    @Test func oneLetterFolderAndConfigNamesWork() throws {
        let folder = try makeProject()
        try FileManager.default.createDirectory(atPath: folder.path("f"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: folder.path("f/DejaVuSans.ttf"))
        try folder.write("c", #"{"fontDirs": ["f"]}"#)
        try folder.write("tagflow.json", #"{"goldens": "g", "screens": [{"name": "s", "tags": "scripts.tags", "config": "c"}]}"#)
        let record = try snapshot(["record"], in: folder)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("g/s/default.png")))
        try folder.write("tagflow.json", #"{"goldens": "x/y", "screens": [{"name": "s", "tags": "scripts.tags"}]}"#)
        #expect(try snapshot(["record"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("x/y/s/default.png")))
    }

    /// A device is named in goldens as its profile names itself, and one that could not name a file, that a screen
    /// lists twice, or that is unknown is refused where the manifest or config names it, before anything is drawn.
    @Test func devicesAreNamedOnceAndChecked() throws {
        let folder = try makeProject()
        func manifest(devices: String, config: String? = nil, screens: String = "") throws -> RunResult {
            try folder.write("tagflow.json", #"{"goldens": "goldens", "screens": [{"name": "s", "tags": "scripts.tags", "variants": {"devices": "#
                             + devices + "}" + (config.map { #", "config": ""# + $0 + "\"" } ?? "") + "}" + screens + "]}")
            return try snapshot(["record"], in: folder)
        }
        let spelled = try manifest(devices: #"["iPhone 15"]"#)
        #expect(spelled.status == 0, "\(spelled.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("goldens/s")).sorted() == ["iphone-15.layout.json", "iphone-15.png"])
        // A golden written under the spelling itself, as older versions named it, is said to be that golden.
        try FileManager.default.moveItem(atPath: folder.path("goldens/s/iphone-15.png"), toPath: folder.path("goldens/s/iPhone 15.png"))
        let renamed = try snapshot(["verify"], in: folder)
        #expect(renamed.stdout.contains("stale    s/iPhone 15.png  the golden now named s/iphone-15.png, under an earlier name; "
                                        + "record writes it under the new name, and --prune removes this one"), "\(renamed.stdout)")
        try FileManager.default.removeItem(atPath: folder.path("goldens"))

        let twice = try manifest(devices: #"["iphone-15", "IPHONE 15"]"#)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("tagflow.json:1:112: error: 'IPHONE 15' and 'iphone-15' are both the device 'iphone-15'"), "\(twice.stderr)")
        let unknown = try manifest(devices: #"["iphone-99"]"#)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("tagflow.json:1:99: error: unknown device 'iphone-99'"), "\(unknown.stderr)")
        try folder.write("devices.json", #"{"devices": [{"name": "../../docs/logo", "width": 375, "scale": 2}]}"#)
        let escaping = try manifest(devices: #"["../../docs/logo"]"#, config: "devices.json")
        #expect(escaping.status == 2)
        #expect(escaping.stderr.contains("tagflow.json:1:99: error: the device '../../docs/logo' cannot name a golden"), "\(escaping.stderr)")
        // Elsewhere a device's name is free.
        try folder.write("kiosk.json", #"{"devices": [{"name": "Kiosk 10.1", "width": 600, "scale": 1}], "device": "Kiosk 10.1"}"#)
        #expect(try tagflow(["render", "scripts.tags", "--config", "kiosk.json", "-o", "kiosk.png"], in: folder.url).status == 0)
        let cased = try manifest(devices: #"["iphone-15"]"#, screens: #", {"name": "S", "tags": "chooser.tags"}"#)
        #expect(cased.status == 2)
        #expect(cased.stderr.contains("error: the screens 's' and 'S' differ only in case"), "\(cased.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens")), "a refused run writes nothing")
    }

    /// On a machine without a font the goldens were drawn with, every golden with its text changes; verify says
    /// why before anything else, and which screens' tags now show boxes.
    @Test func verifyWithoutAFontTheGoldensUsedSaysSoFirst() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let fonts = try String(contentsOf: packageRoot.appendingPathComponent("Tests/fontconfig/fonts.conf"), encoding: .utf8)
        try folder.write("no-wqy.conf", fonts.split(separator: "\n", omittingEmptySubsequences: false)
            // Noto Sans CJK goes too: it would draw the Chinese in WenQuanYi Zen Hei's place.
            .filter { !$0.contains("wqy-zenhei.ttc</glob>") && !$0.contains("NotoSansCJK") }.joined(separator: "\n"))
        let verify = try snapshot(["verify", "--report", "report"], in: folder,
                                  environment: ["CI": "", "FONTCONFIG_FILE": folder.path("no-wqy.conf")])
        #expect(verify.status == 1)
        let warnings = verify.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        let missingFont = "warning: the goldens were recorded with the font WenQuanYi Zen Hei (wqy-zenhei.ttc), which this machine "
            + "does not have: install it, or name its file in the config's \"fontFiles\""
        #expect(warnings.first.map(String.init) == missingFont, "\(verify.stderr)")
        for tags in ["chooser.tags", "scripts.tags"] {
            #expect(warnings.contains { $0.hasPrefix("warning: \(tags): ") && $0.contains("Chinese, Japanese or Korean characters no installed font can draw") },
                    "\(verify.stderr)")
        }
        let report = try String(contentsOfFile: folder.path("report/report.md"), encoding: .utf8)
        #expect(report.contains("> ⚠️ the goldens were recorded with the font WenQuanYi Zen Hei"))
        // Shards merged say of the text what the whole run says; a shard, which has only its screens' fonts to look
        // in, does not guess at fonts missing.
        var shardNotes = [String]()
        for index in 1...3 {
            let shard = try snapshot(["verify", "--shard", "\(index)/3", "--report", "shard\(index)"], in: folder,
                                     environment: ["CI": "", "FONTCONFIG_FILE": folder.path("no-wqy.conf")])
            #expect(!shard.stderr.contains("which this machine does not have"), "\(shard.stderr)")
            shardNotes.append(folder.path("shard\(index)"))
        }
        #expect(try snapshot(["merge"] + shardNotes + ["--report", "merged"], in: folder).status == 1)
        func notes(_ report: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path(report + "/report.json"))))
            let all = try #require((json as? [String: Any])?["fontNotes"] as? [String])
            return all.filter { $0.contains("no installed font can draw") }
        }
        let whole = try notes("report")
        #expect(whole.count == 2)
        #expect(try notes("merged") == whole, "the text's notes are the whole run's")
        // With the font, nothing is said.
        let again = try snapshot(["verify"], in: folder)
        #expect(again.status == 0 && !again.stderr.contains("warning"), "\(again.stderr)")
    }

    /// A golden that is not a picture is an item of a verify, named with its remedy beside every other golden's
    /// result, in the reports too: the run exits 2, as for an error. A record stops at it.
    @Test func aGoldenThatIsNotAPictureIsNamedWithItsRemedy() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let golden = "goldens/chooser/@1x-dark-ltr.png"
        try folder.write(golden, "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 12345\n")
        let pointer = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(pointer.status == 2)
        // Named below the goldens folder, so the report is the same wherever the manifest is run from.
        #expect(pointer.stdout.contains("unreadable chooser/@1x-dark-ltr.png  the golden 'chooser/@1x-dark-ltr.png' is a Git LFS pointer"),
                "\(pointer.stdout)")
        #expect(pointer.stdout.contains("run git lfs pull"), "\(pointer.stdout)")
        #expect(pointer.stdout.contains("verify: \(Self.allGoldens.count) goldens: \(Self.allGoldens.count - 1) matched, 1 unreadable"), "\(pointer.stdout)")
        let junit = try String(contentsOfFile: folder.path("report/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"\(Self.allGoldens.count)\" failures=\"0\" errors=\"1\""), "\(junit)")
        #expect(junit.contains("<error type=\"unreadable\""), "\(junit)")
        #expect(try String(contentsOfFile: folder.path("report/report.md"), encoding: .utf8).contains("| unreadable |"))
        try folder.write(golden, "not a PNG")
        let broken = try snapshot(["verify"], in: folder)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("unreadable chooser/@1x-dark-ltr.png") && broken.stdout.contains("is not a PNG tagflow can read"),
                "\(broken.stdout)")
        let record = try snapshot(["record"], in: folder)
        #expect(record.status == 2 && record.stderr.contains("is not a PNG tagflow can read"), "\(record.stderr)")
        #expect(try String(contentsOfFile: folder.path(golden), encoding: .utf8) == "not a PNG", "a record that stops writes nothing")
    }

    /// The summary says how much the goldens folder holds, as `find` adds up its files, so a team sees when to keep
    /// the goldens in Git LFS; the JSON report has the bytes.
    @Test func theSummarySaysHowMuchTheGoldensFolderHolds() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let sizes = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/find"),
                                          ["goldens", "-type", "f", "-printf", "%s\n"], in: folder.url)
        let total = sizes.stdout.split(separator: "\n").compactMap { Int($0) }.reduce(0, +)
        #expect(total > 0)
        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("verify: \(Self.allGoldens.count) goldens: \(Self.allGoldens.count) matched; "
            + "the goldens folder holds \(formatByteSize(total))\n"), "\(verify.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("report/report.json")))
        let summary = try #require((json as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["goldensBytes"] as? Int == total)
    }

    /// The `.gitattributes` rule docs/code-review.md gives for keeping goldens in Git LFS.
    static func documentedLFSRule() throws -> String {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/code-review.md"), encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "```gitattributes"), "no ```gitattributes block in the guide")
        return lines[start + 1]
    }

    /// Goldens kept in Git LFS by the documented rule: a clone without LFS has pointers, which verify names with
    /// `git lfs pull`, and once pulled they verify. The layouts and the fonts record stay in Git.
    @Test(.enabled(if: toolAvailable("git-lfs")))
    func goldensInGitLFSArePointersUntilPulled() throws {
        let folder = try makeProject()
        let git = { (arguments: [String], directory: URL) throws -> RunResult in
            let run = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/git"),
                                            ["-c", "user.name=tagflow", "-c", "user.email=tagflow@example.com"]
                                                + arguments, in: directory, environment: ["GIT_LFS_SKIP_SMUDGE": "1"])
            #expect(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.stderr)")
            return run
        }
        let rule = try Self.documentedLFSRule()
        #expect(rule.hasPrefix("snapshots/"))
        try folder.write(".gitattributes", rule.replacingOccurrences(of: "snapshots/", with: "goldens/") + "\n")
        #expect(try snapshot(["record"], in: folder).status == 0)
        for arguments in [["init", "-q"], ["lfs", "install", "--local"], ["add", "-A"], ["commit", "-qm", "goldens"]] {
            _ = try git(arguments, folder.url)
        }
        let inLFS = try git(["lfs", "ls-files", "--name-only"], folder.url).stdout.split(separator: "\n")
        #expect(inLFS.map(String.init).sorted() == Self.allGoldens.map { "goldens/" + $0 }, "\(inLFS)")
        // A clone without LFS's files: every golden is a pointer.
        let clone = try TemporaryFolder()
        _ = try git(["clone", "-q", folder.path(""), clone.path("")], folder.url)
        let pointer = try snapshot(["verify"], in: clone)
        #expect(pointer.status == 2)
        #expect(pointer.stdout.contains("unreadable chooser/@1x-dark-ltr.png  the golden 'chooser/@1x-dark-ltr.png' is "
            + "a Git LFS pointer"), "\(pointer.stdout)")
        #expect(pointer.stdout.contains("run git lfs pull"), "\(pointer.stdout)")
        #expect(pointer.stdout.contains("\(Self.allGoldens.count) unreadable"), "\(pointer.stdout)")
        _ = try git(["lfs", "pull"], clone.url)
        let pulled = try snapshot(["verify"], in: clone)
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
    }

    /// A picture at the top of the goldens folder belongs to no screen, and tagflow never writes one there: it is
    /// neither reported stale nor pruned.
    @Test func aPictureOutsideAnyScreenFolderIsNotAGolden() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        try FileManager.default.copyItem(atPath: folder.path("goldens/chooser/@1x-dark-ltr.png"), toPath: folder.path("goldens/old.png"))
        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(!verify.stdout.contains("old.png"), "\(verify.stdout)")
        #expect(try snapshot(["record", "--prune"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path("goldens/old.png")))
    }

    /// A report folder reused by the next run shows only that run's pictures: those of the report it replaces go.
    @Test func aReusedReportFolderKeepsOnlyThisRunsPictures() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        try folder.write("scripts.tags", Self.scriptsTags + "One more tag\n")
        #expect(try snapshot(["verify", "--report", "report"], in: folder).status == 1)
        let images = try FileManager.default.subpathsOfDirectory(atPath: folder.path("report/images")).filter { $0.hasSuffix(".png") }
        #expect(!images.isEmpty)
        try folder.write("keep.png", "not tagflow's")
        try FileManager.default.copyItem(atPath: folder.path("keep.png"), toPath: folder.path("report/images/keep.png"))
        try folder.write("scripts.tags", Self.scriptsTags)
        #expect(try snapshot(["verify", "--report", "report"], in: folder).status == 0)
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder.path("report/images")).filter { $0.hasSuffix(".png") }
        #expect(left == ["keep.png"], "only a file no report named is left: \(left)")
    }

    @Test func recordIsRefusedOnCIUnlessForced() throws {
        let folder = try makeProject()
        let refused = try snapshot(["record"], in: folder, environment: ["CI": "true"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("refuses to run on CI"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens")), "nothing was written")
        // A dry run writes nothing, so runs anywhere.
        let dry = try snapshot(["record", "--mode", "never"], in: folder, environment: ["CI": "true"])
        #expect(dry.status == 1 && dry.stdout.contains("missing"), "\(dry.stdout)\(dry.stderr)")
        #expect(try snapshot(["record", "--mode", "never", "--force"], in: folder, environment: ["CI": "true"]).status == 1, "a script's dry run")
        #expect(try snapshot(["record", "--force"], in: folder, environment: ["CI": "true"]).status == 0)
        // A prune removes goldens: a stale one must fail the verify on CI, not vanish from it.
        try FileManager.default.copyItem(atPath: folder.path("goldens/chooser/@1x-light-ltr.png"), toPath: folder.path("goldens/chooser/gone.png"))
        let prune = try snapshot(["verify", "--prune"], in: folder, environment: ["CI": "true"])
        #expect(prune.status == 2 && prune.stderr.contains("snapshot verify --prune refuses to run on CI"), "\(prune.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("goldens/chooser/gone.png")))
        let stale = try snapshot(["verify"], in: folder, environment: ["CI": "true"])
        #expect(stale.status == 1 && stale.stdout.contains("stale"), "\(stale.stdout)")
        #expect(try snapshot(["verify", "--prune", "--force"], in: folder, environment: ["CI": "true"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens/chooser/gone.png")))
        let needless = try snapshot(["verify", "--force"], in: folder)
        #expect(needless.status == 2 && needless.stderr.contains("this run changes none"), "\(needless.stderr)")
    }

    /// Stale goldens are dealt to the shards as variants are: each job of a matrix fails on its share only.
    @Test func eachStaleGoldenFallsToOneShard() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let stale = ["chooser/a.png", "chooser/b.png", "scripts/c.png"]
        for name in stale {
            try FileManager.default.copyItem(atPath: folder.path("goldens/chooser/@1x-light-ltr.png"), toPath: folder.path("goldens/" + name))
        }
        var found = [String]()
        for index in 1...2 {
            let run = try snapshot(["verify", "--shard", "\(index)/2", "--report", "shard\(index)"], in: folder)
            #expect(run.status == 1)
            let junit = try String(contentsOfFile: folder.path("shard\(index)/junit.xml"), encoding: .utf8)
            found += stale.filter { name in
                let parts = name.split(separator: "/")
                return junit.contains("classname=\"\(parts[0])\" name=\"\(parts[1])\"")
            }
        }
        #expect(found.sorted() == stale, "\(found)")
        #expect(try snapshot(["merge", "shard1", "shard2", "--report", "merged"], in: folder).status == 1)
        #expect(try snapshot(["verify", "--report", "whole"], in: folder).status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("merged/report.json")))
                    == Data(contentsOf: URL(fileURLWithPath: folder.path("whole/report.json"))))
        // Pruned by the shards between them, each golden by one.
        for index in 1...2 { #expect(try snapshot(["verify", "--prune", "--shard", "\(index)/2"], in: folder).status == 0) }
        #expect(stale.allSatisfy { !FileManager.default.fileExists(atPath: folder.path("goldens/" + $0)) })
    }

    @Test func twoShardsCoverEveryVariantOnceAndMergeIntoTheWholeReport() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        try folder.write("scripts.tags", Self.scriptsTags + "One more tag\n")
        #expect(try snapshot(["verify", "--report", "whole"], in: folder).status == 1)
        #expect(try snapshot(["verify", "--shard", "1/2", "--report", "one"], in: folder).status == 1)
        let two = try snapshot(["verify", "--shard", "2/2", "--report", "two"], in: folder)
        #expect(two.status == 1)
        func names(_ report: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path(report + "/report.json")))) as? [String: Any]
            return ((json?["items"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        }
        let first = try names("one"), second = try names("two")
        #expect(Set(first).isDisjoint(with: second))
        #expect((first + second).sorted() == Self.allGoldens)
        // A lost shard's report, or one given twice, must not turn the run green.
        let partial = try snapshot(["merge", "one", "--report", "partial"], in: folder)
        #expect(partial.status == 2)
        #expect(partial.stderr.contains("error: no report folder holds shard 2/2 of the run"), "\(partial.stderr)")
        let twice = try snapshot(["merge", "one", "one", "--report", "partial"], in: folder)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("error: 'one' and 'one' both hold shard 1/2"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("partial")), "a refused merge writes nothing")
        // Nor into the goldens, nor over a shard's own folder, which a retried merge reads again; nor with a run's options.
        for (arguments, words) in [(["--report", "goldens/merged"], "is inside 'goldens'"), (["--report", "one"], "is inside 'one'"),
                                   (["--report", "m", "--prune"], "--prune applies to record and verify"),
                                   (["--report", "m", "--shard", "1/2"], "--shard applies to record and verify")] {
            let refused = try snapshot(["merge", "one", "two"] + arguments, in: folder)
            #expect(refused.status == 2 && refused.stderr.contains(words), "\(arguments): \(refused.stderr)")
        }
        let missing = try snapshot(["merge", "one", "nowhere", "--report", "m"], in: folder)
        #expect(missing.status == 2 && missing.stderr.contains("'nowhere' holds no report.json"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("m")) && !FileManager.default.fileExists(atPath: folder.path("goldens/merged")))
        let merged = try snapshot(["merge", "two", "one", "--report", "merged"], in: folder)
        #expect(merged.status == 1, "\(merged.stderr)")
        for file in ["report.json", "report.md", "junit.xml", "report.html"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("merged/" + file)))
                        == Data(contentsOf: URL(fileURLWithPath: folder.path("whole/" + file))), "\(file)")
        }
        // A report tagflow did not write is refused at the word it does not know.
        let shardReport = try String(contentsOfFile: folder.path("two/report.json"), encoding: .utf8)
        for (word, changed, what) in [("\"action\": \"verify\"", "\"action\": \"check\"", "\"action\""),
                                      ("\"status\": \"", "\"status\": \"ok-", "an item's \"status\""),
                                      ("\"diff\": \"images/", "\"difference\": \"images/", "an image's role")] {
            #expect(shardReport.contains(word), "\(word)")
            guard let range = shardReport.range(of: word) else { continue }
            try FileManager.default.createDirectory(atPath: folder.path("tampered"), withIntermediateDirectories: true)
            try shardReport.replacingCharacters(in: range, with: changed).write(toFile: folder.path("tampered/report.json"), atomically: true, encoding: .utf8)
            let refused = try snapshot(["merge", "one", "tampered", "--report", "t"], in: folder)
            #expect(refused.status == 2 && refused.stderr.hasPrefix("tampered/report.json:")
                    && refused.stderr.contains("error: " + what + " is not one tagflow writes ("), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("t")))
        }
    }

    @Test func verifySaysFirstWhenTheFontsDifferFromTheRecordedOnes() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let recorded = try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8)
        #expect(recorded.contains("\"fileName\": \"DejaVuSans.ttf\""), "\(recorded)")
        // The same family from another file: a copy with bytes appended, so its hash differs.
        var font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        font.append(contentsOf: [UInt8](repeating: 0, count: 16))
        try folder.write("DejaVuSans.ttf", font)
        try folder.write("chooser.json", "{\"fontFiles\": [\"DejaVuSans.ttf\"]}")
        try folder.write("tagflow.json", Self.manifest.replacingOccurrences(of: "\"tags\": \"chooser.tags\",", with: "\"tags\": \"chooser.tags\", \"config\": \"chooser.json\","))
        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.stderr.contains("the goldens were recorded with other font files"), "\(verify.stderr)")
        // It names what changed, the copy's content, and not every font recorded.
        #expect(verify.stderr.contains("DejaVu Sans Book (content xxh64:"), "\(verify.stderr)")
        #expect(!verify.stderr.contains("WenQuanYi"), "\(verify.stderr)")
        let markdown = try String(contentsOfFile: folder.path("report/report.md"), encoding: .utf8)
        let lines = markdown.split(separator: "\n")
        #expect(lines.count > 1 && lines[1].contains("recorded with other font files"), "the note comes before the failures:\n\(markdown)")
    }

    /// Goldens recorded when `fonts.json` hashed files with FNV-1a 64 still match the same files, and a record keeps
    /// the file as it is; a file that hashes otherwise by FNV-1a 64 is another font.
    @Test func fontsRecordedWithTheOlderHashStillMatch() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let current = try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8)
        var older = current
        for match in current.matches(of: /"fileName": "([^"]+)", "version": "[^"]*", "contentHash": "(xxh64:[0-9a-f]{16})"/) {
            let path = try #require(Self.installedFontPath(String(match.1)))
            older = older.replacingOccurrences(of: String(match.2), with: Self.fnv1a64(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        try #require(older != current && !older.contains("xxh64:"), "\(older)")
        try folder.write("goldens/fonts.json", older)
        let verify = try snapshot(["verify"], in: folder)
        #expect(verify.status == 0 && !verify.stderr.contains("font files"), "\(verify.stderr)")
        #expect(try snapshot(["record"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8) == older, "no change to review")

        let sans = try #require(older.firstMatch(of: /"DejaVuSans.ttf", "version": "[^"]*", "contentHash": "(fnv1a64:[0-9a-f]{16})"/)?.1)
        try folder.write("goldens/fonts.json", older.replacingOccurrences(of: String(sans), with: "fnv1a64:0000000000000000"))
        let changed = try snapshot(["verify"], in: folder)
        #expect(changed.stderr.contains("the goldens were recorded with other font files"), "\(changed.stderr)")
    }

    /// A golden taller than 16,384 px (here 22,800), which tagflow draws in strips, verifies and diffs like any other.
    @Test func aTallGoldenReadsBack() throws {
        let folder = try TemporaryFolder()
        let tags = (0..<60).map { section in "@section S\(section)\n" + (0..<40).map { "tag\($0)" }.joined(separator: "\n") }
        try folder.write("tall.tags", tags.joined(separator: "\n") + "\n")
        try folder.write("tagflow.json", #"{"screens": [{"name": "tall", "tags": "tall.tags", "variants": {"scales": [1]}}]}"#)
        let record = try snapshot(["record"], in: folder)
        try #require(record.status == 0, "\(record.stderr)")
        let golden = folder.path("snapshots/tall/@1x.png")
        let verify = try snapshot(["verify"], in: folder)
        #expect(verify.status == 0 && verify.stdout.contains("1 matched"), "\(verify.stdout)\(verify.stderr)")
        let diff = try tagflow(["diff", golden, golden])
        #expect(diff.status == 0 && diff.stdout.contains("375×22800"), "\(diff.stdout)\(diff.stderr)")
    }

    static func installedFontPath(_ fileName: String) -> String? {
        FileManager.default.enumerator(atPath: "/usr/share/fonts")?.lazy.compactMap { $0 as? String }
            .first { ($0 as NSString).lastPathComponent == fileName }.map { "/usr/share/fonts/" + $0 }
    }

    /// `fnv1a64:` and the FNV-1a 64 hash of `data`, as `fonts.json` recorded files before XXH64.
    static func fnv1a64(_ data: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A manifest of 120 variants at scale 2, slow enough to stop part way.
    func writeManyVariants(in folder: TemporaryFolder) throws {
        let widths = (0..<60).map { String(300 + 2 * $0) }.joined(separator: ", ")
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "many", "tags": "chooser.tags",
              "variants": {"widths": [\(widths)], "themes": ["light", "dark"], "scales": [2]}}]}
            """)
    }

    /// Starts `tagflow snapshot` with `arguments` in `folder` and sends SIGINT once `folder/watched` holds three
    /// files; false when the run ended first.
    func interrupt(_ arguments: [String], in folder: TemporaryFolder, watching watched: String,
                   standardError: String? = nil) throws -> (status: Int32, stopped: Bool) {
        // Pictures only: a golden's layout is written beside it.
        func count() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path(watched))) ?? [])
                .count { !$0.contains(".layout.json") }
        }
        return try interrupt(arguments, in: folder, standardError: standardError, watching: [folder.path(watched)],
                             once: { _ in count() >= 3 })
    }

    /// Starts `tagflow snapshot` with `arguments` in `folder` and sends SIGINT once `isTime` holds of the run, asked
    /// again whenever something happens to `watched`; its exit status, and false when the run ended first.
    func interrupt(_ arguments: [String], in folder: TemporaryFolder, standardError: String? = nil,
                   watching watched: [String],
                   once isTime: (RunningProcess) -> Bool) throws -> (status: Int32, stopped: Bool) {
        let run = try ProcessRunner.start(tagflowExecutable, ["snapshot"] + arguments, in: folder.url,
                                          environment: ["CI": ""], standardError: standardError)
        guard run.waitUntil(watching: watched, hangLimit: 120, { isTime(run) }) else {
            if run.isRunning { run.send(SIGKILL) }
            return (run.wait(), false)
        }
        run.send(SIGINT)
        return (run.wait(), true)
    }

    /// The folders the tests' fontconfig file takes fonts from: a run opens a face there before it maps it.
    var fontFolders: [String] {
        let conf = (try? String(contentsOf: packageRoot.appendingPathComponent("Tests/fontconfig/fonts.conf"),
                                encoding: .utf8)) ?? ""
        return conf.matches(of: /<dir>([^<]+)<\/dir>/).map { String($0.output.1) }
    }

    /// Whether the process `id` has a font file mapped: a run maps the faces it measures with, so it has begun
    /// laying out its first variant.
    func hasMappedAFont(_ id: Int32) -> Bool {
        guard let maps = try? String(contentsOfFile: "/proc/\(id)/maps", encoding: .utf8) else { return false }
        return [".ttf", ".ttc", ".otf"].contains { maps.contains($0) }
    }

    /// Ctrl-C while the only variant is drawn, a long sequence: the run stops once the variant is made, before it
    /// is written, and exits 130 with no golden.
    @Test func aSignalDuringTheLastVariantStopsTheRun() throws {
        let folder = try makeProject()
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "long", "tags": "chooser.tags", "variants": {"scales": [3]},
              "scroll": [{"output": "sequence", "frames": 150}]}]}
            """)
        // Stopped once the run has begun measuring its only variant, however fast the machine draws it. fontconfig's
        // cache is made first, so that the run maps a font only to measure with, not to scan it.
        #expect(try tagflow(["measure", "a"]).status == 0)
        let (status, stopped) = try interrupt(["record", "--quiet", "--threads", "1"], in: folder,
                                              watching: fontFolders, once: { hasMappedAFont($0.processIdentifier) })
        guard stopped else {
            Issue.record("the record ended before it could be interrupted: \(status)")
            return
        }
        #expect(status == 130)
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path("goldens"))) ?? []
        #expect(left.filter { !$0.hasSuffix("fonts.json") }.isEmpty, "\(left.count) files, \(left.prefix(3))")
    }

    /// Ctrl-C during a verify with a report: no report is written, so none of its pictures are either.
    @Test func anInterruptedVerifyLeavesNoPicturesWithoutTheirReport() throws {
        let folder = try makeProject()
        try writeManyVariants(in: folder)
        // No goldens: every variant is missing, and its picture is for the report.
        let (status, stopped) = try interrupt(["verify", "--quiet", "--threads", "1", "--report", "report"], in: folder,
                                              watching: "report/images/many")
        guard stopped else {
            Issue.record("verify ended before it could be interrupted: \(status)")
            return
        }
        #expect(status == 130)
        #expect(!FileManager.default.fileExists(atPath: folder.path("report/images")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("report/report.json")))
    }

    /// Ctrl-C during a record: the variants finished are kept, every golden is the old one or a whole new one, no
    /// temporary file is left, and the exit status is 130.
    @Test func anInterruptedRecordLeavesEveryGoldenWhole() throws {
        let folder = try makeProject()
        try writeManyVariants(in: folder)
        // A finished variant's golden waits under a hidden name until the run ends.
        let (status, stopped) = try interrupt(["record", "--quiet", "--threads", "1"], in: folder,
                                              watching: "goldens/many", standardError: folder.path("stderr.txt"))
        guard stopped else {
            Issue.record("record ended before it could be interrupted: \(status)")
            return
        }
        let goldens = folder.url.appendingPathComponent("goldens/many")
        // The pictures; each has its layout beside it.
        func written() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).filter { !$0.hasSuffix(".layout.json") }.sorted()
        }
        let stderr = try String(contentsOfFile: folder.path("stderr.txt"), encoding: .utf8)
        #expect(status == 130, "\(stderr)")
        let done = try #require(stderr.firstMatch(of: /interrupted: (\d+) of 120 variants done; every golden is whole/), "\(stderr)")
        let files = written()
        #expect(files.count >= 3 && files.count < 120 && files.count == Int(done.1), "\(files.count) goldens")
        #expect(files.allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(files.filter { $0.hasPrefix(".") })")
        for name in files {
            let bytes = Array(try Data(contentsOf: goldens.appendingPathComponent(name)))
            #expect(throws: Never.self, "\(name) is a whole PNG") { _ = try PNGDecoder().decode(bytes) }
        }
    }

    @Test func badManifestsAreNamedWithTheirPlace() throws {
        let folder = try makeProject()
        try folder.write("tagflow.json", "{\"screens\": [{\"name\": \"a\", \"tags\": \"chooser.tags\", \"variants\": {\"themes\": [\"sepia\"]}}]}")
        let result = try snapshot(["verify"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("tagflow.json:1:"), "\(result.stderr)")
        #expect(result.stderr.contains("sepia"), "\(result.stderr)")
        let missing = try tagflow(["snapshot", "verify", "--manifest", "nope.json"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no manifest at 'nope.json'"), "\(missing.stderr)")
        let shard = try tagflow(["snapshot", "verify", "--shard", "3/2"], in: folder.url)
        #expect(shard.status == 2)
        #expect(shard.stderr.contains("I/N"), "\(shard.stderr)")
    }

    /// Screens with the same fonts share one text engine; a screen whose config adds a font file has its own, and the
    /// others never see that font.
    @Test func screensShareTextEnginesOnlyWhenTheirFontsAreTheSame() throws {
        let folder = try makeProject()
        try writePrivateFontConfigs(in: folder)
        let screens = ["{\"name\": \"a\", \"tags\": \"chooser.tags\", \"config\": \"private.json\"}",
                       "{\"name\": \"b\", \"tags\": \"scripts.tags\", \"config\": \"private.json\"}",
                       "{\"name\": \"c\", \"tags\": \"chooser.tags\"}"]
        try folder.write("tagflow.json", "{\"goldens\": \"goldens\", \"screens\": [" + screens.joined(separator: ", ") + "]}")
        let shared = try snapshot(["record"], in: folder)
        #expect(shared.status == 0, "\(shared.stderr)")
        let fonts = try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8)
        #expect(fonts.contains("TagFlow Test Private") && fonts.contains("DejaVu Sans"), "\(fonts)")

        try folder.write("tagflow.json", "{\"goldens\": \"goldens\", \"screens\": [" + screens[0] + ", {\"name\": \"d\", \"tags\": \"chooser.tags\", \"config\": \"plain.json\"}]}")
        let separate = try snapshot(["record"], in: folder)
        #expect(missedPrivateFont(separate), "\(separate.stderr)")
    }

    /// A legibility-weight axis records one golden per weight; Bold Text's tags wrap sooner, so its picture is
    /// taller. An unknown weight is refused where it is written.
    @Test func boldTextIsAnAxis() throws {
        let folder = try makeProject()
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "three.tags", "config": "narrow.json",
              "variants": {"legibilityWeights": ["regular", "bold"]}}]}
            """)
        // Three 43-pt tags fill a line exactly in regular, and not in bold.
        try folder.write("three.tags", "篮球\n足球\n排球\n")
        try folder.write("narrow.json", "{\"width\": \(3 * 43 + 2 * 10 + 20)}")
        let record = try snapshot(["record"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        let regular = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("goldens/chooser/regular.png")))))
        let bold = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("goldens/chooser/bold.png")))))
        #expect(bold.height > regular.height, "bold \(bold.height) px against regular \(regular.height) px")
        #expect(try snapshot(["verify"], in: folder).status == 0)
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags",
              "variants": {"legibilityWeights": ["heavy"]}}]}
            """)
        let refused = try snapshot(["verify"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("tagflow.json:2:") && refused.stderr.contains("heavy") && refused.stderr.contains("regular, bold"), "\(refused.stderr)")
    }

    /// A run killed outright leaves its finished goldens under hidden names. They are not goldens: verify notes them
    /// once, and the next run that writes goldens removes them; a live run's temporary file is left alone.
    @Test func temporaryFilesOfAKilledRunAreNotedAndTheNextRecordRemovesThem() throws {
        let folder = try makeProject()
        #expect(try snapshot(["record"], in: folder).status == 0)
        let ended = try ProcessRunner.run(URL(fileURLWithPath: "/bin/true"), [])
        let leftOvers = ["chooser/.@1x-dark-ltr.png.tmp-\(ended.processIdentifier)-k1ll3d", "scripts/.w320-@1x-L.png.tmp-\(ended.processIdentifier)-k1ll3d"]
        let live = ".fonts.json.tmp-\(getpid())-l1ve"
        for name in leftOvers { try folder.write("goldens/" + name, "half a PNG") }
        try folder.write("goldens/" + live, "being written")
        // Not goldens: verify passes, and says once what is there and what removes it.
        let verify = try snapshot(["verify", "--report", "report"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("8 goldens: 8 matched"), "\(verify.stdout)")
        let note = "warning: 2 temporary files that stopped runs left are in the goldens folder, such as \(leftOvers[0]); they are not "
            + "goldens: verify --prune removes them, and a record once they are 10 minutes old"
        #expect(verify.stderr.contains(note), "\(verify.stderr)")
        #expect(!verify.stdout.contains(live) && !verify.stderr.contains(live))
        #expect(try junitFailures(folder.path("report/junit.xml")).isEmpty)
        // A dry run removes nothing.
        #expect(try snapshot(["record", "--mode", "never"], in: folder).status == 0)
        for name in leftOvers { #expect(FileManager.default.fileExists(atPath: folder.path("goldens/" + name))) }
        // A record leaves them while they are fresh: a process gone from here may be one still writing elsewhere.
        let fresh = try snapshot(["record", "--mode", "missing"], in: folder)
        #expect(fresh.status == 0 && fresh.stderr.contains(note), "\(fresh.stderr)")
        for name in leftOvers {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -11 * 60)], ofItemAtPath: folder.path("goldens/" + name))
        }
        let record = try snapshot(["record", "--mode", "missing"], in: folder)
        #expect(record.status == 0, "\(record.stdout)")
        #expect(record.stderr.contains("warning: removed 2 temporary files that stopped runs left in the goldens folder"), "\(record.stderr)")
        for name in leftOvers { #expect(!FileManager.default.fileExists(atPath: folder.path("goldens/" + name))) }
        #expect(FileManager.default.fileExists(atPath: folder.path("goldens/" + live)))
    }

    /// A report folder that cannot be written stops a record before any golden is written.
    @Test func anUnwritableReportStopsTheRunFirst() throws {
        let folder = try makeProject()
        try folder.write("report", "a file where the report folder would go")
        let record = try snapshot(["record", "--report", "report"], in: folder)
        #expect(record.status == 2)
        #expect(record.stderr.contains("error: --report 'report' is a file"), "\(record.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens")))
        let inside = try snapshot(["record", "--report", "goldens/report"], in: folder)
        #expect(inside.status == 2 && inside.stderr.contains("goldens/report"), "\(inside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens")))
    }

    /// `--filter` runs only the variants it names: the others are not drawn, written, compared or called stale.
    @Test func aFilterRunsOnlyTheVariantsItNames() throws {
        let folder = try makeProject()
        let record = try snapshot(["record", "--filter", "chooser/*-dark-*", "--filter", "scripts/w320-*-AX2"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        let written = Self.allGoldens.filter { FileManager.default.fileExists(atPath: folder.path("goldens/" + $0)) }
        #expect(written == ["chooser/@1x-dark-ltr.png", "chooser/@1x-dark-rtl.png", "scripts/w320-@1x-AX2.png"])
        // The rest are missing, but only a run that includes them says so.
        #expect(try snapshot(["verify", "--filter", "chooser/*-dark-*"], in: folder).status == 0)
        #expect(try snapshot(["verify"], in: folder).status == 1)
        // A filtered run adds the fonts it drew to fonts.json and keeps those others recorded: here a record of a
        // font file that no longer draws anything, which a whole run would drop.
        let recorded = try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8)
        let hash = try #require(recorded.firstMatch(of: /"wqy-zenhei.ttc", "version": "[^"]*", "contentHash": "(xxh64:[0-9a-f]+)"/)?.1)
        try folder.write("goldens/fonts.json", recorded.replacingOccurrences(of: String(hash), with: "xxh64:0000000000000000"))
        #expect(try snapshot(["record", "--filter", "scripts/*"], in: folder).status == 0)
        let fonts = try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8)
        #expect(fonts.contains(String(hash)) && fonts.contains("xxh64:0000000000000000"), "\(fonts)")
        #expect(try snapshot(["verify"], in: folder).status == 1, "chooser's light variants are still missing")
        try folder.write("goldens/chooser/old.png", "stale")
        #expect(try snapshot(["verify", "--filter", "scripts/*"], in: folder).status == 0, "a stale golden the filter does not name")
        let none = try snapshot(["verify", "--filter", "nothing/*"], in: folder)
        #expect(none.status == 2)
        #expect(none.stderr.contains("error: no variant's name matches --filter 'nothing/*'") && none.stderr.contains("'chooser/@1x-dark-ltr'"), "\(none.stderr)")
        // Each pattern must match: a misspelt one beside a good one would skip its screen in silence.
        let misspelt = try snapshot(["verify", "--filter", "chooser/*-dark-*", "--filter", "scrpits/*"], in: folder)
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("error: no variant's name matches --filter 'scrpits/*'"), "\(misspelt.stderr)")
        #expect(misspelt.stderr.contains("e.g. 'scripts/*', "), "\(misspelt.stderr)")
        // A golden's file name, or a screen's, points to the pattern meant.
        let copied = try snapshot(["verify", "--filter", "chooser/@1x-dark-ltr.png", "--filter", "scripts"], in: folder)
        #expect(copied.status == 2)
        #expect(copied.stderr.contains("--filter 'chooser/@1x-dark-ltr.png', 'scripts'"), "\(copied.stderr)")
        #expect(copied.stderr.contains("e.g. 'chooser/@1x-dark-ltr', 'scripts/*', 'chooser/@1x-dark-rtl'"), "\(copied.stderr)")
        // A whole record in mode all leaves every golden as drawn now, so fonts.json drops the file that drew none;
        // in another mode, or filtered, it keeps it.
        try FileManager.default.removeItem(atPath: folder.path("goldens/chooser/old.png"))
        #expect(try snapshot(["record", "--mode", "missing"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8).contains("xxh64:0000000000000000"))
        #expect(try snapshot(["record"], in: folder).status == 0)
        let whole = try String(contentsOfFile: folder.path("goldens/fonts.json"), encoding: .utf8)
        #expect(!whole.contains("xxh64:0000000000000000") && whole.contains(String(hash)), "\(whole)")
        let verify = try snapshot(["verify"], in: folder)
        #expect(verify.status == 0 && !verify.stderr.contains("the goldens were recorded with"), "\(verify.stderr)")
    }

    @Test func aRecordThatFailsWritesNothing() throws {
        let folder = try makeProject()
        // The good screen's variants are drawn and their goldens made before the empty screen fails.
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [
              {"name": "chooser", "tags": "chooser.tags", "variants": {"themes": ["light", "dark"]}},
              {"name": "empty", "tags": "empty.tags", "variants": {"themes": ["dark"]}}]}
            """)
        try folder.write("empty.tags", "# no tags yet\n")
        let first = try snapshot(["record", "--threads", "1"], in: folder)
        #expect(first.status == 2, "\(first.stderr)")
        #expect(first.stderr.contains("error: empty/dark:"), "\(first.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens")), "no golden, no fonts.json, no folder")
        // With goldens in place, a failing record leaves each of them as it was, bytes and time.
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags", "variants": {"themes": ["light", "dark"]}}]}
            """)
        #expect(try snapshot(["record"], in: folder).status == 0)
        let before = try folderContents(folder.path("goldens"))
        try folder.write("chooser.tags", Self.chooserTags + "\nAdded tag\n")
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [
              {"name": "chooser", "tags": "chooser.tags", "variants": {"themes": ["light", "dark"]}},
              {"name": "empty", "tags": "empty.tags", "variants": {"themes": ["dark"]}}]}
            """)
        let second = try snapshot(["record", "--prune", "--report", "report"], in: folder)
        #expect(second.status == 2, "\(second.stderr)")
        let after = try folderContents(folder.path("goldens"))
        #expect(after.keys.sorted() == before.keys.sorted())
        for (name, file) in before { #expect(after[name]?.0 == file.0 && after[name]?.1 == file.1, "\(name) untouched") }
        #expect(!FileManager.default.fileExists(atPath: folder.path("report")))
        // Without the empty screen the same record writes the changed goldens.
        try folder.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags", "variants": {"themes": ["light", "dark"]}}]}
            """)
        #expect(try snapshot(["record"], in: folder).status == 0)
        #expect(try folderContents(folder.path("goldens"))["chooser/dark.png"]?.0 != before["chooser/dark.png"]?.0)
    }

    /// Every file under `path`, by relative name, with its bytes and modification time; hidden files too.
    func folderContents(_ path: String) throws -> [String: (Data, Date)] {
        var files = [String: (Data, Date)]()
        let enumerator = try #require(FileManager.default.enumerator(atPath: path))
        while let name = enumerator.nextObject() as? String {
            let full = path + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[name] = (try Data(contentsOf: URL(fileURLWithPath: full)), try #require(attributes[.modificationDate] as? Date))
        }
        return files
    }

    @Test func aVariantThatCannotBeDrawnIsNamed() throws {
        let folder = try makeProject()
        try folder.write("tagflow.json", "{\"screens\": [{\"name\": \"empty\", \"tags\": \"empty.tags\", \"variants\": {\"themes\": [\"dark\"]}}]}")
        try folder.write("empty.tags", "# no tags yet\n")
        let record = try snapshot(["record"], in: folder)
        #expect(record.status == 2, "\(record.stderr)")
        #expect(record.stderr.contains("error: empty/dark: the content is 375×0 pt: there is nothing to draw"), "\(record.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens/empty/dark.png")))
        // Verify finds no golden to hold the variant against, and says so without drawing it.
        let verify = try tagflow(["snapshot", "verify"], in: folder.url, environment: ["CI": ""])
        #expect(verify.status == 1, "\(verify.stderr)")
        #expect(verify.stdout.contains("empty/dark.png"), "\(verify.stdout)")
    }
}
