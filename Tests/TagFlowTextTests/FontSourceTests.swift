import Testing
@testable import TagFlowText

// The test fonts are 1000 units per em, and their advances are set in scripts/make-test-fonts.py: 'A' is 600
// units unless a font overrides it, so 'A' at 10 pt is 6 pt wide.

/// `units` font units at `size` points, computed as the engine scales them.
private func points(_ units: Int, _ size: Double) -> Double { Double(units) * (size / 1000) }

@Suite struct FontSourceTests {
    @Test func fontGivenByFileIsUsableByFamilyName() throws {
        let path = testFont("TagFlowTest-Private.ttf")
        let engine = try TextEngine.forTests(files: [path])
        let font = try engine.font(family: "TagFlow Test Private", size: 10)
        #expect(font.family == "TagFlow Test Private")
        #expect(engine.primaryFace(font: font).path == path)
        #expect(engine.measure("A", font: font).width == points(600, 10))
        #expect(engine.availableFamilies().contains("TagFlow Test Private"))
        // Only the engine it was given to knows it.
        #expect(throws: FontError.self) { try TextEngine.forTests().font(family: "TagFlow Test Private", size: 10) }
    }

    @Test func fontsInAGivenFolderAreUsable() throws {
        // A PostScript-outline (CFF) OpenType font, alone in its folder.
        let engine = try TextEngine.forTests(directories: [testFontsFolder + "/Folder"])
        let font = try engine.font(family: "TagFlow Test Folder", size: 10)
        #expect(engine.primaryFace(font: font).path.hasSuffix("Folder/TagFlowTest-Folder.otf"))
        #expect(engine.measure("A", font: font).width == points(900, 10))
    }

    @Test func fontGivenByFileWinsOverTheInstalledFamily() throws {
        let shadow = testFont("TagFlowTest-DejaVuShadow.ttf")
        let installed = try TextEngine.forTests()
        let engine = try TextEngine.forTests(files: [shadow])
        let font = try engine.font(family: "DejaVu Sans", size: 10)
        #expect(engine.primaryFace(font: font).path == shadow)
        // The shadow's 'a' is a full em; the installed DejaVu Sans's is 1255/2048 em.
        #expect(engine.measure("a", font: font).width == points(1000, 10))
        let installedFont = try installed.font(family: "DejaVu Sans", size: 10)
        #expect(installed.primaryFace(font: installedFont).path.hasSuffix("dejavu/DejaVuSans.ttf"))
        // What the shadow lacks still comes from the installed DejaVu Sans.
        let shaped = engine.shape("aМир", font: font)
        #expect(shaped.runs.map(\.face.path) == [shadow, installed.primaryFace(font: installedFont).path])
        #expect(shaped.missingGlyphs == 0)
    }

    @Test func everyFaceOfACollectionIsUsable() throws {
        let path = testFont("TagFlowTest-Collection.ttc")
        let engine = try TextEngine.forTests(files: [path])
        let one = try engine.font(family: "TagFlow Test Collection One", size: 10)
        let two = try engine.font(family: "TagFlow Test Collection Two", size: 10)
        #expect(engine.primaryFace(font: one).path == path && engine.primaryFace(font: one).index == 0)
        #expect(engine.primaryFace(font: two).path == path && engine.primaryFace(font: two).index == 1)
        #expect(engine.measure("A", font: one).width == points(300, 10))
        #expect(engine.measure("A", font: two).width == points(800, 10))
    }

    @Test(arguments: [("TagFlowTest-Woff.woff", "TagFlow Test Woff", 610), ("TagFlowTest-Woff2.woff2", "TagFlow Test Woff Two", 620)])
    func webFontsAreUnpackedAndShaped(_ file: String, _ family: String, _ advance: Int) throws {
        // Debian's FreeType links zlib and brotli, so it reads both; HarfBuzz shapes the tables FreeType unpacked.
        let engine = try TextEngine.forTests(files: [testFont(file)])
        let font = try engine.font(family: family, size: 10)
        #expect(engine.primaryFace(font: font).path == testFont(file))
        let shaped = engine.shape("AB", font: font)
        #expect(shaped.missingGlyphs == 0)
        #expect(shaped.width == points(advance + 700, 10))
        #expect(engine.measure("AB", font: font) == shaped.measurement)
    }

