import CCairo
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
