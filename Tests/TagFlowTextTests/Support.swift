import CFreeType
@testable import TagFlowText

/// The width `text` would have with each character's own advance and no shaping (no kerning, no ligatures),
/// straight from FreeType's unscaled advances.
func unshapedWidth(_ text: String, face: FontFace, size: Double) -> Double {
    face.withFTFace { ft in
        var units = 0
        for scalar in text.unicodeScalars {
            let glyph = FT_Get_Char_Index(ft, FT_ULong(scalar.value))
            let error = FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_NO_SCALE))
            precondition(error == 0, "FT_Load_Glyph failed")
            units += Int(ft.pointee.glyph.pointee.advance.x)  // design units with FT_LOAD_NO_SCALE
        }
        return Double(units) * size / Double(face.unitsPerEm)
    }
}

/// The glyph FreeType maps `scalar` to in `face` (0 when the face lacks it).
func glyphID(_ scalar: Unicode.Scalar, in face: FontFace) -> UInt32 {
    face.withFTFace { UInt32(FT_Get_Char_Index($0, FT_ULong(scalar.value))) }
}

/// Tag texts in many scripts, for cache and concurrency tests.
let sampleTags: [String] = {
    let base = [
        "篮球", "Remember me", "CodeNinja 3", "AVATAR Ty. office", "office ffi",
        "Hello Мир Γειά שלום مرحبا 你好", "Café", "e\u{301}", "שלום", "مرحبا", "Ελληνικά", "Москва",
        "日本語テキスト", "한국어", "👍 ok", "\u{1F9FF}",
    ]
    return base + (0..<200).map { "tag \($0) \(base[$0 % base.count])" }
}()
