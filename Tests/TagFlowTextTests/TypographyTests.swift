import Foundation
import Testing
import TagFlowLayout
@testable import TagFlowText

// The test fonts are 1000 units per em; their advances are set in scripts/make-test-fonts.py.

/// `units` font units at `size` points, computed as the engine scales them.
private func points(_ units: Int, _ size: Double) -> Double { Double(units) * (size / 1000) }

@Suite struct VariationTests {
    private let opsz = testFont("TagFlowTest-Opsz.ttf")

    @Test func opticalSizeFollowsThePointSize() throws {
        let engine = try TextEngine.forTests(files: [opsz])
        // 'A' is 600 units at opsz 8 and 400 at opsz 72, linear between: 500 at opsz 40.
        for (size, units) in [(8.0, 600), (40, 500), (72, 400)] {
            let font = try engine.font(family: "TagFlow Test Opsz", size: size)
            let shaped = engine.shape("A", font: font)
            #expect(shaped.width == points(units, size), "at \(size) pt")
            #expect(shaped.runs[0].variations == [try FontVariation(tag: "opsz", value: size)])
            #expect(engine.measure("A", font: font).width == shaped.width)
        }
        // Beyond the axis the value is clamped, as HarfBuzz clamps it.
        let large = try engine.font(family: "TagFlow Test Opsz", size: 144)
        #expect(engine.measure("A", font: large).width == points(400, 144))
        #expect(engine.shape("A", font: large).runs[0].variations.map(\.value) == [72])
    }

    /// A weight asked of a variable face with a weight axis is drawn on the axis, as CoreText draws it (Bold Text on
    /// SF Pro's variable file): not thickened, and not thickened on top of a weight a variation sets.
    @Test func aRequestedWeightSetsTheWeightAxis() throws {
        let engine = try TextEngine.forTests(files: [opsz])
        func run(_ weight: FontWeight, _ variations: String = "") throws -> ShapedRun {
            let font = try engine.font(family: "TagFlow Test Opsz", size: 20, weight: weight, variations: FontVariation.parse(variations))
            return try #require(engine.shape("AAAA", font: font).runs.first)
        }
        for (weight, value) in [(FontWeight.semibold, 600.0), (.bold, 700)] {
            let asked = try run(weight), set = try run(.regular, "wght=\(Int(value))")
            #expect(asked.emboldening == 0, "\(weight)")
            #expect(asked.variations.first { $0.tag == "wght" }?.value == value, "\(weight): \(asked.variations)")
            #expect(asked.advance == set.advance, "\(weight) is drawn as wght=\(value)")
        }
        // Regular leaves the axis at the face's default; a variation's weight wins over the one asked for.
        let regular = try run(.regular)
        #expect(regular.variations.allSatisfy { $0.tag != "wght" })
        let both = try run(.semibold, "wght=700"), set = try run(.regular, "wght=700")
        #expect(both.emboldening == 0 && both.advance == set.advance)
    }

    @Test func explicitOpticalSizeWins() throws {
        let engine = try TextEngine.forTests(files: [opsz])
        let font = try engine.font(family: "TagFlow Test Opsz", size: 40, variations: FontVariation.parse("opsz=72"))
        #expect(engine.measure("A", font: font).width == points(400, 40))
    }

    /// A requested value past its axis is drawn at the axis's end, and the report says so, for a warning; values in
    /// range and the optical size that follows the point size are not reported.
    @Test func aValuePastItsAxisIsReportedAsClamped() throws {
        let engine = try TextEngine.forTests(files: [opsz])
        let font = try engine.font(family: "TagFlow Test Opsz", size: 40, variations: FontVariation.parse("opsz=1000"))
        #expect(engine.measure("A", font: font).width == points(400, 40))
        let clamped = engine.report(for: font).clampedVariations
        #expect(clamped.map(\.tag) == ["opsz"] && clamped.map(\.drawnAt) == [72])
        #expect(clamped.first?.description == "opsz=1000 is outside the opsz axis's 8 to 72, so it is drawn at 72")
        let inRange = try engine.font(family: "TagFlow Test Opsz", size: 144, variations: FontVariation.parse("wght=700"))
        #expect(engine.report(for: inRange).clampedVariations.isEmpty)
    }

