import Foundation
import Testing
import TagFlowTestSupport

/// `tagflow preview` run as people run it, over HTTP on the loopback: a save redraws only the variants whose inputs
/// it touched, nothing is written to the project, the record button's POST needs the run's token, and the signals
/// stop it with 128 + the signal.
@Suite(.serialized) struct PreviewEndToEndTests {
    /// A running preview, its address read from what it printed.
    struct Preview {
        let process: RunningProcess
        let client: LoopbackClient
        let address: String
        let errors: String

        init(_ arguments: [String], in folder: TemporaryFolder) throws {
            let output = folder.url.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + ".out").path
            errors = output + ".err"
            process = try ProcessRunner.start(tagflowExecutable, ["preview"] + arguments, in: folder.url,
                                              standardError: errors, standardOutput: output)
            let printed = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
            #expect(process.waitUntil(watching: [output]) { printed().contains("\n") })
            address = String(printed().split(separator: "\n").first?.split(separator: " ").last ?? "")
            let port = address.split(separator: ":").last.map { $0.prefix { $0.isNumber } } ?? ""
            client = LoopbackClient(port: UInt16(port) ?? 0)
            #expect(process.waitUntil(watching: [errors]) { stderr.contains("Ctrl-C stops") })
        }

        var stderr: String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }

        /// Waits until the preview has said `count` redraws.
        func waitForRedraws(_ count: Int) -> Bool {
            process.waitUntil(watching: [errors]) { stderr.components(separatedBy: "redrew ").count - 1 >= count }
        }

        /// Each screen's variants' redraw counts.
        func redraws() throws -> [String: [Int]] {
            let body = try client.get("/state.json").body
            let state = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            var counts = [String: [Int]]()
            for screen in state["screens"] as? [[String: Any]] ?? [] {
                counts[screen["name"] as? String ?? ""] = (screen["variants"] as? [[String: Any]] ?? [])
                    .map { $0["redraws"] as? Int ?? -1 }
            }
            return counts
        }
    }

    /// The repository's manifest, goldens and examples, copied.
    static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["tagflow.json", "Examples", "snapshots"] {
            try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent(name).path,
                                             toPath: folder.path(name))
        }
        return folder
    }

    static func files(in folder: TemporaryFolder) -> [String: Data] {
        var files = [String: Data]()
        let enumerator = FileManager.default.enumerator(atPath: folder.url.path)
        while let name = enumerator?.nextObject() as? String {
            files[name] = FileManager.default.contents(atPath: folder.path(name))
        }
        return files
    }

    static func saveByRename(_ text: String, to path: String) throws {
        let temporary = (path as NSString).deletingLastPathComponent + "/.tmp-save"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, path) == 0)
    }

    @Test func aSaveRedrawsOnlyTheVariantsItsFileDraws() throws {
        let project = try Self.project()
        let preview = try Preview(["tagflow.json"], in: project)
        // The sports screens read their own config and tags, in five languages at two sizes and in two
        // pseudolanguages: no save below touches them.
        let sports = ["sports": Array(repeating: 1, count: 10), "sports-pseudo": [1, 1]]
        let everyScreenOnce = ["demo": [1, 1, 1, 1], "demo-scroll": [1], "multiscript": [1, 1, 1, 1],
                               "demo-bold-text": [1]].merging(sports) { $1 }
        #expect(try preview.redraws() == everyScreenOnce)

        let multiscript = project.path("Examples/multiscript.tags")
        try Self.saveByRename(try String(contentsOfFile: multiscript, encoding: .utf8) + "新しい\n", to: multiscript)
        #expect(preview.waitForRedraws(1))
        var expected = everyScreenOnce
        expected["multiscript"] = [2, 2, 2, 2]
        #expect(try preview.redraws() == expected, "a save of one screen's tags redrew another screen")

        // The demo's config, written in place: the three screens that use it, not multiscript.
        let config = project.path("Examples/demo.json")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: config))
        #expect(preview.waitForRedraws(2))
        expected = ["demo": [2, 2, 2, 2], "demo-scroll": [2], "multiscript": [2, 2, 2, 2], "demo-bold-text": [2]]
            .merging(sports) { $1 }
        #expect(try preview.redraws() == expected)

        let before = Self.files(in: project)
        preview.process.send(SIGTERM)
        #expect(preview.process.wait() == 143)
        #expect(preview.stderr.hasSuffix("interrupted by SIGTERM: the preview stopped; nothing written\n"))
        #expect(Self.files(in: project) == before, "the preview wrote into the project")
    }

    /// A tags file with a string catalog gets a Language switch of the catalog's languages, and a Pseudolanguage
    /// switch; each choice draws its own variant, named as a snapshot's would be.
    @Test func theSwitchesOfferTheCatalogsLanguagesAndThePseudolanguages() throws {
        let project = try Self.project()
        let preview = try Preview(["Examples/sports.tags", "--config", "Examples/sports.json"], in: project)
        let page = try preview.client.get("/").body
        let languages = ["ar", "de", "en", "ja", "zh-Hans"]
        #expect(page.contains(#"<select data-switch="locale"><option value="-">as configured</option>"#
                                  + languages.map { "<option value=\"\($0)\">\($0)</option>" }.joined() + "</select>"))
        for pseudo in ["double", "accented", "bounded", "rtl", "expanded"] {
            #expect(page.contains("<option value=\"\(pseudo)\">\(pseudo)</option>"), "\(pseudo)")
        }
        func picture(_ path: String) throws -> (name: String, png: String) {
            let chosen = try preview.client.get(path)
            try #require(chosen.status == 200, "\(path): \(chosen.status)")
            let state = try #require(try JSONSerialization.jsonObject(with: Data(try preview.client.get("/state.json")
                .body.utf8)) as? [String: Any])
            let variants = (state["screens"] as? [[String: Any]])?.first?["variants"] as? [[String: Any]] ?? []
            let key = chosen.body.split(separator: "\"").dropLast().last.map(String.init) ?? ""
            let variant = try #require(variants.first { $0["key"] as? String == key })
            return (variant["name"] as? String ?? "", try preview.client.get(variant["picture"] as? String ?? "").body)
        }
        let english = try picture("/select/iphone-15/-/-/-/-/en/-")
        let german = try picture("/select/iphone-15/-/-/-/-/de/-")
        let doubled = try picture("/select/iphone-15/-/-/-/-/en/double")
        #expect([english.name, german.name, doubled.name]
                    == ["sports/iphone-15-en", "sports/iphone-15-de", "sports/iphone-15-en-double"])
        #expect(english.png != german.png && english.png != doubled.png && german.png != doubled.png)
        #expect(try preview.client.get("/select/iphone-15/-/-/-/-/xx/-").status == 404, "a language not in the catalog")
        preview.process.send(SIGTERM)
        #expect(preview.process.wait() == 143)
    }

    @Test func theRecordButtonsPostNeedsTheTokenAndRecordsAsSnapshotRecordDoes() throws {
        let project = try Self.project()
        let golden = project.path("snapshots/demo/iphone-se-dark.png")
        let bytes = try #require(FileManager.default.contents(atPath: golden))
        try FileManager.default.removeItem(atPath: golden)
        let preview = try Preview(["tagflow.json", "--allow-record"], in: project)
        let token = String(try #require(preview.address.split(separator: "token=").last))
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        for path in ["/record", "/record?token=", "/record?token=\(token)0", "/record?token=" + String(token.reversed())] {
            #expect(try preview.client.get(path, method: "POST", extra: "Content-Length: 0\r\n").status == 403, "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: golden))
        let recorded = try preview.client.get("/record?token=\(token)", method: "POST", extra: "Content-Length: 0\r\n")
        #expect(recorded.status == 200)
        #expect(FileManager.default.contents(atPath: golden) == bytes, "record wrote other bytes than the golden")
        preview.process.send(SIGHUP)
        #expect(preview.process.wait() == 129)
    }

    /// The goldens switch: a variant against its golden, with the words and pictures `snapshot verify` gives.
    @Test func aVariantIsComparedWithItsGoldenAsVerifyDoes() throws {
        let project = try Self.project()
        let tags = project.path("Examples/demo.tags")
        let renamed = try String(contentsOfFile: tags, encoding: .utf8).replacingOccurrences(of: "\n足球\n",
                                                                                           with: "\n足球运动\n")
        try Self.saveByRename(renamed, to: tags)
        let before = Self.files(in: project)
        let preview = try Preview(["tagflow.json"], in: project)
        let state = try JSONSerialization.jsonObject(with: Data(try preview.client.get("/state.json").body.utf8))
        let screens = try #require((state as? [String: Any])?["screens"] as? [[String: Any]])
        let variants = try #require(screens.first { $0["name"] as? String == "demo" }?["variants"] as? [[String: Any]])
        let light = try #require(variants.first { $0["name"] as? String == "demo/iphone-se-light" })
        let id = "\(light["key"] as? String ?? "")-\(light["generation"] as? Int ?? 0)"
        let answer = try preview.client.get("/compare/\(id).json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["name"] as? String == "demo/iphone-se-light.png")
        #expect(items.first?["status"] as? String == "changed")
        #expect((items.first?["explanation"] as? [String])?.first == "'足球' → '足球运动' (item 0-1)")
        let images = try #require(items.first?["images"] as? [[String: String]])
        #expect(images.map { $0["role"] } == ["golden", "actual", "diff", "pixels"])
        let golden = try preview.client.get(images[0]["src"] ?? "")
        #expect(golden.status == 200 && golden.headers["content-type"] == "image/png")
        #expect(try preview.client.get("/compare/v999-1.json").status == 404)
        preview.process.send(SIGINT)
        #expect(preview.process.wait() == 130)
        #expect(Self.files(in: project) == before, "comparing wrote into the project")
    }

    /// A font folder is an input: while it holds no font the screen says so; a font renamed into it is loaded, and
    /// the variant drawn in it.
    @Test func aFontAddedToAFontFolderRedraws() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "Design systems\nTypography\n")
        try FileManager.default.createDirectory(atPath: folder.path("fonts"), withIntermediateDirectories: false)
        let preview = try Preview(["a.tags", "--font-dir", "fonts", "--font", "TagFlow Test Private"], in: folder)
        func screen() throws -> [String: Any] {
            let state = try JSONSerialization.jsonObject(with: Data(try preview.client.get("/state.json").body.utf8))
            return try #require(((state as? [String: Any])?["screens"] as? [[String: Any]])?.first)
        }
        let error = try #require(try screen()["error"] as? [String: Any])
        #expect(error["message"] as? String == "font folder 'fonts' holds no font that fontconfig loads")
        #expect((try screen()["variants"] as? [[String: Any]])?.first?["picture"] is NSNull)
        let font = packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-Private.ttf").path
        try FileManager.default.copyItem(atPath: font, toPath: folder.path("fonts/.copying"))
        #expect(rename(folder.path("fonts/.copying"), folder.path("fonts/TagFlowTest-Private.ttf")) == 0)
        #expect(preview.waitForRedraws(1))
        let after = try screen()
        #expect(after["error"] is NSNull, "\(after)")
        let variant = try #require((after["variants"] as? [[String: Any]])?.first)
        #expect(variant["error"] is NSNull && variant["picture"] as? String == "/picture/v0-1.png", "\(variant)")
        preview.process.send(SIGINT)
        #expect(preview.process.wait() == 130)
    }

    @Test func aPreviewWithoutTheFlagHasNoWritingEndpoint() throws {
        let project = try Self.project()
        let preview = try Preview(["tagflow.json"], in: project)
        #expect(!preview.address.contains("token"))
        #expect(try preview.client.get("/record", method: "POST", extra: "Content-Length: 0\r\n").status == 405)
        preview.process.send(SIGINT)
        #expect(preview.process.wait() == 130)
    }

    @Test func badOptionsAreRefusedBeforeListening() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.tags", "Swift\nKotlin\n")
        let record = try tagflow(["preview", folder.path("a.tags"), "--allow-record"])
        #expect(record.status == 2)
        #expect(record.stderr.contains("--allow-record records a manifest's goldens"))
        let port = try tagflow(["preview", folder.path("a.tags"), "--port", "70000"])
        #expect(port.status == 2)
        #expect(port.stderr.contains("must be a TCP port from 1 to 65535; got '70000'"))
        try folder.write("b.tags", "@sectoin X\n")
        let broken = try tagflow(["preview", folder.path("b.tags")])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("b.tags:1:1: error: unknown marker '@sectoin'"))
    }
}
