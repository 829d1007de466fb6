import CCairo
import CFreeType
import TagFlowText
import TagFlowImage

/// Cairo font faces made from the engine's FreeType faces, one per face, shared by every thread of a render.
///
/// Each cairo face holds a strong reference to its `FontFace` in its user data, so the `FT_Face` outlives every
/// cairo object built on it, however long cairo's own caches keep them.
final class CairoFonts: Sendable {
    private let faces = Locked<[ObjectIdentifier: CairoFace]>([:])
    /// Outlines exactly as measured: no hinting of shapes or of advances.
    let options: CairoFontOptions

    init() { options = CairoFontOptions() }

    func face(for fontFace: FontFace) -> CairoFace {
        faces.withLock { faces in
            if let face = faces[ObjectIdentifier(fontFace)] { return face }
            let face = CairoFace(fontFace)
            faces[ObjectIdentifier(fontFace)] = face
            return face
        }
    }
}

/// Owns one `cairo_font_face_t`.
final class CairoFace: @unchecked Sendable {
    // @unchecked: the pointer is set once; cairo font faces are reference-counted and locked by cairo itself.
    let pointer: OpaquePointer

    private nonisolated(unsafe) static var ownerKey = cairo_user_data_key_t()

    init(_ fontFace: FontFace) {
        pointer = fontFace.withFTFace { cairo_ft_font_face_create_for_ft_face($0, Int32(FT_LOAD_NO_HINTING)) }
        let owner = Unmanaged.passRetained(fontFace).toOpaque()
        let status = cairo_font_face_set_user_data(pointer, &CairoFace.ownerKey, owner) { owner in
            guard let owner else { return }
            Unmanaged<FontFace>.fromOpaque(owner).release()
        }
        if status != CAIRO_STATUS_SUCCESS { Unmanaged<FontFace>.fromOpaque(owner).release() }
    }

    deinit { cairo_font_face_destroy(pointer) }
}

/// Owns a `cairo_font_options_t` set for exact, unhinted glyph placement.
final class CairoFontOptions: @unchecked Sendable {
    // @unchecked: configured once in init and only read after.
    let pointer: OpaquePointer

    init() {
        pointer = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
    }

    deinit { cairo_font_options_destroy(pointer) }
}
