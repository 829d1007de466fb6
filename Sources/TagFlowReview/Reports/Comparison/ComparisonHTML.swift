import Foundation
import TagFlowImage
import TagFlowLayout

/// A comparison report as one HTML page a reviewer works through: failures grouped by what changed in their layout
/// (each cause said once), then by status and screen (folder); for each item with pictures, the golden, the actual
/// picture and the diff side by side, a slider and an onion skin over the two, with their sizes, and the changes
/// the layout explains, outlined on the pictures and listed beside them, each a button that brings its outline into
/// view. A snapshot run's page and a folder diff's are the same page in their own words (``ComparisonTerms``).
///
/// The pictures are files beside the page, sized before they load and loaded only when scrolled to, or inlined as
/// `data:` URIs for a page that must stand alone. A content security policy allows nothing but those and the inline
/// style and script: the page never reaches the network.
public struct ComparisonHTML {
    /// Where the page's pictures come from.
    public enum Pictures: Sendable {
        /// Files the page links to, by their paths relative to its folder.
        case files
        /// Read from the files below `folder` that the paths name, and inlined.
        case inline(folder: String)
    }

    /// Where an item's pictures come from, each read once.
    typealias Source = (ComparisonItem.Image) throws(ReviewError) -> String

    let report: ComparisonReport
    let pictures: Pictures
    let toolVersion: String

    /// At most this many changes are listed and outlined an item; the rest are counted.
    static let marksPerItem = 40

    public init(report: ComparisonReport, pictures: Pictures, toolVersion: String) {
        self.report = report
        self.pictures = pictures
        self.toolVersion = toolVersion
    }

    /// The whole page, for pictures in files.
    public var page: String {
        var html = ""
        try? write { html += $0 }
        return html
    }

    /// Writes the page in pieces, an item at a time, so inlined pictures are read and encoded one item at a time.
    public func write(_ emit: (String) throws(ReviewError) -> Void) throws(ReviewError) {
        try emit(top())
        let groups = Self.groups(report.items, terms: report.terms)
        var html = "<nav class=\"toc\" aria-label=\"Groups\"><ul>\n"
        for (number, group) in groups.enumerated() {
            html += "<li class=\"\(group.fails ? "fails" : "passes")\"><a href=\"#group-\(number)\">"
                + "\(escape(group.title))</a> <span class=\"count\">\(group.items.count)</span></li>\n"
        }
        try emit(html + "</ul></nav>\n")
        var itemNumber = 0
        for (number, group) in groups.enumerated() {
            let screens = ComparisonReport.byScreen(group.items)
            let inScreens = "\(screens.count) \(report.terms == .snapshots ? "screen" : "folder")"
                + (screens.count == 1 ? "" : "s")
            try emit("<section class=\"group \(group.fails ? "fails" : "passes")\" id=\"group-\(number)\">\n"
                + "<h2>\(escape(group.title))</h2>\n<p class=\"muted\">\(group.note.map { $0 + " " } ?? "")"
                + "\(report.terms.count(group.items.count)) in \(inScreens)</p>\n")
            for (screen, items) in screens {
                let open = group.fails || items.contains { !$0.images.isEmpty }
                try emit("<details class=\"screen\"\(open ? " open" : "")>\n<summary><strong>"
                    + "\(escape(report.terms.title(ofGroup: screen)))</strong> <span class=\"muted\">"
                    + "\(report.terms.count(items.count))</span></summary>\n")
                for item in items {
                    try emit(try article(item, id: "item-\(itemNumber)"))
                    itemNumber += 1
                }
                try emit("</details>\n")
            }
            try emit("</section>\n")
        }
        try emit(bottom())
    }

    /// The head, the verdict, the switches and the notes.
    private func top() -> String {
        let verdict = report.passed ? "Passed" : "Failed"
        let hasPlainDiffs = report.items.contains { $0.image(.pixels) != nil }
        let images: String
        switch pictures {
        case .files: images = "'self'"
        case .inline: images = "data:"
        }
        var html = HTMLText.head(title: verdict + ": " + report.summaryLine + " — " + report.terms.name,
                                 images: images, toolVersion: toolVersion, css: Self.css) + "\n"
        html += """
        <body>
        <header class="top">
          <h1>\(report.terms.heading) <span class="verdict \(verdict.lowercased())">\(verdict)</span></h1>
          <p class="muted">\(escape(report.summaryLine))</p>\(report.subtitle.map {
              "\n  <p class=\"muted\">\(escape($0))</p>"
          } ?? "")
          <div class="switches">
            <label><input type="checkbox" id="failures-only"\(report.passed ? "" : " checked")> Failures only</label>
        """
        if hasPlainDiffs {
            html += "\n    <label title=\"Mark every differing pixel, moved tags too\">"
                + "<input type=\"checkbox\" id=\"plain-diff\"> Plain pixel diff</label>"
        }
        html += "\n  </div>\n</header>\n<main>\n"
        for note in report.notes + report.layoutNotes { html += "<p class=\"note\">⚠️ \(escape(note))</p>\n" }
        return html
    }

