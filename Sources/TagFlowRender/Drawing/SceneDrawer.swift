import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

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
