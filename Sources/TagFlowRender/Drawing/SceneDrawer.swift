import CCairo
import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// How an element is drawn in a picture of a query.
public enum Appearance: Sendable, Equatable {
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
    let bodyFont: FontSpec
    let headerFont: FontSpec
    let footerFont: FontSpec
    let captionFont: FontSpec
    let fonts = CairoFonts()

    public init(layout: TagLayout, engine: TextEngine, style: Style) throws(FontError) {
        self.layout = layout
        self.engine = engine
        self.style = style
        let family = layout.options.font
        bodyFont = try engine.font(family: family, size: layout.options.fontSize)
        headerFont = try engine.font(family: family, size: style.headerFontSize, weight: style.headerFontWeight)
        footerFont = try engine.font(family: family, size: style.footerFontSize)
        captionFont = try engine.font(family: "sans-serif", size: style.captionFontSize)
    }

    /// The whole content with its content inset, in points.
    public var contentBounds: Rect {
        let options = layout.options
        return Rect(x: -options.contentInset.left, y: -options.contentInset.top,
                    width: options.width, height: layout.flow.contentSize.height + options.contentInset.vertical)
    }
}

/// Draws a scene's elements on one cairo context. Cheap to make; one per picture and thread.
struct SceneDrawer {
    let scene: Scene
    let context: OpaquePointer
    /// Multiplies every colour's alpha: faded context is drawn at the style's `outsideAlpha`.
    var opacity = 1.0
    /// Whether only the background lies under the elements, as in a render of the content. A cell filled with
    /// the background's own opaque colour then changes no pixel, so that fill is skipped.
    var isOverBackground = false

    var style: Style { scene.style }

