import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowText

/// Draws a layout diff as three panels: the old layout, the new one, and an overlay of both in which removed tags
/// are red, added ones green, moved ones teal, drawn at both places and joined by an arrow, resized ones blue, and
/// reselected ones purple.
///
/// Tags are drawn as outlines with their text rather than in the full style: a layout JSON file carries frames and
/// texts but not the style, and outlines show geometry best. Selected tags in the old and new panels are drawn as a
/// render draws them in ``style``, so that a selection shows.
public struct LayoutDiffImage {
    public let diff: LayoutDiff
    public let engine: TextEngine
    /// The family the tags' text is drawn in.
    public let fontFamily: String
    public let fontSize: Double
    /// The style whose selected colours selected tags are drawn in.
    public let style: Style
    /// The options the layouts were measured with, when known: the tags are drawn in their tag font.
    let options: LayoutOptions?

    /// Prepares to draw `diff` of layouts saved without their options, drawing the tags' text with `engine` in
    /// `fontFamily` at `fontSize`.
    public init(diff: LayoutDiff, engine: TextEngine, fontFamily: String = LayoutOptions().font,
                fontSize: Double = LayoutOptions().fontSize,
                style: Style = .light) {
        self.init(diff: diff, engine: engine, fontFamily: fontFamily, fontSize: fontSize, options: nil, style: style)
    }

    /// Prepares to draw `diff` of layouts measured with `options`: the tags' text in the font they were measured in
    /// (``TextEngine/tagFont(for:)``), with its weight, axis values and tracking.
    public init(diff: LayoutDiff, engine: TextEngine, options: LayoutOptions, style: Style = .light) {
        self.init(diff: diff, engine: engine, fontFamily: options.font, fontSize: options.textSize, options: options,
                  style: style)
    }

    private init(diff: LayoutDiff, engine: TextEngine, fontFamily: String, fontSize: Double, options: LayoutOptions?,
                 style: Style) {
        self.diff = diff
        self.engine = engine
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.options = options
        self.style = style
        palette = Palette(for: style)
        overlayCaptionLines = overlayCaption(fonts: try? makeFonts())
    }

    /// The overlay's caption in lines, measured once: the picture's size and its drawing both need them.
    private var overlayCaptionLines: [String] = []

    /// How a tag is marked; also the order of the legend.
    package enum Mark: CaseIterable {
        case unchanged, added, removed, renamed, moved, resized, reselected

        var label: String {
            switch self {
            case .unchanged: "unchanged"
            case .added: "added"
            case .removed: "removed"
            case .renamed: "renamed"
            case .moved: "moved"
            case .resized: "resized"
            case .reselected: "reselected"
            }
        }
    }

    /// The picture's colours: a light page like a code-review site's, or a dark one when the style's background is
    /// dark, so that selected tags drawn in a dark style sit on a page of their own kind.
    package struct Palette: Sendable {
        package struct MarkColours: Sendable {
            package let fill: Colour
            package let stroke: Colour
            let text: Colour
        }
        let page: Colour
        let panelBorder: Colour
        let ink: Colour
        let quiet: Colour
        let arrow: Colour
        private let marks: [Mark: MarkColours]

        package subscript(_ mark: Mark) -> MarkColours { marks[mark]! }

        /// The palette for pictures and transition highlights in `style`.
        package init(for style: Style) {
            let b = style.background
            let luminance = (0.2126 * Double(b.red) + 0.7152 * Double(b.green) + 0.0722 * Double(b.blue)) / 255
            self = luminance < 0.5 ? .dark : .light
        }

        private init(page: UInt32, panelBorder: UInt32, ink: UInt32, quiet: UInt32, arrow: UInt32,
                     marks: [Mark: (UInt32, UInt32, UInt32)]) {
            self.page = Colour(page)
            self.panelBorder = Colour(panelBorder)
            self.ink = Colour(ink)
            self.quiet = Colour(quiet)
            self.arrow = Colour(arrow)
            self.marks = marks.mapValues { MarkColours(fill: Colour($0.0), stroke: Colour($0.1), text: Colour($0.2)) }
        }

        /// Fill, stroke and text of each mark.
        static let light = Palette(
            page: 0xf6f8fa, panelBorder: 0xd0d7de, ink: 0x1f2328, quiet: 0x656d76, arrow: 0x136b72, marks: [
            .unchanged: (0xffffff, 0xb8bec6, 0x57606a), .added: (0xdafbe1, 0x1a7f37, 0x116329),
            .removed: (0xffebe9, 0xcf222e, 0xa40e26), .renamed: (0xffeff7, 0xbf3989, 0x99286e),
            .moved: (0xd8f5f3, 0x1b7c83, 0x0e5a60),
            .resized: (0xddf4ff, 0x0969da, 0x0550ae), .reselected: (0xfbefff, 0x8250df, 0x6639ba),
        ])
        static let dark = Palette(
            page: 0x0d1117, panelBorder: 0x30363d, ink: 0xe6edf3, quiet: 0x9198a1, arrow: 0x39c5cf, marks: [
            .unchanged: (0x161b22, 0x484f58, 0x9198a1), .added: (0x12261e, 0x2ea043, 0x3fb950),
            .removed: (0x25171c, 0xf85149, 0xff7b72), .renamed: (0x2d1524, 0xdb61a2, 0xff80c8),
            .moved: (0x10292b, 0x39c5cf, 0x56d4dd),
            .resized: (0x121d2f, 0x388bfd, 0x58a6ff), .reselected: (0x1f1a2e, 0xa371f7, 0xbc8cff),
        ])
    }

