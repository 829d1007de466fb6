import Foundation
import Testing
import TagFlowLayout
import TagFlowImage
import TagFlowInput
import TagFlowPipeline
import TagFlowRender
import TagFlowSnapshot
import TagFlowTestSupport

/// `render --grid`: one picture of a screen across languages and text sizes, whose flagged cells are exactly the
/// variants `tagflow fit` finds something in, and whose bad flags are refused before anything is written.
@Suite struct GridEndToEndTests {
    static let sports = packageRoot.appendingPathComponent("Examples/sports.tags").path
    static let sportsConfig = packageRoot.appendingPathComponent("Examples/sports.json").path
    static let locales = ["en", "de", "ja", "ar"]
    static let sizes = ["L", "AX3"]

    @Test func aGridOfLocalesAndSizesIsOnePictureWrittenTheSameTwice() throws {
        let folder = try TemporaryFolder()
        let arguments = ["render", Self.sports, "--config", Self.sportsConfig, "--grid",
                         "locales=" + Self.locales.joined(separator: ","), "--grid",
                         "contentSizes=" + Self.sizes.joined(separator: ","), "--mark-findings"]
        let first = try tagflow(arguments + ["-o", folder.path("a.png")])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try tagflow(arguments + ["-o", folder.path("b.png")]).status == 0)
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("a.png"))
        #expect(bytes == (try Data(contentsOf: folder.url.appendingPathComponent("b.png"))))
        let image = try PNGDecoder().decode(Array(bytes))
        // Two columns of 393-pt screens and four rows, at the device's 3×... or the default 2×: wider than two
        // screens, taller than four rows of content.
        let scale = Double(image.width) / 2 / 393
        #expect(scale >= 2)
        #expect(Double(image.height) > 4 * 300 * scale)
        // Each language's fallback warning is said once, not once per text size.
        #expect(first.stderr.components(separatedBy: "no translation in 'de'").count == 2, "\(first.stderr)")
        let svg = try tagflow(arguments + ["-o", folder.path("grid.svg")])
        #expect(svg.status == 0)
        #expect(try String(contentsOfFile: folder.path("grid.svg"), encoding: .utf8).hasPrefix("<?xml"))
    }

    /// The cells `--mark-findings` flags, and what each says under it, are fit's findings of the same variants.
    @Test func theFlaggedCellsAreTheVariantsFitFindsSomethingIn() throws {
        let fit = try tagflow(["fit", Self.sports, "--config", Self.sportsConfig, "--locales",
                               Self.locales.joined(separator: ","), "--content-sizes",
                               Self.sizes.joined(separator: ","), "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: fit.stdoutBytes) as? [String: Any])
        var kindsByVariant = [String: [String]]()
        for finding in json["findings"] as? [[String: Any]] ?? [] {
            let variant = finding["variant"] as? [String: Any] ?? [:]
            let key = "\(variant["locale"] ?? "")/\(variant["contentSize"] ?? "")"
            kindsByVariant[key, default: []].append(finding["finding"] as? String ?? "")
        }
        #expect(!kindsByVariant.isEmpty)
        #expect(kindsByVariant.count < Self.locales.count * Self.sizes.count, "some variants fit")

        var input = LayoutInput()
        input.config = Self.sportsConfig
        let config = try ConfigFile.load(input.config)
        let document = try TagsInputFormat.document(at: Self.sports, format: .auto)
        let engine = try LayoutInput.engine(fonts: input.fonts(config: config), caching: .shapedTexts)
        let grid = VariantGrid(rows: GridAxis(setting: .locales, values: Self.locales.map { .init(locale: $0) }),
                               columns: GridAxis(setting: .contentSizes,
                                                 values: Self.sizes.map { .init(contentSize: .init(rawValue: $0)) }),
                               view: .device, marksFindings: true)
        let drawn = try grid.draw(input, document: document, config: config, engine: engine, tagsName: Self.sports)
        for (row, locale) in Self.locales.enumerated() {
            for (column, size) in Self.sizes.enumerated() {
                let cell = drawn.grid.cells[row][column]
                let kinds = kindsByVariant["\(locale)/\(size)"] ?? []
                #expect(cell.isFlagged == !kinds.isEmpty, "\(locale) \(size)")
                #expect(cell.scene.layout.options.contentSize.rawValue == size)
                let counts = FitFindingKinds.counts(kinds)
                #expect(cell.note == (kinds.isEmpty ? "fits" : counts), "\(locale) \(size)")
            }
        }
        #expect(drawn.flaggedCells == kindsByVariant.count)
        #expect(drawn.grid.rowLabels == Self.locales && drawn.grid.columnLabels == Self.sizes)
    }

    @Test(arguments: [
        (["--grid", "locales=en", "--grid", "contentSizes=L", "--grid", "themes=dark"],
         "--grid is given 3 times; a grid has rows and columns"),
        (["--grid", "locales=en", "--grid", "locales=de"], "--grid names locales twice"),
        (["--grid", "locales"], "--grid takes SETTING=VALUE,…"),
        (["--grid", "colours=red"], "--grid must be one of devices, widths, locales"),
        (["--grid", "contentSizes=L,XXL5"], "must be one of xS"),
        (["--grid-view", "device"], "--grid-view says what a grid's cells show; add --grid"),
        (["--mark-findings"], "--mark-findings marks a grid's cells; add --grid"),
        (["--grid", "locales=en,xx"], "has no strings in 'xx'"),
        (["--grid", "devices=iphone-15,pixel-99"], "unknown device 'pixel-99'"),
    ])
    func badGridFlagsAreRefusedAndWriteNothing(flags: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["render", Self.sports, "--config", Self.sportsConfig, "-o", folder.path("g.png")]
                                 + flags)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("g.png")))
    }
}

