import Foundation
import Testing
import TagFlowTestSupport

/// The snapshot report's page used as a reviewer uses it, in headless Chromium: each listed change brings its
/// outline into view, the slider and the onion skin move, the plain pixel diff can be switched in, pictures far
/// down wait until scrolled to, and nothing is fetched from anywhere but the report's folder.
@Suite(.serialized, .enabled(if: Browser.isAvailable)) struct SnapshotReportBrowserTests {
    @Test func aReviewerCanFindEveryChangeAndCompareTheTwoPictures() throws {
        let project = try ExplainedChangeTests().renamedProject()
        // Two more changes far down the screen: a tag removed in the last section, one selected in the third.
        let tags = try project.read("interests.tags")
        let edited = tags.replacingOccurrences(of: "التخييم\n", with: "")
            .replacingOccurrences(of: "\n瑜伽\n", with: "\n* 瑜伽\n")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: project.path("interests.tags")))
        #expect(try project.snapshot(["verify", "--report", "report", "--quiet"]).status == 1)
        let screenshots = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-snapshot-report")
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)

        let seen = try Browser.drive("snapshot-report.py", [project.path("report/report.html"), screenshots.path])

        #expect(seen["items"] as? Int == 8)
        let changes = ["'Vegan' → 'Vegetarian 🥗' (item 0-2)", "'التخييم' removed (item 3-13)",
                       "'瑜伽' selected (item 2-12)"]
        // One group for the eight goldens the same three changes explain.
        #expect(seen["failingGroups"] as? [String] == [changes.joined(separator: "; ")])
        #expect(seen["changes"] as? [String] == changes)
        #expect(seen["firstItemLoaded"] as? [Bool] == [true, true, true])
        #expect(seen["lastItemLoadedAtStart"] as? Bool == false, "pictures far below load only when scrolled to")

        let clicks = try #require(seen["clicks"] as? [[String: Any]])
        #expect(clicks.count == 3)
        for click in clicks {
            let before = try #require(click["before"] as? [String: Double])
            let after = try #require(click["after"] as? [String: Any])
            let top = try #require(after["top"] as? Double), bottom = try #require(after["bottom"] as? Double)
            let viewport = try #require(after["viewport"] as? Double)
            #expect(top >= 0 && bottom <= viewport, "\(click["change"] ?? ""): the outline is in view after the click")
            #expect(after["flash"] as? Bool == true)
            #expect((before["height"] ?? 0) > 5, "the outline has the tag's size")
        }
        // The removed and selected tags are far down the golden: reaching them scrolled the page.
        for click in clicks.dropFirst() {
            let before = try #require(click["before"] as? [String: Double])
            #expect((before["top"] ?? 0) > (before["viewport"] ?? 0), "\(click["change"] ?? "") starts out of view")
        }

        #expect(seen["sideHiddenInSlider"] as? Bool == true)
        let slider = try #require(seen["slider"] as? [[String: Any]])
        #expect(slider.map { $0["clipPath"] as? String } == ["inset(0px 0px 0px 50%)", "inset(0px 0px 0px 25%)",
                                                              "inset(0px 0px 0px 100%)"])
        let onion = try #require(seen["onion"] as? [[String: Any]])
        #expect(onion.map { $0["opacity"] as? Double } == [0, 0.3])
        #expect(onion.allSatisfy { $0["clipPath"] as? String == "inset(0px 0px 0px 0%)" }, "the onion skin shows all")

        #expect(seen["explainedDiff"] as? [String: Bool] == ["diff": true, "pixels": false])
        #expect(seen["plainDiff"] as? [String: Bool] == ["diff": false, "pixels": true])
        #expect(seen["requestsElsewhere"] as? [String] == [])
    }
}