    @Test func weightAxisAddsToOpticalSize() throws {
        let engine = try TextEngine.forTests(files: [opsz])
        // wght 700 adds 100 units; opsz 40 takes 100 away.
        let font = try engine.font(family: "TagFlow Test Opsz", size: 40, variations: FontVariation.parse("wght=700"))
        let shaped = engine.shape("A", font: font)
        #expect(shaped.width == points(600, 40))
        #expect(shaped.runs[0].variations.map(\.description) == ["opsz=40", "wght=700"])
        let small = font.resized(to: 8)
        #expect(engine.measure("A", font: small).width == points(700, 8))
    }

    @Test func unknownAxisIsATypedError() throws {
        let engine = try TextEngine.forTests(files: [opsz])
        #expect(throws: FontError.unknownAxis("wdth", family: "TagFlow Test Opsz", available: ["opsz", "wght"])) {
            try engine.font(family: "TagFlow Test Opsz", size: 10, variations: FontVariation.parse("wdth=80"))
        }
        let error = #expect(throws: FontError.self) {
            try engine.font(family: "DejaVu Sans", size: 10, variations: FontVariation.parse("wght=590"))
        }
        #expect(error == .unknownAxis("wght", family: "DejaVu Sans", available: []))
        #expect(error?.description.contains("not a variable font") == true)
    }

    @Test func variationSettingsParse() throws {
        let parsed = try FontVariation.parse("wght=590, opsz=17.5 wdth=-3")
        #expect(parsed.map(\.tag) == ["wght", "opsz", "wdth"])
        #expect(parsed.map(\.value) == [590, 17.5, -3])
        #expect(parsed.map(\.description) == ["wght=590", "opsz=17.5", "wdth=-3"])
        #expect(try FontVariation.parse("") == [])
        #expect(throws: FontVariationError.malformed("wght")) { try FontVariation.parse("wght") }
        #expect(throws: FontVariationError.malformed("=3")) { try FontVariation.parse("=3") }
        #expect(throws: FontVariationError.invalidValue(tag: "wght", value: "bold")) { try FontVariation.parse("wght=bold") }
        #expect(throws: FontVariationError.invalidTag("weight")) { try FontVariation.parse("weight=700") }
        #expect(throws: FontVariationError.invalidValue(tag: "wght", value: "inf")) { try FontVariation(tag: "wght", value: .infinity) }
    }
}

@Suite struct TrackingTests {
    @Test func trakTableTracksAtThePointSize() throws {
        let engine = try TextEngine.forTests(files: [testFont("TagFlowTest-Trak.ttf")])
        // The trak table says +100 units at 10 pt and -100 at 20 pt. HarfBuzz interpolates between the sizes and
        // extrapolates beyond them, adds the value to each glyph's advance and shifts the glyph by half of it.
        for (size, tracking) in [(10.0, 100), (15, 0), (20, -100), (5, 200)] {
            let font = try engine.font(family: "TagFlow Test Trak", size: size)
            let shaped = engine.shape("AA", font: font)
            #expect(shaped.width == points(2 * (600 + tracking), size), "at \(size) pt")
            #expect(engine.measure("AA", font: font).width == shaped.width)
            // Drawing agrees: each glyph sits half the tracking into its widened advance.
            #expect(shaped.runs[0].xPositions == [points(tracking / 2, size), points(600 + tracking + tracking / 2, size)])
        }
    }