    @Test func missingFontFileIsATypedError() throws {
        let path = testFontsFolder + "/no-such-font.ttf"
        let error = #expect(throws: FontError.self) { try TextEngine.forTests(files: [path]) }
        #expect(error == .fontFileNotFound(path: path))
        #expect(error?.description.contains(path) == true)
    }

    @Test func fileThatIsNotAFontIsATypedError() throws {
        let error = #expect(throws: FontError.self) { try TextEngine.forTests(files: [testConfiguration]) }
        #expect(error == .notAFont(path: testConfiguration))
        #expect(error?.description.contains(testConfiguration) == true)
        // A folder given as a file is not a font either.
        #expect(throws: FontError.fontFileIsAFolder(path: testFontsFolder)) { try TextEngine.forTests(files: [testFontsFolder]) }
    }

    @Test func missingFontFolderIsATypedError() throws {
        let path = testFontsFolder + "/no-such-folder"
        #expect(throws: FontError.fontDirectoryNotFound(path: path)) { try TextEngine.forTests(directories: [path]) }
        let file = testFont("TagFlowTest-Private.ttf")
        #expect(throws: FontError.fontDirectoryIsAFile(path: file)) { try TextEngine.forTests(directories: [file]) }
    }

    @Test func missingConfigurationFileIsATypedError() throws {
        let path = testFontsFolder + "/no-such.conf"
        #expect(throws: FontError.configurationFileFailed(path: path)) {
            try TextEngine(fonts: FontSources(configurationFile: path))
        }
    }

    @Test func testConfigurationHasOnlyTheFontsTheTestsRelyOn() throws {
        let families = Set(try TextEngine.forTests().availableFamilies())
        let expected = Set([
            "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "WenQuanYi Zen Hei", "WenQuanYi Zen Hei Mono",
            "WenQuanYi Zen Hei Sharp",
        ]).union(["JP", "KR", "SC", "TC", "HK"].flatMap { ["Noto Sans CJK \($0)", "Noto Sans Mono CJK \($0)"] })
        #expect(families.subtracting(["Noto Color Emoji"]) == expected)
    }
}

@Suite struct FontChainTests {
    @Test func chainIsFollowedClusterByCluster() throws {
        let engine = try TextEngine.forTests(files: [testFont("TagFlowTest-Private.ttf")])
        // The test font has 'a' but not 'b' or 'М': those come from the next family of the chain.
        let chain = try engine.font(family: "TagFlow Test Private, WenQuanYi Zen Hei", size: 10)
        #expect(chain.family == "TagFlow Test Private")
        let shaped = engine.shape("abМ", font: chain)
        #expect(shaped.fonts == ["TagFlow Test Private", "WenQuanYi Zen Hei"])
        #expect(shaped.runs.count == 3)  // Latin in two fonts, then Cyrillic
        #expect(shaped.runs.map(\.face.family) == ["TagFlow Test Private", "WenQuanYi Zen Hei", "WenQuanYi Zen Hei"])
        // Without the chain, fontconfig's fallback (DejaVu Sans here) draws them instead.
        let alone = try engine.font(family: "TagFlow Test Private", size: 10)
        #expect(engine.measure("abМ", font: alone).fonts == ["TagFlow Test Private", "DejaVu Sans"])
        // Whatever no family of the chain has still falls back: Hebrew is not in WenQuanYi Zen Hei.
        #expect(engine.measure("aש", font: chain).fonts == ["TagFlow Test Private", "DejaVu Sans"])
        let report = engine.report(for: chain)
        #expect(report.families == ["TagFlow Test Private", "WenQuanYi Zen Hei"])
        #expect(report.skipped.isEmpty && report.standIn == nil)
    }