    func fill(_ rect: Rect, _ colour: Colour) {
        setColour(colour)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    func setColour(_ colour: Colour, alpha: Double = 1) {
        cairo_set_source_rgba(context, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
                              Double(colour.alpha) / 255 * alpha * opacity)
    }

    /// Draws one element at `frame` (a pinned header's frame may differ from its layout frame).
    func draw(_ id: ElementID, frame: Rect, as appearance: Appearance = .normal) {
        if appearance == .faded {
            // Per-colour alpha, not a group: a group per element costs a frame-sized surface each.
            var faded = self
            faded.opacity = opacity * style.outsideAlpha
            faded.draw(id, frame: frame, as: .normal)
            return
        }
        switch id.kind {
        case .item: drawItem(id, frame: frame, appearance: appearance)
        case .header, .footer: drawSupplementary(id, frame: frame, appearance: appearance)
        }
    }

    private func drawItem(_ id: ElementID, frame: Rect, appearance: Appearance) {
        guard let tag = scene.layout.tag(id) else { return }
        let border = style.borderWidth
        let radius = min(style.cornerRadius ?? frame.height / 2, frame.width / 2, frame.height / 2)
        // The border lies inside the frame, so its outer pixels are the frame's edges.
        let outline = Rect(x: frame.x + border / 2, y: frame.y + border / 2,
                           width: max(0, frame.width - border), height: max(0, frame.height - border))
        roundedRect(outline, radius: max(0, radius - border / 2))
        switch appearance {
        case .missing:
            setColour(style.missing, alpha: 0.08)
            cairo_fill_preserve(context)
            strokeDashed(style.missing, width: max(border, 1.5), dash: 4, gap: 3)
            drawText(scene.engine.shape(tag.displayText, font: scene.bodyFont), centredIn: frame, colour: style.missing.withAlpha(150))
            return
        default:
            let fill = tag.isSelected ? style.selectedFill : style.cellFill
            if !(isOverBackground && opacity == 1 && fill == style.background && fill.alpha == 255) {
                setColour(fill)
                cairo_fill_preserve(context)
            }
            let tofu = tag.measurement.missingGlyphs > 0
            setColour(tofu ? style.tofu : tag.isSelected ? style.selectedBorder : style.cellBorder)
            cairo_set_line_width(context, tofu ? max(border, 1.5) : border)
            if tofu {
                var dashes = [2.0, 2.0]
                cairo_set_dash(context, &dashes, 2, 0)
            }
            if border > 0 || tofu { cairo_stroke(context) } else { cairo_new_path(context) }
            cairo_set_dash(context, nil, 0, 0)
            drawText(scene.engine.shape(tag.displayText, font: scene.bodyFont), centredIn: frame,
                     colour: tag.isSelected ? style.selectedText : style.text)
            if tofu { drawBadge(at: Point(x: frame.maxX - 3, y: frame.minY + 3), colour: style.tofu) }
        }
        if appearance == .extra { outlineOutside(frame, colour: style.extra, radius: radius) }
    }

    private func drawSupplementary(_ id: ElementID, frame: Rect, appearance: Appearance) {
        let section = scene.layout.document.sections[id.section]
        let isHeader = id.kind == .header
        let text = (isHeader ? section.title : section.footer) ?? ""
        let font = isHeader ? scene.headerFont : scene.footerFont
        let colour = appearance == .missing ? style.missing : isHeader ? style.headerText : style.footerText
        if appearance == .missing {
            cairo_rectangle(context, frame.x + 0.75, frame.y + 0.75, frame.width - 1.5, frame.height - 1.5)
            setColour(style.missing, alpha: 0.06)
            cairo_fill_preserve(context)
            strokeDashed(style.missing, width: 1.5, dash: 4, gap: 3)
        } else if isHeader && scene.layout.options.pinHeaders {
            // A pinned header covers the tags scrolling under it.
            fill(frame, style.background)
        }
        let shaped = scene.engine.shape(text, font: font)
        let options = scene.layout.options
        let x = options.direction == .ltr ? options.sectionInset.left
                                          : frame.width - options.sectionInset.right - shaped.width
        drawText(shaped, at: frame.x + x, baseline: baseline(centredIn: frame, font: font), colour: colour)
        if appearance == .extra { outlineOutside(frame, colour: style.extra, radius: 0) }
    }

    func roundedRect(_ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(context, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(context, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(context)
    }

    private func outlineOutside(_ frame: Rect, colour: Colour, radius: Double) {
        roundedRect(Rect(x: frame.x - 2, y: frame.y - 2, width: frame.width + 4, height: frame.height + 4), radius: radius + 2)
        strokeDashed(colour, width: 1.5, dash: 1.5, gap: 2)
    }

    /// Strokes the current path dashed, never thinner or finer on screen than 1.5, 4 and 3 device pixels
    /// of a 1× picture, so marks stay visible in a scaled-down overview.
    private func strokeDashed(_ colour: Colour, width: Double, dash: Double, gap: Double) {
        var unitX = 1.0, unitY = 0.0
        cairo_user_to_device_distance(context, &unitX, &unitY)
        let enlarge = max(1, 1 / max(hypot(unitX, unitY), 1e-6))
        setColour(colour)
        cairo_set_line_width(context, width * enlarge)
        var dashes = [dash * enlarge, gap * enlarge]
        cairo_set_dash(context, &dashes, 2, 0)
        cairo_stroke(context)
        cairo_set_dash(context, nil, 0, 0)
    }

    private func drawBadge(at centre: Point, colour: Colour) {
        cairo_new_sub_path(context)
        cairo_arc(context, centre.x, centre.y, 4, 0, 2 * .pi)
        setColour(colour)
        cairo_fill(context)
    }

    /// The baseline that centres the font's ascent and descent in `frame`.
    func baseline(centredIn frame: Rect, font: FontSpec) -> Double {
        let metrics = scene.engine.lineMetrics(font: font)
        return frame.midY + (metrics.ascent - metrics.descent) / 2
    }

    func drawText(_ shaped: ShapedText, centredIn frame: Rect, colour: Colour) {
        drawText(shaped, at: frame.midX - shaped.width / 2, baseline: baseline(centredIn: frame, font: scene.bodyFont), colour: colour)
    }

    /// Draws the glyphs exactly where shaping put them, run by run, with the face that shaped each run.
    func drawText(_ shaped: ShapedText, at x: Double, baseline: Double, colour: Colour) {
        setColour(colour)
        cairo_set_font_options(context, scene.fonts.options.pointer)
        for run in shaped.runs where !run.glyphs.isEmpty {
            cairo_set_font_face(context, scene.fonts.face(for: run.face).pointer)
            cairo_set_font_size(context, run.size)
            var glyphs = run.glyphs.indices.map { index in
                cairo_glyph_t(index: UInt(run.glyphs[index]), x: x + run.origin + run.xPositions[index],
                              y: baseline - run.yOffsets[index])
            }
            cairo_show_glyphs(context, &glyphs, Int32(glyphs.count))
        }
    }

    /// A line of interface text (captions, labels) in the caption font.
    func drawLabel(_ text: String, at point: Point, colour: Colour, font: FontSpec? = nil, alignment: Alignment = .left) -> Double {
        let shaped = scene.engine.shape(text, font: font ?? scene.captionFont)
        let x = alignment == .center ? point.x - shaped.width / 2 : alignment == .right ? point.x - shaped.width : point.x
        drawText(shaped, at: x, baseline: point.y, colour: colour)
        return shaped.width
    }
}