    @Test func trackingIsAddedAfterEveryClusterToWidthAndPositions() throws {
        let engine = try TextEngine.forTests()
        let measuring = try TextEngine.forTests(caching: .measurements)
        let plainFont = try engine.font(family: "DejaVu Sans", size: 14)
        let tracked = try engine.font(family: "DejaVu Sans", size: 14, tracking: 1.5)
        let plain = engine.shape("HHH", font: plainFont)
        let shaped = engine.shape("HHH", font: tracked)
        // After every character, the last one too (as UIKit's kern attribute).
        #expect(shaped.width == plain.width + 3 * 1.5)
        #expect(shaped.runs[0].xPositions == plain.runs[0].xPositions.enumerated().map { $1 + 1.5 * Double($0) })
        #expect(measuring.measure("HHH", font: try measuring.font(family: "DejaVu Sans", size: 14, tracking: 1.5))
            == shaped.measurement)
        #expect(engine.measure("HHH", font: tracked) == shaped.measurement)
    }

    @Test func trackingCountsGraphemeClustersNotGlyphs() throws {
        let engine = try TextEngine.forTests()
        let plainFont = try engine.font(family: "DejaVu Sans", size: 14)
        let tracked = try engine.font(family: "DejaVu Sans", size: 14, tracking: 2)
        // "office" is four glyphs (o, ffi, c, e) but six characters; the 'c' follows four of them.
        let plain = engine.shape("office", font: plainFont).runs[0]
        let run = engine.shape("office", font: tracked).runs[0]
        #expect(run.glyphs == plain.glyphs && run.glyphs.count == 4)
        #expect(run.advance == plain.advance + 6 * 2)
        #expect(run.xPositions == zip(plain.xPositions, [0.0, 1, 4, 5]).map { $0 + 2 * $1 })
        // A letter with a combining mark is one cluster.
        #expect(engine.measure("e\u{301}", font: tracked).width == engine.measure("e\u{301}", font: plainFont).width + 2)
    }

    @Test func trackingInRightToLeftRunsFollowsVisualOrder() throws {
        let engine = try TextEngine.forTests()
        let plain = engine.shape("שלום", font: try engine.font(family: "DejaVu Sans", size: 14)).runs[0]
        let run = engine.shape("שלום", font: try engine.font(family: "DejaVu Sans", size: 14, tracking: 1)).runs[0]
        #expect(run.isRightToLeft && run.glyphs.count == 4)
        #expect(run.advance == plain.advance + 4)
        #expect(run.xPositions == plain.xPositions.enumerated().map { $1 + Double($0) })
    }

    @Test func invalidTrackingThrows() throws {
        let engine = try TextEngine.forTests()
        #expect(throws: FontError.invalidTracking(.infinity)) {
            try engine.font(family: "DejaVu Sans", size: 14, tracking: .infinity)
        }
    }

    @Test func pointSizeAloneDoesNotChangeShapingWithoutTrak() throws {
        // HarfBuzz 6 reads the point size only for trak, so DejaVu shapes the same with or without it.
        let face = try HarfBuzzFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", index: 0)
        #expect(!face.hasTrackingTable)
        let text = Array("AVATAR Ty. office Wavy".unicodeScalars.map(\.value))
        let shaper = HarfBuzzShaper()
        func positions(_ font: HarfBuzzFont) -> [[Int]] {
            shaper.shape(text, from: 0, to: text.count, script: .latin, rightToLeft: false, font: font) { glyphs in
                (0..<glyphs.count).map { [Int(glyphs.glyph($0)), glyphs.xAdvance($0), glyphs.xOffset($0)] }
            }
        }
        let plain = positions(HarfBuzzFont(face: face))
        #expect(plain.count == 20)
        for size in [6.0, 14, 96] { #expect(positions(HarfBuzzFont(face: face, pointSize: size)) == plain) }
    }
}

@Suite struct EmojiTests {
    @Test func emojiAreDrawnWithTheColourFont() throws {
        try #require(notoColorEmojiInstalled, "\(needsNotoColorEmoji)")
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        // DejaVu Sans has a black-and-white 😀, but a phone shows the colour one.
        #expect(glyphID("😀", in: engine.primaryFace(font: font)) != 0)
        for emoji in ["😀", "👍🏽", "🇯🇵", "1️⃣", "👨‍👩‍👧", "☺️", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"] {
            let shaped = engine.shape(emoji, font: font)
            #expect(shaped.fonts == ["Noto Color Emoji"], "\(emoji)")
            #expect(shaped.runs.count == 1 && shaped.runs[0].glyphs.count == 1, "\(emoji) is one cluster, one glyph")
            #expect(shaped.runs[0].face.isColor && shaped.runs[0].face.path.hasSuffix("NotoColorEmoji.ttf"))
            #expect(shaped.missingGlyphs == 0)
        }
        // Text presentation by default, or asked for with VS15: the text font.
        #expect(engine.measure("☺", font: font).fonts == ["DejaVu Sans"])
        #expect(engine.measure("☺\u{FE0E}", font: font).fonts == ["DejaVu Sans"])
        #expect(engine.measure("#", font: font).fonts == ["DejaVu Sans"])
        let mixed = engine.shape("ok 👍", font: font)
        #expect(mixed.fonts == ["DejaVu Sans", "Noto Color Emoji"])
        #expect(mixed.runs.map(\.face.isColor) == [false, true])
    }