    @Test func missingFamiliesOfAChainAreSkippedAndReported() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "No Such Family, DejaVu Serif, Another Missing One", size: 10)
        #expect(font.family == "DejaVu Serif")
        let report = engine.report(for: font)
        #expect(report.requested == "No Such Family, DejaVu Serif, Another Missing One")
        #expect(report.families == ["DejaVu Serif"])
        #expect(report.skipped == ["No Such Family", "Another Missing One"])
        #expect(report.standIn == nil)
    }

    @Test func chainWithNoInstalledFamilyThrows() throws {
        let engine = try TextEngine.forTests()
        let error = #expect(throws: FontError.self) { try engine.font(family: "DejaVu Sanz, Nope Serif", size: 10) }
        guard case let .noFamilyOfListFound(list, families, suggestions) = error else {
            Issue.record("expected noFamilyOfListFound, got \(String(describing: error))")
            return
        }
        #expect(list == "DejaVu Sanz, Nope Serif")
        #expect(families == ["DejaVu Sanz", "Nope Serif"])
        #expect(suggestions.first == "DejaVu Sans")
        #expect(error?.description == "none of the font families 'DejaVu Sanz, Nope Serif' is installed; closest installed families to the first: "
                + suggestions.map { "'\($0)'" }.joined(separator: ", "))
    }

    @Test func systemIOSReportsOneStandInRecord() throws {
        try #require(notoColorEmojiInstalled, "\(needsNotoColorEmoji)")
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "system-ios", size: 17)
        #expect(font.family == "DejaVu Sans")
        let record = try #require(engine.report(for: font).standIn)
        #expect(record == StandInRecord(chain: "system-ios", substitutions: [
            .init(wanted: "SF Pro", used: "DejaVu Sans"),
            .init(wanted: "PingFang SC", used: "Noto Sans CJK SC"),
            .init(wanted: "Apple Color Emoji", used: "Noto Color Emoji"),
        ]))
        #expect(record.description
            == "system-ios: SF Pro → DejaVu Sans, PingFang SC → Noto Sans CJK SC, Apple Color Emoji → Noto Color Emoji")
        #expect(engine.measure("Hi 篮球😀", font: font).fonts == ["DejaVu Sans", "Noto Sans CJK SC", "Noto Color Emoji"])
    }

    @Test func systemIOSUsesTheUsersSFProFiles() throws {
        let path = testFont("TagFlowTest-SFPro.ttf")
        let engine = try TextEngine.forTests(files: [path])
        let font = try engine.font(family: "system-ios", size: 17)
        #expect(font.family == "SF Pro")
        #expect(engine.primaryFace(font: font).path == path)
        let record = try #require(engine.report(for: font).standIn)
        #expect(!record.substitutions.contains { $0.wanted == "SF Pro" })
        #expect(record.substitutions.first?.wanted == "PingFang SC")
    }
}

@Suite struct FontSourceDeterminismTests {
    @Test func batchThreadsUseTheSameFontsGivenByFile() throws {
        let files = [testFont("TagFlowTest-Private.ttf"), testFont("TagFlowTest-Opsz.ttf")]
        let reference = try TextEngine.forTests(files: files, caching: .measurements)
        // Two texts a thread: every processor's spare state must add the same files and resolve the same chains.
        let engine = try TextEngine.forTests(files: files, caching: .measurements, textsPerThread: 2)
        let texts = sampleTags + ["AB a", "BA", "aaa AAA"]
        for (family, tracking) in [("TagFlow Test Private, WenQuanYi Zen Hei", 0.0), ("TagFlow Test Opsz", 1.25)] {
            let font = try engine.font(family: family, size: 21, tracking: tracking)
            let referenceFont = try reference.font(family: family, size: 21, tracking: tracking)
            #expect(engine.measure(texts, font: font) == texts.map { reference.measure($0, font: referenceFont) }, "\(family)")
        }
        // The extra threads did run (a spare state that could not resolve a chain would have been dropped).
        #expect(engine.spareStateCount == min(onlineProcessorCount(), 8) - 1)
    }

    @Test func recordsAndReportsAreCodable() throws {
        let engine = try TextEngine.forTests(files: [testFont("TagFlowTest-Private.ttf")])
        let font = try engine.font(family: "Missing Family, TagFlow Test Private", size: 10)
        let records = engine.fontFiles(usedBy: "A", font: font)
        let report = engine.report(for: font)
        #expect(report.skipped == ["Missing Family"])
        #expect(try roundTrip(records) == records)
        #expect(try roundTrip(report) == report)
        #expect(try roundTrip(missingFontSuggestion(for: "篮")) == missingFontSuggestion(for: "篮"))
        // Static faces carry no variations for the renderer.
        #expect(engine.shape("A", font: font).runs[0].variations.isEmpty)
    }
}
