import CHarfBuzz

// Every HarfBuzz call TagFlowText makes. Each handle is owned by one final class whose deinit releases it; shaped
// glyphs are only lent to a closure, while the buffer that holds them is untouched.

/// A Unicode script, as HarfBuzz classifies characters and shapes runs.
struct TextScript: Hashable {
    fileprivate let raw: UInt32

    fileprivate init(_ script: hb_script_t) { raw = script.rawValue }

    static let common = TextScript(HB_SCRIPT_COMMON)
    static let latin = TextScript(HB_SCRIPT_LATIN)

    /// The script of `scalar` (Common for punctuation and digits, Inherited for combining marks). An ideograph
    /// newer than HarfBuzz's Unicode tables (CJK Extension I, Unicode 15.1, for Debian 12's HarfBuzz 6.0) is
    /// Han, as Swift's own, newer tables tell.
    init(of scalar: UInt32) {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
        if script == HB_SCRIPT_UNKNOWN, let unicode = Unicode.Scalar(scalar), unicode.properties.isUnifiedIdeograph {
            self.init(HB_SCRIPT_HAN)
        } else {
            self.init(script)
        }
    }

    /// Common, Inherited, Unknown or Invalid: a script that takes that of its neighbours.
    var isNeutral: Bool {
        raw == HB_SCRIPT_COMMON.rawValue || raw == HB_SCRIPT_INHERITED.rawValue
            || raw == HB_SCRIPT_UNKNOWN.rawValue || raw == HB_SCRIPT_INVALID.rawValue
    }

    /// The script of an ASCII byte: Latin for a letter, Common for anything else.
    init(ofASCII byte: UInt8) {
        self = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A ? .latin : .common
    }

    /// The ISO 15924 code, e.g. "Latn", "Hani", "Zyyy".
    var code: String { tagString(hb_script_to_iso15924_tag(hb_script_t(rawValue: raw))) }

    static let han = TextScript(HB_SCRIPT_HAN)
    static let hiragana = TextScript(HB_SCRIPT_HIRAGANA)
    static let katakana = TextScript(HB_SCRIPT_KATAKANA)
    static let hangul = TextScript(HB_SCRIPT_HANGUL)
    static let bopomofo = TextScript(HB_SCRIPT_BOPOMOFO)
}

/// The four characters of an OpenType tag, trailing blanks dropped.
func tagString(_ tag: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
    return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
}

/// One axis of a variable font.
struct VariationAxis: Equatable {
    let tag: UInt32
    let minimum: Double
    let maximum: Double
}

/// Owns an hb_face_t: one face of a font file, or of an sfnt rebuilt from its tables.
final class HarfBuzzFace {
    fileprivate let face: OpaquePointer
    /// Units per em; glyph positions come out in these units and are scaled to points by the caller.
    let unitsPerEm: Int
    /// The face's variation axes, in fvar order; empty for a static font.
    let axes: [VariationAxis]
    /// Whether the face has an AAT `trak` table, which HarfBuzz applies at the font's point size.
    let hasTrackingTable: Bool
    /// Whether the face has AAT `morx`, `mort` or `kerx` tables, which HarfBuzz runs as state machines.
    let hasStateMachineTables: Bool