    /// Noto Color Emoji has bitmaps only, for which FreeType gives no line metrics: the line is its hhea table's
    /// (1900 above and 500 below, of 2048 units), taller than DejaVu Sans' own, so a cell clips a large emoji.
    @Test func aBitmapEmojiFaceHasTheLineItsTablesGive() throws {
        try #require(notoColorEmojiInstalled, "\(needsNotoColorEmoji)")
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 32)
        let emoji = engine.shape("🎉", font: font).runs[0].face
        // The file's own tables, read from its table directory.
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: emoji.path)))
        func uint16(_ at: Int) -> Int { Int(file[at]) << 8 | Int(file[at + 1]) }
        func int16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(uint16(at)))) }
        func table(_ tag: String) -> Int? {
            (0..<uint16(4)).lazy.map { 12 + 16 * $0 }.first { String(decoding: file[$0..<$0 + 4], as: UTF8.self) == tag }
                .map { uint16($0 + 8) << 16 | uint16($0 + 10) }
        }
        let head = try #require(table("head")), hhea = try #require(table("hhea"))
        #expect(emoji.unitsPerEm == uint16(head + 18))
        #expect(emoji.ascender == int16(hhea + 4))
        #expect(emoji.descender == int16(hhea + 6))
        #expect(emoji.ascender > 0 && emoji.descender < 0)
        let line = try #require(engine.measure("🎉", font: font).lineHeight)
        #expect(abs(line - Double(emoji.ascender - emoji.descender) * 32 / Double(emoji.unitsPerEm)) < 1e-9)
        #expect(line > engine.primaryFace(font: font).lineHeight(at: 32))
    }

    @Test func emojiPresentationOfClusters() {
        for emoji: Character in ["👍🏽", "🇯🇵", "1️⃣", "👨‍👩‍👧", "☺️", "😀"] { #expect(isEmojiPresentation(emoji), "\(emoji)") }
        for text: Character in ["☺", "☺\u{FE0E}", "e\u{301}", "#"] { #expect(!isEmojiPresentation(text), "\(text)") }
    }
}

@Suite struct FontRecordTests {
    /// XXH64 against `xxhsum -H64` of bytes (i × 31 + 7) mod 256, at lengths that end in each of its tails: none,
    /// bytes, a 4-byte word, 8-byte words, and after whole 32-byte stripes.
    @Test func contentHashIsXXH64() {
        let expected: [Int: String] = [
            0: "ef46db3751d8e999", 1: "a96c7f0ce858bbb7", 3: "56e6957632a487f9", 4: "c60d15b1e3ff8f04",
            5: "808815858624dd4e", 8: "3da5c7aa269683e0", 12: "8fe8ab1c1fd0666e", 31: "4a74f3a1a39ad4a1",
            32: "8d57d6a4671cc43d", 33: "62c9fd21ed857664", 63: "5c320a0d2707057f", 64: "7bbabbc45729d17e",
            100: "efa0ad2d3e70c151", 1000: "99594f4828043d35",
        ]
        for (count, hash) in expected {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(FontFileRecord.contentHash(bytes) == "xxh64:" + hash, "\(count) bytes")
        }
        // xxHash's own check values.
        #expect(FontFileRecord.contentHash(Array("a".utf8)) == "xxh64:d24ec4f1a98c6e5b")
        #expect(FontFileRecord.contentHash(Array("abc".utf8)) == "xxh64:44bc2cf5ad770999")
    }

    /// Records written before XXH64 hashed with FNV-1a 64: the published test vectors.
    @Test func olderRecordsHashedWithFNV1a64() {
        #expect(FontFileRecord.contentHash([], as: .fnv1a64) == "fnv1a64:cbf29ce484222325")
        #expect(FontFileRecord.contentHash(Array("a".utf8), as: .fnv1a64) == "fnv1a64:af63dc4c8601ec8c")
        #expect(FontFileRecord.contentHash(Array("foobar".utf8), as: .fnv1a64) == "fnv1a64:85944171f73967e8")
        #expect(ContentHashAlgorithm(of: "fnv1a64:85944171f73967e8") == .fnv1a64)
        #expect(ContentHashAlgorithm(of: "xxh64:44bc2cf5ad770999") == .xxh64)
        #expect(ContentHashAlgorithm(of: "md5:0") == nil && ContentHashAlgorithm(of: "") == nil)
    }

    @Test func filesAreReadAndMappedWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-read-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SystemRandomNumberGenerator()
        for size in [0, 1, 65_535, 65_536, 200_001] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let path = folder.appendingPathComponent("\(size).bin").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try readRegularFile(path) == bytes, "\(size) bytes")
            for algorithm in ContentHashAlgorithm.allCases {
                #expect(FontFileRecord.contentHash(ofFileAt: path, as: algorithm) == FontFileRecord.contentHash(bytes, as: algorithm),
                        "\(size) bytes")
            }
        }
        // A file whose size fstat does not know is read to its end all the same.
        #expect(String(decoding: try readRegularFile("/proc/self/status"), as: UTF8.self).contains("\nPid:"))
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: FileReadError.noSuchFile(missing)) { try readRegularFile(missing) }
        #expect(throws: FileReadError.isADirectory(folder.path)) { try readRegularFile(folder.path) }
        #expect(throws: FileReadError.tooLarge("/proc/self/status", limitMB: 0)) {
            try readRegularFile("/proc/self/status", maxBytes: 16)
        }
        #expect(FontFileRecord.contentHash(ofFileAt: folder.path, as: .current) == nil)
    }

    /// Threads asking for a file's hash at once, as a snapshot run's threads do as they start, all get it, and
    /// the file is hashed once between them.
    @Test func threadsAskingAtOnceHashAFileOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-hash-once-\(getpid())-\(UUID()).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<4_000_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let timesHashed = Locked<[String: Int]>([:])
        let fileHashes = FileHashes { path, algorithm in
            timesHashed.withLock { $0[path, default: 0] += 1 }
            return FontFileRecord.contentHash(ofFileAt: path, as: algorithm)
        }
        let hashes = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let hash = fileHashes.contentHash(ofFileAt: path)
            hashes.withLock { $0.append(hash) }
        }
        #expect(hashes.withLock { $0 } == Array(repeating: FontFileRecord.contentHash(bytes), count: 8))
        #expect(timesHashed.withLock { $0[path] } == 1)
        // Asked again later, it is not hashed again.
        #expect(fileHashes.contentHash(ofFileAt: path) == FontFileRecord.contentHash(bytes))
        #expect(timesHashed.withLock { $0[path] } == 1)
        // Every engine asks the process's hashes, which hash the same.
        #expect(FileHashes.process.contentHash(ofFileAt: path) == FontFileRecord.contentHash(bytes))
    }

    @Test func recordsNameTheFilesThatDrewAText() throws {
        let path = testFont("TagFlowTest-Private.ttf")
        let engine = try TextEngine.forTests(files: [path])
        let font = try engine.font(family: "TagFlow Test Private", size: 10)
        let records = engine.fontFiles(usedBy: "Aa 篮球 AB", font: font)
        #expect(records.map(\.fileName) == ["TagFlowTest-Private.ttf", "wqy-zenhei.ttc"])
        let own = records[0]
        #expect(own.family == "TagFlow Test Private" && own.style == "Regular")
        #expect(own.path == path && own.faceIndex == 0)
        #expect(own.version == "Version 1.500" && own.fontRevision == 1.5)
        #expect(own.contentHash == FontFileRecord.contentHash(try readRegularFile(path)))
        #expect(!own.isColor)
        let cjk = records[1]
        #expect(cjk.family == "WenQuanYi Zen Hei" && cjk.faceIndex == 0 && cjk.version.hasPrefix("Version"))
        #expect(cjk.contentHash.hasPrefix("xxh64:") && cjk.contentHash.count == 22)
        // Hashed by another algorithm, to compare with older records, once per process as well.
        let older = cjk.contentHash(as: .fnv1a64)
        #expect(older == FontFileRecord.contentHash(try readRegularFile(cjk.path), as: .fnv1a64))
        #expect(cjk.contentHash(as: .xxh64) == cjk.contentHash)
        // The same file hashes the same for another face of it and in another engine.
        let other = try TextEngine.forTests()
        let mono = other.fontFiles(usedBy: "篮", font: try other.font(family: "WenQuanYi Zen Hei Mono", size: 10))
        #expect(mono.map(\.faceIndex) == [1] && mono[0].contentHash == cjk.contentHash)
    }

    @Test func recordsOfCollectionFacesAndVersions() throws {
        let engine = try TextEngine.forTests(files: [testFont("TagFlowTest-Collection.ttc")])
        let two = try engine.font(family: "TagFlow Test Collection Two", size: 10)
        let record = try #require(engine.fontFiles(usedBy: "A", font: two).first)
        #expect(record.family == "TagFlow Test Collection Two" && record.faceIndex == 1)
        #expect(record.fileName == "TagFlowTest-Collection.ttc")
    }
}

