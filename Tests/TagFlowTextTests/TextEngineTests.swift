import Dispatch
import TagFlowLayout
import Testing
@testable import TagFlowText

// Each test makes its own engine, so the tests can run in parallel without sharing caches.

@Suite struct FontResolutionTests {
    @Test func dejaVuSansResolves() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        #expect(font.family == "DejaVu Sans")
        #expect(font.size == 14)
        #expect(engine.primaryFace(font: font).path.hasSuffix("DejaVuSans.ttf"))
    }

    @Test func familyMatchIgnoresCaseAndBlanksAndAcceptsOtherNames() throws {
        let engine = try TextEngine.forTests()
        #expect(try engine.font(family: "dejavu  sans", size: 12).family == "DejaVu Sans")
        // WenQuanYi lists its Chinese names too; the reported family is the English one.
        #expect(try engine.font(family: "文泉驿正黑", size: 12).family == "WenQuanYi Zen Hei")
    }

    @Test(arguments: ["sans-serif", "serif", "monospace", "sans", "mono"])
    func genericFamiliesResolve(_ generic: String) throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: generic, size: 14)
        #expect(engine.availableFamilies().contains(font.family))
    }

    /// A family spelled like no installed one gets no suggestions: the installed ones are not what was meant.
    @Test(arguments: ["Helvetca Neue Bogus", "SF Pro"])
    func unknownFamilyThrowsWithoutFarSuggestions(family: String) throws {
        let engine = try TextEngine.forTests()
        let error = #expect(throws: FontError.self) { try engine.font(family: family, size: 14) }
        #expect(error == .familyNotFound(family, suggestions: []))
        #expect(error?.description == "font family '\(family)' is not installed")
    }

    @Test func misspelledFamilySuggestsTheRealOne() throws {
        let engine = try TextEngine.forTests()
        let misspelled = #expect(throws: FontError.self) { try engine.font(family: "DejaVu Sanz", size: 14) }
        #expect(suggestions(misspelled).first == "DejaVu Sans")
        let partial = #expect(throws: FontError.self) { try engine.font(family: "WenQuanYi", size: 14) }
        let list = suggestions(partial)
        #expect(list.count >= 3)
        #expect(list.prefix(3).allSatisfy { $0.hasPrefix("WenQuanYi Zen Hei") })
    }

    private func suggestions(_ error: FontError?) -> [String] {
        guard case let .familyNotFound(_, suggestions) = error else { return [] }
        return suggestions
    }

    @Test func availableFamiliesListsInstalledFontsOnce() throws {
        let families = try TextEngine.forTests().availableFamilies()
        for family in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "WenQuanYi Zen Hei"] {
            #expect(families.contains(family))
        }
        #expect(Set(families).count == families.count)
        #expect(!families.contains("文泉驿正黑"))  // English names only where a font has one
    }

    @Test func aliasedSubstituteIsSuggestedFirst() throws {
        let engine = try TextEngine.forTests()
        // Fontconfig's rules make Courier a monospace family and DejaVu Sans Mono the monospace font, though by name
        // alone DejaVu Sans Mono is not the closest family to "Courier".
        #expect(closestFamilies(to: "Courier", among: engine.availableFamilies()).first != "DejaVu Sans Mono")
        let error = #expect(throws: FontError.self) { try engine.font(family: "Courier", size: 14) }
        #expect(suggestions(error).first == "DejaVu Sans Mono")
    }

    /// Only families spelled nearly the same are suggested, whatever the case and spaces, closest first.
    @Test func familySuggestionsAreWithinAnEditDistance() {
        let installed = ["DejaVu Sans Mono", "Noto Color Emoji", "DejaVu Serif", "DejaVu Sans", "WenQuanYi Zen Hei"]
        #expect(closestFamilies(to: "SF Pro", among: installed).isEmpty)
        #expect(closestFamilies(to: "Helvetica Neue", among: installed).isEmpty)
        #expect(closestFamilies(to: "DejaVu Snas", among: installed) == ["DejaVu Sans"])
        #expect(closestFamilies(to: "dejavusans", among: installed) == ["DejaVu Sans", "DejaVu Sans Mono"])
        #expect(closestFamilies(to: "DejaVu", among: installed) == ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"])
        #expect(closestFamilies(to: "Noto Colour Emoji", among: installed) == ["Noto Color Emoji"])
    }

    @Test func invalidSizeThrows() throws {
        let engine = try TextEngine.forTests()
        #expect(throws: FontError.invalidSize(0)) { try engine.font(family: "DejaVu Sans", size: 0) }
        #expect(throws: FontError.self) { try engine.font(family: "DejaVu Sans", size: .nan) }
    }

    @Test func lineMetricsComeFromThePrimaryFace() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 20)
        let metrics = engine.lineMetrics(font: font)
        let face = engine.primaryFace(font: font)
        #expect(metrics.ascent == Double(face.ascender) * 20 / Double(face.unitsPerEm))
        #expect(metrics.ascent > 15 && metrics.ascent < 20)
        #expect(metrics.descent > 2 && metrics.descent < 8)
    }
}

