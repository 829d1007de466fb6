import CCairo

/// Owns a `cairo_font_options_t` set for exact, unhinted glyph placement.
package final class CairoFontOptions: @unchecked Sendable {
    // @unchecked: configured once in init and only read after.
    let pointer: OpaquePointer

    /// - Parameter variations: variable-font axis values as cairo reads them, `tag=value` joined by commas
    ///   (`opsz=14,wght=590`), so glyphs are drawn at the axis values they were shaped at. Cairo (1.16 and later)
    ///   applies them to the FreeType face before it loads each glyph; axes not named keep their defaults, and a
    ///   static face ignores them. Empty sets none.
    package init(variations: String = "") throws(CairoError) {
        let pointer = cairo_font_options_create()!
        let status = cairo_font_options_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_options_destroy(pointer)
            throw .fontOptions(status: CairoError.text(status))
        }
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        if !variations.isEmpty {
            cairo_font_options_set_variations(pointer, variations)
            let status = cairo_font_options_status(pointer)
            guard status == CAIRO_STATUS_SUCCESS else {
                cairo_font_options_destroy(pointer)
                throw .fontOptions(status: CairoError.text(status))
            }
        }
        self.pointer = pointer
    }

    deinit { cairo_font_options_destroy(pointer) }
}
