import Foundation
import TagFlowLayout
import TagFlowText
import TagFlowImage

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
        context.setSource(red: Double(colour.red) / 255, green: Double(colour.green) / 255,
                          blue: Double(colour.blue) / 255,
                          alpha: drawnAlpha(of: colour, alpha: alpha))
    }

    /// The alpha `colour` is drawn at: its own, times `alpha`, times the painter's opacity.
    private func drawnAlpha(of colour: Colour, alpha: Double = 1) -> Double {
        Double(colour.alpha) / 255 * alpha * opacity
    }

    package func rectangle(_ rect: Rect) {
        context.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// Fills every pixel of the canvas, the last row and column too where the picture's points end part way
    /// through a pixel: those are background, opaque when it is, and not half of it.
    package func paintEverything(_ colour: Colour) {
        setColour(colour)
        context.paint()
    }

    package func fill(_ rect: Rect, _ colour: Colour) {
        setColour(colour)
        rectangle(rect)
        context.fill()
    }

    /// Adds `rect` with corners of `radius`, at most half its shorter side, to the path.
    package func roundedRect(_ rect: Rect, radius: Double) {
        let r = RoundedRect(rect, radius: radius).radius
        context.newSubPath()
        context.arc(centerX: rect.maxX - r, centerY: rect.minY + r, radius: r, from: -.pi / 2, to: 0)
        context.arc(centerX: rect.maxX - r, centerY: rect.maxY - r, radius: r, from: 0, to: .pi / 2)
        context.arc(centerX: rect.minX + r, centerY: rect.maxY - r, radius: r, from: .pi / 2, to: .pi)
        context.arc(centerX: rect.minX + r, centerY: rect.minY + r, radius: r, from: .pi, to: 3 * .pi / 2)
        context.closePath()
    }

    /// Strokes the current path dashed. Where a point is less than a device pixel (a scaled-down overview), the
    /// width, dash and gap grow by ``lineEnlargement(pixelsPerPoint:)``, so marks look as they do at 1×.
    package func strokeDashed(_ colour: Colour, width: Double, dash: Double, gap: Double) {
        let unit = context.userToDeviceDistance(x: 1, y: 0)
        let enlarge = Self.lineEnlargement(pixelsPerPoint: hypot(unit.x, unit.y))
        setColour(colour)
        context.setLineWidth(width * enlarge)
        context.setDash([dash * enlarge, gap * enlarge])
        context.stroke()
        context.setDash([])
    }

    /// How much ``strokeDashed(_:width:dash:gap:)`` widens its lines where a point is `pixelsPerPoint` device pixels.
    package static func lineEnlargement(pixelsPerPoint: Double) -> Double {
        max(1, 1 / max(pixelsPerPoint, 1e-6))
    }

    /// Draws in `strip`, clipped to it, turned a quarter clockwise like a book's spine: `draw` is given the strip
    /// as turned, its length along x and its breadth along y.
    package func drawTurned(in strip: Rect, _ draw: (_ turned: Rect) -> Void) {
        context.save()
        rectangle(strip)
        context.clip()
        context.translate(x: strip.midX, y: strip.midY)
        context.rotate(Double.pi / 2)
        draw(Rect(x: -strip.height / 2, y: -strip.width / 2, width: strip.height, height: strip.width))
        context.restore()
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
    ///
    /// Variable faces are drawn at the axis values they were shaped at (an automatic `opsz` included), so the
    /// outlines and cairo's own advances match the measurement. Colour faces (emoji) load their glyphs in colour.
    /// Colour bitmap glyphs (CBDT: Noto Color Emoji's strikes are 109 px an em) are scaled by cairo to the run's
    /// size, and come out in colour in pixels.
    ///
    /// In SVG and PDF, cairo 1.16 cannot keep them as vectors or at their own resolution: it rasterises each
    /// colour glyph at the document's scale of one pixel a point (a 40 pt 😀 is a 50×48 image) and embeds that:
    /// in SVG a PNG `<image>` in `<defs>` placed by a `<use>`, in PDF an RGB image with a grey soft mask. The
    /// images are in colour but blur when zoomed or printed, and cairo snaps them to whole points (up to half a
    /// point from where shaping put them). Outline glyphs stay exact vector glyphs.
    ///
    /// Variable faces: SVG glyph paths are drawn at the run's variations, but cairo 1.16's PDF output embeds the
    /// font file as a TrueType subset, so a PDF viewer shows the default instance's outlines (at the shaped
    /// positions, which stay right).
    package func drawText(_ shaped: ShapedText, at x: Double, baseline: Double, colour: Colour) {
        setColour(colour)
        let alpha = drawnAlpha(of: colour)
        do throws(CairoError) {
            for run in shaped.runs where !run.glyphs.isEmpty {
                try select(run)
                let placed = glyphs(of: run, at: x, baseline: baseline)
                if !run.emboldenedOutlines.isEmpty {
                    fillOutlines(of: run, at: placed)
                } else if run.face.isColor && alpha < 1 {
                    showColourGlyphs(placed, alpha: alpha)
                } else {
                    context.showGlyphs(placed)
                }
            }
        } catch {
            // Kept on the context and thrown when the picture is taken.
            context.record(error)
        }
    }

    /// Colour glyphs (emoji) at `alpha`: cairo paints their own colours whatever the source's alpha, so they are
    /// drawn whole into a group, clipped to their ink so the group stays small, and the group painted at `alpha`.
    private func showColourGlyphs(_ placed: [CairoContext.Glyph], alpha: Double) {
        guard let ink = context.extents(of: placed).ink else { return }
        context.save()
        context.rectangle(x: ink.x.rounded(.down) - 1, y: ink.y.rounded(.down) - 1,
                          width: ink.width.rounded(.up) + 3, height: ink.height.rounded(.up) + 3)
        context.clip()
        context.pushGroup()
        context.showGlyphs(placed)
        context.popGroupToSource()
        context.paint(alpha: alpha)
        context.restore()
    }

    /// Draws `shaped` as ``drawText(_:at:baseline:colour:)`` does, but keeps its ink inside `shape`, as a view
    /// with `masksToBounds` keeps its label's. The clip is set only when the ink crosses the shape's edge, so
    /// text that fits draws exactly as unclipped text (in every format, byte for byte).
    package func drawText(_ shaped: ShapedText, at x: Double, baseline: Double, colour: Colour,
                          clippedTo shape: RoundedRect) {
        guard let ink = inkBounds(of: shaped, at: x, baseline: baseline), !shape.contains(ink) else {
            drawText(shaped, at: x, baseline: baseline, colour: colour)
            return
        }
        context.save()
        roundedRect(shape.rect, radius: shape.radius)
        context.clip()
        drawText(shaped, at: x, baseline: baseline, colour: colour)
        context.restore()
    }

    /// Synthetic bold: fills the run's thickened outlines, each scaled to the run's size and placed at its glyph.
    /// Drawn as paths, not through cairo's own emboldening, whose glyph extents leave out part of the thickened ink:
    /// a picture drawn in bands would lose pixels at the seams that one drawn whole keeps.
    private func fillOutlines(of run: ShapedRun, at glyphs: [CairoContext.Glyph]) {
        context.newPath()
        for (glyph, outline) in zip(glyphs, run.emboldenedOutlines) {
            let point = OutlinePlacement(outline, size: run.size, at: glyph).point
            for element in outline.elements {
                switch element {
                case let .move(x, y):
                    let p = point(x, y)
                    context.moveTo(x: p.x, y: p.y)
                case let .line(x, y):
                    let p = point(x, y)
                    context.lineTo(x: p.x, y: p.y)
                case let .cubic(x1, y1, x2, y2, x, y):
                    let (c1, c2, p) = (point(x1, y1), point(x2, y2), point(x, y))
                    context.curveTo(x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, x: p.x, y: p.y)
                case .close:
                    context.closePath()
                }
            }
        }
        context.fill()
    }

    /// Where a thickened outline's points land: font units scaled to the run's size, y flipped, at the glyph's origin.
    private struct OutlinePlacement {
        let origin: CairoContext.Glyph
        let scale: Double

        init(_ outline: GlyphOutline, size: Double, at origin: CairoContext.Glyph) {
            self.origin = origin
            scale = size / Double(outline.unitsPerEm)
        }

        func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (origin.x + x * scale, origin.y - y * scale) }
    }

    /// The box the ink of `shaped` covers when drawn at `x` and `baseline`; nil when it has none.
    package func inkBounds(of shaped: ShapedText, at x: Double, baseline: Double) -> Rect? {
        var bounds: Rect?
        do throws(CairoError) {
            for run in shaped.runs where !run.glyphs.isEmpty {
                let placed = glyphs(of: run, at: x, baseline: baseline)
                let rect: Rect
                if run.emboldenedOutlines.isEmpty {
                    try select(run)
                    guard let ink = context.extents(of: placed).ink else { continue }
                    rect = Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
                } else {
                    // Synthetic bold: the thickened outlines' own boxes, which hold their ink.
                    let boxes = zip(placed, run.emboldenedOutlines).compactMap { glyph, outline -> Rect? in
                        guard let box = outline.bounds else { return nil }
                        let placement = OutlinePlacement(outline, size: run.size, at: glyph)
                        let (topLeft, bottomRight) = (placement.point(box.minX, box.maxY),
                                                      placement.point(box.maxX, box.minY))
                        return Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x,
                                    height: bottomRight.y - topLeft.y)
                    }
                    guard let first = boxes.first else { continue }
                    rect = boxes.dropFirst().reduce(first) { $0.union($1) }
                }
                bounds = bounds.map { $0.union(rect) } ?? rect
            }
        } catch {
            context.record(error)
        }
        return bounds
    }

    /// The advance cairo gives each glyph of `run` in the font it is drawn in, to set against the shaped advances.
    package func drawnAdvances(of run: ShapedRun) -> [Double] {
        do throws(CairoError) {
            try select(run)
        } catch {
            context.record(error)
            return []
        }
        return run.glyphs.map { context.extents(of: [CairoContext.Glyph(index: $0, x: 0, y: 0)]).advance.x }
    }

    /// Sets the context's font to the one `run` was shaped with: its face (in colour if it is a colour face), its
    /// size and its variation settings.
    private func select(_ run: ShapedRun) throws(CairoError) {
        context.setFontOptions(try fonts.options(variations: run.variations))
        context.setFontFace(try fonts.face(for: run.face, loadColor: run.face.isColor))
        context.setFontSize(run.size)
    }

    private func glyphs(of run: ShapedRun, at x: Double, baseline: Double) -> [CairoContext.Glyph] {
        run.glyphs.indices.map { index in
            CairoContext.Glyph(index: run.glyphs[index], x: x + run.origin + run.xPositions[index],
                               y: baseline - run.yOffsets[index])
        }
    }

    /// A line of interface text (captions, labels), in the caption font unless `font` is given. Returns its width.
    package func drawLabel(_ text: String, at point: Point, colour: Colour, font: FontSpec? = nil,
                           alignment: Alignment = .left) -> Double {
        let shaped = engine.shape(text, font: font ?? captionFont)
        let x = alignment == .center ? point.x - shaped.width / 2
            : alignment == .right ? point.x - shaped.width : point.x
        drawText(shaped, at: x, baseline: point.y, colour: colour)
        return shaped.width
    }
}

extension Rect {
    /// The smallest rect holding both.
    func union(_ other: Rect) -> Rect {
        let minX = min(self.minX, other.minX), minY = min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The rect shrunk by `distance` on every side, to nothing at the least.
    package func inset(by distance: Double) -> Rect {
        Rect(x: minX + distance, y: minY + distance, width: max(0, maxX - minX - 2 * distance),
             height: max(0, maxY - minY - 2 * distance))
    }

    /// The rect grown by `distance` on every side.
    package func outset(by distance: Double) -> Rect {
        Rect(x: minX - distance, y: minY - distance, width: maxX - minX + 2 * distance,
             height: maxY - minY + 2 * distance)
    }
}