@Suite struct ShapingTests {
    @Test func kerningMakesTextNarrowerThanUnshapedAdvances() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let face = engine.primaryFace(font: font)
        for text in ["AV", "AVATAR Ty. office"] {
            let shaped = engine.shape(text, font: font)
            let unshaped = unshapedWidth(text, face: face, size: 14)
            #expect(shaped.width < unshaped - 0.1, "\(text): \(shaped.width) vs unkerned \(unshaped)")
        }
        // Without kerning pairs the shaped width is exactly the sum of advances.
        let plain = engine.shape("HHH", font: font)
        #expect(abs(plain.width - unshapedWidth("HHH", face: face, size: 14)) < 1e-9)
    }

    @Test func ligaturesReduceTheGlyphCount() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let face = engine.primaryFace(font: font)
        // DejaVu Sans draws "ffi" as one glyph (U+FB03) that is narrower than f + f + i.
        let text = "office"
        let shaped = engine.shape(text, font: font)
        let glyphs = shaped.runs.flatMap(\.glyphs)
        #expect(glyphs.count == 4)
        let ffi = glyphID("\u{FB03}", in: face)
        #expect(ffi != 0 && glyphs.contains(ffi))
        #expect(shaped.width < unshapedWidth(text, face: face, size: 14) - 0.1)
    }

    @Test func cjkFallsBackToWenQuanYi() throws {
        let engine = try TextEngine.forTests()
        for family in ["DejaVu Sans", "sans-serif", "DejaVu Serif"] {
            let m = engine.measure("篮球", font: try engine.font(family: family, size: 14))
            #expect(m.fonts == ["WenQuanYi Zen Hei"], "\(family)")
            #expect(m.missingGlyphs == 0)
            #expect(m.width == 28)  // two full-width ideographs, 1 em each
        }
    }

    @Test func mixedScriptsUseSeveralFontsAndNothingIsMissing() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let shaped = engine.shape("Hello Мир Γειά שלום مرحبا 你好", font: font)
        #expect(shaped.missingGlyphs == 0)
        #expect(shaped.fonts == ["DejaVu Sans", "WenQuanYi Zen Hei"])
        // Latin, Cyrillic, Greek, Hebrew, Arabic and Han each get their own run; two of them are right to left. The
        // space between the Arabic and the Han is left to right, in DejaVu: a seventh run.
        #expect(shaped.runs.count == 7)
        #expect(shaped.runs.filter(\.isRightToLeft).count == 2)
        #expect(shaped.width > 0)
        #expect(abs(shaped.runs.reduce(0) { $0 + $1.advance } - shaped.width) < 1e-9)
    }

    @Test func latinFallsBackForCyrillicWhenThePrimaryLacksIt() throws {
        let engine = try TextEngine.forTests(files: [testFont("TagFlowTest-Private.ttf")])
        // The test font has only A, B, a and the space; the rest comes from the fallback list.
        let m = engine.measure("Aa Мир", font: try engine.font(family: "TagFlow Test Private", size: 14))
        #expect(m.fonts.first == "TagFlow Test Private")
        #expect(m.fonts.count == 2)
        #expect(m.missingGlyphs == 0)
    }

    @Test func rightToLeftRunsAreInVisualOrder() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let face = engine.primaryFace(font: font)
        let hebrew = engine.shape("שלום", font: font)
        #expect(hebrew.runs.count == 1 && hebrew.runs[0].isRightToLeft)
        // The leftmost glyph is the last letter, final mem.
        #expect(hebrew.runs[0].glyphs.first == glyphID("ם", in: face))
        #expect(hebrew.runs[0].glyphs.last == glyphID("ש", in: face))

        // A Hebrew run followed by an Arabic run reads right to left, so the Arabic run is drawn first.
        let mixed = engine.shape("Hi שלום مرحبا", font: font)
        #expect(mixed.runs.map(\.isRightToLeft) == [false, true, true])
        #expect(mixed.runs[2].glyphs.contains(glyphID("ש", in: face)))
        #expect(!mixed.runs[1].glyphs.contains(glyphID("ש", in: face)))
        #expect(mixed.runs[1].origin == mixed.runs[0].advance)
        #expect(mixed.runs[2].origin == mixed.runs[0].advance + mixed.runs[1].advance)
    }

    @Test func arabicIsJoined() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let face = engine.primaryFace(font: font)
        let run = try #require(engine.shape("مرحبا", font: font).runs.first)
        // Joined letters use contextual forms, not the isolated glyphs cmap gives.
        let isolated = "مرحبا".unicodeScalars.map { glyphID($0, in: face) }
        #expect(Set(run.glyphs).subtracting(isolated).count >= 2)
    }

    @Test func missingCharactersAreCounted() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        // U+13000 (an Egyptian hieroglyph) and U+10080 (a Linear B ideogram) are in none of the tests' fonts.
        let m = engine.measure("a\u{13000}b\u{10080}", font: font)
        #expect(m.missingGlyphs == 2)
        #expect(m.fonts == ["DejaVu Sans"])
        #expect(engine.measure("abc", font: font).missingGlyphs == 0)
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let accented = engine.shape("e\u{301}", font: font)
        #expect(accented.runs.count == 1)
        #expect(accented.missingGlyphs == 0)
        // Next to a CJK fallback run the mark still goes with the Latin base, not with the neighbouring font.
        let mixed = engine.shape("你e\u{301}", font: font)
        #expect(mixed.runs.count == 2)
        #expect(mixed.runs.map(\.face.family) == ["WenQuanYi Zen Hei", "DejaVu Sans"])
        #expect(mixed.missingGlyphs == 0)
        // A leading mark on its own is its own cluster and still gets a font.
        #expect(engine.measure("\u{301}a", font: font).missingGlyphs == 0)
    }

    @Test func widthScalesExactlyWithSize() throws {
        let engine = try TextEngine.forTests()
        let small = try engine.font(family: "DejaVu Sans", size: 14)
        let large = small.resized(to: 28)
        for text in sampleTags.prefix(16) {
            let a = engine.measure(text, font: small).width
            let b = engine.measure(text, font: large).width
            #expect(abs(b - 2 * a) < 1e-6, "\(text)")
        }
    }

    @Test func widthsAreFractional() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        // DejaVu's "a" is 1255/2048 em: 8.579... pt, not a whole number of points or 64ths.
        let width = engine.measure("a", font: font).width
        #expect(abs(width - 1255.0 * 14 / 2048) < 1e-12)
    }

    @Test func emptyTextHasNoRuns() throws {
        let engine = try TextEngine.forTests()
        let shaped = engine.shape("", font: try engine.font(family: "DejaVu Sans", size: 14))
        #expect(shaped.width == 0 && shaped.runs.isEmpty && shaped.fonts.isEmpty && shaped.missingGlyphs == 0)
    }

    @Test func glyphPositionsAdvanceAcrossTheRun() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let run = try #require(engine.shape("AVA", font: font).runs.first)
        #expect(run.glyphs.count == 3 && run.xPositions.count == 3 && run.yOffsets.count == 3)
        #expect(run.xPositions[0] == 0)
        #expect(zip(run.xPositions, run.xPositions.dropFirst()).allSatisfy { $0 < $1 })
        #expect(run.xPositions[2] < run.advance)
    }
}

