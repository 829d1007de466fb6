/// A group of characters that one kind of font package draws.
public enum ScriptBucket: String, Sendable, Hashable, Codable, CaseIterable {
    /// Chinese, Japanese and Korean: Han, kana, Hangul, Bopomofo and their punctuation.
    case cjk
    /// Characters shown as colour emoji.
    case emoji
    /// Every other script.
    case other
}
