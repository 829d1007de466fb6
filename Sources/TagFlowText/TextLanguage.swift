/// A text's language, as far as choosing fonts goes: Han characters are drawn in Japanese, Simplified Chinese,
/// Traditional Chinese or Korean shapes, and each has its own faces (Noto Sans CJK JP, SC, TC, HK, KR).
public struct TextLanguage: Hashable, Sendable {
    /// The language as fontconfig names it (`ja`, `zh-cn`, `zh-tw`, `zh-hk`, `ko`).
    public let fontconfigName: String
    /// Families drawn before a chain's fallback, in order, where installed: Noto's (fonts-noto-cjk), Adobe's same
    /// design under its own name, and Apple's, for fonts given from a Mac.
    public let preferredFamilies: [String]

    /// The language of a BCP 47 tag (`ja`, `ja-JP`, `zh-Hans`, `zh-Hant-TW`, `zh-HK`, `ko`); `nil` for a language
    /// whose Han characters need no faces of their own, or none.
    public init?(_ tag: String) {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first else { return nil }
        switch language {
        case "ja": self.init("ja", region: "JP", apple: ["Hiragino Sans"])
        case "ko": self.init("ko", region: "KR", apple: ["Apple SD Gothic Neo"])
        case "zh":
            if parts.contains("hk") || parts.contains("mo") {
                self.init("zh-hk", region: "HK", apple: ["PingFang HK"])
            } else if parts.contains("hant") || parts.contains("tw") {
                self.init("zh-tw", region: "TC", apple: ["PingFang TC"])
            } else {
                self.init("zh-cn", region: "SC", apple: ["PingFang SC"])
            }
        default: return nil
        }
    }

    private init(_ name: String, region: String, apple: [String]) {
        fontconfigName = name
        preferredFamilies = ["Noto Sans CJK \(region)", "Source Han Sans \(region)"] + apple
    }
}
