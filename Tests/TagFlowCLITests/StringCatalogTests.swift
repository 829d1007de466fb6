import Foundation
import Testing
import TagFlowLayout
@testable import TagFlowCLI
@testable import TagFlowInput

/// String catalogs read from real `.xcstrings` and `.strings` files (Tests/TagFlowCLITests/Catalogs), looked up in
/// each language, and the errors of malformed ones.
@Suite struct StringCatalogTests {
    static let folder = packageRoot.appendingPathComponent("Tests/TagFlowCLITests/Catalogs").path
    static func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    func catalog() throws -> StringCatalog { try StringCatalog.load(Self.path("app.xcstrings")) }

    func text(_ key: String, _ language: String, count: Int? = nil, arguments: [String] = []) throws -> String? {
        try catalog().lookup(key, language: language,
                             settings: CatalogSettings(count: count, arguments: arguments))?.text
    }

    @Test func aCatalogGivesEachLanguageItsString() throws {
        #expect(try text("hiking", "en") == "Hiking")
        #expect(try text("hiking", "de") == "Wandern")
        #expect(try text("hiking", "ja") == "ハイキング")
        #expect(try text("hiking", "zh-Hans") == "徒步")
        #expect(try text("hiking", "ar") == "المشي لمسافات طويلة")
        #expect(try catalog().languages == ["ar", "de", "en", "ja", "zh-Hans"])
        #expect(try catalog().language(matching: "de_DE") == "de")
        #expect(try catalog().language(matching: "fr") == nil)
    }

    @Test func pluralsTakeOtherUnlessACountIsGivenThenCLDRsCategory() throws {
        #expect(try text("photos", "en") == "3 photos")
        #expect(try text("photos", "en", count: 1) == "1 photo")
        #expect(try text("photos", "de", count: 1) == "1 Foto")
        #expect(try text("photos", "ar", count: 0) == "لا صور")
        #expect(try text("photos", "ar", count: 2) == "صورتان")
        #expect(try text("photos", "ar", count: 5) == "5 صور")
        #expect(try text("photos", "ar", count: 11) == "11 صورة")
        #expect(try text("photos", "ja", count: 1) == "写真1枚")
    }

    @Test func substitutionsAndSpecifiersAreFilledWithSampleOrGivenValues() throws {
        #expect(try text("greeting", "en") == "Hello, Alex!")
        #expect(try text("greeting", "de", arguments: ["Mia"]) == "Hallo, Mia!")
        #expect(try text("picked", "en", count: 1) == "Alex picked 1 topic")
        #expect(try text("picked", "de", arguments: ["Mia", "4"]) == "Mia hat 4 Themen gewählt")
        #expect(FormatFiller.fill("100%% %.1f %d%%", settings: CatalogSettings(count: 2)) == "100% 2.0 2%")
    }

