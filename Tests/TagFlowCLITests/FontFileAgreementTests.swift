import Foundation
import TagFlowTestSupport
import Testing

/// tagflow with fonts given by file (`--font-file`) or folder (`--font-dir`) against Chromium loading the same files
/// as web fonts, and against HarfBuzz shaping the files directly.
///
/// The fonts are copies, under names of their own, of DejaVu Sans and of the WenQuanYi Zen Hei collection (a TTC),
/// so the layout JSON's `fontFiles` can show that tagflow drew with the copies rather than the installed files.
/// Chromium cannot load wqy-zenhei.ttc as a web font (OTS rejects the collection: "FFTM: misaligned table"), so
/// the page loads face 0 of the copy, rewritten as a standalone font with the same tables (``standaloneFace(_:of:)``).
/// The page's CSS families, TFSans and TFCJK, are names no installed font has: a face that failed to load would
/// show as such, not fall back silently to the installed DejaVu Sans.
struct FontFileAgreementTests {
    /// Chromium rounds each box's width up to its LayoutUnit of 1/64 px (0.016).
    static let widthTolerance = 0.05
    /// x sums the rounded widths of the tags before it on the line.
    static let xTolerance = 0.1
    static let chain = "DejaVu Sans, WenQuanYi Zen Hei"
    static let families = ["DejaVu Sans", "WenQuanYi Zen Hei"]
    static let installedFiles = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"]

    @Test(.enabled(if: toolAvailable("chromium") && toolAvailable("xxhsum"))) func fontFilesAgreeWithChromium() throws {
        let fonts = try GivenFonts()
        try compareWithChromium(fonts, arguments: ["--font-file", fonts.sans.path, "--font-file", fonts.collection.path], width: 375)
    }

    @Test(.enabled(if: toolAvailable("chromium") && toolAvailable("xxhsum"))) func fontDirectoryAgreesWithChromium() throws {
        let fonts = try GivenFonts()
        try compareWithChromium(fonts, arguments: ["--font-dir", fonts.directory.path], width: 260)
    }