@Suite struct MissingScalarTests {
    @Test func missingScalarsAreListedOnceInOrder() throws {
        let engine = try TextEngine.forTests()
        let font = try engine.font(family: "DejaVu Sans", size: 14)
        let text = "a\u{13000}b\u{10080}\u{13000}篮"
        let shaped = engine.shape(text, font: font)
        #expect(shaped.missingGlyphs == 3)
        #expect(shaped.missingScalars == ["\u{13000}", "\u{10080}"])
        #expect(engine.missingScalars(in: text, font: font) == ["\u{13000}", "\u{10080}"])
        #expect(engine.missingScalars(in: "abc 篮球", font: font).isEmpty)
        // A mark on a missing base: only what the font lacks is listed.
        #expect(engine.missingScalars(in: "\u{13000}\u{301}", font: font) == ["\u{13000}"])
    }

    @Test func missingScalarsSuggestDebianPackagesByScript() {
        let cases: [(Unicode.Scalar, ScriptBucket, String, String)] = [
            ("篮", .cjk, "Hani", "fonts-noto-cjk"), ("あ", .cjk, "Hira", "fonts-noto-cjk"),
            ("한", .cjk, "Hang", "fonts-noto-cjk"), ("，", .cjk, "Zyyy", "fonts-noto-cjk"),
            ("\u{1F9FF}", .emoji, "Zyyy", "fonts-noto-color-emoji"), ("😀", .emoji, "Zyyy", "fonts-noto-color-emoji"),
            ("\u{13000}", .other, "Egyp", "fonts-noto-core"), ("\u{10080}", .other, "Linb", "fonts-noto-core"),
            ("ก", .other, "Thai", "fonts-noto-core"),
        ]
        for (scalar, bucket, script, package) in cases {
            let suggestion = missingFontSuggestion(for: scalar)
            #expect(suggestion.bucket == bucket, "\(scalar)")
            #expect(suggestion.script == script, "\(scalar)")
            #expect(suggestion.packages.first == package, "\(scalar)")
        }
        #expect(missingFontSuggestion(for: "篮").packages == ["fonts-noto-cjk", "fonts-wqy-zenhei"])
        // Extensions B to F are in neither of those, but in fonts-hanazono's HanaMinB; Extension G on, in no package.
        for scalar: Unicode.Scalar in ["\u{20000}", "\u{2A6DF}", "\u{2B740}", "\u{2EBE0}"] {
            #expect(missingFontSuggestion(for: scalar).bucket == .cjk, "\(scalar)")
            #expect(missingFontSuggestion(for: scalar).packages == ["fonts-hanazono"], "\(scalar)")
        }
        for scalar: Unicode.Scalar in ["\u{30000}", "\u{2F800}"] { #expect(missingFontSuggestion(for: scalar).packages == [], "\(scalar)") }
        // Extension I (Unicode 15.1) is newer than Debian's HarfBuzz, which calls it Unknown: Han all the same.
        for scalar: Unicode.Scalar in ["\u{2EBF0}", "\u{2EE5D}"] {
            let suggestion = missingFontSuggestion(for: scalar)
            #expect(suggestion.bucket == .cjk && suggestion.script == "Hani" && suggestion.packages == [], "\(scalar): \(suggestion)")
        }
        // Unassigned code points stay Unknown.
        #expect(missingFontSuggestion(for: "\u{2EE5E}").script == "Zzzz")
    }
}

/// Bold asked of a face with no bold: drawn thickened, and measured wider by 1/24 em a glyph.
@Suite struct SyntheticBoldTests {
    private let privateFont = testFont("TagFlowTest-Private.ttf")