    /// Reads face `index` of the file at `path` (HarfBuzz maps the file itself, sharing it with the system).
    convenience init(path: String, index: Int) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fontLoadFailed(path: path, index: index, code: -1)
        }
        defer { hb_blob_destroy(blob) }  // the face holds its own reference
        try self.init(blob: blob, index: index, path: path)
    }

    /// Builds an sfnt from `tables` (e.g. the ones FreeType unpacked from a WOFF2 file), as face 0.
    convenience init(tables: [(tag: UInt32, bytes: [UInt8])], path: String, index: Int) throws(FontError) {
        guard let builder = hb_face_builder_create() else { throw .fontLoadFailed(path: path, index: index, code: -1) }
        defer { hb_face_destroy(builder) }
        for table in tables {
            let added = table.bytes.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars -> hb_bool_t in
                    // The blob copies the bytes, so it does not borrow the array beyond this closure.
                    guard let blob = hb_blob_create_or_fail(chars.baseAddress, UInt32(chars.count),
                                                            HB_MEMORY_MODE_DUPLICATE, nil, nil) else { return 0 }
                    defer { hb_blob_destroy(blob) }
                    return hb_face_builder_add_table(builder, table.tag, blob)
                }
            }
            guard added != 0 else { throw .fontLoadFailed(path: path, index: index, code: -1) }
        }
        guard let blob = hb_face_reference_blob(builder) else {
            throw .fontLoadFailed(path: path, index: index, code: -1)
        }
        defer { hb_blob_destroy(blob) }
        try self.init(blob: blob, index: 0, path: path)
    }

    private init(blob: OpaquePointer, index: Int, path: String) throws(FontError) {
        // hb_face_create never fails; a file it cannot read gives the empty face, with no glyphs.
        let face = hb_face_create(blob, UInt32(index))!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw .fontLoadFailed(path: path, index: index, code: -1)
        }
        hb_face_make_immutable(face)
        self.face = face
        let upem = Int(hb_face_get_upem(face))
        unitsPerEm = upem > 0 ? upem : 1000
        var count = hb_ot_var_get_axis_count(face)
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        axes = infos.prefix(Int(count)).map {
            VariationAxis(tag: $0.tag, minimum: Double($0.min_value), maximum: Double($0.max_value))
        }
        func hasTable(_ tag: UInt32) -> Bool {
            let table = hb_face_reference_table(face, tag)  // the empty blob when absent
            defer { hb_blob_destroy(table) }
            return hb_blob_get_length(table) > 0
        }
        // hb-aat.h is outside the module map; a non-empty table is what hb_aat_layout_has_tracking checks first.
        hasTrackingTable = hasTable(0x7472_616B)  // 'trak'
        hasStateMachineTables = hasTable(0x6D6F_7278) || hasTable(0x6D6F_7274)
            || hasTable(0x6B65_7278)  // morx, mort, kerx
    }

    deinit { hb_face_destroy(face) }

    /// Name-table entry `id` in English (HarfBuzz's default), e.g. 5 for the version string; nil when absent.
    func name(_ id: UInt32) -> String? {
        var size: UInt32 = 0
        let length = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), nil, &size, nil)
        guard length > 0 else { return nil }
        var bytes = [CChar](repeating: 0, count: Int(length) + 1)
        size = UInt32(bytes.count)
        _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), nil, &size, &bytes)
        return String(decoding: bytes.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Owns an hb_font_t over a face, scaled to font units, at some variation coordinates and point size.
final class HarfBuzzFont {
    fileprivate let font: OpaquePointer
    let face: HarfBuzzFace

    /// `coordinates`: axis tag and value pairs (unset axes stay at their defaults). `pointSize`: the size HarfBuzz
    /// uses for `trak` tracking (as CoreText does); nil leaves it unset, and HarfBuzz then tracks as at 12 pt.
    init(face: HarfBuzzFace, coordinates: [(tag: UInt32, value: Double)] = [], pointSize: Double? = nil) {
        // hb_font_create never fails; on allocation failure it returns the inert empty font.
        font = hb_font_create(face.face)!
        self.face = face
        // OpenType metrics at a scale of one unit per font unit: no hinting, no rounding, exact GPOS values.
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(face.unitsPerEm), Int32(face.unitsPerEm))
        if !coordinates.isEmpty {
            let variations = coordinates.map { hb_variation_t(tag: $0.tag, value: Float($0.value)) }
            hb_font_set_variations(font, variations, UInt32(variations.count))
        }
        if let pointSize { hb_font_set_ptem(font, Float(pointSize)) }
        hb_font_make_immutable(font)
    }

    deinit { hb_font_destroy(font) }

    /// Whether the font maps `scalar` to a glyph of its own.
    func hasGlyph(for scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 && glyph != 0
    }

    /// The contours of `glyph` in font units, y up, at the font's variation coordinates; none for a glyph with no
    /// outline (a space, a bitmap).
    func outline(of glyph: UInt32) -> OutlinePoints {
        let drawing = OutlineDrawing()
        withExtendedLifetime(drawing) {
            hb_font_get_glyph_shape(font, glyph, OutlineDrawing.functions, Unmanaged.passUnretained(drawing).toOpaque())
        }
        drawing.points.closeContour()
        return drawing.points
    }
}

/// Collects what HarfBuzz draws of a glyph into `OutlinePoints`.
private final class OutlineDrawing {
    var points = OutlinePoints()

