import Foundation
import TagFlowRender
import TagFlowImage

/// The folder report as one HTML file with every image inlined as a `data:` URI, so it opens anywhere, offline.
///
/// A content security policy forbids every load that is not inline, so the page cannot reach the network even by
/// mistake. Each changed item shows the two images side by side, then a stage where a slider (a native range input,
/// so arrows, Page Up/Down and Home/End work) reveals old against new, and a button toggles the diff image.
public struct FolderReportHTML {
    public let report: FolderReport
    /// The tagflow version the page names as its maker.
    public let toolVersion: String

    /// A page for `report`, made by tagflow `toolVersion`.
    public init(report: FolderReport, toolVersion: String) {
        self.report = report
        self.toolVersion = toolVersion
    }

    /// Writes the page in pieces, so images are read and encoded one at a time rather than all held at once.
    public func write(_ emit: (String) throws(ReviewError) -> Void) throws(ReviewError) {
        let changed = report.items(.changed) + report.items(.passed)
        let new = report.items(.new), deleted = report.items(.deleted), unchanged = report.items(.unchanged)
        let unreadable = report.items(.unreadable)
        try emit(pageTop(changed: changed.count, new: new.count, deleted: deleted.count, unchanged: unchanged.count,
                         unreadable: unreadable.count))

        if !unreadable.isEmpty {
            try emit(Self.sectionHeading("unreadable", "Unreadable", unreadable.count, empty: ""))
            try emit("<ul class=\"names\">" + unreadable.map {
                "<li class=\"item unreadable\"><code>\(Self.escape($0.name))</code> · "
                    + "\(Self.escape($0.problem ?? ""))</li>"
            }.joined() + "</ul>\n")
            try emit("</div></section>\n")
        }

        try emit(Self.sectionHeading("changed", "Changed", changed.count, empty: "No file changed."))
        for (offset, item) in changed.enumerated() { try emit(changedItem(item, id: "changed-\(offset)")) }
        try emit("</section>\n")

        try emit(Self.sectionHeading("new", "New", new.count, empty: "No new files."))
        for (offset, item) in new.enumerated() {
            try emit(singleItem(item, id: "new-\(offset)", path: report.newDirectory + "/" + item.name, caption: "New",
                                size: item.newSize))
        }
        try emit("</div></section>\n")

        try emit(Self.sectionHeading("deleted", "Deleted", deleted.count, empty: "No deleted files."))
        for (offset, item) in deleted.enumerated() {
            try emit(singleItem(item, id: "deleted-\(offset)", path: report.oldDirectory + "/" + item.name,
                                caption: "Old", size: item.oldSize))
        }
        try emit("</div></section>\n")

        try emit(pageBottom(unchanged: unchanged))
    }

    /// The head, the verdict and the summary cards, up to the first section.
    private func pageTop(changed: Int, new: Int, deleted: Int, unchanged: Int, unreadable: Int) -> String {
        let verdict = report.failed ? "Failed" : "Passed"
        return """
        \(Self.head(title: "\(verdict): \(report.summary) — tagflow visual diff", images: "data:",
                    toolVersion: toolVersion, css: Self.css))
        <body>
        <header class="top">
          <div>
            <h1>Visual diff <span class="verdict \(report.failed ? "failed" : "passed")">\(verdict)</span></h1>
            <p class="muted">Old <code>\(Self.escape(report.oldDirectory))</code> \
        → new <code>\(Self.escape(report.newDirectory))</code> \
        · threshold \
        \(report.options.threshold)\(report.options.includeAntiAliasing ? " · anti-aliasing counted" : "")</p>
          </div>
        </header>
        <main>
        <nav class="summary" aria-label="Summary">
          \(Self.summaryCard("changed", "Changed", changed,
                             note: report.count(.passed) > 0 ? "\(report.count(.passed)) within tolerance" : nil))
          \(Self.summaryCard("new", "New", new))
          \(Self.summaryCard("deleted", "Deleted", deleted))
          \(Self.summaryCard("unchanged", "Unchanged", unchanged))
          \(unreadable == 0 ? "" : Self.summaryCard("unreadable", "Unreadable", unreadable))
        </nav>

        """
    }

