import Testing
import TagFlowLayout
import TagFlowReview
import TagFlowImage
@testable import TagFlowCLI
@testable import TagFlowSnapshot
@testable import TagFlowInput

@Suite struct SnapshotPlanTests {
    /// A guard under the manifest's own checks: two goldens with one path, or paths a Mac's disk keeps as one
    /// file, are refused before anything is drawn.
    @Test func goldensWhosePathsCollideAreRefused() throws {
        func manifest(_ screens: [(String, [String])]) -> SnapshotManifest {
            SnapshotManifest(path: "tagflow.json", goldensFolder: "snapshots", screens: screens.map { name, devices in
                SnapshotManifest.Screen(name: name, tagsPath: "t.tags", configPath: nil, matrix: SnapshotMatrix(devices: devices),
                                        outputs: [.render], tolerance: SnapshotManifest.Tolerance())
            })
        }
        try manifest([("a", ["kiosk"]), ("b", ["kiosk"])]).checkGoldenNamesAreDistinct()
        #expect(throws: SnapshotError.goldenNamesCollide("a/Kiosk.png", "a/kiosk.png", variants: ["a/Kiosk", "a/kiosk"])) {
            try manifest([("a", ["kiosk", "Kiosk"])]).checkGoldenNamesAreDistinct()
        }
        #expect(throws: SnapshotError.goldenNamesCollide("a/k.png", "a/k.png", variants: ["a/k", "a/k"])) {
            try manifest([("a", ["k", "k"])]).checkGoldenNamesAreDistinct()
        }
    }

    @Test func everyCombinationIsNamedByItsAxes() {
        let matrix = SnapshotMatrix(devices: ["iphone-se", "iphone-15"], themes: ["light", "dark"],
                                    directions: [.rtl], contentSizes: [.large, .accessibilityLarge])
        let names = matrix.combinations.map { SnapshotVariant(screen: "demo", settings: $0).name }
        #expect(names == [
            "demo/iphone-se-light-rtl-L", "demo/iphone-se-light-rtl-AX2", "demo/iphone-se-dark-rtl-L", "demo/iphone-se-dark-rtl-AX2",
            "demo/iphone-15-light-rtl-L", "demo/iphone-15-light-rtl-AX2", "demo/iphone-15-dark-rtl-L", "demo/iphone-15-dark-rtl-AX2",
        ])
    }

    @Test func boldTextVariesFastestAndIsNamedByItsWeight() {
        let matrix = SnapshotMatrix(themes: ["dark"], contentSizes: [.large, .accessibilityLarge], legibilityWeights: [.regular, .bold])
        #expect(matrix.combinations.map { SnapshotVariant(screen: "s", settings: $0).name }
                == ["s/dark-L-regular", "s/dark-L-bold", "s/dark-AX2-regular", "s/dark-AX2-bold"])
        #expect(SnapshotMatrix(legibilityWeights: [.bold]).overridden(by: SnapshotMatrix(themes: ["light"]))
                == SnapshotMatrix(themes: ["light"], legibilityWeights: [.bold]))
    }

    @Test func localesAndPseudolanguagesAreNamedAfterTheDevice() {
        let matrix = SnapshotMatrix(devices: ["iphone-15"], themes: ["dark"], contentSizes: [.accessibilityLarge],
                                    locales: ["de", "zh-Hans"], pseudo: [.double])
        #expect(matrix.combinations.map { SnapshotVariant(screen: "interests", settings: $0).name }
                == ["interests/iphone-15-de-double-dark-AX2", "interests/iphone-15-zh-Hans-double-dark-AX2"])
        #expect(SnapshotMatrix(locales: ["de"]).overridden(by: SnapshotMatrix(pseudo: [.rtl]))
                == SnapshotMatrix(locales: ["de"], pseudo: [.rtl]))
    }

    @Test func widthsAndScalesAreNamedToo() {
        let matrix = SnapshotMatrix(widths: [320, 414.5], scales: [3])
        #expect(matrix.combinations.map { SnapshotVariant(screen: "s", settings: $0).name } == ["s/w320-@3x", "s/w414.5-@3x"])
        #expect(SnapshotMatrix().combinations.map { SnapshotVariant(screen: "s", settings: $0).name } == ["s/default"])
    }

    @Test func aScreenReplacesOnlyTheAxesItGives() {
        let base = SnapshotMatrix(devices: ["iphone-15"], themes: ["light", "dark"])
        let screen = base.overridden(by: SnapshotMatrix(themes: ["dark"], directions: [.rtl]))
        #expect(screen == SnapshotMatrix(devices: ["iphone-15"], themes: ["dark"], directions: [.rtl]))
    }

    @Test func filtersMatchVariantNamesAsShellPatterns() {
        let filter = VariantFilter(patterns: ["demo/*-dark", "multi?cript/rtl-*"])
        #expect(filter.matches("demo/iphone-15-dark") && filter.matches("multiscript/rtl-AX2"))
        #expect(!filter.matches("demo/iphone-15-light") && !filter.matches("demo-scroll/iphone-se-dark"))
        #expect(VariantFilter.everything.matches("anything/at-all"))
        for output in [SnapshotOutput.render, .sheet(strategies: [.cached], frames: 8), .sequence(strategies: [.cached], frames: 8)] {
            #expect(SnapshotOutput.variantName(ofGolden: output.path(for: "demo/iphone-se")) == "demo/iphone-se")
        }
    }

    @Test func outputsHaveTheirOwnPaths() {
        #expect(SnapshotOutput.render.path(for: "demo/dark") == "demo/dark.png")
        #expect(SnapshotOutput.sheet(strategies: [.naiveSuper, .cached], frames: 12).path(for: "demo/dark") == "demo/dark.sheet.png")
        #expect(SnapshotOutput.sequence(strategies: [.cached], frames: 8).path(for: "demo/dark") == "demo/dark.scroll")
    }

    @Test(arguments: [1, 2, 3, 7])
    func shardsCoverEveryVariantOnce(_ count: Int) {
        let all = Array(0..<23)
        let shards = (1...count).map { Shard(index: $0, count: count)!.select(all) }
        #expect(shards.flatMap { $0 }.sorted() == all)
        #expect(shards.map(\.count).max()! - shards.map(\.count).min()! <= 1)
    }

    @Test func shardsAreReadAsIOfN() {
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1/0", "1", "a/b", "1/2/3", "-1/2", ""] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test func recordModesWriteOnlyWhatTheyName() {
        typealias State = (exists: Bool, equal: Bool, within: Bool)
        let states: [State] = [(false, false, false), (true, true, true), (true, false, true), (true, false, false)]
        func written(_ mode: RecordMode) -> [Bool] { states.map { mode.writes(goldenExists: $0.exists, pixelsEqual: $0.equal, withinTolerance: $0.within) } }
        #expect(written(.all) == [true, false, true, true])
        #expect(written(.failed) == [true, false, false, true])
        #expect(written(.missing) == [true, false, false, false])
        #expect(written(.never) == [false, false, false, false])
    }
}

