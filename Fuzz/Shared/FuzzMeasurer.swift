import TagFlowLayout

/// A stand-in for the HarfBuzz measurer: every scalar is 7 pt wide. Fuzz targets lay out what they parse with it,
/// so a parsed document or a set of options that the layout cannot handle shows up as a crash too, without the
/// font stack (fontconfig, FreeType and HarfBuzz are not built with the fuzzer's instrumentation).
struct FuzzMeasurer: TextMeasuring {
    func measure(_ text: String) -> TextMeasurement {
        TextMeasurement(width: Double(text.unicodeScalars.count) * 7, fonts: ["Fuzz"])
    }
}

/// A small document with a header, a footer, a preselected tag and a tag wide enough to be truncated.
let fuzzDocument = TagDocument(sections: [
    TagSection(title: "运动", footer: "最多选择 8 个", tags: [Tag("篮球", isSelected: true), Tag("足球"), Tag("AVATAR Ty. office")]),
    TagSection(tags: [Tag(String(repeating: "很长的标签", count: 40)), Tag("x")]),
])

/// Lays `document` out with `options` when they are valid, and runs a few queries over the result.
func layOut(_ document: TagDocument, options: LayoutOptions) {
    guard let layout = try? TagLayout(document: document, options: options, measurer: FuzzMeasurer()) else { return }
    _ = layout.tagsWithMissingGlyphs
    _ = layout.flow.elements(in: Rect(x: 0, y: -options.contentInset.top, width: options.width, height: options.height))
}
