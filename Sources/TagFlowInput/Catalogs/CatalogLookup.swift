import Foundation
import TagFlowLayout

/// What the strings of a catalog are looked up with: the language, and the values that fill plurals and format
/// specifiers.
public struct CatalogSettings: Hashable, Sendable {
    /// The language, as `--locale` gives it; `nil` for the catalog's source language.
    public var locale: String?
    /// The number plural variations are chosen by, and whole-number specifiers show; `nil` takes `other` and 3.
    public var count: Int?
    /// The values of the format arguments, the first for `%@` or `%1$@` and so on; a missing one takes a sample.
    public var arguments: [String] = []
    /// The device variation to use: `iphone`, `ipad`, `mac`…, else `other`.
    public var deviceClass = "iphone"

    public init(locale: String? = nil, count: Int? = nil, arguments: [String] = []) {
        self.locale = locale
        self.count = count
        self.arguments = arguments
    }

    /// What a string argument shows when none is given.
    public static let sampleText = "Alex"
    /// What a whole-number argument shows when no count or value is given.
    public static let sampleNumber = 3
}

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

/// Fills printf-style specifiers as Foundation's `String(format:)` would with the sample values: `%@`, `%d`,
/// `%lld`, `%1$@`, `%.1f`, and `%%` for a percent sign.
enum FormatFiller {
    static func fill(_ text: String, settings: CatalogSettings) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var rest = text[...]
        var next = 1
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let spec = specifier(in: rest[rest.index(after: percent)...])
            guard let spec else { result.append("%"); rest = rest[rest.index(after: percent)...]; continue }
            if spec.conversion == "%" {
                result.append("%")
            } else {
                let number = spec.position ?? next
                if spec.position == nil { next += 1 }
                result += argument(number, specifier: spec.text, settings: settings)
            }
            rest = rest[spec.end...]
        }
        return result + rest
    }

    /// Argument `number` (from 1) formatted for a specifier without its `%` (`lld`, `@`, `.1f`, `1$@`).
    static func argument(_ number: Int, specifier: String, settings: CatalogSettings) -> String {
        let conversion = specifier.last ?? "@"
        let given = settings.arguments.indices.contains(number - 1) ? settings.arguments[number - 1] : nil
        switch conversion {
        case "d", "i", "u", "D", "U", "x", "X", "o", "O":
            return given ?? String(settings.count ?? CatalogSettings.sampleNumber)
        case "f", "F", "e", "E", "g", "G":
            let value = given.flatMap(Double.init) ?? Double(settings.count ?? CatalogSettings.sampleNumber)
            let precision = specifier.split(separator: ".").last.flatMap { Int($0.filter(\.isNumber)) } ?? 6
            return String(format: "%.\(specifier.contains(".") ? precision : 6)f", value)
        default:
            return given ?? CatalogSettings.sampleText
        }
    }

    private struct Specifier {
        var text: String
        var position: Int?
        var conversion: Character
        var end: Substring.Index
    }

    /// The specifier after a `%`: an optional `N$`, flags, width, precision, length and conversion.
    private static func specifier(in text: Substring) -> Specifier? {
        var index = text.startIndex
        var position: Int?
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, text.dropFirst(digits.count).first == "$" {
            position = Int(digits)
            index = text.index(index, offsetBy: digits.count + 1)
        }
        let body = text[index...]
        let conversions: Set<Character> = ["@", "d", "i", "u", "D", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g",
                                           "G", "c", "C", "s", "S", "p", "%"]
        let allowed: Set<Character> = ["-", "+", " ", "0", "#", ".", "l", "h", "q", "z", "t", "j", "L"]
        var end = body.startIndex
        while end < body.endIndex, allowed.contains(body[end]) || body[end].isASCII && body[end].isNumber {
            end = body.index(after: end)
        }
        guard end < body.endIndex, conversions.contains(body[end]) else { return nil }
        let after = body.index(after: end)
        return Specifier(text: String(body[..<after]), position: position, conversion: body[end], end: after)
    }
}