@Suite struct CacheAndConcurrencyTests {
    @Test func cacheReturnsIdenticalResults() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        for text in sampleTags.prefix(16) {
            let first = engine.shape(text, font: font)
            let second = engine.shape(text, font: font)
            #expect(first == second)
            #expect(zip(first.runs, second.runs).allSatisfy { $0.face === $1.face })
        }
        // Faces are loaded once per file and shared between families' chains.
        let other = try engine.font(family: "sans-serif", size: 10)
        let a = engine.shape("篮球", font: font).runs[0].face
        let b = engine.shape("篮球", font: other).runs[0].face
        #expect(a === b)
    }

    @Test func cacheLimitKeepsResultsCorrect() throws {
        let engine = try TextEngine.forTests(cacheLimit: 3)
        let reference = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let referenceFont = try reference.font(family: "DejaVu Sans", size: 14)
        for text in sampleTags.prefix(20) + sampleTags.prefix(20) {
            #expect(engine.measure(text, font: font) == reference.measure(text, font: referenceFont))
        }
    }

    @Test func measurementCachingMeasuresExactlyAsShaping() throws {
        let shaping = try TextEngine.forTests()
        let measuring = try TextEngine.forTests(caching: .measurements)
        let shapingFont = try shaping.font(family: "DejaVu Sans", size: 14)
        let measuringFont = try measuring.font(family: "DejaVu Sans", size: 14)
        // Mixed scripts, right-to-left runs, fallback fonts and missing glyphs, cold and then warm.
        for text in sampleTags + sampleTags.prefix(20) {
            let shaped = shaping.shape(text, font: shapingFont)
            let measured = measuring.measure(text, font: measuringFont)
            #expect(measured == shaped.measurement, "\(text)")
        }
        // It still shapes in full when asked (faces are per engine, so compare what they draw).
        let text = "Hello Мир Γειά שלום مرحبا 你好"
        let drawn = measuring.shape(text, font: measuringFont), reference = shaping.shape(text, font: shapingFont)
        #expect(drawn.runs.count == 7)
        #expect(drawn.runs.map(\.face.path) == reference.runs.map(\.face.path))
        #expect(drawn.runs.map(\.glyphs) == reference.runs.map(\.glyphs))
        #expect(drawn.runs.map(\.xPositions) == reference.runs.map(\.xPositions))
        #expect(drawn.runs.map(\.origin) == reference.runs.map(\.origin))
        #expect(drawn.measurement == reference.measurement)
    }

    @Test func batchMeasurementOnSeveralThreadsMatchesOneByOne() throws {
        let reference = try TextEngine.forTests(caching: .measurements)
        // Two texts a thread is enough to split even this short list over every processor.
        let engine = try TextEngine.forTests(caching: .measurements, textsPerThread: 2)
        let texts = sampleTags + sampleTags.reversed()
        for family in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans"] {
            let font = try engine.font(family: family, size: 14)
            let referenceFont = try reference.font(family: family, size: 14)
            // Twice: the second batch reuses the first one's spare states, which must learn any new font.
            for _ in 0..<2 {
                #expect(engine.measure(texts, font: font) == texts.map { reference.measure($0, font: referenceFont) }, "\(family)")
            }
        }
        #expect(engine.measure([], font: try engine.font(family: "DejaVu Sans", size: 14)).isEmpty)
    }

    @Test func concurrentShapingMatchesSerial() throws {
        let serialEngine = try TextEngine.forTests()
        let serialFont = try serialEngine.font(family: "DejaVu Sans", size: 14)
        let serial = sampleTags.map { serialEngine.measure($0, font: serialFont) }

        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let results = ResultBox(count: sampleTags.count * 4)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            // Every worker walks all texts from a different start, so cold and warm calls overlap.
            for step in 0..<(sampleTags.count / 2) {
                let i = (worker * 37 + step) % sampleTags.count
                let m = engine.measure(sampleTags[i], font: font)
                results.set(worker % 4 * sampleTags.count + i, m)
            }
        }
        for (i, m) in results.values.enumerated() where m != nil {
            #expect(m == serial[i % sampleTags.count], "\(sampleTags[i % sampleTags.count])")
        }
        #expect(results.values.compactMap { $0 }.count > sampleTags.count)
    }

    @Test func measurerMeasuresWithItsFont() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let measurer: any TextMeasuring = Measurer(engine: engine, font: font)
        #expect(measurer.measure("Remember me") == engine.measure("Remember me", font: font))
        #expect(measurer.measure("Remember me").width > 0)
        #expect(measurer.measureAll(["Remember me", "篮球"]) == [engine.measure("Remember me", font: font), engine.measure("篮球", font: font)])
    }
}

