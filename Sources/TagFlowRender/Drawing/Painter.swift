import Foundation
import TagFlowLayout
import TagFlowText

/// Draws colours, shapes and shaped text on one cairo context with the fonts of one text engine.
///
/// It knows nothing of layouts, so pictures that are not of a ``Scene`` (the layout diff image) draw with it
/// as scenes do. Cheap to make; one per picture and thread.
package struct Painter {
    package let context: CairoContext
    package let engine: TextEngine
    let fonts: CairoFonts
    /// The font of labels drawn without one.
    package let captionFont: FontSpec
    /// Multiplies every colour's alpha: faded context is drawn at the style's `outsideAlpha`.
    package var opacity = 1.0

    package init(context: CairoContext, engine: TextEngine, fonts: CairoFonts, captionFont: FontSpec) {
        self.context = context
        self.engine = engine
        self.fonts = fonts
        self.captionFont = captionFont
    }

    package func setColour(_ colour: Colour, alpha: Double = 1) {
        context.setSource(red: Double(colour.red) / 255, green: Double(colour.green) / 255, blue: Double(colour.blue) / 255,
                          alpha: Double(colour.alpha) / 255 * alpha * opacity)
    }

    package func rectangle(_ rect: Rect) {
        context.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    package func fill(_ rect: Rect, _ colour: Colour) {
        setColour(colour)
        rectangle(rect)
        context.fill()
    }

    /// Adds `rect` with corners of `radius`, at most half its shorter side, to the path.
    package func roundedRect(_ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        context.newSubPath()
        context.arc(centerX: rect.maxX - r, centerY: rect.minY + r, radius: r, from: -.pi / 2, to: 0)
        context.arc(centerX: rect.maxX - r, centerY: rect.maxY - r, radius: r, from: 0, to: .pi / 2)
        context.arc(centerX: rect.minX + r, centerY: rect.maxY - r, radius: r, from: .pi / 2, to: .pi)
        context.arc(centerX: rect.minX + r, centerY: rect.minY + r, radius: r, from: .pi, to: 3 * .pi / 2)
        context.closePath()
    }

    /// Strokes the current path dashed, never thinner or finer on screen than 1.5, 4 and 3 device pixels
    /// of a 1× picture, so marks stay visible in a scaled-down overview.
    package func strokeDashed(_ colour: Colour, width: Double, dash: Double, gap: Double) {
        let unit = context.userToDeviceDistance(x: 1, y: 0)
        let enlarge = max(1, 1 / max(hypot(unit.x, unit.y), 1e-6))
        setColour(colour)
        context.setLineWidth(width * enlarge)
        context.setDash([dash * enlarge, gap * enlarge])
        context.stroke()
        context.setDash([])
    }

    /// A filled dot of radius 4.
    package func drawBadge(at centre: Point, colour: Colour) {
        context.newSubPath()
        context.arc(centerX: centre.x, centerY: centre.y, radius: 4, from: 0, to: 2 * .pi)
        setColour(colour)
        context.fill()
    }

    /// The baseline that centres the font's ascent and descent in `frame`.
    package func baseline(centredIn frame: Rect, font: FontSpec) -> Double {
        let metrics = engine.lineMetrics(font: font)
        return frame.midY + (metrics.ascent - metrics.descent) / 2
    }

    /// Draws the glyphs exactly where shaping put them, run by run, with the face that shaped each run.
    package func drawText(_ shaped: ShapedText, at x: Double, baseline: Double, colour: Colour) {
        setColour(colour)
        do throws(CairoError) {
            context.setFontOptions(try fonts.options())
            for run in shaped.runs where !run.glyphs.isEmpty {
                context.setFontFace(try fonts.face(for: run.face))
                context.setFontSize(run.size)
                context.showGlyphs(run.glyphs.indices.map { index in
                    CairoContext.Glyph(index: run.glyphs[index], x: x + run.origin + run.xPositions[index],
                                       y: baseline - run.yOffsets[index])
                })
            }
        } catch {
            // Kept on the context and thrown when the picture is taken.
            context.record(error)
        }
    }

    /// A line of interface text (captions, labels), in the caption font unless `font` is given. Returns its width.
    package func drawLabel(_ text: String, at point: Point, colour: Colour, font: FontSpec? = nil, alignment: Alignment = .left) -> Double {
        let shaped = engine.shape(text, font: font ?? captionFont)
        let x = alignment == .center ? point.x - shaped.width / 2 : alignment == .right ? point.x - shaped.width : point.x
        drawText(shaped, at: x, baseline: point.y, colour: colour)
        return shaped.width
    }
}
