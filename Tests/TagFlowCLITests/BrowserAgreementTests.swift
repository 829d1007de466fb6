import Foundation
import Testing
import TagFlowTestSupport

/// tagflow's widths and line breaks against a browser engine: Chromium lays the same tags out, in the same fonts,
/// as a wrapping flexbox, and every tag's width, x and line must agree within ``tolerance``.
///
/// The page mirrors the flow layout: a container as wide as a line (width − 2 × 10 of section inset), 10 px gaps,
/// and tags of 30 px with 7.5 px of padding. The CSS font stack is the head of fontconfig's fallback chain for
/// DejaVu Sans, and each test first checks that tagflow drew every tag with fonts from that stack (DejaVu Sans also
/// covers the Hebrew, Arabic, Greek and Cyrillic tags), so both engines pick the same font for every character.
@Suite(.serialized, .enabled(if: toolAvailable("chromium"))) struct BrowserAgreementTests {
    /// Chromium positions boxes in LayoutUnits of 1/64 px, rounding each tag's width up; 0.1 leaves room for that.
    static let tolerance = 0.1
    static let sectionInset = 10.0
    static let fontStack = ["DejaVu Sans", "WenQuanYi Zen Hei"]

    @Test func defaultWidthAgreesWithChromium() throws {
        try compareWithChromium(width: 375)
    }

    @Test func narrowWidthBreaksLikeChromium() throws {
        try compareWithChromium(width: 260)
    }

    /// Lays out Examples/multiscript.tags at `width` with tagflow and with Chromium, and compares tag by tag.
    private func compareWithChromium(width: Double) throws {
        let result = try tagflow(["layout", "Examples/multiscript.tags", "--font", "DejaVu Sans",
                                  "--width", "\(Int(width))", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        try #require(sections.count == 1, "the example is one untitled section")
        #expect(sections[0]["header"] is NSNull, "an untitled section has no header")
        let tags = try #require(sections[0]["items"] as? [[String: Any]]).map(LaidOutTag.init)
        try #require(tags.count >= 30)

        for tag in tags {
            try #require(Set(tag.fonts).isSubset(of: Self.fontStack) && tag.missingGlyphs == 0,
                         "'\(tag.text)' is drawn with \(tag.fonts) (\(tag.missingGlyphs) missing glyphs); the page's font stack is \(Self.fontStack)")
        }

        let folder = try TemporaryFolder()
        let page = try folder.write("tags.html", Self.page(texts: tags.map(\.text), containerWidth: width - 2 * Self.sectionInset,
                                                           fontStack: Self.fontStack))
        let boxes = try Self.chromiumLayout(page: page, profile: folder.path("profile")).boxes
        try #require(boxes.count == tags.count, "Chromium reported \(boxes.count) boxes for \(tags.count) tags")

        // Chromium's lines are its distinct box tops, in order.
        let tops = Array(Set(boxes.map(\.y))).sorted()
        for (tag, box) in zip(tags, boxes) {
            let x = tag.x - Self.sectionInset
            let line = tops.firstIndex(of: box.y)!
            #expect(abs(tag.width - box.width) <= Self.tolerance,
                    "'\(tag.text)' at width \(width): tagflow width \(tag.width), Chromium \(box.width)")
            #expect(abs(x - box.x) <= Self.tolerance,
                    "'\(tag.text)' at width \(width): tagflow x \(x), Chromium \(box.x)")
            #expect(tag.line == line, "'\(tag.text)' at width \(width): tagflow line \(tag.line), Chromium line \(line)")
        }
    }

    /// One tag from `tagflow layout --format json`.
    struct LaidOutTag {
        var text: String
        var x: Double
        var width: Double
        /// The text's width, without padding.
        var textWidth: Double
        var line: Int
        var fonts: [String]
        var missingGlyphs: Int

        init(_ item: [String: Any]) throws {
            text = try #require(item["text"] as? String)
            x = try #require(item["x"] as? Double)
            width = try #require(item["width"] as? Double)
            textWidth = try #require(item["textWidth"] as? Double)
            line = try #require(item["line"] as? Int)
            fonts = try #require(item["fonts"] as? [String])
            missingGlyphs = try #require(item["missingGlyphs"] as? Int)
        }
    }

    /// A tag's border box relative to the container, as Chromium laid it out.
    struct Box: Decodable {
        var x: Double
        var y: Double
        var width: Double
    }

    /// A web font for the page: `family` is its CSS name, loaded from `source`, a URL relative to the page.
    struct WebFont {
        var family: String
        var source: String
    }

    /// What Chromium reported: every tag's box, and every web font's load status ("loaded", "error", ...).
    struct ChromiumLayout: Decodable {
        var boxes: [Box]
        var fontStatuses: [String: String]
    }

    /// A page that lays the tags out as a wrapping flexbox in `fontStack` (after loading `webFonts`) and then
    /// writes a ``ChromiumLayout`` into `<pre id=out>` as JSON, so `--dump-dom` prints it.
    static func page(texts: [String], containerWidth: Double, fontStack: [String], webFonts: [WebFont] = []) -> String {
        let stack = fontStack.map { "'\($0)'" }.joined(separator: ",")
        let faces = webFonts.map { "@font-face { font-family: '\($0.family)'; src: url('\($0.source)'); }" }.joined(separator: "\n")
        let tags = texts.map { "<div class=\"tag\">\(escapeHTML($0))</div>" }.joined(separator: "\n")
        // max-width mirrors the layout's clamp of a tag to the line width; no tag of the example needs it at 375.
        // Web fonts load lazily, so the script loads each one and waits for them all before measuring.
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><style>
        \(faces)
        body { margin: 0; }
        #tags { width: \(containerWidth)px; display: flex; flex-wrap: wrap; column-gap: 10px; row-gap: 10px;
                align-content: flex-start; font-family: \(stack); font-size: 14px; }
        .tag { padding: 0 7.5px; height: 30px; line-height: 30px; white-space: pre; flex: none;
               box-sizing: border-box; border: none; max-width: 100%; overflow: hidden; }
        </style></head><body>
        <div id="tags">
        \(tags)
        </div>
        <pre id="out"></pre>
        <script>
        Promise.all([...document.fonts].map(font => font.load().catch(() => null)))
            .then(() => document.fonts.ready)
            .then(() => {
                const container = document.getElementById("tags").getBoundingClientRect();
                const boxes = [...document.querySelectorAll(".tag")].map(tag => {
                    const box = tag.getBoundingClientRect();
                    return { x: box.x - container.x, y: box.y - container.y, width: box.width };
                });
                const fontStatuses = Object.fromEntries([...document.fonts].map(font => [font.family.replace(/["']/g, ""), font.status]));
                document.getElementById("out").textContent = JSON.stringify({ boxes, fontStatuses });
            });
        </script>
        </body></html>
        """
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Loads `page` in headless Chromium, letting it read files beside the page (web fonts), and reads what its
    /// script wrote.
    static func chromiumLayout(page: URL, profile: String) throws -> ChromiumLayout {
        try chromiumOutput(ChromiumLayout.self, page: page, profile: profile)
    }

    /// Loads `page` in headless Chromium, with `arguments` added, and decodes the JSON its script wrote into
    /// `<pre id="out">`.
    static func chromiumOutput<Output: Decodable>(_ type: Output.Type, page: URL, profile: String,
                                                  arguments: [String] = []) throws -> Output {
        let run = try ProcessRunner.runTool("chromium", ["--headless", "--no-sandbox", "--disable-gpu",
                                                         "--user-data-dir=\(profile)", "--allow-file-access-from-files",
                                                         "--virtual-time-budget=5000"]
                                            + arguments + ["--dump-dom", page.absoluteString], hangLimit: 120)
        if run.wasKilledAsHung { Issue.record("Chromium did not finish within 120 s") }
        let html = run.stdout
        guard let open = html.range(of: "<pre id=\"out\">"),
              let close = html.range(of: "</pre>", range: open.upperBound..<html.endIndex),
              open.upperBound < close.lowerBound
        else {
            throw BrowserError("Chromium printed no layout (status \(run.status)); its log:\n"
                               + run.stderr.suffix(2000))
        }
        return try JSONDecoder().decode(Output.self, from: Data(html[open.upperBound..<close.lowerBound].utf8))
    }

    struct BrowserError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
