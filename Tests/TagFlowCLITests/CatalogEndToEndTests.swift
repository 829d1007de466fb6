import Foundation
import Testing
import TagFlowTestSupport

/// `--catalog` and `--locale` as a person runs them: each language's text, fonts and direction, one warning for
/// untranslated strings, and errors that write nothing.
@Suite struct CatalogEndToEndTests {
    static let catalog = StringCatalogTests.path("app.xcstrings")

    func layoutJSON(_ tags: String, _ extra: [String]) throws -> (json: [String: Any], stderr: String) {
        let folder = try TemporaryFolder()
        try folder.write("t.tags", tags)
        let result = try tagflow(["layout", folder.path("t.tags"), "--catalog", Self.catalog, "--format", "json"]
                                 + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (json, result.stderr)
    }

    func items(_ json: [String: Any]) -> [[String: Any]] {
        ((json["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]]) ?? []
    }

    @Test func japaneseAndChineseHanTakeTheirOwnFacesAsTheLayoutRecords() throws {
        for (locale, family) in [("ja", "Noto Sans CJK JP"), ("zh-Hans", "Noto Sans CJK SC")] {
            let (json, _) = try layoutJSON("@key bone\n@key hiking\n", ["--locale", locale])
            let fonts = items(json).map { $0["fonts"] as? [String] ?? [] }
            // Han in the language's face, and the space between in the tags' own font.
            #expect(fonts.first == [family, "DejaVu Sans"], "\(locale): \(fonts)")
            let files = (json["fontFiles"] as? [[String: Any]] ?? []).map { "\($0["family"] ?? "")" }
            #expect(files.contains(family), "\(files)")
        }
        // Without a locale, Han characters keep the fallback fontconfig gives them.
        let (plain, _) = try layoutJSON("@key bone\n", [])
        #expect(items(plain).first?["fonts"] as? [String] == ["DejaVu Sans", "WenQuanYi Zen Hei"])
    }

    @Test func arabicMirrorsTheLayoutUnlessTheDirectionIsSet() throws {
        let (json, _) = try layoutJSON("@key hiking\n", ["--locale", "ar"])
        let item = try #require(items(json).first)
        let right = (item["x"] as? Double ?? 0) + (item["width"] as? Double ?? 0)
        #expect(abs(right - 365) < 0.01, "\(item)")
        #expect(item["text"] as? String == "المشي لمسافات طويلة")
        let (ltr, _) = try layoutJSON("@key hiking\n", ["--locale", "ar", "--direction", "ltr"])
        #expect(items(ltr).first?["x"] as? Double == 10)
    }

    @Test func untranslatedStringsAreShownInTheSourceLanguageWithOneWarning() throws {
        let (json, stderr) = try layoutJSON("@key new-feature\n@key new-feature\n@key brand\n@key hiking\n",
                                            ["--locale", "de"])
        #expect(items(json).map { $0["text"] as? String } == ["Pickleball", "Pickleball", "tagflow Pro", "Wandern"])
        #expect(stderr == "warning: 1 string has no translation in 'de', so the source language's text is shown: "
                + "new-feature (new)\n")
    }

    @Test func hanCharactersDrawDifferentlyInJapaneseAndChinese() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.tags", "@key bone\n")
        func render(_ locale: String, _ name: String) throws -> Data {
            let result = try tagflow(["render", folder.path("t.tags"), "--catalog", Self.catalog, "--locale", locale,
                                      "-o", folder.path(name)])
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))
        }
        let japanese = try render("ja", "ja.png")
        #expect(try render("ja", "ja-again.png") == japanese)
        #expect(try render("zh-Hans", "zh.png") != japanese)
    }

    @Test func theConfigNamesTheCatalogAndLocaleRelativeToItself() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Self.catalog, toPath: folder.path("app.xcstrings"))
        try folder.write("c.json", #"{"catalog": "app.xcstrings", "locale": "zh-Hans"}"#)
        try folder.write("t.tags", "@section-key section.title\n@key hiking\n")
        let result = try tagflow(["layout", folder.path("t.tags"), "--config", folder.path("c.json")],
                                 in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("户外") && result.stdout.contains("徒步"), "\(result.stdout)")
    }

    @Test func badCatalogsAndMissingOnesFailWithTheirPlaceAndWriteNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.tags", "a\n@key hiking\n")
        let output = folder.path("out.png")
        let broken = try tagflow(["render", folder.path("t.tags"), "--catalog",
                                  StringCatalogTests.path("wrong-type.xcstrings"), "-o", output])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("wrong-type.xcstrings:6:69: error: expected strings → hiking → "),
                "\(broken.stderr)")
        let none = try tagflow(["render", folder.path("t.tags"), "-o", output])
        #expect(none.status == 2)
        #expect(none.stderr.contains("t.tags:2:1: error: 'hiking' names a string by key, and no catalog is given"),
                "\(none.stderr)")
        let locale = try tagflow(["render", folder.path("t.tags"), "--catalog", Self.catalog, "--locale", "fr",
                                  "-o", output])
        #expect(locale.status == 2 && locale.stderr.contains("has no strings in 'fr'"), "\(locale.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