    /// The colours this picture is drawn in, from ``style``'s background.
    let palette: Palette

    private static let margin = 16.0
    private static let gap = 24.0
    private static let captionHeight = 44.0
    private static let legendHeight = 34.0

    /// Panels side by side for layouts that scroll vertically, one above another for horizontal strips.
    private var stacked: Bool { diff.new.scrollDirection == .horizontal }
    private var panelWidths: [Double] {
        [diff.old.contentSize.width, diff.new.contentSize.width,
         max(diff.old.contentSize.width, diff.new.contentSize.width)].map { max($0, 120) }
    }
    private var panelHeights: [Double] {
        [diff.old.contentSize.height, diff.new.contentSize.height,
         max(diff.old.contentSize.height, diff.new.contentSize.height)].map { max($0, 40) }
    }

    /// The picture's size in points.
    public var size: Size {
        let widths = panelWidths, heights = panelHeights
        let extra = captionExtraHeight(lines: overlayCaptionLines.count)
        return stacked
            ? Size(width: Self.margin * 2 + widths.max()!,
                   height: Self.margin * 2 + heights.reduce(0, +) + 3 * Self.captionHeight + extra + 2 * Self.gap
                       + Self.legendHeight)
            : Size(width: Self.margin * 2 + widths.reduce(0, +) + Self.gap * 2,
                   height: Self.margin * 2 + Self.captionHeight + extra + heights.max()! + Self.legendHeight)
    }

    /// The height a caption line takes.
    private static let captionLineHeight = 15.0

    private func captionExtraHeight(lines: Int) -> Double { Double(max(0, lines - 1)) * Self.captionLineHeight }

    /// Titles and captions at the light style's sizes, and the tags in their own font.
    private func makeFonts() throws -> FontSet {
        if let options { try FontSet(engine: engine, options: options, style: .light) }
        else { try FontSet(engine: engine, family: fontFamily, size: fontSize, style: .light) }
    }

