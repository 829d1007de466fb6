import Foundation
import Testing
import TagFlowImage
import TagFlowTestSupport

/// One tag renamed on a 60-tag, 4-section screen recorded in 8 variants: verify says so in words, once for the
/// screen, and its diff pictures mark the renamed tag, not the tags the rename pushed along.
@Suite(.serialized) struct ExplainedChangeTests {
    static let manifest = """
        {"goldens": "goldens", "screens": [{"name": "interests", "tags": "interests.tags",
          "variants": {"devices": ["iphone-se", "iphone-15"], "themes": ["light", "dark"], "contentSizes": ["L", "AX2"]}}]}
        """
    static let rename = "'Vegan' → 'Vegetarian 🥗' (item 0-2)"

    struct Project {
        let folder: TemporaryFolder
        func path(_ name: String) -> String { folder.path(name) }
        func snapshot(_ arguments: [String]) throws -> RunResult {
            try ProcessRunner.run(tagflowExecutable, ["snapshot"] + arguments, in: folder.url, environment: ["CI": ""], hangLimit: 600)
        }
        func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
    }

    /// The interests example recorded, then its 'Vegan' renamed.
    func renamedProject() throws -> Project {
        let project = Project(folder: try TemporaryFolder())
        try Data(Self.manifest.utf8).write(to: URL(fileURLWithPath: project.path("tagflow.json")))
        let tags = try String(contentsOf: packageRoot.appendingPathComponent("Examples/interests.tags"), encoding: .utf8)
        try Data(tags.utf8).write(to: URL(fileURLWithPath: project.path("interests.tags")))
        let record = try project.snapshot(["record", "--quiet"])
        #expect(record.status == 0, "\(record.stderr)")
        try Data(tags.replacingOccurrences(of: "* Vegan\n", with: "* Vegetarian 🥗\n").utf8)
            .write(to: URL(fileURLWithPath: project.path("interests.tags")))
        return project
    }