    @Test func aFaceWithNoBoldIsWidenedByAGlyphsStrength() throws {
        let engine = try TextEngine.forTests(files: [privateFont])
        let regular = try engine.font(family: "TagFlow Test Private", size: 20)
        let bold = try engine.font(family: "TagFlow Test Private", size: 20, weight: .bold)
        let plain = engine.shape("AB a", font: regular)
        #expect(plain.width == points(600 + 700 + 250 + 500, 20))
        #expect(plain.runs.allSatisfy { $0.emboldening == 0 })
        // 1000 units per em: each of the four glyphs gains 42 units, 1/24 em rounded.
        let heavy = engine.shape("AB a", font: bold)
        #expect(heavy.runs.map(\.face.family) == ["TagFlow Test Private"])
        #expect(heavy.runs.map(\.emboldening) == [points(42, 20)])
        #expect(heavy.width == points(642 + 742 + 292 + 542, 20))
        #expect(heavy.runs[0].xPositions == [0, 642, 1384, 1676].map { points($0, 20) })
        // The glyphs (the space too) are rectangles from x 50 to advance - 50 and y 0 to 700: thickened, the left and
        // bottom edges stay and the right and top move out by 42 units.
        let outlines = heavy.runs[0].emboldenedOutlines
        #expect(outlines.map(bounds) == [[50, 0, 592, 742], [50, 0, 692, 742], [50, 0, 242, 742], [50, 0, 492, 742]])
        #expect(plain.runs[0].emboldenedOutlines.isEmpty)
        // Measuring alone, and many texts joined into one buffer, give the shaped widths.
        #expect(engine.measure("AB a", font: bold).width == heavy.width)
        let texts = ["A", "AB", "a a", "BBB", "A a B"]
        #expect(engine.measure(texts, font: bold).map(\.width) == texts.map { engine.shape($0, font: bold).width })
        #expect(engine.measure(texts, font: regular).map(\.width) == texts.map { engine.shape($0, font: regular).width })
    }

