import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// How an element is drawn in a picture of a query.
public enum Appearance: Sendable, Hashable {
    /// As the chooser shows it.
    case normal
    /// Context the query did not touch, drawn faintly.
    case faded
    /// Should have been returned but was not: a ghost with a dashed outline.
    case missing
    /// Returned although it lies outside the queried rect.
    case extra
}

/// Everything needed to draw a laid-out document: the layout, the fonts and the style.
public final class Scene: Sendable {
    public let layout: TagLayout
    public let engine: TextEngine
    public let style: Style
    package let fontSet: FontSet
    let fonts = CairoFonts()

    /// Draws `layout` in `style`, its tags in ``TextEngine/tagFont(for:)`` of its options, the font a
    /// ``Measurer/init(engine:options:)`` measures in: measure with that, on the same `engine`, and each text fits
    /// its cell as on the phone.
    ///
    /// - Throws: `FontError` when a font of the layout's options or the style cannot be had.
    public init(layout: TagLayout, engine: TextEngine, style: Style) throws(FontError) {
        self.layout = layout
        self.engine = engine
        self.style = style
        fontSet = try FontSet(engine: engine, options: layout.options, style: style)
    }

    /// Whether some text is drawn from a variable font at axis values of its own (`fontVariations`, a weight, an
    /// automatic `opsz`): what a PDF cannot show, as cairo embeds the font file without them.
    public var drawsVariedFaces: Bool {
        func varied(_ text: String, _ font: FontSpec) -> Bool {
            engine.shape(text, font: font).runs.contains { !$0.variations.isEmpty }
        }
        return layout.document.sections.contains { section in
            section.tags.contains { varied($0.text, bodyFont) } || section.title.map { varied($0, headerFont) } == true
                || section.footer.map { varied($0, footerFont) } == true
        }
    }

    var bodyFont: FontSpec { fontSet.bodyFont }
    var headerFont: FontSpec { fontSet.headerFont }
    var footerFont: FontSpec { fontSet.footerFont }
    var captionFont: FontSpec { fontSet.captionFont }

    /// The whole content with its content inset, in points.
    public var contentBounds: Rect {
        let options = layout.options
        return Rect(x: -options.contentInset.left, y: -options.contentInset.top,
                    width: layout.flow.contentSize.width + options.contentInset.horizontal,
                    height: layout.flow.contentSize.height + options.contentInset.vertical)
    }
}

/// The fonts a picture's text is drawn in: this is the one place they are chosen.
package struct FontSet: Sendable {
    /// Tags.
    package let bodyFont: FontSpec
    /// Section titles.
    package let headerFont: FontSpec
    /// Section footers.
    package let footerFont: FontSpec
    /// Captions, labels and legends, in the system's sans-serif whatever the tags' family.
    package let captionFont: FontSpec

    /// The tags in the font they are measured in (``TextEngine/tagFont(for:)``); headers, footers and captions as
    /// `style` sizes them. Bold Text (`legibilityWeight`) draws tags, footers and headers a step heavier, not the
    /// captions, which are tagflow's own.
    package init(engine: TextEngine, options: LayoutOptions, style: Style) throws(FontError) {
        try self.init(engine: engine, tagFont: engine.tagFont(for: options), family: options.font, style: style,
                      legibilityWeight: options.legibilityWeight)
    }

    /// Tags and footers in `family` at `size`, in regular weight with no axis values or tracking, for pictures of
    /// layouts saved without their options.
    package init(engine: TextEngine, family: String, size: Double, style: Style) throws(FontError) {
        try self.init(engine: engine, tagFont: engine.font(family: family, size: size), family: family, style: style,
                      legibilityWeight: .regular)
    }

    private init(engine: TextEngine, tagFont: FontSpec, family: String, style: Style,
                 legibilityWeight: LegibilityWeight) throws(FontError) {
        let bodyWeight = legibilityWeight.bodyWeight
        bodyFont = tagFont
        headerFont = try engine.font(family: family, size: style.headerFontSize,
                                     weight: legibilityWeight.applied(to: style.headerFontWeight))
        footerFont = try engine.font(family: family, size: style.footerFontSize, weight: bodyWeight)
        captionFont = try engine.font(family: "sans-serif", size: style.captionFontSize)
    }
}

/// Draws a scene's elements on one cairo context. Cheap to make; one per picture and thread.
struct SceneDrawer {
    let scene: Scene
    var painter: Painter
    /// Whether only the background lies under the elements, as in a render of the content. A cell filled with
    /// the background's own opaque colour then changes no pixel, so that fill is skipped.
    var isOverBackground = false
    /// A colour laid under every element's text at its alpha, over a cell's fill or a header's or footer's
    /// background: a highlight that keeps the text as legible as the element's own.
    var tint: Colour?
    /// Whether cells get their text; without it, only their fills and borders are drawn, cairo's share of a
    /// render that the benchmark measures apart.
    var drawsCellText = true