/// Collects results written from several threads.
final class ResultBox: Sendable {
    private let storage: Locked<[TextMeasurement?]>

    init(count: Int) { storage = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: TextMeasurement) {
        storage.withLock { $0[index] = value }
    }

    var values: [TextMeasurement?] { storage.withLock { $0 } }
}

@Suite struct LifetimeTests {
    @Test func shapedRunsKeepTheirFacesAfterTheEngineIsGone() throws {
        var shaped: ShapedText?
        do {
            let engine = try TextEngine.forTests()
            shaped = engine.shape("Hi 你好", font: try engine.font(family: "DejaVu Sans", size: 14))
        }
        let runs = try #require(shaped?.runs)
        #expect(runs.count == 2)
        // The FT_Face is still open: FreeType reads its glyph count from it.
        for run in runs {
            let glyphCount = run.face.withFTFace { Int($0.pointee.num_glyphs) }
            #expect(glyphCount > 1000)
            #expect(run.glyphs.allSatisfy { $0 > 0 && Int($0) < glyphCount })
        }
    }
}

@Suite struct CacheKeyTests {
    @Test func keysCompareBytesNotCanonicalEquivalence() {
        // Swift's String == treats these as equal, but they are different scalar sequences to shape.
        #expect("é" == "e\u{301}")
        let composed = ShapeKey(chain: 0, size: 14, text: "é")
        let decomposed = ShapeKey(chain: 0, size: 14, text: "e\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(composed == ShapeKey(chain: 0, size: 14, text: String("xé".dropFirst())))
        #expect(composed != ShapeKey(chain: 0, size: 28, text: "é"))
        #expect(composed != ShapeKey(chain: 1, size: 14, text: "é"))
    }
}

@Suite struct JoinedShapingTests {
    /// Measures `texts` as a part of a batch does, and one at a time, with a state of its own.
    private func measureBothWays(
        _ texts: [String], family: String, size: Double, tracking: Double = 0, files: [String] = []
    ) throws -> (joined: [TextMeasurement], alone: [TextMeasurement], joinedCount: Int) {
        let state = try EngineState(sources: FontSources(files: files, configurationFile: testConfiguration))
        let chain = try state.chainID(for: ChainKey(family: family, weight: .regular, tracking: tracking))
        let results = UnsafeMutablePointer<TextMeasurement>.allocate(capacity: texts.count)
        defer { results.deallocate() }
        let joinedCount = state.measure(texts, texts.indices, chain: chain, size: size, into: results)
        let joined = Array(UnsafeBufferPointer(start: results, count: texts.count))
        results.deinitialize(count: texts.count)
        return (joined, texts.map { state.measure($0, chain: chain, size: size) }, joinedCount)
    }