    @Test func untranslatedStringsFallBackWithTheirStateAndUntranslatableOnesDoNot() throws {
        let catalog = try catalog()
        let settings = CatalogSettings()
        #expect(catalog.lookup("new-feature", language: "de", settings: settings)
                == .init(text: "Pickleball", fallbackState: "new"))
        #expect(catalog.lookup("new-feature", language: "ja", settings: settings)
                == .init(text: "Pickleball", fallbackState: "needs_review"))
        #expect(catalog.lookup("new-feature", language: "ar", settings: settings)
                == .init(text: "Pickleball", fallbackState: "missing"))
        #expect(catalog.lookup("brand", language: "ja", settings: settings)
                == .init(text: "tagflow Pro", fallbackState: nil))
        // A key with no value at all is its own text, as Xcode shows it.
        #expect(catalog.lookup("untouched", language: "en", settings: settings)?.text == "untouched")
        #expect(catalog.lookup("tap", language: "en", settings: settings)?.text == "Tap to choose")
    }

    @Test func stringsFilesInLprojFoldersReadUTF8AndUTF16WithABOM() throws {
        let catalog = try StringCatalog.load(Self.path("Strings"))
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.keys == ["section.title", "hiking", "quote", "snow", "unquoted_key"])
        let settings = CatalogSettings()
        #expect(catalog.lookup("section.title", language: "de", settings: settings)?.text == "Draußen")
        #expect(catalog.lookup("quote", language: "en", settings: settings)?.text == "Say \"hi\"\tnow")
        #expect(catalog.lookup("snow", language: "en", settings: settings)?.text == "Snow ❄")
        #expect(catalog.lookup("unquoted_key", language: "en", settings: settings)?.text == "Bare keys work")
        #expect(catalog.lookup("quote", language: "de", settings: settings)?.fallbackState == "missing")
        let single = try StringCatalog.load(Self.path("Strings/de.lproj/Localizable.strings"))
        #expect(single.sourceLanguage == "de" && single.keys == ["section.title", "hiking"])
    }

    func failure(_ body: () throws -> Void) -> InputError? {
        do { try body(); return nil } catch let error as InputError { return error } catch { return nil }
    }

    @Test func aStringsFileWithoutASemicolonNamesLineAndColumn() throws {
        let error = try #require(failure { _ = try StringCatalog.load(Self.path("bad.strings")) })
        #expect(error.location == SourceSpan(file: Self.path("bad.strings"), line: 3, column: 1))
        #expect(error.message == "expected ';' after the value, found '\"'")
    }

    @Test func malformedCatalogsNameTheKeyPath() throws {
        let state = try #require(failure { _ = try StringCatalog.load(Self.path("bad-state.xcstrings")) })
        #expect(state.message == "unknown state 'done' at strings → hiking → localizations → de → stringUnit → state")
        #expect(state.location?.line == 6)
        let type = try #require(failure { _ = try StringCatalog.load(Self.path("wrong-type.xcstrings")) })
        #expect(type.message == "expected strings → hiking → localizations → de → stringUnit → value to be a string, "
                + "found a number")
        #expect(type.location == SourceSpan(file: Self.path("wrong-type.xcstrings"), line: 6, column: 69))
    }

    @Test func tagsFilesAndTagsJSONNameStringsByKeyAndPattern() throws {
        let tags = try TagsFile.parse(Array("""
            @section-key section.title
            @key hiking
            @selected-key greeting
            @keys p*
            @footer-key brand
            """.utf8), file: "t.tags")
        let json = try TagsJSON.parse(Array("""
            {"sections": [{"titleKey": "section.title", "footerKey": "brand",
              "tags": [{"key": "hiking"}, {"key": "greeting", "selected": true}], "keys": "p*"}]}
            """.utf8), file: "t.json")
        for document in [tags, json] {
            #expect(document.namesCatalogStrings)
            let resolved = try CatalogResolution(document, catalog: catalog(),
                                                 settings: CatalogSettings(locale: "de"), file: "t")
            let section = resolved.document.sections[0]
            #expect(section.title == "Draußen" && section.footer == "tagflow Pro")
            #expect(section.tags.map(\.text) == ["Wandern", "Hallo, Alex!", "3 Fotos", "Mia hat 3 Themen gewählt"]
                        .map { $0.replacingOccurrences(of: "Mia", with: "Alex") })
            #expect(section.tags.map(\.isSelected) == [false, true, false, false])
            #expect(!resolved.document.namesCatalogStrings)
        }
    }

    @Test func anUnknownKeyOrLocaleSaysWhatThereIs() throws {
        let document = try TagsFile.parse(Array("a\n@key hikng\n".utf8), file: "t.tags")
        let key = try #require(failure {
            _ = try CatalogResolution(document, catalog: catalog(), settings: CatalogSettings(), file: "t.tags")
        })
        #expect(key.location == SourceSpan(file: "t.tags", line: 2, column: 1))
        #expect(key.hint == "did you mean 'hiking'?")
        let locale = try #require(failure {
            _ = try CatalogResolution(document, catalog: catalog(), settings: CatalogSettings(locale: "fr"),
                                      file: "t.tags")
        })
        #expect(locale.message.hasSuffix("has no strings in 'fr'"))
        #expect(locale.hint?.contains("ar, de, en, ja, zh-Hans") == true)
    }
}