@Suite struct SnapshotReportTests {
    static let items = [
        SnapshotItem(name: "demo/iphone-15-dark.png", screen: "demo", kind: .render, status: .changed,
                     detail: "4010 pixels differ (0.17%)", differentPixels: 4010,
                     images: [.init(role: .actual, path: "images/demo/iphone-15-dark.actual.png"), .init(role: .diff, path: "images/demo/iphone-15-dark.diff.png")]),
        SnapshotItem(name: "demo/iphone-15-light.png", screen: "demo", kind: .render, status: .matched, detail: "", differentPixels: 0),
        SnapshotItem(name: "multi/default.scroll", screen: "multi", kind: .sequence, status: .changed,
                     detail: "steps 3, 4 changed", differentPixels: 12, changedSteps: [3, 4],
                     images: [.init(role: .diff, path: "images/multi/default.step-3.diff.png")], imagesStep: 3),
        SnapshotItem(name: "old/gone.png", screen: "old", kind: nil, status: .stale, detail: "no variant makes it"),
        SnapshotItem(name: "multi/default.png", screen: "multi", kind: .render, status: .missing, detail: "no golden <yet> & \"new\""),
    ]

    @Test func junitHasExactlyTheFailingGoldensAsFailures() throws {
        let xml = SnapshotReport(action: .verify, items: Self.items).junitXML
        #expect(xml.contains("<testsuites name=\"tagflow snapshots\" tests=\"5\" failures=\"4\" errors=\"0\">"))
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 4)
        #expect(xml.contains("<testcase classname=\"demo\" name=\"iphone-15-light.png\"/>"))
        #expect(xml.contains("<testcase classname=\"demo\" name=\"iphone-15-dark.png\">\n      <failure type=\"changed\""))
        #expect(xml.contains("no golden &lt;yet&gt; &amp; &quot;new&quot;"))
        #expect(!xml.contains("time="), "no times, so the file is the same on every run")
    }

    /// Items are listed as JUnit and HTML group them, by screen: a screen named as another's prefix comes after it.
    @Test func itemsAreInScreenOrderThenNameOrder() {
        let items = ["chooser-scroll/a.png", "chooser/b.png", "old.png", "chooser/a.png"].map { name in
            SnapshotItem(name: name, screen: name.contains("/") ? String(name.split(separator: "/")[0]) : "", kind: .render,
                         status: .matched, detail: "")
        }
        #expect(SnapshotReport(action: .verify, items: items).items.map(\.name)
                == ["old.png", "chooser/a.png", "chooser/b.png", "chooser-scroll/a.png"])
    }

    @Test func markdownNamesTheFailures() {
        let report = SnapshotReport(action: .verify, items: Self.items)
        let markdown = report.markdown()
        #expect(markdown.hasPrefix("**tagflow snapshots** — ❌ 4 failing · 5 goldens: 1 matched, 2 changed, 1 missing, 1 stale"))
        for item in Self.items { #expect(markdown.contains(item.name) == item.status.fails, "\(item.name)") }
        // Rows past the limit are counted by screen, so that no screen goes unnamed.
        #expect(report.markdown(limit: 2).contains("…and 2 more in report.json: `multi` 1, `old` 1."), "\(report.markdown(limit: 2))")
    }

    /// A golden that matched only within the tolerance passes, but a reviewer sees that it differs.
    @Test func matchesWithinTheToleranceAreShown() {
        let tolerated = SnapshotItem(name: "demo/iphone-se.png", screen: "demo", kind: .render, status: .matched,
                                     detail: "12 pixels differ (0.01%)", differentPixels: 12)
        let report = SnapshotReport(action: .verify, items: Self.items + [tolerated])
        #expect(report.summaryLine == "6 goldens: 2 matched (1 within the tolerance), 2 changed, 1 missing, 1 stale")
        #expect(report.markdown().contains("| `demo/iphone-se.png` | matched within the tolerance | 12 pixels differ (0.01%) |"), "\(report.markdown())")
        #expect(!report.markdown().contains("iphone-15-light"), "an exact match is not listed")
        #expect(report.passed == SnapshotReport(action: .verify, items: Self.items).passed)
    }

    /// A golden that could not be read is a JUnit error, not a failure, and the run exits 2.
    @Test func anUnreadableGoldenIsAnError() {
        let unreadable = SnapshotItem(name: "demo/iphone-se.png", screen: "demo", kind: .render, status: .unreadable,
                                      detail: "the golden is a Git LFS pointer")
        let report = SnapshotReport(action: .verify, items: Self.items + [unreadable])
        #expect(report.junitXML.contains("<testsuites name=\"tagflow snapshots\" tests=\"6\" failures=\"4\" errors=\"1\">"))
        #expect(report.junitXML.contains("<error type=\"unreadable\" message=\"the golden is a Git LFS pointer\">"))
        #expect(report.exitStatus == .usage && !report.passed)
        #expect(SnapshotReport(action: .verify, items: Self.items).exitStatus == .failure)
        #expect(SnapshotReport(action: .verify, items: [Self.items[1]]).exitStatus == .success)
    }

    @Test func stepsAreWrittenAsRuns() {
        #expect(SnapshotRunner.runs(of: [3]) == "3")
        #expect(SnapshotRunner.runs(of: [11, 12]) == "11, 12")
        #expect(SnapshotRunner.runs(of: Array(1...60)) == "1–60")
        #expect(SnapshotRunner.runs(of: [1, 2, 4, 5, 6, 9]) == "1, 2, 4–6, 9")
    }

    @Test func shardReportsMergeIntoTheWholeRunsReport() throws {
        let whole = SnapshotReport(action: .verify, items: Self.items, fontNotes: ["fonts differ"])
        // Both shards find the stale golden and the font note.
        let merged = try SnapshotReport.merged([Self.shardReport(2, of: 2), Self.shardReport(1, of: 2)], folders: ["two", "one"])
        #expect(merged == whole)
        #expect(merged.json.rendered() == whole.json.rendered())
    }

    /// Shard `index` of a run over ``items`` split `count` ways: its share of the variants, and the stale golden
    /// and the font note every shard finds.
    static func shardReport(_ index: Int, of count: Int, action: SnapshotReport.Action = .verify, filter: [String] = []) -> SnapshotReport {
        let shard = Shard(index: index, count: count)!
        let stale = items.filter { $0.status == .stale }
        return SnapshotReport(action: action, items: shard.select(items.filter { $0.status != .stale }) + stale,
                              fontNotes: ["fonts differ"], shard: shard, filter: filter)
    }

    @Test func aMergeOfReportsThatAreNotOneWholeRunIsRefused() {
        func refusal(_ reports: [SnapshotReport]) -> SnapshotError? {
            do {
                _ = try SnapshotReport.merged(reports, folders: reports.indices.map { "out/\($0 + 1)" })
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal([Self.shardReport(1, of: 3), Self.shardReport(3, of: 3)]) == .shardsMissing([Shard(index: 2, count: 3)!]))
        #expect(refusal([Self.shardReport(2, of: 2)]) == .shardsMissing([Shard(index: 1, count: 2)!]))
        #expect(refusal([Self.shardReport(1, of: 2), Self.shardReport(1, of: 2), Self.shardReport(2, of: 2)])
                == .shardMergedTwice(Shard(index: 1, count: 2)!, "out/1", "out/2"))
        #expect(refusal([Self.shardReport(1, of: 2), Self.shardReport(2, of: 3)])
                == .mergedRunsDiffer("out/1", "out/2", what: "one is shard 1/2, the other shard 2/3"))
        #expect(refusal([Self.shardReport(1, of: 2), Self.shardReport(2, of: 2, action: .record)])
                == .mergedRunsDiffer("out/1", "out/2", what: "one is a snapshot verify, the other a snapshot record"))
        #expect(refusal([Self.shardReport(1, of: 2), Self.shardReport(2, of: 2, filter: ["demo/*"])])
                == .mergedRunsDiffer("out/1", "out/2", what: "their --filter patterns differ"))
        #expect(refusal([Self.shardReport(1, of: 2, filter: ["demo/*"]), Self.shardReport(2, of: 2, filter: ["demo/*"])]) == nil)
    }

    @Test func aReportThatDoesNotNameItsShardDoesNotMerge() throws {
        let text = #"{"action": "verify", "passed": true, "items": []}"#
        #expect(throws: InputError.self) {
            try SnapshotReport(json: JSONParser.parse(Array(text.utf8), file: "report.json"), file: "report.json")
        }
    }

    @Test func theJSONReadsBackAsWritten() throws {
        let report = SnapshotReport(action: .record, items: Self.items, fontNotes: ["a note"], shard: Shard(index: 2, count: 3)!, filter: ["demo/*"])
        let text = report.json.rendered()
        let parsed = try SnapshotReport(json: JSONParser.parse(Array(text.utf8), file: "report.json"), file: "report.json")
        #expect(parsed == report)
    }

    /// A picture's path is a URL in the page: a screen named with `#`, `%`, `?` or a space still links to it.
    @Test func theHTMLLinksPicturesWhateverTheirNames() {
        let item = SnapshotItem(name: "hash#tag/100% ok?.png", screen: "hash#tag", kind: .render, status: .changed, detail: "",
                                images: [.init(role: .diff, path: "images/hash#tag/100% ok?.diff.png"), .init(role: .actual, path: "images/篮球/a.png")])
        let html = SnapshotReport(action: .verify, items: [item]).htmlPage
        #expect(html.contains(#"src="images/hash%23tag/100%25%20ok%3F.diff.png""#), "\(html)")
        #expect(html.contains(#"src="images/%E7%AF%AE%E7%90%83/a.png""#))
    }

    @Test func theHTMLGroupsFailuresByWhatChangedThenByScreenAndLoadsPicturesLazily() {
        let html = SnapshotReport(action: .verify, items: Self.items).htmlPage
        let groups = html.components(separatedBy: "<section class=\"group ").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(groups.count == 4, "\(groups)")
        let titles = html.components(separatedBy: "<h2>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(titles == ["Pixels changed", "No golden yet", "Goldens no variant makes any more", "Matched"])
        // Failing groups, then what passed, which the page hides while "Failures only" is on.
        #expect(html.components(separatedBy: "<section class=\"group fails\"").count - 1 == 3)
        #expect(html.components(separatedBy: "<section class=\"group passes\"").count - 1 == 1)
        #expect(html.contains("<img loading=\"lazy\" src=\"images/demo/iphone-15-dark.actual.png\""))
        #expect(html.contains("id=\"failures-only\" checked"))
        #expect(!html.contains("id=\"plain-diff\""), "no switch without a plain diff to switch to")
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    /// A golden whose layout explains it: its changes are listed, outlined on each picture in percentages of its
    /// size, and compared on a stage as wide as the wider picture.
    @Test func theHTMLListsAndOutlinesTheChangesALayoutExplains() {
        let size = { (width: Int, height: Int) in PixelSize(width: width, height: height) }
        let rename = LayoutChangeSummary.Change(kind: .renamed, words: "'Vegan' → 'Vegetarian' (item 0-2)",
                                                old: Rect(x: 100, y: 50, width: 50, height: 15),
                                                new: Rect(x: 10, y: 80, width: 80, height: 15))
        let removal = LayoutChangeSummary.Change(kind: .removed, words: "'Golf' removed (item 1-0)",
                                                 old: Rect(x: 10, y: 200, width: 40, height: 15), new: nil)
        let images: [SnapshotItem.Image] = [
            .init(role: .golden, path: "images/demo/se.golden.png", size: size(400, 1000)),
            .init(role: .actual, path: "images/demo/se.actual.png", size: size(400, 1250)),
            .init(role: .diff, path: "images/demo/se.diff.png", size: size(400, 1250)),
            .init(role: .pixels, path: "images/demo/se.pixels.png", size: size(400, 1250)),
        ]
        var item = SnapshotItem(name: "demo/se.png", screen: "demo", kind: .render, status: .changed,
                                detail: "12 pixels", images: images)
        item.explanation = LayoutChangeSummary(cause: [rename.words, removal.words], effect: ["3 tags moved"])
        item.marks = [rename, removal].map { SnapshotItem.Mark($0, scale: 2) }
        let html = SnapshotReport(action: .verify, items: [item]).htmlPage

        let renamed = "&#39;Vegan&#39; → &#39;Vegetarian&#39; (item 0-2)", removed = "&#39;Golf&#39; removed (item 1-0)"
        #expect(html.contains("<h2>\(renamed); \(removed)</h2>"))
        #expect(html.contains(#"data-goto="item-0-0">"# + renamed + "</button>"))
        #expect(html.contains(#"data-goto="item-0-1">"# + removed + "</button>"))
        // On the golden, the old frame: (200, 100) 100×30 of 400×1000.
        #expect(html.contains(#"<span class="mark renamed" data-mark="item-0-0" style="left: 50.0000%; top: 10.0000%; "#
                              + #"width: 25.0000%; height: 3.0000%""#), "\(html)")
        // On the actual picture and the diff, the new one: (20, 160) 160×30 of 400×1250.
        let onActual = #"<span class="mark renamed" data-mark="item-0-0" style="left: 5.0000%; top: 12.8000%; "#
            + #"width: 40.0000%; height: 2.4000%""#
        #expect(html.components(separatedBy: onActual).count - 1 == 4, "actual, diff, plain diff and the stage")
        // A removed tag is outlined on the golden, and on the stage where it was, as gone.
        let onGolden = #"<span class="mark removed" data-mark="item-0-1" style="left: 5.0000%; top: 40.0000%; "#
        let gone = #"<span class="mark removed gone" data-mark="item-0-1" style="left: 5.0000%; top: 32.0000%; "#
        #expect(html.contains(onGolden) && html.contains(gone))
        #expect(html.contains(#"<div class="stage" data-stage style="aspect-ratio: 400 / 1250">"#))
        #expect(html.contains(#"width="400" height="1000" style="width: 100.0000%""#))
        #expect(html.contains(#"<figure class="diff explained">"#) && html.contains(#"<figure class="pixels">"#))
        #expect(html.contains(#"id="plain-diff""#))

        // What the page is drawn from reads back from report.json.
        let report = SnapshotReport(action: .verify, items: [item])
        let parsed = try? SnapshotReport(json: JSONParser.parse(Array(report.json.rendered().utf8), file: "r.json"),
                                         file: "r.json")
        #expect(parsed == report)
    }

    @Test func percentagesAreWrittenTheSameWayEveryTime() {
        #expect(HTMLText.percent(1, of: 3) == "33.3333%")
        #expect(HTMLText.percent(2, of: 3) == "66.6667%")
        #expect(HTMLText.percent(0, of: 7) == "0.0000%")
        #expect(HTMLText.percent(-4, of: 400) == "-1.0000%")
        #expect(HTMLText.percent(5, of: 0) == "0.0000%")
    }
}
