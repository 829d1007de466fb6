import TagFlowReview

/// The snapshot report as one HTML page that stays usable with hundreds of goldens: grouped by screen, failing
/// groups open and the rest folded, a switch that shows failures only, and pictures that load only when scrolled to.
///
/// The pictures are files beside the page (`images/…`), so the page itself stays small. A content security policy
/// allows nothing but those files and the inline style and script: the page never reaches the network.
struct SnapshotReportHTML {
    let report: SnapshotReport

    var page: String {
        let screens = Dictionary(grouping: report.items, by: \.screen).sorted { $0.key < $1.key }
        var html = FolderReportHTML.head(title: (report.passed ? "Passed" : "Failed") + ": " + report.summaryLine + " — tagflow snapshots",
                                         images: "'self'", toolVersion: TagFlowCommand.version, css: Self.css) + "\n" + """
        <body>
        <header>
          <h1>Snapshots <span class="verdict \(report.passed ? "passed" : "failed")">\(report.passed ? "Passed" : "Failed")</span></h1>
          <p class="muted">\(escape(report.summaryLine))</p>
          <label><input type="checkbox" id="failures-only"\(report.passed ? "" : " checked")> Failures only</label>
        </header>
        <main>

        """
        for note in report.fontNotes { html += "<p class=\"note\">⚠️ \(escape(note))</p>\n" }
        for (screen, items) in screens {
            let failing = items.count(where: \.status.fails)
            html += "<details class=\"screen\(failing > 0 ? " failing" : "")\"\(failing > 0 ? " open" : "")>\n"
            html += "<summary><strong>\(escape(SnapshotItem.title(ofScreen: screen)))</strong> <span class=\"muted\">\(items.count) golden\(items.count == 1 ? "" : "s")"
            html += failing > 0 ? ", <span class=\"bad\">\(failing) failing</span>" : ", all match"
            html += "</span></summary>\n"
            for item in items {
                html += "<article class=\"item \(item.status.rawValue)\(item.status.fails ? " fails" : "")\">\n"
                html += "<h3><code>\(escape(item.name))</code> <span class=\"status\">\(item.status.rawValue)</span></h3>\n"
                if !item.detail.isEmpty { html += "<p class=\"muted\">\(escape(item.detail))</p>\n" }
                if !item.images.isEmpty {
                    html += "<div class=\"images\">"
                    for image in item.images {
                        let caption = image.role.rawValue + (item.imagesStep.map { ", step \($0)" } ?? "")
                        // The caption above: a tall render's foot is far below the fold.
                        html += "<figure><figcaption>\(escape(caption))</figcaption><img loading=\"lazy\" src=\"\(escape(Self.relativeURL(image.path)))\" alt=\"\(escape(caption + " of " + item.name))\"></figure>"
                    }
                    html += "</div>\n"
                }
                html += "</article>\n"
            }
            html += "</details>\n"
        }
        html += """
        </main>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
        return html
    }

    private func escape(_ text: String) -> String { FolderReportHTML.escape(text) }

    /// A relative path as a URL's path: every byte of its UTF-8 but letters, digits, `-._~` and `/` percent-encoded,
    /// so that a screen named `hash#tag` or `100%` links to its own pictures, not to a fragment or a bad escape.
    static func relativeURL(_ path: String) -> String {
        var url = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                url.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                url += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return url
    }

    static let css = """
    body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; color: #1f2328; background: #fff; }
    header { padding: 16px 24px; border-bottom: 1px solid #d0d7de; position: sticky; top: 0; background: #fff; z-index: 1; }
    h1 { margin: 0 0 4px; font-size: 22px; }
    main { padding: 8px 24px 48px; }
    .muted { color: #656d76; }
    .verdict { font-size: 14px; padding: 2px 8px; border-radius: 12px; vertical-align: middle; }
    .verdict.passed { background: #dafbe1; color: #116329; }
    .verdict.failed { background: #ffebe9; color: #a40e26; }
    .bad { color: #a40e26; }
    .note { background: #fff8c5; border: 1px solid #d4a72c; padding: 8px 12px; border-radius: 6px; }
    details.screen { border: 1px solid #d0d7de; border-radius: 6px; margin: 12px 0; padding: 0 12px; }
    details.screen > summary { cursor: pointer; padding: 10px 0; }
    article.item { border-top: 1px solid #eaeef2; padding: 8px 0; }
    article.item h3 { font-size: 15px; margin: 4px 0; }
    .status { font-size: 12px; padding: 1px 6px; border-radius: 10px; background: #eaeef2; }
    .fails .status { background: #ffebe9; color: #a40e26; }
    .images { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; }
    figure img { max-width: 320px; border: 1px solid #d0d7de; display: block; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    figcaption { font-size: 12px; color: #656d76; }
    body.failures-only article.item:not(.fails), body.failures-only details.screen:not(.failing) { display: none; }
    """

    static let script = """
    const box = document.getElementById('failures-only');
    const apply = () => document.body.classList.toggle('failures-only', box.checked);
    box.addEventListener('change', apply); apply();
    """
}