    @Test func textsShapedTogetherMeasureAsTheyDoAlone() throws {
        // Kerning pairs, ligatures, punctuation, digits and spaces at every edge, and some texts that never join.
        let pieces = ["Te", "AV", "To", "fi", "fl", "ffi", "Ty", "LT", "P.", "r.", "Wa", "Yo", "11", "--", "'", "\"",
                      "...", "T,", "y.", "ft", " ", "a", "Z", "7", "(", ")", "@", "~"]
        let strangers = ["café", "日本", "x\u{301}y", "שלום", "😀x", "Te😀", "tab\tin"]
        var generator = SeededGenerator(seed: 14)
        let texts = (0..<3000).map { index in
            if index % 23 == 0 { return strangers[index / 23 % strangers.count] }
            let count = Int.random(in: 1...5, using: &generator)
            return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        for (family, tracking) in [("DejaVu Sans", 0.0), ("DejaVu Serif", 0.0), ("DejaVu Sans Mono", 0.0),
                                   ("DejaVu Sans", 1.25)] {
            let (joined, alone, joinedCount) = try measureBothWays(texts, family: family, size: 14, tracking: tracking)
            #expect(joined == alone, "\(family)")
            // Most texts did share a buffer, and the ones HarfBuzz marked at an edge were shaped alone.
            #expect(joinedCount > texts.count / 2, "\(family)")
            #expect(joinedCount < texts.count - texts.count / 23, "\(family)")
        }
    }

    @Test func aPairKernedAcrossTheSeparatorIsShapedAlone() throws {
        // This font kerns A before a by -200 units past any mark, and calls .notdef (the separator's glyph) a mark:
        // joined, "BA" and "aB" would kern across it.
        let texts = ["BA", "aB", "AB", "Ba"]
        let (joined, alone, joinedCount) = try measureBothWays(
            texts, family: "TagFlow Test Kern Across", size: 10, files: [testFont("TagFlowTest-KernAcross.ttf")])
        #expect(joined.map(\.width) == [13, 12, 13, 12])
        #expect(joined == alone)
        #expect(joinedCount == 2)
        // Within one text the pair does kern: 600 + 500 - 200 units.
        let (kerned, _, _) = try measureBothWays(
            ["Aa"], family: "TagFlow Test Kern Across", size: 10, files: [testFont("TagFlowTest-KernAcross.ttf")])
        #expect(kerned.map(\.width) == [9])
    }
}