    private func bottom() -> String {
        """
        </main>
        <footer class="muted">Made by tagflow \(toolVersion) · \(report.terms.legend)</footer>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }

    /// A group of items a reviewer reads together: those one layout change explains, or those of one status.
    struct Group {
        var title: String
        /// Said before the count of items.
        var note: String?
        var fails: Bool
        var items: [ComparisonItem]
    }

    /// Failures first, by the cause their layout gives (causes in order of first appearance), then those no layout
    /// explains, by status; then what passed, by status.
    static func groups(_ items: [ComparisonItem], terms: ComparisonTerms) -> [Group] {
        let failures = ComparisonReport.groupedByCause(items.filter(\.status.fails))
        var groups = failures.flatMap { cause, items -> [Group] in
            if let cause { return [Group(title: cause, note: "Explains", fails: true, items: items)] }
            return statusGroups(items, fails: true, terms: terms)
        }
        groups += statusGroups(items.filter { !$0.status.fails }, fails: false, terms: terms)
        return groups
    }

    private static func statusGroups(_ items: [ComparisonItem], fails: Bool, terms: ComparisonTerms) -> [Group] {
        terms.words.compactMap { word in
            let matching = items.filter { terms.word($0) == word }
            guard !matching.isEmpty else { return nil }
            return Group(title: terms.groupTitle(word: word, items: matching), fails: fails, items: matching)
        }
    }

    // MARK: One item

    private func article(_ item: ComparisonItem, id: String) throws(ReviewError) -> String {
        let word = report.terms.word(item)
        var sources = [String: String]()
        func source(_ image: ComparisonItem.Image) throws(ReviewError) -> String {
            if let known = sources[image.path] { return known }
            let made = try self.source(image)
            sources[image.path] = made
            return made
        }
        var html = "<article class=\"item \(word)\(item.status.fails ? " fails" : "")\" id=\"\(id)\" data-item>\n"
        html += "<h3><code>\(escape(item.name))</code> <span class=\"status\">\(word)</span></h3>\n"
        let detail = item.explainedDetail
        if !detail.isEmpty { html += "<p class=\"muted\">\(escape(detail))</p>\n" }
        let marks = Array(item.marks.prefix(Self.marksPerItem))
        html += changeList(item, marks: marks, id: id)
        if let golden = item.image(.golden), let actual = item.image(.actual), golden.size != nil, actual.size != nil {
            html += """
            <div class="modes" role="group" aria-label="How to compare">\
            <button type="button" data-mode="side" aria-pressed="true">Side by side</button>\
            <button type="button" data-mode="slider" aria-pressed="false">Slider</button>\
            <button type="button" data-mode="onion" aria-pressed="false">Onion skin</button></div>

            """
            html += "<div class=\"view side\" data-view=\"side\">"
                + (try figures(item, marks: marks, id: id, source: source)) + "</div>\n"
            html += try overlay(item, golden: golden, actual: actual, marks: marks, id: id, source: source)
        } else if !item.images.isEmpty {
            html += "<div class=\"view side\">" + (try figures(item, marks: marks, id: id, source: source)) + "</div>\n"
        }
        return html + "</article>\n"
    }

    /// The changes an item's layout explains, each a button that brings its outlines into view.
    private func changeList(_ item: ComparisonItem, marks: [ComparisonItem.Mark], id: String) -> String {
        guard !marks.isEmpty else { return "" }
        var html = "<ol class=\"changes\" aria-label=\"Changes\">\n"
        for (number, mark) in marks.enumerated() {
            html += "<li><button type=\"button\" class=\"change \(mark.kind.rawValue)\" "
                + "data-goto=\"\(id)-\(number)\">\(escape(mark.words))</button></li>\n"
        }
        if item.marks.count > marks.count {
            html += "<li class=\"muted\">…and \(item.marks.count - marks.count) more</li>\n"
        }
        return html + "</ol>\n"
    }

    /// The item's pictures side by side, each with its size and the outlines of the changes on its side.
    private func figures(_ item: ComparisonItem, marks: [ComparisonItem.Mark], id: String,
                         source: Source) throws(ReviewError) -> String {
        let hasPlain = item.image(.pixels) != nil
        var html = ""
        for image in item.images {
            let isGolden = image.role == .golden
            let caption = report.terms.caption(image.role) + (item.imagesStep.map { ", step \($0)" } ?? "")
            let classes = image.role.rawValue + (hasPlain && image.role == .diff ? " explained" : "")
            let size = image.size.map { " <span class=\"size\">\($0.width)×\($0.height)</span>" } ?? ""
            html += "<figure class=\"\(classes)\"><figcaption>\(escape(caption))\(size)</figcaption>"
                + "<div class=\"picture\">"
            html += img(try source(image), size: image.size, alt: caption + " of " + item.name)
            if let size = image.size {
                for (number, mark) in marks.enumerated() {
                    guard let frame = isGolden ? mark.golden : mark.actual else { continue }
                    html += self.mark(mark, frame: frame, in: size, id: "\(id)-\(number)")
                }
            }
            html += "</div></figure>"
        }
        return html
    }

    /// The golden and the actual picture stacked on one stage: a slider reveals one against the other, an onion skin
    /// fades one into the other.
    private func overlay(_ item: ComparisonItem, golden: ComparisonItem.Image, actual: ComparisonItem.Image,
                         marks: [ComparisonItem.Mark], id: String,
                         source: Source) throws(ReviewError) -> String {
        let goldenSize = golden.size ?? PixelSize(width: 1, height: 1)
        let actualSize = actual.size ?? goldenSize
        let stage = PixelSize(width: max(goldenSize.width, actualSize.width),
                              height: max(goldenSize.height, actualSize.height))
        func width(_ size: PixelSize) -> String { "width: " + HTMLText.percent(size.width, of: stage.width) }
        let (goldenWord, actualWord) = (report.terms.caption(.golden), report.terms.caption(.actual))
        var html = "<div class=\"view overlay\" data-view=\"overlay\" hidden>\n"
        html += "<div class=\"stage\" data-stage style=\"aspect-ratio: \(stage.width) / \(stage.height)\">"
        html += "<div class=\"layer\">"
        html += img(try source(golden), size: goldenSize, alt: goldenWord + " of " + item.name,
                    style: width(goldenSize))
        html += "</div><div class=\"layer actual\">"
        html += img(try source(actual), size: actualSize, alt: actualWord + " of " + item.name,
                    style: width(actualSize)) + "</div>"
        for (number, mark) in marks.enumerated() {
            // Where the element is now; where it was, for one that went.
            if let frame = mark.actual ?? mark.golden {
                html += self.mark(mark, frame: frame, in: stage, id: "\(id)-\(number)", gone: mark.actual == nil)
            }
        }
        html += "<div class=\"handle\" aria-hidden=\"true\"></div></div>\n"
        html += "<label class=\"range\"><span>\(goldenWord)</span><input type=\"range\" min=\"0\" max=\"100\" "
            + "value=\"50\" data-range aria-label=\"\(goldenWord.capitalized) against \(actualWord) for "
            + "\(escape(item.name))\"><span>\(actualWord)</span></label>\n"
        return html + "</div>\n"
    }

    /// Where a picture comes from: its file beside the page, or its bytes inline.
    private func source(_ image: ComparisonItem.Image) throws(ReviewError) -> String {
        switch pictures {
        case .files: return ReportPath.url(image.path)
        case .inline(let folder):
            return "data:image/png;base64," + Data(try readFile(folder + "/" + image.path)).base64EncodedString()
        }
    }

    private func img(_ source: String, size: PixelSize?, alt: String, style: String? = nil) -> String {
        let size = size.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
        let style = style.map { " style=\"\($0)\"" } ?? ""
        var loading = ""
        if case .files = pictures { loading = "loading=\"lazy\" " }
        return "<img \(loading)src=\"\(escape(source))\"\(size)\(style) alt=\"\(escape(alt))\">"
    }

    /// An outline over a picture of `size`, placed in percentages so it stays on its element at any width.
    private func mark(_ mark: ComparisonItem.Mark, frame: PixelRegion, in size: PixelSize, id: String,
                      gone: Bool = false) -> String {
        let place = "left: \(HTMLText.percent(frame.x, of: size.width)); "
            + "top: \(HTMLText.percent(frame.y, of: size.height)); "
            + "width: \(HTMLText.percent(frame.width, of: size.width)); "
            + "height: \(HTMLText.percent(frame.height, of: size.height))"
        let classes = "mark \(mark.kind.rawValue)" + (gone ? " gone" : "")
        return "<span class=\"\(classes)\" data-mark=\"\(id)\" style=\"\(place)\" "
            + "title=\"\(escape(mark.words))\"></span>"
    }

    private func escape(_ text: String) -> String { HTMLText.escape(text) }
}
