/// CLDR's cardinal plural categories for whole numbers, for the languages tagflow previews most; a language not
/// listed takes English's `one`/`other`. Source: the Unicode CLDR plural rules (plurals.xml), integer cases only.
enum PluralRules {
    static func category(of count: Int, language: String) -> String {
        let base = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
            ?? language
        let n = abs(count)
        let (mod10, mod100) = (n % 10, n % 100)
        switch base {
        case "ja", "zh", "ko", "vi", "th", "id", "ms", "yue":
            return "other"
        case "fr", "pt":
            return n <= 1 ? "one" : "other"
        case "ru", "uk", "be":
            if mod10 == 1 && mod100 != 11 { return "one" }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
            return "many"
        case "pl":
            if n == 1 { return "one" }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return "few" }
            return "many"
        case "cs", "sk":
            return n == 1 ? "one" : (2...4).contains(n) ? "few" : "other"
        case "ar":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...10).contains(mod100) { return "few" }
            if (11...99).contains(mod100) { return "many" }
            return "other"
        case "he":
            return n == 1 ? "one" : n == 2 ? "two" : "other"
        default:
            return n == 1 ? "one" : "other"
        }
    }
}