    /// The overlay's caption in lines that fit its panel, broken between its parts, never cut.
    func overlayCaption(fonts: FontSet?) -> [String] {
        let parts = Self.changeNote(diff).components(separatedBy: " · ")
        guard let fonts else { return [parts.joined(separator: " · ")] }
        let width = panelWidths[2]
        var lines = [String]()
        for part in parts {
            if let last = lines.last, engine.measure(last + " · " + part, font: fonts.captionFont).width <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines.append(part)
            }
        }
        return lines
    }

    /// The pixels a point the picture is drawn at: `scale`, or less where cairo's limits need it.
    public func drawnScale(_ scale: Double = 2) -> Double {
        let size = self.size
        return min(scale, Double(Canvas.maxSide - 1) / max(size.width, size.height),
                   (Double(Canvas.maxPixels) / (size.width * size.height)).squareRoot())
    }

    /// The picture at `scale` pixels a point, reduced when needed to stay within cairo's limits (``drawnScale(_:)``).
    public func image(scale: Double = 2) throws -> RGBAImage {
        let canvas = try makeCanvas(scale: scale)
        // Outlines on the palette's page, with titles and captions at the light style's sizes.
        let fonts = try makeFonts()
        let drawer = DiffDrawer(painter: Painter(context: canvas.context, engine: engine, fonts: CairoFonts(),
                                                 captionFont: fonts.captionFont),
                                fonts: fonts)
        drawer.painter.paintEverything(palette.page)
        let legendTop = drawPanels(drawer: drawer)
        drawLegend(at: Point(x: Self.margin, y: legendTop), drawer: drawer)
        return try canvas.image()
    }

    /// A canvas for the picture at `scale`, or at the scale cairo's limits leave; throws when that is too small.
    private func makeCanvas(scale: Double) throws -> Canvas {
        let (width, height) = (size.width, size.height)
        let fitted = drawnScale(scale)
        // Smaller, no tag would be legible.
        let smallestScale = 0.05
        guard fitted >= smallestScale else {
            throw RenderError.tooLargeToShrink(width: width, height: height, smallestScale: smallestScale,
                                               limit: Canvas.maxSide)
        }
        return try Canvas(width: width, height: height, kind: .image(scale: fitted))
    }

    /// The old, new and overlay panels under their captions, side by side or stacked; returns where the legend's
    /// first line goes.
    private func drawPanels(drawer: DiffDrawer) -> Double {
        let stacked = self.stacked, panelWidths = self.panelWidths, panelHeights = self.panelHeights
        let panelHeight = panelHeights.max()!
        let caption = overlayCaptionLines, extra = captionExtraHeight(lines: caption.count)
        let marks = Marks(diff)
        var x = Self.margin
        // Side by side, every panel starts below the tallest caption, the overlay's.
        var top = Self.margin + Self.captionHeight + (stacked ? 0 : extra)
        let captions = ["Old", "New", "Overlay"]
        let notes = [[Self.sizeNote(diff.old)], [Self.sizeNote(diff.new)], caption]
        for (panel, panelWidth) in panelWidths.enumerated() {
            if stacked, panel == 2 { top += extra }
            let frame = Rect(x: x, y: top, width: panelWidth, height: stacked ? panelHeights[panel] : panelHeight)
            drawCaption(captions[panel], notes: notes[panel], above: frame, drawer: drawer)
            drawPanel(panel, in: frame, marks: marks, drawer: drawer)
            if stacked {
                top = frame.maxY + Self.gap + Self.captionHeight
            } else {
                x += panelWidth + Self.gap
            }
        }
        return (stacked ? top - Self.gap - Self.captionHeight : top + panelHeight) + 22
    }

    /// A panel's title with its note lines below it, ending just above `frame`.
    private func drawCaption(_ title: String, notes: [String], above frame: Rect, drawer: DiffDrawer) {
        let captionTop = frame.y - 7 - captionExtraHeight(lines: notes.count)
        _ = drawer.painter.drawLabel(title, at: Point(x: frame.x, y: captionTop - 15), colour: palette.ink,
                                     font: drawer.fonts.headerFont)
        for (index, line) in notes.enumerated() {
            let baseline = captionTop + Double(index) * Self.captionLineHeight
            _ = drawer.painter.drawLabel(line, at: Point(x: frame.x, y: baseline), colour: palette.quiet)
        }
    }

    /// Panel 0 (the old layout), 1 (the new) or 2 (the overlay), clipped to `frame`, with its border.
    private func drawPanel(_ panel: Int, in frame: Rect, marks: Marks, drawer: DiffDrawer) {
        let context = drawer.painter.context
        drawer.painter.fill(frame, style.background)
        context.save()
        context.rectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        context.clip()
        context.translate(x: frame.x, y: frame.y)
        switch panel {
        case 0: drawLayout(diff.old, marks: { marks.old[$0] ?? .unchanged }, drawer: drawer)
        case 1: drawLayout(diff.new, marks: { marks.new[$0] ?? .unchanged }, drawer: drawer)
        default: drawOverlay(marks: marks, drawer: drawer)
        }
        context.restore()
        context.rectangle(x: frame.x + 0.5, y: frame.y + 0.5, width: frame.width - 1, height: frame.height - 1)
        drawer.painter.setColour(palette.panelBorder)
        context.setLineWidth(1)
        context.stroke()
    }

    /// The picture as PNG bytes.
    public func png(scale: Double = 2) throws -> [UInt8] {
        try PNGEncoder(options: .cairoLike).encode(image(scale: scale))
    }

    private static func sizeNote(_ snapshot: LayoutSnapshot) -> String {
        let tags = snapshot.sections.reduce(0) { $0 + $1.tags.count }
        return "\(formatDecimal(snapshot.contentSize.width))×\(formatDecimal(snapshot.contentSize.height)) pt · "
            + "\(tags) tag\(tags == 1 ? "" : "s")"
    }

    /// The overlay's caption: what changed, counted.
    static func changeNote(_ diff: LayoutDiff) -> String {
        let delta = diff.contentLengthChange, name = diff.contentLengthName
        let height = LayoutDiff.differs(delta, 0)
            ? "\(name) \(delta > 0 ? "+" : "−")\(formatPoints(abs((delta * 100).rounded() / 100))) pt"
            : "same \(name)"
        let reselected = diff.reselected.isEmpty ? "" : " · \(diff.reselected.count) reselected"
        let shifted = diff.shifted.isEmpty
            ? "" : " · \(diff.shifted.count) section\(diff.shifted.count == 1 ? "" : "s") shifted"
        let renamed = diff.renamed.isEmpty ? "" : " · \(diff.renamed.count) renamed"
        return "+\(diff.added.count) −\(diff.removed.count)\(renamed) · \(diff.moved.count) moved · "
            + "\(diff.resized.count) resized\(reselected)\(shifted) · \(height)"
    }

    /// Each tag's mark in the old and in the new layout, keyed by section and index.
    struct Marks {
        struct Key: Hashable { var section: Int; var index: Int }
        var old: [Key: Mark] = [:]
        var new: [Key: Mark] = [:]

        init(_ diff: LayoutDiff) {
            func key(_ place: LayoutDiff.Place?) -> Key? { place.map { Key(section: $0.section, index: $0.index) } }
            // Moved and resized win over reselected: the panels' selected colours show a selection anyway.
            for change in diff.reselected {
                if let k = key(change.old) { old[k] = .reselected }
                if let k = key(change.new) { new[k] = .reselected }
            }
            for change in diff.resized {
                if let k = key(change.old) { old[k] = .resized }
                if let k = key(change.new) { new[k] = .resized }
            }
            // Moved wins over resized: the arrow says more.
            for change in diff.moved {
                if let k = key(change.old) { old[k] = .moved }
                if let k = key(change.new) { new[k] = .moved }
            }
            for change in diff.removed { if let k = key(change.old) { old[k] = .removed } }
            for change in diff.added { if let k = key(change.new) { new[k] = .added } }
            for change in diff.renamed {
                if let k = key(change.old) { old[k] = .renamed }
                if let k = key(change.new) { new[k] = .renamed }
            }
        }
    }

    private func drawLayout(_ snapshot: LayoutSnapshot, marks: (Marks.Key) -> Mark, drawer: DiffDrawer) {
        drawSupplementaries(snapshot, drawer: drawer, alpha: 1)
        for (s, section) in snapshot.sections.enumerated() {
            for (i, tag) in section.tags.enumerated() {
                guard let frame = tag.frame else { continue }
                let mark = marks(Marks.Key(section: s, index: i))
                if tag.isSelected {
                    drawSelectedTag(tag.displayText, frame: frame, mark: mark, drawer: drawer)
                } else {
                    drawTag(tag.displayText, frame: frame, mark: mark, style: .solid, drawer: drawer)
                }
            }
        }
    }

    private func drawOverlay(marks: Marks, drawer: DiffDrawer) {
        drawSupplementaries(diff.new, drawer: drawer, alpha: 0.45)
        // Unchanged tags first, faint, as context.
        for (s, section) in diff.new.sections.enumerated() {
            for (i, tag) in section.tags.enumerated() where marks.new[Marks.Key(section: s, index: i)] == nil {
                guard let frame = tag.frame else { continue }
                drawTag(tag.displayText, frame: frame, mark: .unchanged, style: .faint, drawer: drawer)
            }
        }
        // Where tags were: outlines without text, under everything, so no text is drawn over another.
        for change in diff.moved {
            if let frame = change.old?.frame { drawTag("", frame: frame, mark: .moved, style: .ghost, drawer: drawer) }
        }
        let moved = Set(diff.moved), resized = Set(diff.resized)
        // Resized in place: the old outline dashed under the new tag.
        for change in diff.resized where !moved.contains(change) {
            if let old = change.old?.frame { drawTag("", frame: old, mark: .resized, style: .ghost, drawer: drawer) }
        }
        // Where tags are, on top: each new frame is drawn once, and new frames never overlap.
        func drawNew(_ change: LayoutDiff.TagChange, _ mark: Mark) {
            guard let new = change.new, let frame = new.frame else { return }
            let text = diff.new.sections[new.section].tags[new.index].displayText
            drawTag(text, frame: frame, mark: mark, style: .solid, drawer: drawer)
        }
        for change in diff.added { drawNew(change, .added) }
        for change in diff.renamed { drawNew(change, .renamed) }
        for change in diff.resized where !moved.contains(change) { drawNew(change, .resized) }
        for change in diff.reselected where !moved.contains(change) && !resized.contains(change) {
            drawNew(change, .reselected)
        }
        for change in diff.moved { drawNew(change, .moved) }
        for change in Self.arrowed(diff.moved) {
            guard let from = change.old?.frame, let to = change.new?.frame else { continue }
            // Top edge to top edge, so the arc runs above the text rather than through it.
            drawArrow(from: Point(x: from.midX, y: from.minY + 2), to: Point(x: to.midX, y: to.minY + 1),
                      drawer: drawer)
        }
        // Last, the outlines of the tags that went, dashed and without text over whatever now sits in their place, so
        // that a renamed tag's old outline and a removed one under a tag that moved in still show.
        for (changes, mark) in [(diff.removed, Mark.removed), (diff.renamed, .renamed)] {
            for change in changes {
                guard let frame = change.old?.frame else { continue }
                drawTag("", frame: frame, mark: mark, style: .ghost, drawer: drawer)
            }
        }
        // A renamed tag's old text, once, in a label on its new frame's top edge.
        for change in diff.renamed {
            guard let frame = change.new?.frame, let oldText = change.oldText else { continue }
            drawOldText(oldText, on: frame, within: diff.new.contentSize.width, drawer: drawer)
        }
    }

    /// `was 'Vegan'` in a small label straddling the top edge of `frame`, kept within the panel's `width`: on the
    /// line spacing above the tag, clear of its text, on a fill of the page's colour, so nothing shows through.
    private func drawOldText(_ text: String, on frame: Rect, within width: Double, drawer: DiffDrawer) {
        let font = drawer.fonts.captionFont
        let words = "was " + LayoutChangeSummary.quoted(text)
        let height = font.size + 4, padding = 5.0
        let labelWidth = engine.shape(words, font: font).width + 2 * padding
        let x = max(0, min(frame.minX + 6, width - labelWidth))
        let box = Rect(x: x, y: frame.minY + 3 - height, width: labelWidth, height: height)
        drawer.painter.roundedRect(box, radius: 4)
        drawer.painter.setColour(palette.page)
        drawer.painter.context.fillPreserve()
        drawer.painter.setColour(palette[.renamed].stroke)
        drawer.painter.context.setLineWidth(1)
        drawer.painter.context.stroke()
        let baseline = drawer.painter.baseline(centredIn: box, font: font)
        _ = drawer.painter.drawLabel(words, at: Point(x: box.minX + padding, y: baseline),
                                     colour: palette[.renamed].text, font: font)
    }

    /// At most this many arrows a section: beyond it, moved tags are only tinted, and the caption counts them.
    static let arrowsPerSection = 4

    /// The moves worth an arrow: tags that changed line or section, or slid more than twice their width, farthest
    /// first, at most ``arrowsPerSection`` a section; a tag that slid a little is tinted only.
    static func arrowed(_ moved: [LayoutDiff.TagChange]) -> [LayoutDiff.TagChange] {
        func distance(_ change: LayoutDiff.TagChange) -> Double {
            guard let a = change.old?.frame, let b = change.new?.frame else { return 0 }
            let dx = a.midX - b.midX, dy = a.midY - b.midY
            return (dx * dx + dy * dy).squareRoot()
        }
        let jumps = moved.filter { change in
            guard let old = change.old, let new = change.new, let frame = new.frame, old.frame != nil else {
                return false
            }
            return old.line != new.line || old.section != new.section || distance(change) > 2 * frame.width
        }
        return Dictionary(grouping: jumps, by: { $0.new!.section }).sorted { $0.key < $1.key }.flatMap { _, changes in
            changes.sorted { distance($0) > distance($1) }.prefix(arrowsPerSection)
        }
    }

    private func drawSupplementaries(_ snapshot: LayoutSnapshot, drawer: DiffDrawer, alpha: Double) {
        let rightToLeft = snapshot.direction == .rtl
        for section in snapshot.sections {
            if let header = section.header, let title = section.title {
                drawTitle(title, in: header, colour: style.headerText.withAlpha(UInt8(alpha * 255)),
                          font: drawer.fonts.headerFont,
                          rightToLeft: rightToLeft, drawer: drawer)
            }
            if let frame = section.footerFrame, let footer = section.footer {
                drawTitle(footer, in: frame, colour: style.footerText.withAlpha(UInt8(alpha * 255)),
                          font: drawer.fonts.footerFont,
                          rightToLeft: rightToLeft, drawer: drawer)
            }
        }
    }

    /// A header's or footer's text from 10 pt inside its frame, from the side lines start from: across it, or, in a
    /// horizontal layout's strip (taller than wide), down it, turned a quarter clockwise and clipped to it, as
    /// `render` draws it.
    private func drawTitle(_ text: String, in frame: Rect, colour: Colour, font: FontSpec, rightToLeft: Bool,
                           drawer: DiffDrawer) {
        guard frame.height > frame.width else {
            let baseline = drawer.painter.baseline(centredIn: frame, font: font)
            _ = drawer.painter.drawLabel(text, at: Point(x: rightToLeft ? frame.maxX - 10 : frame.x + 10, y: baseline),
                                         colour: colour, font: font, alignment: rightToLeft ? .right : .left)
            return
        }
        drawer.painter.drawTurned(in: frame) { turned in
            _ = drawer.painter.drawLabel(text, at: Point(x: turned.minX + 10,
                                                         y: drawer.painter.baseline(centredIn: turned, font: font)),
                                         colour: colour, font: font)
        }
    }

    enum TagStyle { case solid, faint, ghost }

    /// What the panels draw with: a painter and the fonts of the tags' family.
    struct DiffDrawer {
        let painter: Painter
        let fonts: FontSet
    }

    private func drawTag(_ text: String, frame: Rect, mark: Mark, style: TagStyle, drawer: DiffDrawer) {
        let context = drawer.painter.context
        let outline = Rect(x: frame.x + 0.75, y: frame.y + 0.75, width: max(0, frame.width - 1.5),
                           height: max(0, frame.height - 1.5))
        drawer.painter.roundedRect(outline, radius: outline.height / 2)
        switch style {
        case .solid:
            drawer.painter.setColour(palette[mark].fill)
            context.fillPreserve()
            drawer.painter.setColour(palette[mark].stroke)
            context.setLineWidth(mark == .unchanged ? 1 : 1.5)
            context.stroke()
        case .faint:
            drawer.painter.setColour(palette[mark].stroke, alpha: 0.5)
            context.setLineWidth(1)
            context.stroke()
        case .ghost:
            drawer.painter.setColour(palette[mark].stroke, alpha: 0.9)
            context.setLineWidth(1.25)
            context.setDash([4, 3])
            context.stroke()
            context.setDash([])
        }
        guard !text.isEmpty else { return }
        let colour = style == .solid ? palette[mark].text : palette[mark].text.withAlpha(style == .faint ? 110 : 150)
        _ = drawer.painter.drawLabel(
            text, at: Point(x: frame.midX, y: drawer.painter.baseline(centredIn: frame, font: drawer.fonts.bodyFont)),
            colour: colour, font: drawer.fonts.bodyFont, alignment: .center)
    }

    /// A selected tag as a render draws it in ``style``. Its change, if any, is a halo around it in the change's
    /// colours, so that the selected colours show.
    private func drawSelectedTag(_ text: String, frame: Rect, mark: Mark, drawer: DiffDrawer) {
        if mark != .unchanged {
            drawer.painter.roundedRect(frame.outset(by: Self.haloWidth),
                                       radius: style.cellCornerRadius(for: frame) + Self.haloWidth)
            drawer.painter.setColour(palette[mark].fill)
            drawer.painter.context.fillPreserve()
            drawer.painter.setColour(palette[mark].stroke)
            drawer.painter.context.setLineWidth(1.5)
            drawer.painter.context.stroke()
        }
        let font = drawer.fonts.bodyFont
        drawer.painter.drawCell(frame, text: engine.shape(text, font: font), font: font,
                                look: style.tagLook(isSelected: true), style: style)
    }

    /// How far a selected tag's halo reaches past its frame, to the middle of the halo's outline.
    private static let haloWidth = 3.0

    /// A curved arrow, bowed upward so that moves along a line arc over the tags instead of crossing their text.
    private func drawArrow(from start: Point, to end: Point, drawer: DiffDrawer) {
        let context = drawer.painter.context
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 2 else { return }
        // The normal on the upper side of the chord.
        var nx = -dy / length, ny = dx / length
        if ny > 0 || (ny == 0 && nx > 0) { nx = -nx; ny = -ny }
        let bow = min(22, length / 3)
        let control = Point(x: (start.x + end.x) / 2 + nx * bow, y: (start.y + end.y) / 2 + ny * bow)
        let tx = end.x - control.x, ty = end.y - control.y
        let tangent = max((tx * tx + ty * ty).squareRoot(), 0.001)
        let ux = tx / tangent, uy = ty / tangent
        let head = min(9, length / 2)
        let colour = palette.arrow
        // A casing of the panel's colour keeps the arrow readable over tags.
        for (width, paint) in [(4.0, style.background.withAlpha(210)), (1.75, colour)] {
            drawer.painter.setColour(paint)
            context.setLineWidth(width)
            context.setLineCap(.round)
            context.moveTo(x: start.x, y: start.y)
            // A quadratic Bézier as cairo's cubic.
            let stop = Point(x: end.x - ux * head * 0.8, y: end.y - uy * head * 0.8)
            context.curveTo(x1: start.x + 2 / 3 * (control.x - start.x), y1: start.y + 2 / 3 * (control.y - start.y),
                            x2: stop.x + 2 / 3 * (control.x - stop.x), y2: stop.y + 2 / 3 * (control.y - stop.y),
                            x: stop.x, y: stop.y)
            context.stroke()
        }
        drawer.painter.setColour(colour)
        context.moveTo(x: end.x, y: end.y)
        context.lineTo(x: end.x - ux * head - uy * head * 0.5, y: end.y - uy * head + ux * head * 0.5)
        context.lineTo(x: end.x - ux * head + uy * head * 0.5, y: end.y - uy * head - ux * head * 0.5)
        context.closePath()
        context.fill()
        context.newSubPath()
        context.arc(centerX: start.x, centerY: start.y, radius: 2.5, from: 0, to: 2 * .pi)
        context.fill()
    }

    /// One entry of the legend: a swatch and what it stands for.
    struct LegendEntry {
        var label: String
        var fill: Colour
        var stroke: Colour
    }

    /// Every mark, in order, with "selected" after "unchanged" when a layout selects a tag, and "reselected" only when
    /// a tag's selection changed.
    var legend: [LegendEntry] {
        var entries = Mark.allCases.filter {
            ($0 != .reselected || !diff.reselected.isEmpty) && ($0 != .renamed || !diff.renamed.isEmpty)
        }
            .map { LegendEntry(label: $0.label, fill: palette[$0].fill, stroke: palette[$0].stroke) }
        if [diff.old, diff.new].contains(where: { $0.sections.contains { $0.tags.contains(where: \.isSelected) } }) {
            let selected = style.tagLook(isSelected: true)
            entries.insert(LegendEntry(label: "selected", fill: selected.fill, stroke: selected.border), at: 1)
        }
        return entries
    }

    private func drawLegend(at origin: Point, drawer: DiffDrawer) {
        let look = Legend.Look(swatch: Size(width: 22, height: 14), cornerRadius: 7, swatchRise: 11, labelOffset: 28,
                               gap: 18, labelColour: palette.quiet)
        let entries = legend.map { Legend.Entry(label: $0.label, fill: $0.fill, stroke: $0.stroke) }
        let x = Legend(entries, look: look).draw(from: origin.x, baseline: origin.y, painter: drawer.painter)
        _ = drawer.painter.drawLabel("dashed: where a tag was; arrows for the farthest that changed line",
                                     at: Point(x: x + 8, y: origin.y), colour: palette.quiet)
    }
}
