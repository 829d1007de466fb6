import CCairo
import CFreeType
import TagFlowText

/// Owns one `cairo_font_face_t` made from a FreeType face.
///
/// The cairo face holds a strong reference to its `FontFace` in its user data, so the `FT_Face` outlives every
/// cairo object built on it, however long cairo's own caches keep them.
package final class CairoFontFace: @unchecked Sendable {
    // @unchecked: the pointer is set once; cairo font faces are reference-counted and locked by cairo itself.
    let pointer: OpaquePointer

    private nonisolated(unsafe) static var ownerKey = cairo_user_data_key_t()

    /// - Parameter loadColor: load glyphs with `FT_LOAD_COLOR`, for colour (emoji) faces. Off by default, so
    ///   outlines are drawn exactly as they are measured.
    package init(_ fontFace: FontFace, loadColor: Bool = false) throws(CairoError) {
        let flags = Int32(FT_LOAD_NO_HINTING) | (loadColor ? Int32(FT_LOAD_COLOR) : 0)
        let pointer = fontFace.withFTFace { cairo_ft_font_face_create_for_ft_face($0, flags) }!
        var status = cairo_font_face_status(pointer)
        if status == CAIRO_STATUS_SUCCESS {
            let owner = Unmanaged.passRetained(fontFace).toOpaque()
            status = cairo_font_face_set_user_data(pointer, &CairoFontFace.ownerKey, owner) { owner in
                guard let owner else { return }
                Unmanaged<FontFace>.fromOpaque(owner).release()
            }
            if status != CAIRO_STATUS_SUCCESS { Unmanaged<FontFace>.fromOpaque(owner).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(pointer)
            throw .fontFace(family: fontFace.family, status: CairoError.text(status))
        }
        self.pointer = pointer
    }

    deinit { cairo_font_face_destroy(pointer) }
}
