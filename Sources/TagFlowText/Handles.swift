import CFontconfig
import CFreeType
import CHarfBuzz

// Each C object is owned by exactly one final class whose deinit releases it, so lifetimes follow Swift references.

/// Owns the FT_Library. Faces keep it alive, so FT_Done_FreeType always runs after their FT_Done_Face.
final class FreeTypeLibrary: Sendable {
    // FT_New_Face and FT_Done_Face edit the library's face list; the mutex serialises them even when a face is
    // released on a render thread while another thread loads one.
    private let library: Locked<FT_Library>

    init() throws(FontError) {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        guard error == 0, let lib else { throw .freeTypeInitFailed(error) }
        library = Locked(lib)
    }

    /// Opens face `index` of the file at `path`.
    func newFace(path: String, index: Int) throws(FontError) -> FT_Face {
        let result: (FT_Error, FT_Face?) = library.withLock { lib in
            var face: FT_Face?
            let error = FT_New_Face(lib, path, FT_Long(index), &face)
            return (error, face)
        }
        guard result.0 == 0, let face = result.1 else {
            throw .fontLoadFailed(path: path, index: index, code: result.0)
        }
        return face
    }

    func doneFace(_ face: FT_Face) {
        library.withLock { _ in _ = FT_Done_Face(face) }
    }

    deinit {
        library.withLock { _ = FT_Done_FreeType($0) }
    }
}

/// Owns an FcConfig loaded with the system configuration and fonts.
final class FontconfigConfig {
    let config: OpaquePointer

    init() throws(FontError) {
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigInitFailed }
        self.config = config
    }

    deinit { FcConfigDestroy(config) }
}

/// Owns an FcPattern.
final class FontconfigPattern {
    let pattern: OpaquePointer

    init(_ pattern: OpaquePointer) { self.pattern = pattern }

    deinit { FcPatternDestroy(pattern) }
}

/// Owns an FcFontSet; the patterns (and their charsets) it holds live as long as it does.
final class FontconfigFontSet {
    let set: UnsafeMutablePointer<FcFontSet>

    init(_ set: UnsafeMutablePointer<FcFontSet>) { self.set = set }

    /// The patterns in the set, borrowed.
    var patterns: [OpaquePointer] {
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return [] }
        return (0..<count).compactMap { fonts[$0] }
    }

    deinit { FcFontSetDestroy(set) }
}

/// Owns an FcObjectSet.
final class FontconfigObjectSet {
    let set: UnsafeMutablePointer<FcObjectSet>

    init(_ objects: [String]) {
        set = FcObjectSetCreate()
        for object in objects { _ = FcObjectSetAdd(set, object) }
    }

    deinit { FcObjectSetDestroy(set) }
}

/// Owns the HarfBuzz face and font for one font file face, scaled to font units.
///
/// HarfBuzz reads the file itself (a shared mmap) instead of going through the FT_Face, so shaping never touches
/// an FT_Face that cairo may be rasterising with on a render thread at the same time.
final class HarfBuzzFont {
    let face: OpaquePointer
    let font: OpaquePointer
    /// Units per em; glyph positions come out in these units and are scaled to points by the caller.
    let unitsPerEm: Int

    init(path: String, index: Int) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontLoadFailed(path: path, index: index, code: -1)
        }
        defer { hb_blob_destroy(blob) }  // the face holds its own reference
        face = hb_face_create(blob, UInt32(index))
        hb_face_make_immutable(face)
        font = hb_font_create(face)
        // OpenType metrics at a scale of one unit per font unit: no hinting, no rounding, exact GPOS values.
        hb_ot_font_set_funcs(font)
        let upem = Int(hb_face_get_upem(face))
        unitsPerEm = upem > 0 ? upem : 1000
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }
}

/// Owns a reusable HarfBuzz buffer.
final class HarfBuzzBuffer {
    let buffer: OpaquePointer

    init() { buffer = hb_buffer_create() }

    deinit { hb_buffer_destroy(buffer) }
}
