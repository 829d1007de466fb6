import Foundation
import TagFlowLayout

/// One layout option as a config key and a command-line flag: the one table both are read through.
package struct LayoutSetting: Sendable {
    package enum Kind: Sendable {
        case positive, nonNegative, count, text, insets, flag
        /// Any finite number, negative too.
        case number
        case choice([String])
        /// A positive number, or `auto`.
        case positiveOrAuto
    }

    package enum Value: Sendable {
        case number(Double), text(String), insets(EdgeInsets), flag(Bool)
    }

    package let key: LayoutOptionKey
    package let kind: Kind
    package let help: String
    package let apply: @Sendable (inout LayoutOptions, Value) -> Void
    package let current: @Sendable (LayoutOptions) -> String

    /// `--interitem-spacing` for `interitemSpacing`.
    package var flag: String { key.flag }

    package init(_ key: LayoutOptionKey, _ kind: Kind, _ help: String,
         apply: @escaping @Sendable (inout LayoutOptions, Value) -> Void,
         current: @escaping @Sendable (LayoutOptions) -> String) {
        self.key = key
        self.kind = kind
        self.help = help
        self.apply = apply
        self.current = current
    }

    /// A number of points: `.positive`, `.nonNegative` or `.number`.
    package init(_ key: LayoutOptionKey, _ keyPath: WritableKeyPath<LayoutOptions, Double> & Sendable, _ kind: Kind,
         _ help: String) {
        self.init(key, kind, help, apply: { options, value in
            if case let .number(number) = value { options[keyPath: keyPath] = number }
        }, current: { formatPoints($0[keyPath: keyPath]) })
    }

    /// A whole number: a `.count`.
    package init(_ key: LayoutOptionKey, _ keyPath: WritableKeyPath<LayoutOptions, Int> & Sendable, _ help: String) {
        self.init(key, .count, help, apply: { options, value in
            if case let .number(number) = value { options[keyPath: keyPath] = Int(number) }
        }, current: { "\($0[keyPath: keyPath])" })
    }

    /// Text: a `.text`.
    package init(_ key: LayoutOptionKey, _ keyPath: WritableKeyPath<LayoutOptions, String> & Sendable, _ help: String) {
        self.init(key, .text, help, apply: { options, value in
            if case let .text(text) = value { options[keyPath: keyPath] = text }
        }, current: { $0[keyPath: keyPath] })
    }

    /// One of an enum's cases: a `.choice` of their names.
    package init<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ key: LayoutOptionKey, _ keyPath: WritableKeyPath<LayoutOptions, Choice> & Sendable, _ help: String
    ) where Choice.RawValue == String {
        self.init(key, .choice(Choice.allCases.map(\.rawValue)), help, apply: { options, value in
            if case let .text(name) = value, let choice = Choice(rawValue: name) { options[keyPath: keyPath] = choice }
        }, current: { $0[keyPath: keyPath].rawValue })
    }

    /// Insets: an `.insets`.
    package init(_ key: LayoutOptionKey, _ keyPath: WritableKeyPath<LayoutOptions, EdgeInsets> & Sendable,
                 _ help: String) {
        self.init(key, .insets, help, apply: { options, value in
            if case let .insets(insets) = value { options[keyPath: keyPath] = insets }
        }, current: { options in
            let insets = options[keyPath: keyPath]
            return [insets.top, insets.left, insets.bottom, insets.right].map(formatPoints).joined(separator: ",")
        })
    }

    /// On or off: a `.flag`.
    package init(_ key: LayoutOptionKey, _ keyPath: WritableKeyPath<LayoutOptions, Bool> & Sendable, _ help: String) {
        self.init(key, .flag, help, apply: { options, value in
            if case let .flag(flag) = value { options[keyPath: keyPath] = flag }
        }, current: { "\($0[keyPath: keyPath])" })
    }

    /// Every layout option that a config key and a flag set, in ``LayoutOptionKey``'s order, which help lists.
    /// Defaults come from ``LayoutOptions``.
    package static let all: [LayoutSetting] = LayoutOptionKey.allCases.compactMap(setting)

    /// The setting of `key`; every key but `displayScale`, which a device sets, has one.
    package static func named(_ key: LayoutOptionKey) -> LayoutSetting {
        guard let setting = all.first(where: { $0.key == key }) else { preconditionFailure("\(key) has no setting") }
        return setting
    }

    /// How `key` is read and what its help says; nil for an option no key or flag sets.
    private static func setting(_ key: LayoutOptionKey) -> LayoutSetting? {
        switch key {
        case .width: LayoutSetting(key, \.width, .positive, "Viewport width.")
        case .height: LayoutSetting(key, \.height, .positive, "Viewport height.")
        case .font: LayoutSetting(key, \.font, "Font family, resolved by fontconfig.")
        case .fontSize: LayoutSetting(key, \.fontSize, .positive, "Font size in points.")
        case .fontVariations:
            LayoutSetting(key, \.fontVariations,
                          "Variable-font axes, e.g. 'wght=590'; opsz follows the size unless set.")
        case .tracking:
            LayoutSetting(key, \.tracking, .number,
                          "Extra space after every character in points, as NSAttributedString's kern.")
        case .contentSize:
            LayoutSetting(key, \.contentSize, "Dynamic Type text size: the tag font scales as "
                          + "UIFontMetrics(forTextStyle: .body) scales a custom size.")
        case .legibilityWeight:
            LayoutSetting(key, \.legibilityWeight, "Bold Text: bold draws and measures every text a step heavier, "
                          + "as UIKit its system fonts: regular as semibold, bold as heavy.")
        case .textWidth:
            LayoutSetting(key, \.textRounding, "How text widths round: exact (boundingRect), ceil (whole points) or "
                          + "pixel (whole device pixels, as sizeToFit).")
        case .itemHeight: itemHeightSetting
        case .verticalPadding:
            LayoutSetting(key, \.verticalPadding, .nonNegative,
                          "Space above and below the text when itemHeight is auto.")
        case .padding: LayoutSetting(key, \.padding, .nonNegative, "Space on each side of a tag's text.")
        case .interitemSpacing: LayoutSetting(key, \.interitemSpacing, .nonNegative, "Space between tags on a line.")
        case .lineSpacing: LayoutSetting(key, \.lineSpacing, .nonNegative, "Space between lines.")
        case .sectionInset: LayoutSetting(key, \.sectionInset, "Insets around each section's tags.")
        case .contentInset: LayoutSetting(key, \.contentInset, "Insets around the content, as in UIScrollView.")
        case .headerHeight:
            LayoutSetting(key, \.headerHeight, .nonNegative,
                          "Height of a titled section's header; its width when scrolling horizontally.")
        case .footerHeight:
            LayoutSetting(key, \.footerHeight, .nonNegative,
                          "Height of a section footer; its width when scrolling horizontally.")
        case .alignment: LayoutSetting(key, \.alignment, "How lines align.")
        case .direction: LayoutSetting(key, \.direction, "Reading direction.")
        case .maxLines: LayoutSetting(key, \.maxLines, "Lines per section, 0 for no limit; the rest are hidden.")
        case .moreTag:
            LayoutSetting(key, \.moreTag, "With maxLines, a last tag counting a section's hidden tags, %d being "
                          + "the count, e.g. '+%d'; none by default.")
        case .truncation: LayoutSetting(key, \.truncation, "Where the ellipsis goes in a tag too wide for a line.")
        case .maxSelection: LayoutSetting(key, \.maxSelection, "Most tags selectable at once, 0 for no limit.")
        case .pinHeaders:
            LayoutSetting(key, \.pinHeaders, "Pin section headers to the top (the leading edge, scrolling "
                          + "horizontally) while scrolling.")
        case .scrollDirection:
            LayoutSetting(key, \.scrollDirection, "vertical: lines wrap at the width; horizontal: each section "
                          + "fills --rows rows and the content grows right.")
        case .rows: LayoutSetting(key, \.rows, "Rows per section when scrolling horizontally, filled in balance.")
        case .displayScale: nil
        }
    }

    /// `itemHeight`: a number of points, or `auto` to fit the text.
    private static let itemHeightSetting = LayoutSetting(
        .itemHeight, .positiveOrAuto, "Height of every tag, or auto: the text's line height plus the vertical padding.",
        apply: { options, value in
            switch value {
            case let .number(height): options.itemHeight = height; options.itemHeightFitsText = false
            default: options.itemHeightFitsText = true
            }
        },
        current: { $0.itemHeightFitsText ? "auto" : formatPoints($0.itemHeight) })

    /// Reads a value written in a config file.
    package func value(fromJSON json: Located<JSONValue>) throws(InputError) -> Value {
        let what = "\"\(key.rawValue)\""
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
            do { return .text(try checkedText(text)) } catch { throw .value(error, key: what, at: json.location) }
        case .insets:
            if case let .number(all) = json.value {
                return .insets(EdgeInsets(all: try checked(all, what: what, at: json.location)))
            }
            if case .object = json.value {
                let reader = try JSONObjectReader(json, context: what)
                try reader.rejectUnknownKeys(allowed: ["top", "left", "bottom", "right"])
                var sides = [Double]()
                for side in ["top", "left", "bottom", "right"] {
                    sides.append(try reader[side].map { value throws(InputError) in
                        try checked(value.number(side), what: "\(what).\(side)", at: value.location)
                    } ?? 0)
                }
                return .insets(EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3]))
            }
            guard case .array = json.value else {
                throw json.mismatch(what, expected: "a number, [top, left, bottom, right] or {\"top\": …}")
            }
            let elements = try json.array(what)
            guard elements.count == 4 else {
                throw .wrongCount(key: what, expected: 4, found: elements.count, at: json.location)
            }
            var numbers = [Double]()
            for element in elements {
                numbers.append(try checked(element.number(what), what: what, at: element.location))
            }
            return .insets(EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
        case .flag:
            return .flag(try json.bool(what))
        case let .choice(names):
            let text = try json.string(what)
            guard let name = chosenName(text, in: names) else {
                throw .value(.notAChoice(text, choices: names), key: what, at: json.location)
            }
            return .text(name)
        }
    }

    /// A text value as this setting takes it: a more tag's format must show the count, once.
    package func checkedText(_ text: String) throws(ValueError) -> String {
        if key == .moreTag, LayoutOptions.countPlaceholders(inMoreTag: text) != 1 { throw .notACountFormat(text) }
        return text
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
}