    private static func drawing(_ data: UnsafeMutableRawPointer?) -> OutlineDrawing {
        Unmanaged<OutlineDrawing>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Made once and never changed: HarfBuzz's draw functions hold no state of their own. Released at exit, so that
    /// every HarfBuzz handle is (`make leaks`).
    nonisolated(unsafe) static let functions: OpaquePointer = {
        let functions = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(functions, { _, data, _, x, y, _ in
            let drawing = OutlineDrawing.drawing(data)
            drawing.points.closeContour()
            drawing.points.append(Double(x), Double(y), .on)
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(functions, { _, data, _, x, y, _ in
            OutlineDrawing.drawing(data).points.append(Double(x), Double(y), .on)
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(functions, { _, data, _, cx, cy, x, y, _ in
            let drawing = OutlineDrawing.drawing(data)
            drawing.points.append(Double(cx), Double(cy), .quadraticControl)
            drawing.points.append(Double(x), Double(y), .on)
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(functions, { _, data, _, x1, y1, x2, y2, x, y, _ in
            let drawing = OutlineDrawing.drawing(data)
            drawing.points.append(Double(x1), Double(y1), .cubicControl)
            drawing.points.append(Double(x2), Double(y2), .cubicControl)
            drawing.points.append(Double(x), Double(y), .on)
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(functions, { _, data, _, _ in
            OutlineDrawing.drawing(data).points.closeContour()
        }, nil, nil)
        hb_draw_funcs_make_immutable(functions)
        atexit { hb_draw_funcs_destroy(OutlineDrawing.functions) }
        return functions
    }()
}

/// The glyphs of one shaping call, lent to a closure; in visual order, positions in font units.
struct ShapedGlyphs {
    fileprivate let infos: UnsafeMutablePointer<hb_glyph_info_t>?
    fileprivate let positions: UnsafeMutablePointer<hb_glyph_position_t>?
    let count: Int

    func glyph(_ i: Int) -> UInt32 { infos![i].codepoint }
    /// The index (in the scalars given to `shape`) of the first scalar of the glyph's cluster.
    func cluster(_ i: Int) -> Int { Int(infos![i].cluster) }
    func xAdvance(_ i: Int) -> Int { Int(positions![i].x_advance) }
    /// Whether what comes before the glyph's cluster may change how the text from it on shapes, or the reverse;
    /// set only when shaping was asked to mark it.
    func isUnsafeToConcatenate(_ i: Int) -> Bool {
        infos![i].mask & HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue != 0
    }
    func xOffset(_ i: Int) -> Int { Int(positions![i].x_offset) }
    func yOffset(_ i: Int) -> Int { Int(positions![i].y_offset) }
}

/// Owns a reusable HarfBuzz buffer and shapes with it.
final class HarfBuzzShaper {
    private let buffer: OpaquePointer
    // A fixed language keeps shaping independent of the process locale (Chromium defaults to its UI locale, en-US).
    private let language = hb_language_from_string("en", -1)

    init() {
        // hb_buffer_create never fails; on allocation failure the buffer refuses content, checked in `shape`.
        buffer = hb_buffer_create()!
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `scalars[start..<end]` with `font` in `script`, right to left or not, the whole array as context (so
    /// Arabic joining and marks see across run boundaries), and lends the glyphs to `body`. With
    /// `markingUnsafeToConcatenate`, the glyphs say where the text could not be split and shaped in pieces
    /// (`isUnsafeToConcatenate`).
    func shape<R>(
        _ scalars: [UInt32], from start: Int, to end: Int, script: TextScript, rightToLeft: Bool, font: HarfBuzzFont,
        markingUnsafeToConcatenate: Bool = false, _ body: (ShapedGlyphs) -> R
    ) -> R {
        hb_buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer {
            hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32($0.count), UInt32(start), Int32(end - start))
        }
        precondition(hb_buffer_allocation_successful(buffer) != 0, "out of memory shaping \(end - start) characters")
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script.raw))
        hb_buffer_set_language(buffer, language)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if end == scalars.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        if markingUnsafeToConcatenate { flags |= HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.font, buffer, nil, 0)
        precondition(hb_buffer_allocation_successful(buffer) != 0, "out of memory shaping \(end - start) characters")

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        return body(ShapedGlyphs(infos: infos, positions: positions,
                                 count: infos == nil || positions == nil ? 0 : Int(count)))
    }
}
