import Foundation
import TagFlowLayout

extension StringCatalog {
    /// One string looked up: its text, and, when it fell back to the source language, the state it had.
    public struct Lookup: Equatable, Sendable {
        public var text: String
        /// `new`, `needs_review`, or `missing` (no value in the language) when the source language's text stands in.
        public var fallbackState: String?
    }

    /// The string `key` in `language` (one of ``languages``), formatted with `settings`' values; `nil` for a key the
    /// catalog lacks. A key with no value in the source language is its own text, as Xcode shows it.
    public func lookup(_ key: String, language: String, settings: CatalogSettings) -> Lookup? {
        guard let entry = entries[key] else { return nil }
        let source = entry.localizations[sourceLanguage].flatMap { chosen($0, language: sourceLanguage,
                                                                            settings: settings) }
            ?? .init(text: key, fallbackState: nil)
        guard entry.shouldTranslate, language != sourceLanguage else { return source }
        guard let localization = entry.localizations[language],
              let translated = chosen(localization, language: language, settings: settings) else {
            return Lookup(text: source.text, fallbackState: "missing")
        }
        if let state = translated.fallbackState { return Lookup(text: source.text, fallbackState: state) }
        return translated
    }

    /// The text a localization gives, through its device and plural variations and substitutions; its fallback
    /// state is set when the unit is not translated.
    private func chosen(_ localization: Localization, language: String, settings: CatalogSettings) -> Lookup? {
        guard let unit = unit(of: localization, language: language, settings: settings) else { return nil }
        var text = unit.value
        for (name, substitution) in localization.substitutions {
            let variant = substitution.plural[category(language, settings)] ?? substitution.plural["other"]
            let part = variant.flatMap { self.unit(of: $0, language: language, settings: settings)?.value } ?? ""
            let argument = FormatFiller.argument(substitution.argumentNumber ?? 1,
                                                 specifier: substitution.formatSpecifier, settings: settings)
            text = text.replacingOccurrences(of: "%#@\(name)@", with: part.replacingOccurrences(of: "%arg",
                                                                                                 with: argument))
        }
        let state = ["translated", "stale"].contains(unit.state) ? nil : unit.state
        return Lookup(text: FormatFiller.fill(text, settings: settings), fallbackState: state)
    }

    private func unit(of localization: Localization, language: String, settings: CatalogSettings) -> StringUnit? {
        if !localization.device.isEmpty,
           let variant = localization.device[settings.deviceClass] ?? localization.device["other"] {
            return unit(of: variant, language: language, settings: settings)
        }
        if !localization.plural.isEmpty,
           let variant = localization.plural[category(language, settings)] ?? localization.plural["other"] {
            return unit(of: variant, language: language, settings: settings)
        }
        return localization.unit
    }

    private func category(_ language: String, _ settings: CatalogSettings) -> String {
        settings.count.map { PluralRules.category(of: $0, language: language) } ?? "other"
    }
}
