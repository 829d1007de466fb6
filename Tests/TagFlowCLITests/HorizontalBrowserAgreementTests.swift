import Foundation
import Testing

/// A horizontal layout against Chromium. The oracle is the page a web developer would write: sections side by side
/// in a row flexbox, each a header strip, its rows, and a footer strip, with the rows a wrapping flexbox as wide as
/// tagflow's section. Chromium measures the text itself and wraps greedily, so it checks the text widths, that the
/// balanced rows are greedy rows at the section's width, and where each tag sits in its section, header and insets
/// included; left to right and right to left.
///
/// Chromium rounds each tag's width up to 1/64 px, so a tag's place may differ by that much for each tag before it
/// in its row; the wrapping box is ``slack`` wider than tagflow's rows, or the widest row could wrap its last tag.
@Suite(.serialized, .enabled(if: toolAvailable("chromium"))) struct HorizontalBrowserAgreementTests {
    static let tolerance = BrowserAgreementTests.tolerance
    static let slack = 0.25

    @Test(arguments: ["ltr", "rtl"])
    func rowsAndPositionsAgreeWithChromium(direction: String) throws {
        let result = try tagflow(["layout", "Examples/demo.tags", "--font", "DejaVu Sans", "--scroll-direction", "horizontal",
                                  "--rows", "3", "--height", "150", "--direction", direction,
                                  // CSS's flex-start is the reading start, as tagflow's leading is.
                                  "--alignment", "leading", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        try #require(sections.count == 3)
        let height = try #require((json["contentSize"] as? [String: Any])?["height"] as? Double)
        var pageSections = [PageSection]()
        var laidOut = [[BrowserAgreementTests.LaidOutTag]]()
        var starts = [Double]()
        for section in sections {
            let tags = try #require(section["items"] as? [[String: Any]]).map(BrowserAgreementTests.LaidOutTag.init)
            for tag in tags {
                try #require(Set(tag.fonts).isSubset(of: BrowserAgreementTests.fontStack) && tag.missingGlyphs == 0, "'\(tag.text)' uses \(tag.fonts)")
            }
            let header = section["header"] as? [String: Any]
            let footer = section["footerFrame"] as? [String: Any]
            let left = tags.map(\.x).min()!, right = tags.map { $0.x + $0.width }.max()!
            pageSections.append(PageSection(texts: tags.map(\.text), rowsWidth: right - left,
                                            headerWidth: header?["width"] as? Double ?? 0, footerWidth: footer?["width"] as? Double ?? 0))
            laidOut.append(tags)
            // Where the section starts in reading order: its left edge, or its right edge right to left.
            let edges = [header, footer].compactMap { $0 }.flatMap { frame -> [Double] in
                let x = frame["x"] as! Double, width = frame["width"] as! Double
                return [x, x + width]
            }
            starts.append(direction == "ltr" ? (edges + [left - 10]).min()! : (edges + [right + 10]).max()!)
        }

        let folder = try TemporaryFolder()
        let page = try folder.write("horizontal.html", Self.page(pageSections, height: height, direction: direction))
        let chromium = try Self.chromiumLayout(page: page, profile: folder.path("profile"))
        try #require(chromium.sections.count == 3)
        for (index, tags) in laidOut.enumerated() {
            let boxes = chromium.sections[index].boxes
            try #require(boxes.count == tags.count)
            let tops = Array(Set(boxes.map(\.y))).sorted()
            #expect(tops.count <= 3, "Chromium wrapped section \(index) into \(tops.count) rows")
            let chromiumStart = chromium.sections[index].start
            var previousRow = -1, place = 0
            for (tag, box) in zip(tags, boxes) {
                place = tag.line == previousRow ? place + 1 : 0
                previousRow = tag.line
                // Each tag before it in its row may be up to 1/64 px wider in Chromium.
                let tolerance = Self.tolerance + Double(place) / 64
                // Distances from the section's reading start, which both engines measure the same way.
                let tagflowOffset = direction == "ltr" ? tag.x - starts[index] : starts[index] - (tag.x + tag.width)
                let chromiumOffset = direction == "ltr" ? box.x - chromiumStart : chromiumStart - (box.x + box.width)
                #expect(abs(tag.width - box.width) <= Self.tolerance, "'\(tag.text)': tagflow width \(tag.width), Chromium \(box.width)")
                #expect(abs(tagflowOffset - chromiumOffset) <= tolerance,
                        "'\(tag.text)' \(direction): tagflow \(tagflowOffset) from the section's start, Chromium \(chromiumOffset)")
                #expect(tag.line == tops.firstIndex(of: box.y)!, "'\(tag.text)': tagflow row \(tag.line), Chromium row \(tops.firstIndex(of: box.y)!)")
            }
        }
    }

    struct PageSection {
        var texts: [String]
        var rowsWidth: Double
        var headerWidth: Double
        var footerWidth: Double
    }

    struct ChromiumSection: Decodable {
        /// The section box's reading-start edge: its left, or its right right to left.
        var start: Double
        var boxes: [BrowserAgreementTests.Box]
    }

    struct ChromiumLayout: Decodable {
        var sections: [ChromiumSection]
    }

    /// Sections in a row flexbox `height` px tall; each a header strip, its tags wrapping in a box `rowsWidth` (plus
    /// slack) wide with the 10 px section inset around it, and a footer strip.
    static func page(_ sections: [PageSection], height: Double, direction: String) -> String {
        let stack = BrowserAgreementTests.fontStack.map { "'\($0)'" }.joined(separator: ",")
        let body = sections.map { section in
            let tags = section.texts.map { "<div class=\"tag\">\(BrowserAgreementTests.escapeHTML($0))</div>" }.joined()
            return """
            <div class="section"><div style="width: \(section.headerWidth)px"></div>\
            <div class="rows" style="width: \(section.rowsWidth + slack)px">\(tags)</div>\
            <div style="width: \(section.footerWidth)px"></div></div>
            """
        }.joined(separator: "\n")
        return """
        <!DOCTYPE html>
        <html lang="en" dir="\(direction)"><head><meta charset="utf-8"><style>
        body { margin: 0; }
        #content { display: flex; height: \(height)px; width: max-content; font-family: \(stack); font-size: 14px; }
        .section { display: flex; flex: none; }
        .section > div { flex: none; }
        .rows { display: flex; flex-wrap: wrap; align-content: flex-start; column-gap: 10px; row-gap: 10px; margin: 10px;
                box-sizing: content-box; }
        .tag { padding: 0 7.5px; height: 30px; line-height: 30px; white-space: pre; flex: none; box-sizing: border-box; }
        </style></head><body>
        <div id="content">
        \(body)
        </div>
        <pre id="out"></pre>
        <script>
        document.fonts.ready.then(() => {
            const rtl = document.documentElement.dir === "rtl";
            const sections = [...document.querySelectorAll(".section")].map(section => {
                const frame = section.getBoundingClientRect();
                const boxes = [...section.querySelectorAll(".tag")].map(tag => {
                    const box = tag.getBoundingClientRect();
                    return { x: box.x, y: box.y - frame.y, width: box.width };
                });
                return { start: rtl ? frame.right : frame.left, boxes };
            });
            document.getElementById("out").textContent = JSON.stringify({ sections });
        });
        </script>
        </body></html>
        """
    }

    static func chromiumLayout(page: URL, profile: String) throws -> ChromiumLayout {
        // Wide enough that the content never wraps at the window's edge.
        try BrowserAgreementTests.chromiumOutput(ChromiumLayout.self, page: page, profile: profile, arguments: ["--window-size=8000,600"])
    }
}
