import CCairo

/// A cairo drawing context on one surface: paths, colours, clips, transforms and glyphs.
///
/// Owns its `cairo_t` and keeps its surface alive. Drawing calls do not throw: cairo keeps the first error on
/// the context, as does ``record(_:)``, and ``check()`` reports it when the picture is taken.
package final class CairoContext {
    package let surface: CairoSurface
    let pointer: OpaquePointer
    /// An error met outside cairo while drawing (a font face that could not be made).
    private var recorded: CairoError?

    package init(surface: CairoSurface) throws(CairoError) {
        let pointer = cairo_create(surface.pointer)!
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw .context(status: CairoError.text(status))
        }
        self.surface = surface
        self.pointer = pointer
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the first error met while drawing, if any.
    package func check() throws(CairoError) {
        if let recorded { throw recorded }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw .drawing(status: CairoError.text(status)) }
    }

    /// Keeps `error` to be thrown by ``check()``; the first one wins.
    package func record(_ error: CairoError) {
        if recorded == nil { recorded = error }
    }

    // MARK: State and transforms

    package func save() { cairo_save(pointer) }
    package func restore() { cairo_restore(pointer) }
    package func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    package func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    /// Turns the user space by `radians`, clockwise as y grows down.
    package func rotate(_ radians: Double) { cairo_rotate(pointer, radians) }

    /// A distance in user space as the device sees it, under the current transform.
    package func userToDeviceDistance(x: Double, y: Double) -> (x: Double, y: Double) {
        var dx = x, dy = y
        cairo_user_to_device_distance(pointer, &dx, &dy)
        return (dx, dy)
    }

    // MARK: Paths

    package func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }

    /// A circular arc, clockwise in cairo's y-down space, from angle `start` to `end` in radians.
    package func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(pointer, centerX, centerY, radius, start, end)
    }

    package func moveTo(x: Double, y: Double) { cairo_move_to(pointer, x, y) }
    package func lineTo(x: Double, y: Double) { cairo_line_to(pointer, x, y) }

    /// A cubic Bézier from the current point through two control points to (`x`, `y`).
    package func curveTo(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x, y)
    }

    package func newPath() { cairo_new_path(pointer) }
    package func newSubPath() { cairo_new_sub_path(pointer) }
    package func closePath() { cairo_close_path(pointer) }

    // MARK: Painting

    package func setSource(red: Double, green: Double, blue: Double, alpha: Double) {
        cairo_set_source_rgba(pointer, red, green, blue, alpha)
    }

    /// Paints all of `source`, its origin at (`x`, `y`) in user space, inside the current clip.
    package func paint(_ source: CairoSurface, x: Double, y: Double) {
        cairo_set_source_surface(pointer, source.pointer, x, y)
        cairo_paint(pointer)
    }

    /// Paints the current source over everything inside the current clip.
    package func paint() { cairo_paint(pointer) }
    package func paint(alpha: Double) { cairo_paint_with_alpha(pointer, alpha) }

    /// Draws into a group, until ``popGroupToSource()`` makes it the source: the group is as large as the clip.
    package func pushGroup() { cairo_push_group(pointer) }
    package func popGroupToSource() { cairo_pop_group_to_source(pointer) }

    /// Puts `source`'s pixels on the surface unchanged, its top-left pixel at device pixel (`x`, `y`), whatever the
    /// transform and whatever was there.
    package func copyPixels(of source: CairoSurface, toDeviceX x: Int, y: Int) {
        copyPixels(of: source, toDeviceX: x, y: y,
                   within: [PixelBox(minX: x, minY: y, maxX: x + source.pixelWidth, maxY: y + source.pixelHeight)])
    }

    /// Puts the pixels of `source` that fall within `boxes`, device pixels of this surface, on it unchanged, `source`'s
    /// top-left pixel at device pixel (`x`, `y`), whatever the transform and whatever was there.
    func copyPixels(of source: CairoSurface, toDeviceX x: Int, y: Int, within boxes: [PixelBox]) {
        guard !boxes.isEmpty else { return }
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(pointer, source.pointer, Double(x), Double(y))
        for box in boxes {
            cairo_rectangle(pointer, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX),
                            Double(box.maxY - box.minY))
        }
        cairo_fill(pointer)
        cairo_restore(pointer)
    }

    /// How drawing combines with what is already on the surface.
    package enum Operator {
        /// Draws over what is there (cairo's default).
        case over
        /// Replaces what is there, alpha included, so half-transparent colours land as they are.
        case source
    }

    package func setOperator(_ drawingOperator: Operator) {
        let value = switch drawingOperator {
        case .over: CAIRO_OPERATOR_OVER
        case .source: CAIRO_OPERATOR_SOURCE
        }
        cairo_set_operator(pointer, value)
    }

    package func fill() { cairo_fill(pointer) }
    /// Fills and keeps the path, to stroke it next.
    package func fillPreserve() { cairo_fill_preserve(pointer) }
    package func stroke() { cairo_stroke(pointer) }
    package func clip() { cairo_clip(pointer) }

    package func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }

    /// Dashes strokes: on, off, on, … lengths in user space. An empty pattern draws solid lines.
    package func setDash(_ pattern: [Double]) {
        if pattern.isEmpty {
            cairo_set_dash(pointer, nil, 0, 0)
        } else {
            cairo_set_dash(pointer, pattern, Int32(pattern.count), 0)
        }
    }

    package enum LineCap { case butt, round, square }


    package func setLineCap(_ cap: LineCap) {
        let value = switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        cairo_set_line_cap(pointer, value)
    }

    // MARK: Glyphs

    /// A glyph of the current font face, placed in user space.
    package struct Glyph {
        package var index: UInt32
        package var x: Double
        package var y: Double

        package init(index: UInt32, x: Double, y: Double) {
            self.index = index
            self.x = x
            self.y = y
        }
    }

    package func setFontOptions(_ options: CairoFontOptions) { cairo_set_font_options(pointer, options.pointer) }
    package func setFontFace(_ face: CairoFontFace) { cairo_set_font_face(pointer, face.pointer) }
    package func setFontSize(_ size: Double) { cairo_set_font_size(pointer, size) }

    /// Adds the outlines of `text` to the path, from the current point, in `family` at `size`, through cairo's
    /// "toy" text API: no shaping and fontconfig's pick of face. For test pictures whose glyphs must sit at
    /// fractional positions (outlines filled, not glyphs shown), never for laid-out tags.
    package func appendToyTextPath(_ text: String, family: String, size: Double) {
        cairo_select_font_face(pointer, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(pointer, size)
        cairo_text_path(pointer, text)
    }

    /// What cairo measures of some glyphs in the current font face, size and options, in user space.
    package struct GlyphExtents {
        /// The box their ink covers; nil when they have none (spaces).
        package var ink: (x: Double, y: Double, width: Double, height: Double)?
        /// From the first glyph's origin to where a glyph after the last would go, by cairo's own advances.
        package var advance: (x: Double, y: Double)
    }

    /// Measures `glyphs` as placed, without drawing them.
    package func extents(of glyphs: [Glyph]) -> GlyphExtents {
        var placed = glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
        var extents = cairo_text_extents_t()
        cairo_glyph_extents(pointer, &placed, Int32(placed.count), &extents)
        var result = GlyphExtents(ink: nil, advance: (extents.x_advance, extents.y_advance))
        if let first = glyphs.first, extents.width > 0, extents.height > 0 {
            // Cairo measures the bearings from the first glyph's origin.
            result.ink = (first.x + extents.x_bearing, first.y + extents.y_bearing, extents.width, extents.height)
        }
        return result
    }

    /// Shows `glyphs` in the current font face, size and source.
    package func showGlyphs(_ glyphs: [Glyph]) {
        var placed = glyphs.map { cairo_glyph_t(index: UInt($0.index), x: $0.x, y: $0.y) }
        cairo_show_glyphs(pointer, &placed, Int32(placed.count))
    }
}
