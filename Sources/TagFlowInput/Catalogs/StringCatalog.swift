import TagFlowLayout

/// Localized strings by key, read from an Xcode String Catalog (`.xcstrings`) or from `.strings` files in `*.lproj`
/// folders: what tags files and tags JSON name with `@key` and `"key"`.
public struct StringCatalog: Sendable {
    /// The language the strings are written in, whose values stand in for missing translations.
    public var sourceLanguage: String
    /// The keys in the order the catalog lists them.
    public var keys: [String] = []
    public var entries: [String: Entry] = [:]
    /// What errors call the catalog: its path.
    public var name: String

    public init(sourceLanguage: String, name: String) {
        self.sourceLanguage = sourceLanguage
        self.name = name
    }

    /// One key's strings.
    public struct Entry: Sendable {
        /// `false` for a string shown as it is in every language (a brand name, a code).
        public var shouldTranslate = true
        public var localizations: [String: Localization] = [:]
        /// Where the key is written, for errors.
        public var location: SourceSpan?

        public init(location: SourceSpan?) { self.location = location }
    }

    /// A value in one language: a string unit, or variations by plural category or device, with substitutions.
    public struct Localization: Sendable {
        public var unit: StringUnit?
        /// By CLDR plural category: `zero`, `one`, `two`, `few`, `many`, `other`.
        public var plural: [String: Localization] = [:]
        /// By device: `iphone`, `ipad`, `mac`, `other`…
        public var device: [String: Localization] = [:]
        public var substitutions: [String: Substitution] = [:]

        public init(unit: StringUnit? = nil) { self.unit = unit }
    }

    public struct StringUnit: Sendable, Equatable {
        /// `translated`, `new`, `needs_review` or `stale`.
        public var state: String
        public var value: String

        public init(state: String, value: String) {
            self.state = state
            self.value = value
        }
    }

    /// A `%#@name@` part of a string: its own plural variations, for one argument.
    public struct Substitution: Sendable {
        /// The argument it formats, from 1; `nil` for the next one.
        public var argumentNumber: Int?
        /// The specifier without `%`: `lld`, `d`, `@`.
        public var formatSpecifier: String
        public var plural: [String: Localization] = [:]
    }

    /// Every language a key has a localization in, and the source language, sorted.
    public var languages: [String] {
        var all = Set([sourceLanguage])
        for entry in entries.values { all.formUnion(entry.localizations.keys) }
        return all.sorted()
    }

    /// The catalog's language that `locale` names: itself, else its language alone (`de` for `de-CH`); `nil` when
    /// the catalog has neither.
    public func language(matching locale: String) -> String? {
        let available = languages
        if let exact = available.first(where: { $0.lowercased() == locale.lowercased() }) { return exact }
        let normalized = locale.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = available.first(where: { $0.lowercased() == normalized }) { return exact }
        let base = normalized.split(separator: "-").first.map(String.init) ?? normalized
        return available.first { $0.lowercased() == base }
    }

    /// The keys matching a glob `pattern` (`*` any run of characters, `?` one), in the catalog's order.
    public func keys(matching pattern: String) -> [String] {
        keys.filter { globMatches(pattern[...], $0[...]) }
    }
}

/// Whether `text` matches a glob with `*` and `?`.
func globMatches(_ pattern: Substring, _ text: Substring) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case "*":
        let rest = pattern.dropFirst()
        var tail = text
        while true {
            if globMatches(rest, tail) { return true }
            guard !tail.isEmpty else { return false }
            tail = tail.dropFirst()
        }
    case "?": return !text.isEmpty && globMatches(pattern.dropFirst(), text.dropFirst())
    default: return text.first == first && globMatches(pattern.dropFirst(), text.dropFirst())
    }
}