    init(scene: Scene, context: CairoContext) {
        self.scene = scene
        painter = Painter(context: context, engine: scene.engine, fonts: scene.fonts, captionFont: scene.captionFont)
    }

    var style: Style { scene.style }
    var context: CairoContext { painter.context }

    func fill(_ rect: Rect, _ colour: Colour) { painter.fill(rect, colour) }
    func setColour(_ colour: Colour, alpha: Double = 1) { painter.setColour(colour, alpha: alpha) }
    func roundedRect(_ rect: Rect, radius: Double) { painter.roundedRect(rect, radius: radius) }

    /// A line of interface text in the caption font unless `font` is given; returns its width.
    func drawLabel(_ text: String, at point: Point, colour: Colour, font: FontSpec? = nil,
                   alignment: Alignment = .left) -> Double {
        painter.drawLabel(text, at: point, colour: colour, font: font, alignment: alignment)
    }

    /// Draws one element at `frame` (a pinned header's frame may differ from its layout frame).
    func draw(_ id: ElementID, frame: Rect, as appearance: Appearance = .normal) {
        if appearance == .faded {
            // Per-colour alpha, not a group: a group per element costs a frame-sized surface each.
            var faded = self
            faded.painter.opacity = painter.opacity * style.outsideAlpha
            faded.draw(id, frame: frame, as: .normal)
            return
        }
        switch id.kind {
        case .item: drawItem(id, frame: frame, appearance: appearance)
        case .more: drawMoreTag(id, frame: frame, appearance: appearance)
        case .header, .footer: drawSupplementary(id, frame: frame, appearance: appearance)
        }
    }

    private func drawItem(_ id: ElementID, frame: Rect, appearance: Appearance) {
        guard let tag = scene.layout.tag(id), let look = scene.cellLook(id) else { return }
        drawCell(frame, text: tag.displayText, appearance: appearance, look: look)
    }

    private func drawMoreTag(_ id: ElementID, frame: Rect, appearance: Appearance) {
        guard let more = scene.layout.moreTag(id), let look = scene.cellLook(id) else { return }
        drawCell(frame, text: more.displayText, appearance: appearance, look: look)
    }

    /// A tag-shaped cell: a capsule with its text, or a ghost when the query missed it, outlined when it was extra.
    private func drawCell(_ frame: Rect, text: String, appearance: Appearance, look: CellLook) {
        if appearance == .missing {
            let (cell, outline) = style.cellOutline(frame)
            roundedRect(outline.rect, radius: outline.radius)
            setColour(style.missing, alpha: 0.08)
            context.fillPreserve()
            painter.strokeDashed(style.missing, width: max(style.borderWidth, 1.5), dash: 4, gap: 3)
            painter.drawText(scene.engine.shape(text, font: scene.bodyFont), centredIn: cell, font: scene.bodyFont,
                             colour: style.missing.withAlpha(150))
            return
        }
        var look = look
        // A cell's fill lies over the background; tinted, it is the mix of the three.
        if let tint { look.fill = tint.over(look.fill.over(style.background)) }
        // Over the background alone, a fill of the background's own opaque colour changes no pixel.
        let fillsCell = !(isOverBackground && painter.opacity == 1 && look.fill == style.background
                          && look.fill.alpha == 255)
        if drawsCellText {
            painter.drawCell(frame, text: scene.engine.shape(text, font: scene.bodyFont), font: scene.bodyFont,
                             look: look, style: style, fillsCell: fillsCell)
        } else {
            painter.drawCellShape(frame, look: look, style: style, fillsCell: fillsCell)
        }
        if appearance == .extra {
            outlineOutside(frame, colour: style.extra, radius: style.cellCornerRadius(for: frame))
        }
    }

    private func drawSupplementary(_ id: ElementID, frame: Rect, appearance: Appearance) {
        let isHeader = id.kind == .header
        let (text, font) = scene.supplementaryText(id, in: frame)
        let colour = appearance == .missing ? style.missing : isHeader ? style.headerText : style.footerText
        if appearance == .missing {
            painter.rectangle(Rect(x: frame.x + 0.75, y: frame.y + 0.75, width: frame.width - 1.5,
                                   height: frame.height - 1.5))
            setColour(style.missing, alpha: 0.06)
            context.fillPreserve()
            painter.strokeDashed(style.missing, width: 1.5, dash: 4, gap: 3)
        } else if isHeader && scene.layout.options.pinHeaders {
            // A pinned header covers the tags scrolling under it.
            fill(frame, style.background)
        }
        if let tint { fill(frame.inset(by: 0.75), tint) }
        let shaped = scene.engine.shape(text, font: font)
        if scene.layout.options.isHorizontal {
            drawSpineText(shaped, in: frame, font: font, colour: colour)
        } else {
            painter.drawText(shaped, at: scene.supplementaryTextX(in: frame, width: shaped.width),
                             baseline: painter.baseline(centredIn: frame, font: font), colour: colour)
        }
        if appearance == .extra { outlineOutside(frame, colour: style.extra, radius: 0) }
    }