    /// Every tag drawn by one font in one script measures what `hb-shape` gives for the same file and text.
    @Test(.enabled(if: toolAvailable("hb-shape"))) func widthsAreHarfBuzzShapingOfTheGivenFiles() throws {
        let fonts = try GivenFonts()
        let (tags, _) = try layout(["--font-file", fonts.sans.path, "--font-file", fonts.collection.path], width: 375)
        let files = [Self.families[0]: fonts.sans, Self.families[1]: fonts.collection]
        var compared: [String: Int] = [:]
        for (family, file) in files {
            let single = tags.filter { $0.fonts == [family] && Self.isOneScript($0.text) }
            let advances = try Self.harfBuzzWidths(single.map(\.text), file: file, size: 14)
            try #require(advances.count == single.count, "hb-shape shaped \(advances.count) of \(single.count) texts")
            for (tag, width) in zip(single, advances) {
                #expect(abs(tag.textWidth - width) <= 1e-3, "'\(tag.text)' in \(family): tagflow \(tag.textWidth), hb-shape \(width)")
            }
            compared[family] = single.count
        }
        #expect(compared[Self.families[0], default: 0] >= 20 && compared[Self.families[1], default: 0] >= 5,
                "too few tags drawn by one font in one script: \(compared)")
    }

    /// Each file the layout JSON lists hashes as xxHash's own tool hashes it, the installed ones and the copies.
    @Test(.enabled(if: toolAvailable("xxhsum"))) func contentHashesAreXXH64OfTheFiles() throws {
        let fonts = try GivenFonts()
        for (arguments, files) in [([String](), Self.installedFiles.map(URL.init(fileURLWithPath:))),
                                   (["--font-file", fonts.sans.path, "--font-file", fonts.collection.path], [fonts.sans, fonts.collection])] {
            let (_, fontFiles) = try layout(arguments, width: 375)
            let expected = try files.map { FontFile(fileName: $0.lastPathComponent, contentHash: try Self.contentHash(of: $0)) }
            #expect(fontFiles.map(\.file) == expected, "\(arguments)")
        }
    }

    // MARK: Comparing

    /// Lays out Examples/multiscript.tags with the given fonts and with Chromium, and compares tag by tag.
    private func compareWithChromium(_ fonts: GivenFonts, arguments: [String], width: Double) throws {
        let (tags, fontFiles) = try layout(arguments, width: width)
        for tag in tags {
            try #require(Set(tag.fonts).isSubset(of: Self.families) && tag.missingGlyphs == 0,
                         "'\(tag.text)' is drawn with \(tag.fonts) (\(tag.missingGlyphs) missing glyphs); the chain is \(Self.chain)")
        }
        #expect(Set(tags.flatMap(\.fonts)) == Set(Self.families), "both fonts of the chain draw some tag")

        // The drawing fonts are the copies: their names and their bytes.
        let expected = try [Self.families[0]: fonts.sans, Self.families[1]: fonts.collection].mapValues { file in
            FontFile(fileName: file.lastPathComponent, contentHash: try Self.contentHash(of: file))
        }
        #expect(Dictionary(fontFiles.map { ($0.family, $0.file) }, uniquingKeysWith: { first, _ in first }) == expected,
                "fontFiles lists \(fontFiles)")
        #expect(fontFiles.count == 2, "one file for each family: \(fontFiles)")

        let webFonts = [BrowserAgreementTests.WebFont(family: "TFSans", source: "fonts/\(fonts.sans.lastPathComponent)"),
                        BrowserAgreementTests.WebFont(family: "TFCJK", source: fonts.collectionFace0.lastPathComponent)]
        let page = try fonts.folder.write("tags.html", BrowserAgreementTests.page(
            texts: tags.map(\.text), containerWidth: width - 2 * BrowserAgreementTests.sectionInset,
            fontStack: webFonts.map(\.family), webFonts: webFonts))
        let chromium = try BrowserAgreementTests.chromiumLayout(page: page, profile: fonts.folder.path("profile"))
        #expect(chromium.fontStatuses == ["TFSans": "loaded", "TFCJK": "loaded"], "Chromium's web fonts: \(chromium.fontStatuses)")
        try #require(chromium.boxes.count == tags.count, "Chromium reported \(chromium.boxes.count) boxes for \(tags.count) tags")

        let tops = Array(Set(chromium.boxes.map(\.y))).sorted()
        for (tag, box) in zip(tags, chromium.boxes) {
            let x = tag.x - BrowserAgreementTests.sectionInset
            #expect(abs(tag.width - box.width) <= Self.widthTolerance,
                    "'\(tag.text)' at width \(width): tagflow width \(tag.width), Chromium \(box.width)")
            #expect(abs(x - box.x) <= Self.xTolerance, "'\(tag.text)' at width \(width): tagflow x \(x), Chromium \(box.x)")
            #expect(tag.line == tops.firstIndex(of: box.y)!,
                    "'\(tag.text)' at width \(width): tagflow line \(tag.line), Chromium line \(tops.firstIndex(of: box.y)!)")
        }
        #expect(tops.count > 3, "the example wraps onto several lines")
    }

    /// A file named in the layout JSON's `fontFiles`.
    struct FontFile: Equatable, CustomStringConvertible {
        var fileName: String
        var contentHash: String
        var description: String { "\(fileName) \(contentHash)" }
    }

    /// `tagflow layout Examples/multiscript.tags` in ``chain`` with `arguments`: its tags, and its `fontFiles` by family.
    private func layout(_ arguments: [String], width: Double) throws
        -> (tags: [BrowserAgreementTests.LaidOutTag], fontFiles: [(family: String, file: FontFile)]) {
        let result = try tagflow(["layout", "Examples/multiscript.tags", "--font", Self.chain] + arguments
                                 + ["--width", "\(Int(width))", "--format", "json"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        try #require(sections.count == 1, "the example is one untitled section")
        let tags = try #require(sections[0]["items"] as? [[String: Any]]).map(BrowserAgreementTests.LaidOutTag.init)
        try #require(tags.count >= 30)
        let fontFiles = try #require(json["fontFiles"] as? [[String: String]]).map { entry in
            (family: try #require(entry["family"]),
             file: FontFile(fileName: try #require(entry["fileName"]), contentHash: try #require(entry["contentHash"])))
        }
        return (tags, fontFiles)
    }

    // MARK: Fonts

    /// Copies of the chain's installed files in a temporary folder: `fonts/` holds the copies (what tagflow is
    /// given), and beside it the standalone face 0 of the collection copy that the page loads.
    struct GivenFonts {
        let folder: TemporaryFolder
        let directory: URL
        let sans: URL
        let collection: URL
        let collectionFace0: URL

        init() throws {
            let folder = try TemporaryFolder(), directory = folder.url.appendingPathComponent("fonts")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            (self.folder, self.directory) = (folder, directory)
            let copies = try installedFiles.map { path in
                let copy = directory.appendingPathComponent("copy-of-" + URL(fileURLWithPath: path).lastPathComponent)
                try FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: copy)
                return copy
            }
            (sans, collection) = (copies[0], copies[1])
            collectionFace0 = try folder.write("copy-of-wqy-zenhei-face0.ttf",
                                               try standaloneFace(0, of: try Data(contentsOf: collection)))
        }
    }

    /// Face `index` of a font collection (TTC) as a font file of its own: the face's table directory with its
    /// offsets rewritten, then its tables, byte for byte, each padded to 4 bytes.
    static func standaloneFace(_ index: Int, of collection: Data) throws -> Data {
        let bytes = [UInt8](collection)
        func uint32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        func uint16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        try #require(bytes.count >= 12 && bytes[0..<4].elementsEqual("ttcf".utf8), "not a font collection")
        try #require(index < uint32(8), "the collection has \(uint32(8)) faces")
        let face = uint32(12 + 4 * index)
        let tableCount = uint16(face + 4)
        var directory = Array(bytes[face..<face + 12]), tables: [UInt8] = []
        for table in 0..<tableCount {
            let record = face + 12 + 16 * table
            let offset = uint32(record + 8), length = uint32(record + 12)
            directory += bytes[record..<record + 8]  // tag and checksum
            directory += bigEndian(12 + 16 * tableCount + tables.count) + bigEndian(length)
            tables += bytes[offset..<offset + length]
            tables += [UInt8](repeating: 0, count: (4 - length % 4) % 4)
        }
        return Data(directory + tables)
    }

    /// The layout JSON's `contentHash` of a file, from xxHash's own tool: `xxh64:` and what `xxhsum -H64` prints.
    static func contentHash(of file: URL) throws -> String {
        let result = try ProcessRunner.runTool("xxhsum", ["-H64", file.path])
        try #require(result.status == 0, "xxhsum: \(result.stderr)")
        return "xxh64:" + String(try #require(result.stdout.split(separator: " ").first))
    }

    // MARK: HarfBuzz

    /// The advance width of each of `texts` shaped with `file` at `size` points by `hb-shape`, one line each.
    ///
    /// hb-shape rounds advances to whole units of its font size, so it shapes at a million units per em and the
    /// sum is scaled down: within 7 millionths of a point per glyph at 14 pt.
    static func harfBuzzWidths(_ texts: [String], file: URL, size: Double) throws -> [Double] {
        let unitsPerEm = 1_000_000.0
        let folder = try TemporaryFolder()
        let input = try folder.write("texts.txt", texts.joined(separator: "\n") + "\n")
        let result = try ProcessRunner.runTool("hb-shape", ["--font-funcs=ot", "--font-size=\(Int(unitsPerEm))", "--output-format=json",
                                                            "--text-file=\(input.path)", file.path], hangLimit: 120)
        try #require(result.status == 0, "hb-shape failed: \(result.stderr)")
        return try String(decoding: result.stdoutBytes, as: UTF8.self).split(separator: "\n").map { line in
            let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
            return try glyphs.reduce(0.0) { $0 + Double(try #require($1["ax"] as? Int)) } * size / unitsPerEm
        }
    }

    /// Whether `text`'s letters are all of one script, for hb-shape, which shapes a line as one run (CJK scripts count
    /// as one: their runs do not interact).
    static func isOneScript(_ text: String) -> Bool {
        let scripts = Set(text.unicodeScalars.filter(\.properties.isAlphabetic).map { scalar -> Int in
            switch scalar.value {
            case ..<0x370: 0            // Latin
            case ..<0x400: 1            // Greek
            case ..<0x530: 2            // Cyrillic
            case 0x590..<0x600: 3       // Hebrew
            case 0x600..<0x700: 4       // Arabic
            case 0x2E80...: 5           // CJK, kana, Hangul
            default: 6
            }
        })
        return scripts.count <= 1
    }
}
