import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowText

/// The `style` object of a config file and the style flags: theme first, then the config, then the flags.
package struct StyleSettings {
    package init() {}

    /// The theme when neither a flag nor the config names one: YLTagsChooser's.
    package static let defaultTheme = Style.Theme.light

    package var theme: Style.Theme?
    package var background: Colour?

    package static var keys: [String] {
        Style.colourKeys.map(\.key) + Style.numberKeys.map(\.key) + ["cornerRadius", "headerFontWeight", "theme"]
    }

    package func style(config: ConfigFile) throws(InputError) -> Style {
        var theme = Self.defaultTheme
        let reader = try config.style.map { value throws(InputError) in
            try JSONObjectReader(value, context: "\"style\"")
        }
        if let reader {
            try reader.rejectUnknownKeys(allowed: Self.keys)
            if let value = reader["theme"] { theme = try choice(Style.Theme.self, value, key: "\"theme\"") }
        }
        if let flag = self.theme { theme = flag }
        var style = Style(theme: theme)
        if let reader {
            for (key, path) in Style.colourKeys {
                guard let value = reader[key] else { continue }
                style[keyPath: path] = try Self.colour(value.string("\"\(key)\""), what: "\"\(key)\"",
                                                       at: value.location)
            }
            for (key, path, range) in Style.numberKeys {
                guard let value = reader[key] else { continue }
                style[keyPath: path] = try Self.number(value.number("\"\(key)\""), in: range, what: "\"\(key)\"",
                                                       at: value.location)
            }
            if let value = reader["cornerRadius"] {
                if case .null = value.value {
                    style.cornerRadius = nil
                } else {
                    style.cornerRadius = try Self.number(value.number("\"cornerRadius\""), in: 0...1000,
                                                         what: "\"cornerRadius\"", at: value.location)
                }
            }
            if let value = reader["headerFontWeight"] {
                style.headerFontWeight = try choice(FontWeight.self, value, key: "\"headerFontWeight\"")
            }
        }
        if let background { style.background = background }
        return style
    }

    private static func colour(_ text: String, what: String, at location: SourceSpan?) throws(InputError) -> Colour {
        guard let colour = Colour(hex: text) else { throw .value(.notAColour(text), key: what, at: location) }
        return colour
    }

    private static func number(_ value: Double, in range: ClosedRange<Double>, what: String,
                               at location: SourceSpan?) throws(InputError) -> Double {
        guard range.contains(value) else {
            let allowed = "a number from \(formatPoints(range.lowerBound)) to \(formatPoints(range.upperBound))"
            throw .numberOutOfRange(key: what, value: value, allowed: allowed, at: location)
        }
        return value
    }
}

/// A config value naming one of an enum's cases.
package func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ json: Located<JSONValue>,
                                                        key: String) throws(InputError) -> T
where T.RawValue == String {
    let text = try json.string(key)
    guard let value: T = chosenCase(text) else {
        throw .value(.notAChoice(text, choices: T.allCases.map(\.rawValue)), key: key, at: json.location)
    }
    return value
}