    /// The box holding every point of `outline`: min x, min y, max x, max y.
    private func bounds(_ outline: GlyphOutline) -> [Double] {
        outline.bounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } ?? []
    }

    @Test func onlyTheFacesWithoutBoldAreThickened() throws {
        let engine = try TextEngine.forTests(files: [privateFont])
        // The Cyrillic falls back to DejaVu Sans, which has a bold face of its own.
        let mixed = engine.shape("aМ", font: try engine.font(family: "TagFlow Test Private", size: 20, weight: .bold))
        #expect(mixed.runs.map(\.face.family) == ["TagFlow Test Private", "DejaVu Sans"])
        #expect(mixed.runs.map(\.emboldening) == [points(42, 20), 0])
        #expect(mixed.runs[1].face.path.hasSuffix("DejaVuSans-Bold.ttf"))
        // WenQuanYi Zen Hei has no bold; Noto Color Emoji is left as a phone leaves emoji.
        let font = try engine.font(family: "sans-serif", size: 17, weight: .bold)
        let shaped = engine.shape("运动😀", font: font)
        #expect(shaped.runs.map(\.face.family) == ["WenQuanYi Zen Hei", "Noto Color Emoji"])
        let cjk = shaped.runs[0]
        let regularCJK = engine.shape("运动", font: try engine.font(family: "sans-serif", size: 17))
        let widening = Double(SyntheticBold.widening(unitsPerEm: cjk.face.unitsPerEm)) * 17 / Double(cjk.face.unitsPerEm)
        #expect(shaped.runs.map(\.emboldening) == [widening, 0])
        #expect(shaped.runs.map(\.emboldenedOutlines.count) == [2, 0])
        #expect(abs(cjk.advance - (regularCJK.width + 2 * widening)) < 1e-9)
        #expect(engine.shape("Remember", font: font).runs[0].emboldening == 0)
    }

    /// Contours as HarfBuzz draws them: a repeated start point is dropped, quadratic curves become the cubic ones
    /// that trace them, and a curve back to the start closes its contour.
    @Test func outlinesBecomeLinesAndCubicCurves() {
        var points = OutlinePoints()
        points.append(0, 0, .on)
        points.append(30, 60, .quadraticControl)
        points.append(60, 0, .on)
        points.append(0, 0, .on)
        points.closeContour()
        points.append(100, 0, .on)
        points.append(110, 0, .on)
        points.append(120, 30, .cubicControl)
        points.append(90, 30, .cubicControl)
        points.closeContour()
        #expect(points.xs.count == 7 && points.contourEnds == [2, 6])
        let expected: [GlyphOutline.Element] = [
            .move(x: 0, y: 0), .cubic(x1: 20, y1: 40, x2: 40, y2: 40, x: 60, y: 0), .close,
            .move(x: 100, y: 0), .line(x: 110, y: 0), .cubic(x1: 120, y1: 30, x2: 90, y2: 30, x: 100, y: 0), .close,
        ]
        let outline = points.outline(unitsPerEm: 1000)
        #expect(outline.elements == expected && outline.unitsPerEm == 1000)
        #expect(outline.bounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [0, 0, 120, 40])
    }

