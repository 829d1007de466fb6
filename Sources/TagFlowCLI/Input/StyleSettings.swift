import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowText

/// The `style` object of a config file and the style flags: theme first, then the config, then the flags.
enum StyleSettings {
    static var keys: [String] {
        Style.colourKeys.map(\.key) + Style.numberKeys.map(\.key) + ["cornerRadius", "headerFontWeight", "theme"]
    }

    static let options: [OptionSpec] = [
        OptionSpec(["--theme"], value: "light|dark", help: "Colours: light is YLTagsChooser's.", default: "light"),
        OptionSpec(["--background"], value: "#RRGGBB", help: "Background colour; the config's style object sets every other colour."),
    ]

    static func style(config: ConfigFile, arguments: ParsedArguments) throws(InputError) -> Style {
        var theme = Style.Theme.light
        let reader = try config.style.map { value throws(InputError) in try JSONObjectReader(value, context: "\"style\"") }
        if let reader {
            try reader.rejectUnknownKeys(allowed: keys)
            if let value = reader["theme"] { theme = try LayoutInput.choice(Style.Theme.self, value.string("\"theme\""), flag: "\"theme\"", at: value.location)! }
        }
        if let text = arguments.value("--theme") { theme = try LayoutInput.choice(Style.Theme.self, text, flag: "--theme")! }
        var style = Style(theme: theme)
        if let reader {
            for (key, path) in Style.colourKeys {
                guard let value = reader[key] else { continue }
                style[keyPath: path] = try colour(value.string("\"\(key)\""), what: "\"\(key)\"", at: value.location)
            }
            for (key, path, minimum) in Style.numberKeys {
                guard let value = reader[key] else { continue }
                style[keyPath: path] = try number(value.number("\"\(key)\""), minimum: minimum, what: "\"\(key)\"", at: value.location)
            }
            if let value = reader["cornerRadius"] {
                if case .null = value.value {
                    style.cornerRadius = nil
                } else {
                    style.cornerRadius = try number(value.number("\"cornerRadius\""), minimum: 0, what: "\"cornerRadius\"", at: value.location)
                }
            }
            if let value = reader["headerFontWeight"] {
                style.headerFontWeight = try LayoutInput.choice(FontWeight.self, value.string("\"headerFontWeight\""),
                                                                flag: "\"headerFontWeight\"", at: value.location)!
            }
        }
        if let text = arguments.value("--background") { style.background = try colour(text, what: "--background", at: nil) }
        return style
    }

    private static func colour(_ text: String, what: String, at location: SourceSpan?) throws(InputError) -> Colour {
        guard let colour = Colour(hex: text) else {
            throw InputError("\(what) must be a colour like #ffb400 or #ffb40080, got '\(text)'", at: location)
        }
        return colour
    }

    private static func number(_ value: Double, minimum: Double, what: String, at location: SourceSpan?) throws(InputError) -> Double {
        guard value.isFinite, value >= minimum, value < 1e6 else {
            throw InputError("\(what) must be a number of at least \(formatPoints(minimum)), got \(formatPoints(value))", at: location)
        }
        return value
    }
}
