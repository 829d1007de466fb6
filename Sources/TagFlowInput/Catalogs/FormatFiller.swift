import Foundation

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
