import Foundation
import TagFlowLayout

/// One layout option as a config key and a command-line flag: the one table both are read through.
struct LayoutSetting: Sendable {
    enum Kind: Sendable {
        case positive, nonNegative, count, text, insets, flag
        /// Any finite number, negative too.
        case number
        case choice([String])
        /// A positive number, or `auto`.
        case positiveOrAuto
    }

    enum Value: Sendable {
        case number(Double), text(String), insets(EdgeInsets), flag(Bool)
    }

    let key: String
    let kind: Kind
    let help: String
    let apply: @Sendable (inout LayoutOptions, Value) -> Void
    let current: @Sendable (LayoutOptions) -> String

    /// `--interitem-spacing` for `interitemSpacing`.
    var flag: String {
        "--" + key.reduce(into: "") { result, character in
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
    }

    init(_ key: String, _ kind: Kind, _ help: String, apply: @escaping @Sendable (inout LayoutOptions, Value) -> Void,
         current: @escaping @Sendable (LayoutOptions) -> String) {
        self.key = key
        self.kind = kind
        self.help = help
        self.apply = apply
        self.current = current
    }

    init<T>(_ key: String, _ keyPath: WritableKeyPath<LayoutOptions, T> & Sendable, _ kind: Kind, _ help: String) {
        self.key = key
        self.kind = kind
        self.help = help
        self.apply = { options, value in
            switch value {
            case let .number(number):
                if T.self == Int.self { options[keyPath: keyPath] = Int(number) as! T } else { options[keyPath: keyPath] = number as! T }
            case let .text(text):
                if let choice = T.self as? any RawRepresentable.Type, let made = choice.init(anyRawValue: text) {
                    options[keyPath: keyPath] = made as! T
                } else {
                    options[keyPath: keyPath] = text as! T
                }
            case let .insets(insets): options[keyPath: keyPath] = insets as! T
            case let .flag(flag): options[keyPath: keyPath] = flag as! T
            }
        }
        self.current = { options in
            let value = options[keyPath: keyPath]
            switch value {
            case let number as Double: return formatPoints(number)
            case let insets as EdgeInsets: return [insets.top, insets.left, insets.bottom, insets.right].map(formatPoints).joined(separator: ",")
            case let choice as any RawRepresentable: return "\(choice.rawValue)"
            default: return "\(value)"
            }
        }
    }

    /// Every layout option, in the order help lists them. Defaults come from ``LayoutOptions``.
    static let all: [LayoutSetting] = [
        LayoutSetting("width", \.width, .positive, "Viewport width."),
        LayoutSetting("height", \.height, .positive, "Viewport height."),
        LayoutSetting("font", \.font, .text, "Font family, resolved by fontconfig."),
        LayoutSetting("fontSize", \.fontSize, .positive, "Font size in points."),
        LayoutSetting("fontVariations", \.fontVariations, .text, "Variable-font axes, e.g. 'wght=590'; opsz follows the size unless set."),
        LayoutSetting("tracking", \.tracking, .number, "Extra space after every character in points, as NSAttributedString's kern."),
        LayoutSetting("contentSize", \.contentSize, .choice(choices(ContentSizeCategory.self)),
                      "Dynamic Type text size: the tag font scales as UIFontMetrics(forTextStyle: .body) scales a custom size."),
        LayoutSetting("legibilityWeight", \.legibilityWeight, .choice(choices(LegibilityWeight.self)),
                      "Bold Text: bold draws and measures every text a step heavier, as UIKit its system fonts: regular as semibold, bold as heavy."),
        LayoutSetting("textWidth", \.textRounding, .choice(choices(TextRounding.self)),
                      "How text widths round: exact (boundingRect), ceil (whole points) or pixel (whole device pixels, as sizeToFit)."),
        LayoutSetting("itemHeight", .positiveOrAuto, "Height of every tag, or auto: the text's line height plus the vertical padding.",
                      apply: { options, value in
                          switch value {
                          case let .number(height): options.itemHeight = height; options.itemHeightFitsText = false
                          default: options.itemHeightFitsText = true
                          }
                      },
                      current: { $0.itemHeightFitsText ? "auto" : formatPoints($0.itemHeight) }),
        LayoutSetting("verticalPadding", \.verticalPadding, .nonNegative, "Space above and below the text when itemHeight is auto."),
        LayoutSetting("padding", \.padding, .nonNegative, "Space on each side of a tag's text."),
        LayoutSetting("interitemSpacing", \.interitemSpacing, .nonNegative, "Space between tags on a line."),
        LayoutSetting("lineSpacing", \.lineSpacing, .nonNegative, "Space between lines."),
        LayoutSetting("sectionInset", \.sectionInset, .insets, "Insets around each section's tags."),
        LayoutSetting("contentInset", \.contentInset, .insets, "Insets around the content, as in UIScrollView."),
        LayoutSetting("headerHeight", \.headerHeight, .nonNegative, "Height of a titled section's header; its width when scrolling horizontally."),
        LayoutSetting("footerHeight", \.footerHeight, .nonNegative, "Height of a section footer; its width when scrolling horizontally."),
        LayoutSetting("alignment", \.alignment, .choice(choices(Alignment.self)), "How lines align."),
        LayoutSetting("direction", \.direction, .choice(choices(Direction.self)), "Reading direction."),
        LayoutSetting("maxLines", \.maxLines, .count, "Lines per section, 0 for no limit; the rest are hidden."),
        LayoutSetting("moreTag", \.moreTag, .text,
                      "With maxLines, a last tag counting a section's hidden tags, %d being the count, e.g. '+%d'; none by default."),
        LayoutSetting("truncation", \.truncation, .choice(choices(Truncation.self)), "Where the ellipsis goes in a tag too wide for a line."),
        LayoutSetting("maxSelection", \.maxSelection, .count, "Most tags selectable at once, 0 for no limit."),
        LayoutSetting("pinHeaders", \.pinHeaders, .flag, "Pin section headers to the top (the leading edge, scrolling horizontally) while scrolling."),
        LayoutSetting("scrollDirection", \.scrollDirection, .choice(choices(ScrollDirection.self)),
                      "vertical: lines wrap at the width; horizontal: each section fills --rows rows and the content grows right."),
        LayoutSetting("rows", \.rows, .count, "Rows per section when scrolling horizontally, filled in balance."),
    ]

    /// How the value reads from the command line: through the shared parsers, so a flag and every other option
    /// reading a number fail alike.
    var parser: ValueParser<Value> {
        func wrap<T>(_ parser: ValueParser<T>, _ value: @escaping (T) -> Value) -> ValueParser<Value> {
            ValueParser(valueName: parser.valueName, completion: parser.completion,
                        parse: { text throws(ValueError) in value(try parser.parse(text)) }, describe: { _ in "" })
        }
        switch kind {
        case .positive: return wrap(.number(.positive), Value.number)
        case .number: return wrap(.number(.any), Value.number)
        case .positiveOrAuto:
            let number = ValueParser<Double>.number(.positive)
            // Any case, as the other named choices are read.
            return ValueParser(valueName: "PT|auto", completion: .none, parse: { text throws(ValueError) in
                if text.lowercased() == "auto" { return .text("auto") }
                guard Double(text) != nil else { throw .notAChoice(text, choices: ["auto", "a number of points"]) }
                return .number(try number.parse(text))
            }, describe: { _ in "" })
        case .nonNegative: return wrap(.number(.nonNegative), Value.number)
        case .count: return wrap(.number(.count, valueName: "N"), Value.number)
        case .text: return wrap(.text(key == "font" ? "FAMILY" : "TEXT"), Value.text)
        case .insets: return wrap(.insets, Value.insets)
        case .flag: return ValueParser(valueName: "", parse: { _ in .flag(true) }, describe: { _ in "" })
        case let .choice(names):
            return ValueParser(valueName: names.joined(separator: "|"), completion: .choices(names), parse: { text throws(ValueError) in
                guard let name = chosenName(text, in: names) else { throw .notAChoice(text, choices: names) }
                return .text(name)
            }, describe: { _ in "" })
        }
    }

    /// This setting's flag, its default shown from ``LayoutOptions``; `store` keeps the value read.
    func argument<Root>(keyPath: AnyKeyPath, store: @escaping (inout Root, LayoutSetting, Value) -> Void) -> Argument<Root> {
        let parser = self.parser
        let setting = self
        let isFlag = if case .flag = kind { true } else { false }
        return Argument(kind: isFlag ? .flag : .option, names: [flag], help: help, valueName: isFlag ? nil : parser.valueName,
                        defaultDescription: [current(LayoutOptions())].first { !$0.isEmpty }, completion: parser.completion, keyPath: keyPath,
                        apply: { root, text throws(ValueError) in store(&root, setting, try parser.parse(text ?? "")) })
    }

    /// Reads a value written in a config file.
    func value(fromJSON json: Located<JSONValue>) throws(InputError) -> Value {
        let what = "\"\(key)\""
        switch kind {
        case .positive, .nonNegative, .count, .number:
            return .number(try checked(json.number(what), what: what, at: json.location))
        case .positiveOrAuto:
            if case let .string(text) = json.value, text.lowercased() == "auto" { return .text("auto") }
            if case .string = json.value { throw json.mismatch(what, expected: "a number or \"auto\"") }
            return .number(try checked(json.number(what), what: what, at: json.location))
        case .text:
            let text = try json.string(what)
            guard !text.isEmpty else { throw .emptyValue(key: what, at: json.location) }
            return .text(text)
        case .insets:
            if case let .number(all) = json.value { return .insets(EdgeInsets(all: try checked(all, what: what, at: json.location))) }
            if case .object = json.value {
                let reader = try JSONObjectReader(json, context: what)
                try reader.rejectUnknownKeys(allowed: ["top", "left", "bottom", "right"])
                var sides = [Double]()
                for side in ["top", "left", "bottom", "right"] {
                    sides.append(try reader[side].map { value throws(InputError) in try checked(value.number(side), what: "\(what).\(side)", at: value.location) } ?? 0)
                }
                return .insets(EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3]))
            }
            guard case .array = json.value else { throw json.mismatch(what, expected: "a number, [top, left, bottom, right] or {\"top\": …}") }
            let elements = try json.array(what)
            guard elements.count == 4 else {
                throw .wrongCount(key: what, expected: 4, found: elements.count, at: json.location)
            }
            var numbers = [Double]()
            for element in elements { numbers.append(try checked(element.number(what), what: what, at: element.location)) }
            return .insets(EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
        case .flag:
            return .flag(try json.bool(what))
        case let .choice(names):
            let text = try json.string(what)
            guard let name = chosenName(text, in: names) else { throw .value(.notAChoice(text, choices: names), key: what, at: json.location) }
            return .text(name)
        }
    }

    /// The rule this setting's numbers follow; insets are never negative.
    private var rule: NumberRule {
        switch kind {
        case .positive, .positiveOrAuto: .positive
        case .count: .count
        case .number: .any
        default: .nonNegative
        }
    }

    private func checked(_ number: Double, what: String, at location: SourceSpan?) throws(InputError) -> Double {
        do { return try rule.check(number) } catch { throw .value(error, key: what, at: location) }
    }

    /// The names of an enum's cases, for a `.choice` setting.
    static func choices<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [String] where T.RawValue == String {
        T.allCases.map(\.rawValue)
    }
}

private extension RawRepresentable {
    init?(anyRawValue text: String) {
        guard let raw = text as? RawValue else { return nil }
        self.init(rawValue: raw)
    }
}
