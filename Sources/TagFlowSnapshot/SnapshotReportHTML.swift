import TagFlowImage
import TagFlowLayout
import TagFlowReview
import TagFlowInput
import TagFlowPipeline

/// The snapshot report as one HTML page a reviewer works through: failures grouped by what changed in their layout
/// (each cause said once), then by screen; for each failing golden, the golden, what was drawn and the diff side by
/// side, a slider and an onion skin over the two, and the changes the layout explains, outlined on the pictures and
/// listed beside them, each a button that brings its outline into view.
///
/// The pictures are files beside the page (`images/…`), sized before they load and loaded only when scrolled to, so
/// the page stays small and quick with hundreds of goldens. A content security policy allows nothing but those files
/// and the inline style and script: the page never reaches the network.
package struct SnapshotReportHTML {
    let report: SnapshotReport

    /// At most this many changes are listed and outlined a golden; the rest are counted.
    static let marksPerItem = 40

    var page: String {
        let verdict = report.passed ? "Passed" : "Failed"
        let hasPlainDiffs = report.items.contains { $0.images.contains { $0.role == .pixels } }
        var html = FolderReportHTML.head(title: verdict + ": " + report.summaryLine + " — tagflow snapshots",
                                         images: "'self'", toolVersion: TagFlowVersion.current, css: Self.css) + "\n"
        html += """
        <body>
        <header class="top">
          <h1>Snapshots <span class="verdict \(verdict.lowercased())">\(verdict)</span></h1>
          <p class="muted">\(escape(report.summaryLine))</p>
          <div class="switches">
            <label><input type="checkbox" id="failures-only"\(report.passed ? "" : " checked")> Failures only</label>
        """
        if hasPlainDiffs {
            html += "\n    <label title=\"Mark every differing pixel, moved tags too\">"
                + "<input type=\"checkbox\" id=\"plain-diff\"> Plain pixel diff</label>"
        }
        html += "\n  </div>\n</header>\n<main>\n"
        for note in report.fontNotes + report.layoutNotes { html += "<p class=\"note\">⚠️ \(escape(note))</p>\n" }
        let groups = Self.groups(report.items)
        html += "<nav class=\"toc\" aria-label=\"Groups\"><ul>\n"
        for (number, group) in groups.enumerated() {
            html += "<li class=\"\(group.fails ? "fails" : "passes")\"><a href=\"#group-\(number)\">"
                + "\(escape(group.title))</a> <span class=\"count\">\(group.items.count)</span></li>\n"
        }
        html += "</ul></nav>\n"
        var itemNumber = 0
        for (number, group) in groups.enumerated() {
            let screens = Dictionary(grouping: group.items, by: \.screen).sorted { $0.key < $1.key }
            let goldens = "\(group.items.count) golden\(group.items.count == 1 ? "" : "s")"
            let inScreens = "\(screens.count) screen\(screens.count == 1 ? "" : "s")"
            html += "<section class=\"group \(group.fails ? "fails" : "passes")\" id=\"group-\(number)\">\n"
            html += "<h2>\(escape(group.title))</h2>\n"
            html += "<p class=\"muted\">\(group.note.map { $0 + " " } ?? "")\(goldens) in \(inScreens)</p>\n"
            for (screen, items) in screens {
                let open = group.fails || items.contains { !$0.images.isEmpty }
                html += "<details class=\"screen\"\(open ? " open" : "")>\n<summary><strong>"
                    + "\(escape(SnapshotItem.title(ofScreen: screen)))</strong> <span class=\"muted\">\(items.count) "
                    + "golden\(items.count == 1 ? "" : "s")</span></summary>\n"
                for item in items {
                    html += article(item, id: "item-\(itemNumber)")
                    itemNumber += 1
                }
                html += "</details>\n"
            }
            html += "</section>\n"
        }
        html += """
        </main>
        <footer class="muted">Made by tagflow \(TagFlowVersion.current) · diff: red changed pixels, yellow \
        anti-aliasing, blue outlines tags that only moved · outlines on the pictures: the changes listed</footer>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
        return html
    }

    /// A group of goldens a reviewer reads together: those one layout change explains, or those of one status.
    struct Group {
        var title: String
        /// Said before the count of goldens.
        var note: String?
        var fails: Bool
        var items: [SnapshotItem]
    }

    /// Failures first, by the cause their layout gives (causes in order of first appearance), then those no layout
    /// explains, by status; then what passed, by status.
    static func groups(_ items: [SnapshotItem]) -> [Group] {
        var groups = SnapshotReport.groupedByCause(items.filter(\.status.fails)).flatMap { cause, items -> [Group] in
            if let cause { return [Group(title: cause, note: "Explains", fails: true, items: items)] }
            return statusGroups(items, fails: true)
        }
        groups += statusGroups(items.filter { !$0.status.fails }, fails: false)
        return groups
    }

    private static func statusGroups(_ items: [SnapshotItem], fails: Bool) -> [Group] {
        SnapshotItem.Status.allCases.compactMap { status in
            let matching = items.filter { $0.status == status }
            guard !matching.isEmpty else { return nil }
            return Group(title: title(of: status, items: matching), fails: fails, items: matching)
        }
    }

    private static func title(of status: SnapshotItem.Status, items: [SnapshotItem]) -> String {
        switch status {
        case .changed:
            items.allSatisfy(\.hasNoLayout) ? "Pixels changed; no layout recorded to explain them" : "Pixels changed"
        case .missing: "No golden yet"
        case .stale: "Goldens no variant makes any more"
        case .unreadable: "Goldens that could not be read"
        case .matched: "Matched"
        case .written: "Written"
        case .removed: "Removed"
        }
    }

    // MARK: One golden

    private func article(_ item: SnapshotItem, id: String) -> String {
        let fails = item.status.fails ? " fails" : ""
        var html = "<article class=\"item \(item.status.rawValue)\(fails)\" id=\"\(id)\" data-item>\n"
        html += "<h3><code>\(escape(item.name))</code> <span class=\"status\">\(item.status.rawValue)</span></h3>\n"
        let detail = item.explainedDetail
        if !detail.isEmpty { html += "<p class=\"muted\">\(escape(detail))</p>\n" }
        let marks = Array(item.marks.prefix(Self.marksPerItem))
        if !marks.isEmpty {
            html += "<ol class=\"changes\" aria-label=\"Changes\">\n"
            for (number, mark) in marks.enumerated() {
                html += "<li><button type=\"button\" class=\"change \(mark.kind.rawValue)\" "
                    + "data-goto=\"\(id)-\(number)\">\(escape(mark.words))</button></li>\n"
            }
            if item.marks.count > marks.count {
                html += "<li class=\"muted\">…and \(item.marks.count - marks.count) more</li>\n"
            }
            html += "</ol>\n"
        }
        let golden = item.images.first { $0.role == .golden }, actual = item.images.first { $0.role == .actual }
        if let golden, let actual, let goldenSize = golden.size, let actualSize = actual.size {
            html += """
            <div class="modes" role="group" aria-label="How to compare">\
            <button type="button" data-mode="side" aria-pressed="true">Side by side</button>\
            <button type="button" data-mode="slider" aria-pressed="false">Slider</button>\
            <button type="button" data-mode="onion" aria-pressed="false">Onion skin</button></div>

            """
            html += "<div class=\"view side\" data-view=\"side\">" + figures(item, marks: marks, id: id) + "</div>\n"
            html += overlay(item, golden: (golden, goldenSize), actual: (actual, actualSize), marks: marks, id: id)
        } else if !item.images.isEmpty {
            html += "<div class=\"view side\">" + figures(item, marks: marks, id: id) + "</div>\n"
        }
        return html + "</article>\n"
    }

    /// The item's pictures side by side, each with the outlines of the changes on its side.
    private func figures(_ item: SnapshotItem, marks: [SnapshotItem.Mark], id: String) -> String {
        let hasPlain = item.images.contains { $0.role == .pixels }
        return item.images.map { image in
            let isGolden = image.role == .golden
            let side = { (mark: SnapshotItem.Mark) in isGolden ? mark.golden : mark.actual }
            let caption = image.role.rawValue + (item.imagesStep.map { ", step \($0)" } ?? "")
            let classes = image.role.rawValue + (hasPlain && image.role == .diff ? " explained" : "")
            var html = "<figure class=\"\(classes)\"><figcaption>\(escape(caption))</figcaption><div class=\"picture\">"
            html += img(image, alt: caption + " of " + item.name)
            if let size = image.size {
                for (number, mark) in marks.enumerated() {
                    guard let frame = side(mark) else { continue }
                    html += self.mark(mark, frame: frame, in: size, id: "\(id)-\(number)")
                }
            }
            return html + "</div></figure>"
        }.joined()
    }

    /// The golden and the actual picture stacked on one stage: a slider reveals one against the other, an onion skin
    /// fades one into the other.
    private func overlay(_ item: SnapshotItem, golden: (SnapshotItem.Image, SnapshotItem.PixelSize),
                         actual: (SnapshotItem.Image, SnapshotItem.PixelSize), marks: [SnapshotItem.Mark],
                         id: String) -> String {
        let stage = SnapshotItem.PixelSize(width: max(golden.1.width, actual.1.width),
                                           height: max(golden.1.height, actual.1.height))
        func width(_ size: SnapshotItem.PixelSize) -> String { Self.percent(size.width, of: stage.width) }
        var html = "<div class=\"view overlay\" data-view=\"overlay\" hidden>\n"
        html += "<div class=\"stage\" data-stage style=\"aspect-ratio: \(stage.width) / \(stage.height)\">"
        html += "<div class=\"layer\">"
        html += img(golden.0, alt: "golden of " + item.name, style: "width: \(width(golden.1))")
        html += "</div><div class=\"layer actual\">"
        html += img(actual.0, alt: "actual of " + item.name, style: "width: \(width(actual.1))") + "</div>"
        for (number, mark) in marks.enumerated() {
            // Where the element is now; where it was, for one that went.
            if let frame = mark.actual ?? mark.golden {
                html += self.mark(mark, frame: frame, in: stage, id: "\(id)-\(number)", gone: mark.actual == nil)
            }
        }
        html += "<div class=\"handle\" aria-hidden=\"true\"></div></div>\n"
        html += "<label class=\"range\"><span>golden</span><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
            + "data-range aria-label=\"Golden against actual for \(escape(item.name))\"><span>actual</span></label>\n"
        return html + "</div>\n"
    }

    private func img(_ image: SnapshotItem.Image, alt: String, style: String? = nil) -> String {
        let size = image.size.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        let style = style.map { " style=\"\($0)\"" } ?? ""
        let source = escape(Self.relativeURL(image.path))
        return "<img loading=\"lazy\" src=\"\(source)\"\(size)\(style) alt=\"\(escape(alt))\">"
    }

    /// An outline over a picture of `size`, placed in percentages so it stays on its element at any width.
    private func mark(_ mark: SnapshotItem.Mark, frame: PixelRegion, in size: SnapshotItem.PixelSize, id: String,
                      gone: Bool = false) -> String {
        let place = "left: \(Self.percent(frame.x, of: size.width)); top: \(Self.percent(frame.y, of: size.height)); "
            + "width: \(Self.percent(frame.width, of: size.width)); "
            + "height: \(Self.percent(frame.height, of: size.height))"
        let classes = "mark \(mark.kind.rawValue)" + (gone ? " gone" : "")
        return "<span class=\"\(classes)\" data-mark=\"\(id)\" style=\"\(place)\" "
            + "title=\"\(escape(mark.words))\"></span>"
    }

    /// `part` as a percentage of `whole`, to four decimals: the same text on every run.
    static func percent(_ part: Int, of whole: Int) -> String {
        // Rounded half away from zero, in ten-thousandths of a percent.
        let magnitude = whole > 0 ? (abs(part) * 1_000_000 + whole / 2) / whole : 0
        let sign = part < 0 && magnitude > 0 ? "-" : ""
        let fraction = String(magnitude % 10_000)
        let padding = String(repeating: "0", count: 4 - fraction.count)
        return sign + String(magnitude / 10_000) + "." + padding + fraction + "%"
    }

    private func escape(_ text: String) -> String { FolderReportHTML.escape(text) }

    /// A relative path as a URL's path: every byte of its UTF-8 but letters, digits, `-._~` and `/` percent-encoded,
    /// so that a screen named `hash#tag` or `100%` links to its own pictures, not to a fragment or a bad escape.
    static func relativeURL(_ path: String) -> String {
        var url = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                url.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                url += "%" + hex(byte, digits: 2)
            }
        }
        return url
    }

    static let css = """
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa; --check: #e8ebef;
      --bad: #cf222e; --bad-bg: #ffebe9; --good: #1a7f37; --good-bg: #dafbe1; --accent: #0969da;
      --renamed: #bf3989; --added: #1a7f37; --removed: #cf222e; --selected: #8250df; --section: #0969da;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23; --check: #262c36;
        --bad: #ff7b72; --bad-bg: #3c1618; --good: #3fb950; --good-bg: #12261e; --accent: #4493f8;
        --renamed: #db61a2; --added: #3fb950; --removed: #ff7b72; --selected: #a371f7; --section: #4493f8;
      }
    }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    html { background: var(--bg); color: var(--fg); }
    body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; }
    code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; word-break: break-all; }
    .muted { color: var(--muted); }
    .top { padding: 16px 24px; border-bottom: 1px solid var(--border); background: var(--panel); position: sticky;
           top: 0; z-index: 2; }
    h1 { margin: 0 0 4px; font-size: 22px; }
    h2 { font-size: 18px; margin: 28px 0 2px; }
    h3 { font-size: 15px; margin: 4px 0; }
    .top p { margin: 0; }
    .switches { display: flex; gap: 20px; margin-top: 6px; font-size: 14px; }
    main { padding: 8px 24px 48px; }
    footer { padding: 0 24px 32px; font-size: 13px; }
    .verdict { font-size: 14px; padding: 2px 8px; border-radius: 12px; vertical-align: middle; }
    .verdict.passed { background: var(--good-bg); color: var(--good); }
    .verdict.failed { background: var(--bad-bg); color: var(--bad); }
    .note { background: #fff8c5; color: #1f2328; border: 1px solid #d4a72c; padding: 8px 12px; border-radius: 6px; }
    .toc ul { margin: 12px 0; padding-left: 20px; }
    .toc .fails a { color: var(--bad); }
    .count { font-size: 12px; color: var(--muted); border: 1px solid var(--border); border-radius: 10px;
             padding: 0 6px; }
    details.screen { border: 1px solid var(--border); border-radius: 6px; margin: 10px 0; padding: 0 12px; }
    details.screen > summary { cursor: pointer; padding: 8px 0; }
    article.item { border-top: 1px solid var(--border); padding: 8px 0 16px; }
    .status { font-size: 12px; padding: 1px 6px; border-radius: 10px; background: var(--panel); }
    .fails .status { background: var(--bad-bg); color: var(--bad); }
    ol.changes { margin: 6px 0 10px; padding-left: 24px; }
    button.change { font: inherit; font-size: 14px; text-align: left; background: none; border: 0; padding: 1px 4px;
                    color: var(--fg); cursor: pointer; border-left: 4px solid var(--section); }
    button.change:hover { background: var(--panel); text-decoration: underline; }
    button.change.renamed { border-color: var(--renamed); } button.change.added { border-color: var(--added); }
    button.change.removed { border-color: var(--removed); }
    button.change.selected, button.change.unselected { border-color: var(--selected); }
    .modes { display: inline-flex; border: 1px solid var(--border); border-radius: 6px; overflow: hidden;
             margin: 4px 0 8px; }
    .modes button { font: inherit; font-size: 13px; padding: 3px 12px; border: 0; background: var(--bg);
                    color: var(--fg); cursor: pointer; }
    .modes button + button { border-left: 1px solid var(--border); }
    .modes button[aria-pressed="true"] { background: var(--accent); color: #fff; }
    .view.side { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; width: 300px; max-width: 100%; }
    figcaption { font-size: 12px; color: var(--muted); }
    .picture, .stage { position: relative; line-height: 0; border: 1px solid var(--border);
      background: repeating-conic-gradient(var(--check) 0 25%, var(--bg) 0 50%) 0 0 / 16px 16px; }
    .picture img { width: 100%; height: auto; display: block; }
    figure.pixels, body.plain figure.diff.explained { display: none; }
    body.plain figure.pixels { display: block; }
    .mark { position: absolute; border: 2px solid var(--section); border-radius: 3px; pointer-events: none;
            box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.7); }
    .mark.renamed { border-color: var(--renamed); } .mark.added { border-color: var(--added); }
    .mark.removed, .mark.gone { border-color: var(--removed); border-style: dashed; }
    .mark.selected, .mark.unselected { border-color: var(--selected); }
    .mark.flash { animation: flash 1.2s ease-out 2; }
    @keyframes flash { 0% { box-shadow: 0 0 0 12px rgba(191, 57, 137, 0.55); }
                       100% { box-shadow: 0 0 0 1px transparent; } }
    .view.overlay { width: 420px; max-width: 100%; }
    .stage { overflow: hidden; cursor: ew-resize; touch-action: none; user-select: none; --split: 50%; --fade: 1; }
    .layer { position: absolute; inset: 0; pointer-events: none; }
    .layer img { display: block; height: auto; max-width: none; }
    .layer.actual { clip-path: inset(0 0 0 var(--split)); opacity: var(--fade); }
    .handle { position: absolute; top: 0; bottom: 0; left: var(--split); width: 2px; margin-left: -1px;
              background: var(--accent); }
    .item[data-mode="onion"] .handle { display: none; }
    .range { display: flex; align-items: center; gap: 8px; font-size: 13px; color: var(--muted); margin-top: 6px; }
    .range input { flex: 1; accent-color: var(--accent); }
    body.failures-only .group.passes, body.failures-only .toc .passes { display: none; }
    """

    static let script = """
    "use strict";
    for (const [id, name] of [["failures-only", "failures-only"], ["plain-diff", "plain"]]) {
      const box = document.getElementById(id);
      if (!box) continue;
      const apply = () => document.body.classList.toggle(name, box.checked);
      box.addEventListener("change", apply);
      apply();
    }
    for (const item of document.querySelectorAll("[data-item]")) {
      const stage = item.querySelector("[data-stage]");
      const range = item.querySelector("[data-range]");
      const show = () => {
        if (!stage) return;
        const value = Number(range.value);
        const onion = item.dataset.mode === "onion";
        stage.style.setProperty("--split", onion ? "0%" : value + "%");
        stage.style.setProperty("--fade", onion ? String(value / 100) : "1");
      };
      const setMode = (mode) => {
        item.dataset.mode = mode;
        for (const button of item.querySelectorAll("[data-mode]")) {
          button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
        }
        for (const view of item.querySelectorAll("[data-view]")) {
          view.hidden = view.dataset.view !== (mode === "side" ? "side" : "overlay");
        }
        show();
      };
      for (const button of item.querySelectorAll("[data-mode]")) {
        button.addEventListener("click", () => setMode(button.dataset.mode));
      }
      if (stage) {
        range.addEventListener("input", show);
        const follow = (event) => {
          if (item.dataset.mode === "onion") return;
          const box = stage.getBoundingClientRect();
          range.value = String(Math.round((event.clientX - box.left) / box.width * 100));
          show();
        };
        stage.addEventListener("pointerdown", (event) => { stage.setPointerCapture(event.pointerId); follow(event); });
        stage.addEventListener("pointermove", (event) => {
          if (stage.hasPointerCapture(event.pointerId)) follow(event);
        });
      }
      for (const button of item.querySelectorAll("[data-goto]")) {
        button.addEventListener("click", () => {
          const marks = [...item.querySelectorAll(".mark")]
            .filter((mark) => mark.dataset.mark === button.dataset.goto && mark.getClientRects().length > 0);
          for (const mark of marks) {
            mark.classList.remove("flash");
            void mark.offsetWidth;
            mark.classList.add("flash");
          }
          if (marks.length > 0) marks[0].scrollIntoView({ block: "center", inline: "nearest" });
        });
      }
    }
    """
}