    /// A tag's frame in points from a recorded layout: `[text, displayText, x, y, width, height, line, selected]`.
    func frame(of text: String, inLayout file: String) throws -> (layout: [String: Any], frame: [Double]) {
        let layout = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let sections = try #require(layout["sections"] as? [[String: Any]])
        for section in sections {
            for case let tag as [Any] in section["tags"] as? [Any] ?? [] where tag[0] as? String == text {
                return (layout, tag[2...5].compactMap { ($0 as? NSNumber)?.doubleValue })
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test func aRenameIsSaidOnceForTheScreenAndMarkedOnlyWhereTheTagIs() throws {
        let project = try renamedProject()
        let layouts = try FileManager.default.contentsOfDirectory(atPath: project.path("goldens/interests")).filter { $0.hasSuffix(".layout.json") }
        #expect(layouts.count == 8)
        for layout in layouts {
            let size = try #require(FileManager.default.attributesOfItem(atPath: project.path("goldens/interests/" + layout))[.size] as? Int)
            #expect(size < 16_000, "\(layout) is \(size) bytes")
        }
        // Kept before the new record replaces them.
        let oldLayouts = try Dictionary(uniqueKeysWithValues: layouts.map { ($0, try frame(of: "Vegan", inLayout: project.path("goldens/interests/" + $0))) })

        try FileManager.default.createDirectory(atPath: project.path("out"), withIntermediateDirectories: true)
        let verify = try project.snapshot(["verify", "--report", "out/report"])
        #expect(verify.status == 1)
        #expect(verify.stdout.components(separatedBy: Self.rename).count == 2, "\(verify.stdout)")
        #expect(verify.stdout.contains("interests: \(Self.rename), in 8 goldens"))

        let markdown = try project.read("out/report/report.md")
        #expect(markdown.components(separatedBy: Self.rename).count == 2, "said once:\n\(markdown)")
        #expect(markdown.contains("**\(Self.rename)**, in 8 goldens"))
        #expect(markdown.contains("tags moved"))
        #expect(markdown.contains("<details open>") && markdown.contains("</details>"))
        let junit = try project.read("out/report/junit.xml")
        let messages = junit.components(separatedBy: "message=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(messages.count == 8)
        for message in messages {
            #expect(message.hasPrefix("&#39;Vegan&#39; → &#39;Vegetarian 🥗&#39; (item 0-2); "), "\(message)")
            #expect(message.contains("tags moved"), "\(message)")
        }

        // The new layouts, for where the renamed tag now is.
        #expect(try project.snapshot(["record", "--quiet"]).status == 0)
        for (layout, old) in oldLayouts {
            let variant = String(layout.dropLast(".layout.json".count))
            let new = try frame(of: "Vegetarian 🥗", inLayout: project.path("goldens/interests/" + layout))
            let diff = try PNGDecoder().decode(Array(Data(contentsOf: URL(fileURLWithPath: project.path("out/report/images/interests/\(variant).diff.png")))))
            let viewport = try #require((old.layout["viewport"] as? [NSNumber])?.first?.doubleValue)
            let scale = Double(diff.width) / viewport
            func contains(_ frame: [Double], _ x: Int, _ y: Int) -> Bool {
                let margin = scale + 2
                return Double(x) >= frame[0] * scale - margin && Double(x) < (frame[0] + frame[2]) * scale + margin
                    && Double(y) >= frame[1] * scale - margin && Double(y) < (frame[1] + frame[3]) * scale + margin
            }
            var inside = 0, outside = 0
            for y in 0..<diff.height {
                for x in 0..<diff.width where diff[x, y] == Colour(red: 255, green: 0, blue: 0) {
                    if contains(old.frame, x, y) || contains(new.frame, x, y) { inside += 1 } else { outside += 1 }
                }
            }
            #expect(inside > 0, "\(variant): the renamed tag is marked")
            #expect(outside == 0, "\(variant): \(outside) red pixels outside the renamed tag's frames")
            // The plain pixel diff is kept beside it, and marks far more.
            let pixels = try PNGDecoder().decode(Array(Data(contentsOf: URL(fileURLWithPath: project.path("out/report/images/interests/\(variant).pixels.png")))))
            var plainRed = 0
            for y in 0..<pixels.height {
                for x in 0..<pixels.width where pixels[x, y] == Colour(0xff0000) { plainRed += 1 }
            }
            #expect(plainRed > inside, "\(variant)")
        }
    }

    @Test func aGoldenRecordedWithoutItsLayoutIsComparedByPixelsWithANote() throws {
        let project = try renamedProject()
        try FileManager.default.removeItem(atPath: project.path("goldens/interests/iphone-se-light-L.layout.json"))
        let verify = try project.snapshot(["verify", "--report", "report"])
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("1 changed golden was recorded without its layout, so it is compared by pixels alone"), "\(verify.stderr)")
        #expect(verify.stdout.contains("\(Self.rename), in 7 goldens"), "\(verify.stdout)")
        let markdown = try project.read("report/report.md")
        #expect(markdown.components(separatedBy: "recorded without its layout").count == 2)
        let report = try project.read("report/report.json")
        #expect(report.components(separatedBy: "\"layout\": \"not recorded\"").count == 2, "\(report)")
        // Its diff is the plain one: no second picture.
        #expect(FileManager.default.fileExists(atPath: project.path("report/images/interests/iphone-se-light-L.diff.png")))
        #expect(!FileManager.default.fileExists(atPath: project.path("report/images/interests/iphone-se-light-L.pixels.png")))
        // A verify does not write the missing layout; a record does, without touching the golden.
        #expect(!FileManager.default.fileExists(atPath: project.path("goldens/interests/iphone-se-light-L.layout.json")))
    }

    /// A scroll sequence is explained in the same words, and its layout is recorded with its frames.
    @Test func aScrollSequenceIsExplainedToo() throws {
        let project = Project(folder: try TemporaryFolder())
        try Data("""
            {"goldens": "goldens", "screens": [{"name": "interests", "tags": "interests.tags",
              "scroll": [{"output": "sequence", "frames": 3}]}]}
            """.utf8).write(to: URL(fileURLWithPath: project.path("tagflow.json")))
        let example = packageRoot.appendingPathComponent("Examples/interests.tags")
        let tags = try String(contentsOf: example, encoding: .utf8)
        try Data(tags.utf8).write(to: URL(fileURLWithPath: project.path("interests.tags")))
        #expect(try project.snapshot(["record", "--quiet"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: project.path("goldens/interests/default.layout.json")))
        try Data(tags.replacingOccurrences(of: "* Vegan\n", with: "* Vegetarian 🥗\n").utf8)
            .write(to: URL(fileURLWithPath: project.path("interests.tags")))
        let verify = try project.snapshot(["verify", "--report", "report"])
        #expect(verify.status == 1)
        // The render and the sequence, one rename.
        #expect(verify.stdout.contains("interests: \(Self.rename), in 2 goldens"), "\(verify.stdout)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(project.read("report/report.json").utf8))
            as? [String: Any])
        let items = try #require(report["items"] as? [[String: Any]])
        let sequence = try #require(items.first { $0["name"] as? String == "interests/default.scroll" })
        let explanation = try #require(sequence["explanation"] as? [String: [String]])
        #expect(explanation["cause"] == [Self.rename])
    }

    /// `--plain-diff`: the diff marks every differing pixel, the moved tags' too; the words still explain.
    @Test func thePlainDiffCanBeAskedFor() throws {
        let project = try renamedProject()
        let only = ["--filter", "*/iphone-se-light-L"]
        let verify = try project.snapshot(["verify", "--plain-diff", "--report", "plain"] + only)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("interests: \(Self.rename), in 1 golden"), "\(verify.stdout)")
        let plainPixels = project.path("plain/images/interests/iphone-se-light-L.pixels.png")
        #expect(!FileManager.default.fileExists(atPath: plainPixels))
        let explained = try project.snapshot(["verify", "--report", "explained"] + only)
        #expect(explained.status == 1)
        func red(_ path: String) throws -> Int {
            let image = try PNGDecoder().decode(Array(Data(contentsOf: URL(fileURLWithPath: project.path(path)))))
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y] == Colour(0xff0000) { count += 1 }
            }
            return count
        }
        let plain = try red("plain/images/interests/iphone-se-light-L.diff.png")
        #expect(plain == (try red("explained/images/interests/iphone-se-light-L.pixels.png")))
        #expect(plain > 2 * (try red("explained/images/interests/iphone-se-light-L.diff.png")))

        let refused = try project.snapshot(["verify", "--plain-diff"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--plain-diff") && refused.stderr.contains("add --report DIR"),
                "\(refused.stderr)")
    }

    @Test func aStaleVariantsLayoutIsPrunedWithItsGolden() throws {
        let project = try renamedProject()
        try Data(Self.manifest.replacingOccurrences(of: #", "AX2""#, with: "").utf8).write(to: URL(fileURLWithPath: project.path("tagflow.json")))
        let verify = try project.snapshot(["verify", "--quiet"])
        #expect(verify.status == 1)
        let record = try project.snapshot(["record", "--prune", "--quiet"])
        #expect(record.status == 0, "\(record.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: project.path("goldens/interests")).sorted()
        #expect(files.count == 8 && !files.contains { $0.contains("AX2") }, "\(files)")
    }
}
