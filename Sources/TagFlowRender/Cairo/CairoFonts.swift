import CCairo
import CFreeType
import TagFlowText
import TagFlowLayout

/// Cairo font faces made from the engine's FreeType faces, one per face, shared by every thread of a render.
package final class CairoFonts: Sendable {
    /// Process-wide, let go only at exit: cairo hands out one font face for every face made on the same `FT_Face`,
    /// and locks neither its user data nor its list of faces per `FT_Face`. Scenes rendered at once (a snapshot run's
    /// variants) share the engine's faces, so they must share one cairo face per `FT_Face`: two threads each making
    /// and destroying their own would set its owner at once and trip cairo's `_cairo_array_allocate` assertion.
    /// Each entry keeps its `FontFace` alive, so its key is never reused.
    private static let faces = Locked<[FaceKey: CairoFontFace]>([:])
    /// Lets the faces go when the process exits, so that every font handle is released (`make leaks`).
    private static let releasedAtExit: Void = {
        atexit { CairoFonts.faces.withLock { $0.removeAll() } }
    }()
    /// Options by variation settings; no settings for static faces.
    private let madeOptions = Locked<[[FontVariation]: CairoFontOptions]>([:])

    private struct FaceKey: Hashable {
        var face: ObjectIdentifier
        var loadColor: Bool
    }

    package init() {}

    /// Outlines exactly as measured: no hinting of shapes or of advances, at the variable-font axis values
    /// `variations` (empty for a static face). Made on first use.
    package func options(variations: [FontVariation] = []) throws(CairoError) -> CairoFontOptions {
        try madeOptions.withLock { made throws(CairoError) in
            if let options = made[variations] { return options }
            // The `tag=value,…` text cairo reads is made once per setting, not per run drawn.
            let options = try CairoFontOptions(variations: variations.map(\.description).joined(separator: ","))
            made[variations] = options
            return options
        }
    }

    /// The cairo face for `fontFace`, made on first use. `loadColor` asks FreeType for colour glyphs (emoji).
    package func face(for fontFace: FontFace, loadColor: Bool = false) throws(CairoError) -> CairoFontFace {
        _ = Self.releasedAtExit
        return try Self.faces.withLock { faces throws(CairoError) in
            let key = FaceKey(face: ObjectIdentifier(fontFace), loadColor: loadColor)
            if let face = faces[key] { return face }
            let face = try CairoFontFace(fontFace, loadColor: loadColor)
            faces[key] = face
            return face
        }
    }
}

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