/// `2 truncated · 1 clipped-text`, counted here from fit's JSON as the grid counts them: kinds in fit's order.
enum FitFindingKinds {
    static let order = ["truncated", "clipped-text", "over-max-lines", "hidden-selection", "missing-glyphs",
                        "wider-than-line"]

    static func counts(_ kinds: [String]) -> String {
        order.compactMap { kind in
            let count = kinds.count { $0 == kind }
            return count == 0 ? nil : "\(count) \(kind)"
        }.joined(separator: " · ")
    }
}

/// A screen's `"grid"` in tagflow.json: one golden per combination of the axes it does not lay out, recorded,
/// verified and changed like any other; a grid naming an axis the screen does not vary is refused where it says so.
@Suite struct SnapshotGridEndToEndTests {
    static func project(grid: String, variants: String = #"{"widths": [320, 390], "themes": ["light", "dark"]}"#)
        throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("chooser.tags", "@section Sports\nbadminton\nbasketball\n* table tennis\n")
        try folder.write("tagflow.json", """
            {"screens": [{"name": "chooser", "tags": "chooser.tags",
                          "variants": \(variants),
              "grid": \(grid)}]}
            """)
        return folder
    }

    func snapshot(_ arguments: [String], in folder: TemporaryFolder) throws -> RunResult {
        try tagflow(["snapshot"] + arguments, in: folder.url, environment: ["CI": ""])
    }

    @Test func aGridIsAGoldenForEachValueOfTheOtherAxes() throws {
        let folder = try Self.project(grid: #"{"columns": "widths", "markFindings": true}"#)
        let record = try snapshot(["record"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("snapshots/chooser")).sorted()
        #expect(names.filter { $0.hasSuffix("grid.png") } == ["dark-grid.png", "light-grid.png"])
        #expect(names.contains("w320-light.png") && names.contains("w390-dark.png"))
        #expect(!names.contains { $0.hasPrefix("dark-grid") && $0.hasSuffix(".layout.json") })
        let grid = try PNGDecoder().decode(Array(try Data(contentsOf: folder.url
            .appendingPathComponent("snapshots/chooser/light-grid.png"))))
        // Two cells side by side at 2×: wider than both widths.
        #expect(grid.width > (320 + 390) * 2)
        #expect(try snapshot(["verify"], in: folder).status == 0)

        try folder.write("chooser.tags", "@section Sports\nbadminton\nbasketball\n* ping pong\n")
        let verify = try snapshot(["verify"], in: folder)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("chooser/light-grid.png") && verify.stdout.contains("chooser/dark-grid.png"),
                "\(verify.stdout)")
    }

    @Test func aGridOfEveryAxisIsOneGoldenNamedGrid() throws {
        let folder = try Self.project(grid: #"{"rows": "themes", "columns": "widths", "view": "device"}"#)
        #expect(try snapshot(["record", "--filter", "chooser/grid"], in: folder).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("snapshots/chooser"))
        #expect(names == ["grid.png"])
    }

    @Test(arguments: [
        (#"{"columns": "locales"}"#, "tagflow.json:3:23: error: the grid's \"columns\" is locales, which this "
            + "screen's variants do not vary"),
        (#"{"rows": "widths", "columns": "widths"}"#, "the grid's \"rows\" and \"columns\" are both widths"),
        (#"{"rows": "widths"}"#, "\"columns\""),
        (#"{"columns": "widths", "view": "phone"}"#, "must be one of content, device"),
        (#"{"columns": "widths", "colour": "red"}"#, "colour"),
    ])
    func aGridTheScreenCannotDrawIsRefused(grid: String, message: String) throws {
        let folder = try Self.project(grid: grid)
        let result = try snapshot(["record"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("snapshots")))
    }
}
