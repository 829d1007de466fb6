/// The script bucket of `scalar` and the Debian packages that would draw it: CJK → fonts-noto-cjk or
/// fonts-wqy-zenhei, but the ideographs of CJK Extensions B to F (U+20000–U+2EBEF), which neither has,
/// → fonts-hanazono, and the other ideographs past the first plane (Extensions G to I, compatibility
/// ideographs), none; emoji → fonts-noto-color-emoji; anything else → fonts-noto-core.
public func missingFontSuggestion(for scalar: Unicode.Scalar) -> MissingFontSuggestion {
    let script = TextScript(of: scalar.value)
    let bucket: ScriptBucket
    if scalar.properties.isEmojiPresentation || (scalar.value > 0x7F && scalar.properties.isEmoji && script.isNeutral
        && scalar.value >= 0x1F000) {
        bucket = .emoji
    } else if [.han, .hiragana, .katakana, .hangul, .bopomofo].contains(script) || isCJKPunctuation(scalar.value) {
        bucket = .cjk
    } else {
        bucket = .other
    }
    let packages: [String] = switch bucket {
    case .cjk where (0x20000...0x2EBEF).contains(scalar.value): ["fonts-hanazono"]
    case .cjk where scalar.value >= 0x20000: []
    case .cjk: ["fonts-noto-cjk", "fonts-wqy-zenhei"]
    case .emoji: ["fonts-noto-color-emoji"]
    case .other: ["fonts-noto-core"]
    }
    return MissingFontSuggestion(scalar: scalar.value, bucket: bucket, script: script.code, packages: packages)
}

/// CJK symbols and punctuation, CJK compatibility forms, and full- and half-width forms, which are script Common.
private func isCJKPunctuation(_ value: UInt32) -> Bool {
    (0x3000...0x303F).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFFEF).contains(value)
        || (0x3200...0x33FF).contains(value)
}
