import Foundation
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

/// The folder of the test fonts (Tests/TagFlowTextTests/Fonts), made by scripts/make-test-fonts.py.
let testFontsFolder: String = {
    let here = #filePath.split(separator: "/").dropLast()
    return "/" + (here + ["Fonts"]).joined(separator: "/")
}()

/// The path of the test font `name`.
func testFont(_ name: String) -> String { testFontsFolder + "/" + name }

/// The fontconfig configuration the tests run with: DejaVu, WenQuanYi Zen Hei and Noto Color Emoji only, so no
/// result depends on what else the machine has installed.
let testConfiguration: String = {
    let here = #filePath.split(separator: "/").dropLast(2)
    return "/" + (here + ["fontconfig", "fonts.conf"]).joined(separator: "/")
}()

/// Whether fonts-noto-color-emoji is installed; the Makefile installs it, and the emoji tests require it.
let notoColorEmojiInstalled = pathStatus("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf") == .file
let needsNotoColorEmoji = "needs fonts-noto-color-emoji (make test-deps installs it; or apt-get install -y fonts-noto-color-emoji)"

extension TextEngine {
    /// An engine on the tests' fontconfig configuration, with `files` and `directories` added by file.
    static func forTests(
        files: [String] = [], directories: [String] = [], cacheLimit: Int? = nil,
        caching: TextCaching = .shapedTexts, textsPerThread: Int = 25_000
    ) throws -> TextEngine {
        try TextEngine(
            cacheLimit: cacheLimit, caching: caching, textsPerThread: textsPerThread,
            fonts: FontSources(files: files, directories: directories, configurationFile: testConfiguration))
    }
}

/// `value` encoded as JSON and decoded again.
func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
}