    /// A horizontal layout's header or footer is a strip as tall as the content: its text runs down the strip, turned
    /// a quarter clockwise like a book's spine, from the rows' top inset, and is clipped to the strip.
    private func drawSpineText(_ shaped: ShapedText, in frame: Rect, font: FontSpec, colour: Colour) {
        painter.drawTurned(in: frame) { turned in
            painter.drawText(shaped, at: turned.minX + scene.layout.options.sectionInset.top,
                             baseline: painter.baseline(centredIn: turned, font: font), colour: colour)
        }
    }

    private func outlineOutside(_ frame: Rect, colour: Colour, radius: Double) {
        roundedRect(Rect(x: frame.x - 2, y: frame.y - 2, width: frame.width + 4, height: frame.height + 4),
                    radius: radius + 2)
        painter.strokeDashed(colour, width: 1.5, dash: 1.5, gap: 2)
    }
}

extension Scene {
    /// Where the ink of `id` drawn at `frame` as `appearance` can reach, in the drawing's points, when a point is
    /// `pixelsPerPoint` device pixels: a bound from the drawing code above, not measured. Antialiasing's extra pixel
    /// is the caller's to add.
    func inkBounds(of id: ElementID, frame: Rect, as appearance: Appearance, pixelsPerPoint: Double) -> Rect {
        let enlarge = Painter.lineEnlargement(pixelsPerPoint: pixelsPerPoint)
        var ink: Rect
        switch id.kind {
        case .item, .more:
            // The border and the text lie inside the frame, and a tofu badge reaches a point past its corner; a
            // ghost's dashed border is centred just inside it.
            ink = frame.outset(by: appearance == .missing ? max(1, max(style.borderWidth, 1.5) * enlarge / 2) : 1)
        case .header, .footer:
            ink = frame.outset(by: 1.5 * enlarge / 2)
            let options = layout.options
            if !options.isHorizontal {
                // The title is not clipped: its line, with room for glyphs past the font's ascent and descent.
                let (text, font) = supplementaryText(id, in: frame)
                let width = engine.shape(text, font: font).width
                let metrics = engine.lineMetrics(font: font)
                let left = supplementaryTextX(in: frame, width: width)
                let height = metrics.ascent + metrics.descent
                let line = Rect(x: left, y: frame.midY - height / 2, width: width,
                                height: height).outset(by: font.size / 4)
                ink = ink.union(line)
            }
        }
        return appearance == .extra ? ink.union(frame.outset(by: 2 + 1.5 * enlarge / 2)) : ink
    }

    /// The colours of a tag or a section's "+N" as the phone shows it: a tag's by its selection and tofu, the "+N"
    /// in the style's more colours; nil for a header or footer, or an element the layout does not have.
    package func cellLook(_ id: ElementID) -> CellLook? {
        switch id.kind {
        case .item:
            layout.tag(id).map { style.tagLook(isSelected: $0.isSelected, isTofu: $0.measurement.missingGlyphs > 0) }
        case .more:
            layout.moreTag(id).map { _ in
                CellLook(fill: style.moreFill, border: style.moreBorder, text: style.moreText)
            }
        case .header, .footer: nil
        }
    }

    /// A header's or a footer's text as drawn in `frame`, and its font: cut at the end with an ellipsis when it is
    /// longer than the room inside the section insets, as a label's text is.
    func supplementaryText(_ id: ElementID, in frame: Rect) -> (text: String, font: FontSpec) {
        let section = layout.document.sections[id.section]
        let (text, font) = id.kind == .header ? (section.title ?? "", headerFont) : (section.footer ?? "", footerFont)
        let inset = layout.options.sectionInset
        // A horizontal layout's title runs down its strip.
        let room = layout.options.isHorizontal
            ? frame.height - inset.top - inset.bottom : frame.width - inset.left - inset.right
        let measurer = Measurer(engine: engine, font: font)
        guard measurer.measure(text).width > room else { return (text, font) }
        return (Truncation.tail.fit(text, within: max(0, room), measurer: measurer).text, font)
    }

    /// Where a vertical layout's header or footer text `width` wide starts in `frame`: past the section inset on
    /// the side lines start from.
    func supplementaryTextX(in frame: Rect, width: Double) -> Double {
        let options = layout.options
        // Right to left mirrors left to right, so the text keeps the left inset from the right edge.
        return frame.x + (options.direction == .ltr
                          ? options.sectionInset.left : frame.width - options.sectionInset.left - width)
    }
}