    /// The unchanged files, folded when many, and the end of the page.
    private func pageBottom(unchanged: [FolderReport.Item]) -> String {
        return """
        <section id="unchanged" aria-labelledby="unchanged-title">
        <h2 id="unchanged-title">Unchanged <span class="count">\(unchanged.count)</span></h2>
        \(unchanged.isEmpty ? "<p class=\"muted\">None.</p>" : "<details\(unchanged.count <= 12 ? " open" : "")>"
            + "<summary>\(unchanged.count) file\(unchanged.count == 1 ? "" : "s") with identical pixels</summary>"
            + "<ul class=\"names\">"
            + unchanged.map { "<li class=\"item unchanged\"><code>\(Self.escape($0.name))</code></li>" }.joined()
            + "</ul></details>")
        </section>
        </main>
        <footer class="muted">Made by tagflow \(toolVersion) · red: changed pixels · yellow: anti-aliasing · faded: \
        unchanged</footer>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }

    private func changedItem(_ item: FolderReport.Item, id: String) throws(ReviewError) -> String {
        let oldURI = try Self.dataURI(report.oldDirectory + "/" + item.name)
        let newURI = try Self.dataURI(report.newDirectory + "/" + item.name)
        let diffURI = item.diffPNG.map { "data:image/png;base64," + Data($0).base64EncodedString() } ?? ""
        let old = item.oldSize ?? (1, 1), new = item.newSize ?? (1, 1)
        let width = max(old.width, new.width), height = max(old.height, new.height)
        func layerWidth(_ w: Int) -> String { String(format: "%.4f%%", Double(w) / Double(width) * 100) }
        let name = Self.escape(item.name)
        let badge = item.status == .passed
            ? "<span class=\"badge passed\">within tolerance</span>" : "<span class=\"badge changed\">changed</span>"
        return """
        <article class="item \(item.status.rawValue)" id="\(id)" aria-labelledby="\(id)-title">
          <header class="item-head">
            <h3 id="\(id)-title">\(badge) <code>\(name)</code></h3>
            <p class="stats">\(Self.escape(report.detail(item)))\
        \(item.result?.sizeChanged == true ? "" : " · \(width)×\(height)")</p>
          </header>
          <div class="pair">
            <figure><figcaption>Old</figcaption><div class="frame checker"><img src="\(oldURI)" width="\(old.width)" \
        height="\(old.height)" alt="Old \(name)"></div></figure>
            <figure><figcaption>New</figcaption><div class="frame checker"><img src="\(newURI)" width="\(new.width)" \
        height="\(new.height)" alt="New \(name)"></div></figure>
          </div>
          <div class="compare" style="max-width: \(max(width, 420))px" data-compare>
            <div class="stage checker" style="--pos: 50%; aspect-ratio: \(width) / \(height); \
        max-width: \(width)px" data-stage>
              <img class="layer old" src="\(oldURI)" style="width: \(layerWidth(old.width))" alt="">
              <img class="layer new" src="\(newURI)" style="width: \(layerWidth(new.width))" alt="">
              <img class="layer diff" src="\(diffURI)" style="width: 100%" alt="Diff of \(name): red pixels changed, \
        yellow anti-aliasing">
              <div class="handle" aria-hidden="true"></div>
              <span class="tag tag-old" aria-hidden="true">Old</span><span class="tag tag-new" \
        aria-hidden="true">New</span>
            </div>
            <div class="controls">
              <label class="slider"><span>Old</span>
                <input type="range" min="0" max="100" step="1" value="50" \
        data-slider aria-label="Slider for \(name): left shows old, right shows new" aria-valuetext="50% old">
              <span>New</span></label>
              <button type="button" class="toggle" aria-pressed="false" data-toggle>Show diff</button>
            </div>
          </div>
        </article>

        """
    }

    private func singleItem(_ item: FolderReport.Item, id: String, path: String, caption: String,
                            size: (width: Int, height: Int)?) throws(ReviewError) -> String {
        let name = Self.escape(item.name)
        let dimensions = size.map { "width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        return """
        <article class="item \(item.status.rawValue) card" id="\(id)" aria-labelledby="\(id)-title">
          <h3 id="\(id)-title"><span class="badge \(item.status.rawValue)">\(item.status.rawValue)</span> \
        <code>\(name)</code></h3>
          <p class="stats">\(FolderReport.sizeText(size))</p>
          <figure><figcaption class="visually-hidden">\(caption)</figcaption><div class="frame checker"><img \
        src="\(try Self.dataURI(path))" \(dimensions) alt="\(caption) \(name)"></div></figure>
        </article>

        """
    }

    private static func sectionHeading(_ id: String, _ title: String, _ count: Int, empty: String) -> String {
        let grid = id == "changed" ? "" : "<div class=\"grid\">"
        return """
        <section id="\(id)" aria-labelledby="\(id)-title">
        <h2 id="\(id)-title">\(title) <span class="count">\(count)</span></h2>
        \(count == 0 ? "<p class=\"muted\">\(empty)</p>" : "")\(grid)

        """
    }

    private static func summaryCard(_ id: String, _ title: String, _ count: Int, note: String? = nil) -> String {
        "<a class=\"stat \(id)\(count == 0 ? " zero" : "")\" href=\"#\(id)\">"
            + "<span class=\"number\">\(count)</span><span class=\"label\">\(title)</span>"
            + "\(note.map { "<span class=\"note\">\(escape($0))</span>" } ?? "")</a>"
    }

    private static func dataURI(_ path: String) throws(ReviewError) -> String {
        "data:image/png;base64," + Data(try readFile(path)).base64EncodedString()
    }

    /// A report page's `<!doctype>` and `<head>`. The content security policy allows only images from `images`
    /// (`data:` for a page with its pictures inline, `'self'` for pictures in files beside it) and the page's own
    /// style and script, so a report can never reach the network.
    public static func head(title: String, images: String, toolVersion: String, css: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src \(images); \
        style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="generator" content="tagflow \(toolVersion)">
        <title>\(escape(title))</title>
        <style>\(css)</style>
        </head>
        """
    }

