import Foundation
import TagFlowLayout

/// One layout option as a config key and a command-line flag: the one table both are read through.
struct LayoutSetting: Sendable {
    enum Kind: Sendable {
        case positive, nonNegative, count, text, insets, flag
        case choice([String])
    }

    enum Value {
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

    var valueName: String? {
        switch kind {
        case .positive, .nonNegative: "PT"
        case .count: "N"
        case .text: "NAME"
        case .insets: "T,L,B,R"
        case .flag: nil
        case let .choice(names): names.joined(separator: "|")
        }
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
        LayoutSetting("itemHeight", \.itemHeight, .positive, "Height of every tag."),
        LayoutSetting("padding", \.padding, .nonNegative, "Space on each side of a tag's text."),
        LayoutSetting("interitemSpacing", \.interitemSpacing, .nonNegative, "Space between tags on a line."),
        LayoutSetting("lineSpacing", \.lineSpacing, .nonNegative, "Space between lines."),
        LayoutSetting("sectionInset", \.sectionInset, .insets, "Insets around each section's tags."),
        LayoutSetting("contentInset", \.contentInset, .insets, "Insets around the content, as in UIScrollView."),
        LayoutSetting("headerHeight", \.headerHeight, .nonNegative, "Height of a titled section's header."),
        LayoutSetting("footerHeight", \.footerHeight, .nonNegative, "Height of a section footer."),
        LayoutSetting("alignment", \.alignment, .choice(Alignment.allCases.map(\.rawValue)), "How lines align."),
        LayoutSetting("direction", \.direction, .choice(Direction.allCases.map(\.rawValue)), "Reading direction."),
        LayoutSetting("maxLines", \.maxLines, .count, "Lines per section, 0 for no limit; the rest are hidden."),
        LayoutSetting("truncation", \.truncation, .choice(Truncation.allCases.map(\.rawValue)), "Where the ellipsis goes in a tag too wide for a line."),
        LayoutSetting("maxSelection", \.maxSelection, .count, "Most tags selectable at once, 0 for no limit."),
        LayoutSetting("pinHeaders", \.pinHeaders, .flag, "Pin section headers to the top while scrolling."),
    ]

    /// Reads a value written on the command line.
    func value(fromArgument text: String, flag: String) throws(InputError) -> Value {
        switch kind {
        case .positive, .nonNegative, .count:
            return .number(try checkedNumber(parseNumber(text, flag: flag), what: flag, at: nil))
        case .text:
            guard !text.isEmpty else { throw InputError("\(flag) needs a value") }
            return .text(text)
        case .insets:
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 4 || parts.count == 1 else {
                throw InputError("\(flag) takes four numbers T,L,B,R (or one for all sides), got '\(text)'", hint: "for example \(flag) 10,10,10,10")
            }
            var numbers = [Double]()
            for part in parts { numbers.append(try checkedNumber(parseNumber(part, flag: flag), what: flag, at: nil)) }
            return .insets(parts.count == 1 ? EdgeInsets(all: numbers[0])
                                            : EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
        case .flag:
            return .flag(true)
        case let .choice(names):
            return .text(try checkedChoice(text, names: names, what: flag, at: nil))
        }
    }

    /// Reads a value written in a config file.
    func value(fromJSON json: Located<JSONValue>) throws(InputError) -> Value {
        let what = "\"\(key)\""
        switch kind {
        case .positive, .nonNegative, .count:
            return .number(try checkedNumber(json.number(what), what: what, at: json.location))
        case .text:
            let text = try json.string(what)
            guard !text.isEmpty else { throw InputError("\(what) is empty", at: json.location) }
            return .text(text)
        case .insets:
            if case let .number(all) = json.value { return .insets(EdgeInsets(all: try checkedNumber(all, what: what, at: json.location))) }
            if case let .object(members) = json.value {
                let reader = try JSONObjectReader(json, context: what)
                try reader.rejectUnknownKeys(allowed: ["top", "left", "bottom", "right"])
                var sides = [Double]()
                for side in ["top", "left", "bottom", "right"] {
                    sides.append(try reader[side].map { value throws(InputError) in try checkedNumber(value.number(side), what: "\(what).\(side)", at: value.location) } ?? 0)
                }
                _ = members
                return .insets(EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3]))
            }
            let elements = try json.array(what)
            guard elements.count == 4 else {
                throw InputError("expected \(what) to hold four numbers [top, left, bottom, right], found \(elements.count)", at: json.location)
            }
            var numbers = [Double]()
            for element in elements { numbers.append(try checkedNumber(element.number(what), what: what, at: element.location)) }
            return .insets(EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
        case .flag:
            return .flag(try json.bool(what))
        case let .choice(names):
            return .text(try checkedChoice(json.string(what), names: names, what: what, at: json.location))
        }
    }

    private func parseNumber(_ text: String, flag: String) throws(InputError) -> Double {
        guard let number = Double(text), !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
            throw InputError("\(flag) expects a number, got '\(text)'", hint: "write a plain number of points, such as \(flag) 12.5")
        }
        return number
    }

    private func checkedNumber(_ number: Double, what: String, at location: SourceSpan?) throws(InputError) -> Double {
        guard number.isFinite, abs(number) < 1e9 else {
            throw InputError("\(what) must be a finite number below 1e9, got \(number)", at: location)
        }
        switch kind {
        case .positive where number <= 0:
            throw InputError("\(what) must be greater than 0, got \(formatPoints(number))", at: location)
        case .nonNegative where number < 0, .insets where number < 0:
            throw InputError("\(what) must not be negative, got \(formatPoints(number))", at: location)
        case .count where number < 0 || number != number.rounded():
            throw InputError("\(what) must be a whole number of at least 0, got \(formatPoints(number))", at: location)
        default:
            return number
        }
    }

    private func checkedChoice(_ text: String, names: [String], what: String, at location: SourceSpan?) throws(InputError) -> String {
        guard names.contains(text) else { throw invalidChoice(text, names: names, what: what, at: location) }
        return text
    }
}

private extension RawRepresentable {
    init?(anyRawValue text: String) {
        guard let raw = text as? RawValue else { return nil }
        self.init(rawValue: raw)
    }
}
