/// The languages written right to left.
public enum TextDirection {
    /// Arabic, Hebrew, Persian, Urdu, Pashto, Yiddish, Dhivehi, Sorani, Sindhi and Uyghur, by their BCP 47 codes.
    public static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb",
                                                           "sd", "ug"]

    /// Whether a BCP 47 tag's language (`ar`, `he-IL`) is written right to left.
    public static func isRightToLeft(_ tag: String) -> Bool {
        let language = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
        return language.map(rightToLeftLanguages.contains) ?? false
    }
}