    /// Text and attribute values, escaped for HTML and XML.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static let css = """
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa; --check: #e8ebef;
      --changed: #cf222e; --new: #1a7f37; --deleted: #6e7781; --passed: #0969da; --accent: #0969da; --focus: #0969da;
      --changed-bg: #ffebe9; --new-bg: #dafbe1; --deleted-bg: #eaeef2; --passed-bg: #ddf4ff;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23; --check: #262c36;
        --changed: #ff7b72; --new: #3fb950; --deleted: #9198a1; --passed: #4493f8; --accent: #4493f8; --focus: #4493f8;
        --changed-bg: #3c1618; --new-bg: #12261e; --deleted-bg: #262c36; --passed-bg: #121d2f;
      }
    }
    * { box-sizing: border-box; }
    html { background: var(--bg); color: var(--fg); }
    body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; }
    code { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", monospace; font-size: 0.92em; \
    word-break: break-all; }
    .muted { color: var(--muted); }
    .top { padding: 24px 32px 8px; border-bottom: 1px solid var(--border); background: var(--panel); }
    h1 { margin: 0 0 4px; font-size: 24px; display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
    h2 { font-size: 19px; margin: 36px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--border); }
    h3 { font-size: 15px; margin: 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
    main { padding: 8px 32px 32px; max-width: 1400px; }
    footer { padding: 16px 32px 32px; font-size: 13px; }
    .verdict { font-size: 13px; font-weight: 600; padding: 2px 10px; border-radius: 999px; }
    .verdict.failed { color: var(--changed); background: var(--changed-bg); }
    .verdict.passed { color: var(--new); background: var(--new-bg); }
    .summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; \
    margin-top: 20px; }
    .stat { display: flex; flex-direction: column; padding: 14px 16px; border: 1px solid var(--border); \
    border-left-width: 4px;
            border-radius: 8px; color: inherit; text-decoration: none; background: var(--panel); }
    .stat:hover { border-color: var(--accent); }
    .stat .number { font-size: 28px; font-weight: 650; line-height: 1.1; }
    .stat .label { color: var(--muted); }
    .stat .note { font-size: 12px; color: var(--passed); }
    .stat.changed { border-left-color: var(--changed); } .stat.new { border-left-color: var(--new); }
    .stat.deleted { border-left-color: var(--deleted); } .stat.unchanged { border-left-color: var(--border); } \
    .stat.unreadable { border-left-color: var(--changed); }
    .stat.zero .number { color: var(--muted); }
    .count { font-size: 13px; font-weight: 600; color: var(--muted); background: var(--panel); \
    border: 1px solid var(--border);
             border-radius: 999px; padding: 0 8px; vertical-align: middle; }
    .badge { font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; text-transform: uppercase; \
    letter-spacing: 0.03em; }
    .badge.changed { color: var(--changed); background: var(--changed-bg); }
    .badge.new { color: var(--new); background: var(--new-bg); }
    .badge.deleted { color: var(--deleted); background: var(--deleted-bg); }
    .badge.passed { color: var(--passed); background: var(--passed-bg); }
    .item { border: 1px solid var(--border); border-radius: 10px; padding: 16px; margin: 0 0 20px; \
    background: var(--bg); }
    .item-head { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap; \
    margin-bottom: 12px; }
    .stats { margin: 0; color: var(--muted); font-size: 13px; }
    .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 16px; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
    figure { margin: 0; }
    figcaption { font-size: 12px; font-weight: 600; color: var(--muted); text-transform: uppercase; \
    letter-spacing: 0.04em; margin-bottom: 4px; }
    .frame { display: inline-block; max-width: 100%; border: 1px solid var(--border); border-radius: 6px; \
    overflow: hidden; line-height: 0; }
    .frame img { max-width: 100%; height: auto; }
    .checker { background-color: var(--bg); \
    background-image: repeating-conic-gradient(var(--check) 0 25%, transparent 0 50%);
               background-size: 16px 16px; }
    .compare { margin-top: 16px; }
    .stage { position: relative; width: 100%; border: 1px solid var(--border); border-radius: 6px; overflow: hidden;
             cursor: ew-resize; touch-action: none; user-select: none; }
    .layer { position: absolute; top: 0; left: 0; height: auto; max-width: none; pointer-events: none; }
    .layer.new { clip-path: inset(0 0 0 var(--pos)); }
    /* Hidden by visibility rather than display, so the diff is decoded with the page and shows at once. */
    .layer.diff { image-rendering: pixelated; visibility: hidden; }
    .stage.show-diff .layer.diff { visibility: visible; }
    .stage.show-diff .layer.old, .stage.show-diff .layer.new, .stage.show-diff .handle, .stage.show-diff .tag { \
    visibility: hidden; }
    .handle { position: absolute; top: 0; bottom: 0; left: var(--pos); width: 2px; margin-left: -1px; \
    background: var(--accent);
              box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.6); }
    .handle::after { content: ""; position: absolute; top: 50%; left: 50%; width: 18px; height: 18px; \
    margin: -9px 0 0 -9px;
                     border-radius: 50%; background: var(--accent); border: 2px solid #fff; }
    .tag { position: absolute; top: 8px; font-size: 11px; font-weight: 600; padding: 1px 6px; border-radius: 4px;
           background: rgba(0, 0, 0, 0.6); color: #fff; line-height: 1.4; }
    .tag-old { left: 8px; } .tag-new { right: 8px; }
    .controls { display: flex; align-items: center; gap: 16px; margin-top: 10px; flex-wrap: wrap; }
    .slider { display: flex; align-items: center; gap: 8px; flex: 1 1 260px; font-size: 13px; color: var(--muted); }
    .slider input { flex: 1; accent-color: var(--accent); }
    button.toggle { font: inherit; font-size: 13px; font-weight: 600; padding: 5px 14px; border-radius: 6px; \
    cursor: pointer;
                    color: var(--fg); background: var(--panel); border: 1px solid var(--border); }
    button.toggle:hover { border-color: var(--accent); }
    button.toggle[aria-pressed="true"] { color: #fff; background: var(--changed); border-color: var(--changed); }
    :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
    .names { columns: 3 240px; padding-left: 20px; margin: 8px 0; }
    .names li { margin: 2px 0; }
    .item.unchanged { border: 0; padding: 0; margin: 0; }
    details summary { cursor: pointer; color: var(--muted); }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); \
    white-space: nowrap; }
    @media (max-width: 600px) { main, .top, footer { padding-left: 16px; padding-right: 16px; } }
    """

    static let script = """
    "use strict";
    for (const compare of document.querySelectorAll("[data-compare]")) {
      const stage = compare.querySelector("[data-stage]");
      const slider = compare.querySelector("[data-slider]");
      const toggle = compare.querySelector("[data-toggle]");
      const show = (value) => {
        const v = Math.max(0, Math.min(100, Math.round(value)));
        stage.style.setProperty("--pos", v + "%");
        slider.value = String(v);
        slider.setAttribute("aria-valuetext", v + "% old, " + (100 - v) + "% new");
      };
      slider.addEventListener("input", () => show(Number(slider.value)));
      const follow = (event) => {
        const box = stage.getBoundingClientRect();
        show((event.clientX - box.left) / box.width * 100);
      };
      stage.addEventListener("pointerdown", (event) => { stage.setPointerCapture(event.pointerId); follow(event); \
    slider.focus(); });
      stage.addEventListener("pointermove", (event) => { if (stage.hasPointerCapture(event.pointerId)) follow(event); \
    });
      toggle.addEventListener("click", () => {
        const on = toggle.getAttribute("aria-pressed") !== "true";
        toggle.setAttribute("aria-pressed", String(on));
        toggle.textContent = on ? "Hide diff" : "Show diff";
        stage.classList.toggle("show-diff", on);
      });
      compare.addEventListener("keydown", (event) => {
        if (event.key === "d" && !event.ctrlKey && !event.metaKey && !event.altKey) { toggle.click(); \
    event.preventDefault(); }
      });
    }
    """
}
