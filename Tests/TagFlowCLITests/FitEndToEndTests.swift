import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TagFlowLayout
import TagFlowText
import TagFlowTestSupport

/// `tagflow fit` over real matrices: what it finds is what a brute-force measurement finds, its fixes fix, its
/// rules decide its exit status, and its JSON is what the published schema says.
@Suite struct FitEndToEndTests {
    static let sports = packageRoot.appendingPathComponent("Examples/sports.tags").path
    static let catalog = packageRoot.appendingPathComponent("Examples/interests.xcstrings").path
    static let interests = packageRoot.appendingPathComponent("Examples/interests.tags").path

    func fitJSON(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]) {
        let result = try tagflow(["fit"] + arguments + ["--format", "json"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        return (result.status, json)
    }

    func findings(_ json: [String: Any]) -> [[String: Any]] { json["findings"] as? [[String: Any]] ?? [] }

    /// Doubled as Xcode doubles them, exactly the tags whose text is wider than the line are reported truncated:
    /// each text measured on its own with the engine, against the line's width, device by device and size by size.
    @Test func withDoubleLengthStringsFitReportsExactlyTheTagsThatTruncate() throws {
        let devices = [("iphone-se-1", 320.0), ("iphone-15", 393.0)]
        let sizes: [ContentSizeCategory] = [.large, .accessibilityMedium, .accessibilityExtraLarge]
        let (_, json) = try fitJSON([Self.interests, "--pseudos", "double", "--devices", "iphone-se-1,iphone-15",
                                     "--content-sizes", sizes.map(\.rawValue).joined(separator: ",")])
        let reported = Set(findings(json).filter { $0["finding"] as? String == "truncated" }.map { finding in
            let variant = finding["variant"] as? [String: Any] ?? [:]
            return "\(variant["device"] ?? "")/\(variant["contentSize"] ?? "")/\(finding["section"] ?? "")"
                + "/\(finding["item"] ?? "")"
        })
        let engine = try TextEngine(caching: .measurements)
        let tags = try String(contentsOfFile: Self.interests, encoding: .utf8).split(separator: "\n")
        var sections = [[String]]()
        for line in tags where !line.hasPrefix("#") && !line.hasPrefix("@footer") {
            if line.hasPrefix("@section") { sections.append([]); continue }
            sections[sections.count - 1].append(line.hasPrefix("* ") ? String(line.dropFirst(2)) : String(line))
        }
        var expected = Set<String>()
        for (device, width) in devices {
            for size in sizes {
                let font = try engine.font(size: size.scaled(14))
                for (section, texts) in sections.enumerated() {
                    for (item, text) in texts.enumerated()
                    where engine.measure(text + " " + text, font: font).width > width - 20 {
                        expected.insert("\(device)/\(size.rawValue)/\(section)/\(item)")
                    }
                }
            }
        }
        #expect(expected.count > 20)
        #expect(reported == expected)
    }

    @Test func germanAtAX3FailsTheRuleUntilTheRuleAllowsIt() throws {
        let common = [Self.sports, "--catalog", Self.catalog, "--locales", "de", "--content-sizes", "L,AX3"]
        let strict = try fitJSON(common + ["--fail-on", "truncated:AX3"])
        #expect(strict.status == 1 && strict.json["passed"] as? Bool == false)
        let broken = findings(strict.json).filter { $0["breaksRule"] as? Bool == true }
        #expect(broken.map { $0["text"] as? String } == ["Rhythmische Sportgymnastik"])
        let lenient = try fitJSON(common + ["--fail-on", "truncated:AX2"])
        #expect(lenient.status == 0 && lenient.json["passed"] as? Bool == true)
        #expect(findings(lenient.json).count == findings(strict.json).count)
        // English keeps every tag whole up to AX2, and loses one at AX3.
        let english = try fitJSON([Self.sports, "--catalog", Self.catalog, "--locales", "en", "--content-sizes",
                                   "L,AX2,AX3", "--fail-on", "truncated:AX2"])
        #expect(english.status == 0)
        #expect(findings(english.json).filter { $0["finding"] as? String == "truncated" }.map { $0["text"] as? String }
                == ["Wheelchair basketball"])
    }

    /// The width a finding names is the least whole width at which the tag fits, and the text size the largest
    /// smaller one at which it does.
    @Test func eachFixIsTheSmallestChangeThatFits() throws {
        let (_, json) = try fitJSON([Self.sports, "--catalog", Self.catalog, "--locales", "de", "--content-sizes",
                                     "AX3", "--devices", "iphone-se"])
        let truncated = try #require(findings(json).first { $0["finding"] as? String == "truncated" })
        let fix = try #require(truncated["fix"] as? [String: Any])
        let width = try #require(fix["width"] as? Double)
        let size = try #require(fix["contentSize"] as? String)
        func isTruncated(width: Double, size: String) throws -> Bool {
            let (_, json) = try fitJSON([Self.sports, "--catalog", Self.catalog, "--locales", "de", "--width",
                                         "\(width)", "--content-sizes", size])
            return findings(json).contains { $0["finding"] as? String == "truncated" && $0["item"] as? Int == 6 }
        }
        #expect(truncated["item"] as? Int == 6)
        #expect(try !isTruncated(width: width, size: "AX3"))
        #expect(try isTruncated(width: width - 1, size: "AX3"))
        #expect(try !isTruncated(width: 375, size: size))
        let sizes = ContentSizeCategory.allCases.map(\.rawValue)
        let larger = sizes[sizes.firstIndex(of: size)! + 1]
        #expect(try isTruncated(width: 375, size: larger))
    }

    @Test func theJSONValidatesAgainstThePublishedSchema() throws {
        guard let python = Browser.python else {
            #expect(ProcessInfo.processInfo.environment["TAGFLOW_REQUIRE_TOOLS"] != "1", "no Python with jsonschema")
            return
        }
        let folder = try TemporaryFolder()
        let result = try tagflow(["fit", Self.interests, "--pseudos", "none,double,expanded", "--content-sizes",
                                  "L,AX5", "--devices", "iphone-se-1", "--max-lines", "2", "--fail-on",
                                  "truncated:AX5", "--format", "json"])
        #expect(result.status == 1)
        try result.stdoutBytes.write(to: URL(fileURLWithPath: folder.path("fit.json")))
        let schema = packageRoot.appendingPathComponent("docs/fit-report.schema.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); report = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator.check_schema(schema)
            jsonschema.Draft202012Validator(schema).validate(report)
            print(sorted(report["counts"]))
            """
        let check = try ProcessRunner.run(python, ["-c", script, schema, folder.path("fit.json")])
        #expect(check.status == 0, "\(check.stderr)")
        // Every kind that can show in this matrix did, so the schema was held to each.
        #expect(check.stdout == "['clipped-text', 'hidden-selection', 'over-max-lines', 'truncated', "
                + "'wider-than-line']\n")
    }

    @Test func junitAndMarkdownSayTheSame() throws {
        let common = [Self.sports, "--catalog", Self.catalog, "--locales", "en,de", "--content-sizes", "L,AX3",
                      "--fail-on", "truncated"]
        let junit = try tagflow(["fit"] + common + ["--format", "junit"])
        #expect(junit.status == 1)
        let parser = XMLParser(data: junit.stdoutBytes)
        #expect(parser.parse(), "\(junit.stdout)")
        #expect(junit.stdout.contains(#"<testsuite name="truncated" tests="4" failures="2">"#), "\(junit.stdout)")
        #expect(junit.stdout.contains(#"<testcase classname="truncated" name="375pt/AX3/de">"#))
        let markdown = try tagflow(["fit"] + common + ["--format", "markdown"])
        #expect(markdown.stdout.contains("| 375pt/AX3/de | truncated ❌ | section 1, tag 7 | 'Rhythmische "
                                         + "Sportgymnastik' is "), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("FAIL: 4 variants"))
    }
}

/// `tagflow fit tagflow.json`: every screen along its variants' axes, with the manifest's rules; what it finds in a
/// screen is what `fit` finds in that screen's tags with the same axes as flags.
@Suite struct FitManifestTests {
    static func project(fit: String = #"{"failOn": ["truncated:AX3"]}"#) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["sports.tags", "sports.json", "interests.xcstrings", "demo.tags"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/" + name),
                                             to: folder.url.appendingPathComponent(name))
        }
        try folder.write("tagflow.json", """
            {"fit": \(fit),
             "screens": [
              {"name": "sports", "tags": "sports.tags", "config": "sports.json",
               "variants": {"devices": ["iphone-se", "iphone-15"], "locales": ["en", "de"], "contentSizes": ["L", "AX3"]}},
              {"name": "demo", "tags": "demo.tags", "variants": {"widths": [320, 414], "themes": ["light", "dark"]}}
             ]}
            """)
        return folder
    }

    func fit(_ arguments: [String], in folder: TemporaryFolder) throws -> (status: Int32, json: [String: Any]) {
        let result = try tagflow(["fit"] + arguments + ["--format", "json"], in: folder.url)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        return (result.status, try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes)
                                                as? [String: Any]))
    }

    /// Each finding as `variant kind section item`, its variant's name without `screen/` when `dropping` it.
    static func findings(_ json: [String: Any], dropping screen: String? = nil) -> Set<String> {
        Set((json["findings"] as? [[String: Any]] ?? []).compactMap { finding in
            let variant = finding["variant"] as? [String: Any] ?? [:]
            var name = variant["name"] as? String ?? ""
            if let screen {
                guard variant["screen"] as? String == screen else { return nil }
                name.removeFirst(screen.count + 1)
            }
            return "\(name) \(finding["finding"] ?? "") \(finding["section"] ?? "") \(finding["item"] ?? "")"
        })
    }

    @Test func everyScreenIsFittedAlongItsAxesAndHeldToTheManifestsRules() throws {
        let folder = try Self.project()
        let (status, json) = try fit(["tagflow.json"], in: folder)
        #expect(status == 1, "German truncates at AX3, which the manifest's rule forbids")
        // sports: 2 devices × 2 locales × 2 sizes; demo: 2 widths (themes do not change a layout).
        #expect(json["variants"] as? Int == 10)
        let rules = json["rules"] as? [[String: Any]] ?? []
        #expect(rules.map { "\($0["finding"] ?? ""):\($0["upTo"] ?? "")" } == ["truncated:AX3"])
        let alone = try tagflow(["fit", "sports.tags", "--config", "sports.json", "--devices", "iphone-se,iphone-15",
                                 "--locales", "en,de", "--content-sizes", "L,AX3", "--format", "json"],
                                in: folder.url)
        let aloneJSON = try #require(try JSONSerialization.jsonObject(with: alone.stdoutBytes) as? [String: Any])
        #expect(!Self.findings(aloneJSON).isEmpty)
        #expect(Self.findings(json, dropping: "sports") == Self.findings(aloneJSON))
        let demoNames = Set((json["findings"] as? [[String: Any]] ?? []).compactMap {
            ($0["variant"] as? [String: Any])?["name"] as? String
        }.filter { $0.hasPrefix("demo/") })
        #expect(demoNames.isSubset(of: ["demo/320pt/L", "demo/414pt/L"]))
    }

    @Test func aFlagReplacesThatAxisForEveryScreen() throws {
        let folder = try Self.project()
        let (status, json) = try fit(["tagflow.json", "--content-sizes", "L"], in: folder)
        #expect(json["variants"] as? Int == 6)
        #expect(status == 0, "nothing truncates at L")
        let (ruled, _) = try fit(["tagflow.json", "--content-sizes", "L", "--fail-on", "clipped-text"], in: folder)
        #expect(ruled == (Self.findings(json).contains { $0.contains(" clipped-text ") } ? 1 : 0))
    }

    /// A device at the widths a manifest sets in its place is named by both, so no two variants share a name.
    @Test func aDeviceAtTheManifestsWidthsIsNamedByBoth() throws {
        let folder = try Self.project()
        try folder.write("tagflow.json", """
            {"screens": [{"name": "demo", "tags": "demo.tags",
                          "variants": {"devices": ["iphone-se"], "widths": [320, 414], "contentSizes": ["AX5"]}}]}
            """)
        let (_, json) = try fit(["tagflow.json"], in: folder)
        #expect(json["variants"] as? Int == 2)
        let names = Set((json["findings"] as? [[String: Any]] ?? []).compactMap {
            ($0["variant"] as? [String: Any])?["name"] as? String
        })
        #expect(names == ["demo/iphone-se/320pt/AX5", "demo/iphone-se/414pt/AX5"])
    }

    @Test(arguments: [
        (#"{"failOn": ["truncated:AX9"]}"#, "tagflow.json:1:21: error: a value of \"failOn\" must be one of xS"),
        (#"{"failOn": ["trunkated"]}"#, "tagflow.json:1:21: error: a value of \"failOn\" must be one of truncated"),
        (#"{"rules": []}"#, "tagflow.json:1:10: error: unknown key \"rules\""),
    ])
    func aRuleTheManifestMisspellsIsAnErrorWhereItIs(fit: String, message: String) throws {
        let folder = try Self.project(fit: fit)
        let result = try tagflow(["fit", "tagflow.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aScreenOutsideTheManifestsFolderIsRefused() throws {
        let folder = try Self.project()
        try folder.write("tagflow.json", #"{"screens": [{"name": "x", "tags": "/etc/passwd"}]}"#)
        let result = try tagflow(["fit", "tagflow.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("outside"), "\(result.stderr)")
    }
}

/// `tagflow fit` and `tagflow preview` with no input read `tagflow.json`, and say plainly where there is none.
@Suite struct ManifestByDefaultTests {
    @Test func fitWithNoInputFitsTheManifestHere() throws {
        let folder = try FitManifestTests.project()
        let named = try tagflow(["fit", "tagflow.json", "--format", "json"], in: folder.url)
        let unnamed = try tagflow(["fit", "--format", "json"], in: folder.url)
        #expect(unnamed.status == 1 && named.status == 1)
        #expect(unnamed.stdout == named.stdout)
    }

    @Test(arguments: ["fit", "preview"])
    func noManifestHereIsSaidWithWhatToName(command: String) throws {
        let folder = try TemporaryFolder()
        let result = try tagflow([command], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: there is no tagflow.json here for tagflow \(command) to read\n"
                                        + "  help: name a tags file or a manifest: tagflow \(command) Examples/"),
                "\(result.stderr)")
        #expect(result.stderr.contains("usage: tagflow \(command) [<input>] [<options>]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }
}