    /// A mark stays where shaping put it over its base: the base's widening moves what comes after the mark, not
    /// the mark. The Kern Across test font calls .notdef a mark, so a character it lacks shapes with no advance.
    @Test func marksStayOverTheirBase() throws {
        let engine = try TextEngine.forTests(files: [testFont("TagFlowTest-KernAcross.ttf")])
        let text = "A\u{E000}a"
        let regular = engine.shape(text, font: try engine.font(family: "TagFlow Test Kern Across", size: 20))
        let bold = engine.shape(text, font: try engine.font(family: "TagFlow Test Kern Across", size: 20, weight: .bold))
        #expect(regular.runs.count == 1 && bold.runs.count == 1)
        // 'A' kerned to 400 units before 'a', the mark between them; bold widens 'A' by 42 units after the mark.
        #expect(regular.runs[0].xPositions == [0, 400, 400].map { points($0, 20) })
        #expect(bold.runs[0].xPositions == [0, 400, 442].map { points($0, 20) })
        #expect(bold.width == points(400 + 42 + 500 + 42, 20))
    }

    /// A family with Regular, Semibold, Bold and ExtraBold faces: each weight finds its face, and Bold Text steps
    /// each up one, as UIKit steps its system fonts.
    @Test func eachWeightFindsItsFaceAndBoldTextStepsUp() throws {
        let files = ["Regular", "Semibold", "Bold", "ExtraBold"].map { testFont("TagFlowTest-Weights-\($0).ttf") }
        let engine = try TextEngine.forTests(files: files)
        for (weight, a) in [(FontWeight.regular, 600), (.semibold, 640), (.bold, 680), (.heavy, 720)] {
            let shaped = engine.shape("A", font: try engine.font(family: "TagFlow Test Weights", size: 10, weight: weight))
            #expect(shaped.width == points(a, 10), "\(weight)")
            #expect(shaped.runs[0].emboldening == 0, "\(weight) has a face of its own")
        }
        #expect(FontWeight.allCases.map { LegibilityWeight.bold.applied(to: $0) } == [.semibold, .bold, .heavy, .heavy])
        #expect(FontWeight.allCases.map { LegibilityWeight.regular.applied(to: $0) } == FontWeight.allCases)
        var options = LayoutOptions()
        #expect(options.tagFontWeight == .regular)
        options.legibilityWeight = .bold
        #expect(options.tagFontWeight == .semibold)
    }

    @Test func fontconfigsRuleDecides() {
        #expect(SyntheticBold.applies(requested: .bold, faceWeight: 80, isColor: false))
        #expect(SyntheticBold.applies(requested: .bold, faceWeight: 100, isColor: false), "medium is not bold")
        #expect(!SyntheticBold.applies(requested: .bold, faceWeight: 180, isColor: false), "demibold is bold enough")
        #expect(!SyntheticBold.applies(requested: .regular, faceWeight: 80, isColor: false))
        #expect(SyntheticBold.applies(requested: .semibold, faceWeight: 80, isColor: false), "Bold Text's body")
        #expect(SyntheticBold.applies(requested: .heavy, faceWeight: 100, isColor: false))
        #expect(!SyntheticBold.applies(requested: .bold, faceWeight: 80, isColor: true))
        #expect(!SyntheticBold.applies(requested: .bold, faceWeight: nil, isColor: false), "a variable face's weight is an axis")
        #expect(!SyntheticBold.applies(requested: .bold, faceWeight: 80, isColor: false, hasOutlines: false), "bitmaps have no outline")
        #expect(SyntheticBold.widening(unitsPerEm: 1000) == 42 && SyntheticBold.widening(unitsPerEm: 2048) == 85)
    }
}
