import TagFlowInput
import TagFlowLayout

/// The command line's side of the layout settings: each setting's flag, read by the shared value parsers.
extension LayoutSetting {
    /// How the value reads from the command line: through the shared parsers, so a flag and every other option
    /// reading a number fail alike.
    var parser: ValueParser<Value> {
        func wrap<T>(_ parser: ValueParser<T>,
                     _ value: @escaping (T) throws(ValueError) -> Value) -> ValueParser<Value> {
            ValueParser(valueName: parser.valueName, completion: parser.completion,
                        parse: { text throws(ValueError) in try value(try parser.parse(text)) }, describe: { _ in "" })
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
        case .text:
            let setting = self
            return wrap(.text(key == .font ? "FAMILY" : "TEXT")) { text throws(ValueError) in
                .text(try setting.checkedText(text))
            }
        case .insets: return wrap(.insets, Value.insets)
        case .flag: return ValueParser(valueName: "", parse: { _ in .flag(true) }, describe: { _ in "" })
        case let .choice(names):
            return ValueParser(valueName: names.joined(separator: "|"), completion: .choices(names),
                               parse: { text throws(ValueError) in
                guard let name = chosenName(text, in: names) else { throw .notAChoice(text, choices: names) }
                return .text(name)
            }, describe: { _ in "" })
        }
    }

    /// This setting's flag, its default shown from ``LayoutOptions``; `store` keeps the value read.
    func argument<Root>(keyPath: AnyKeyPath,
                        store: @escaping (inout Root, LayoutSetting, Value) -> Void) -> Argument<Root> {
        let parser = self.parser
        let setting = self
        let isFlag = if case .flag = kind { true } else { false }
        return Argument(kind: isFlag ? .flag : .option, names: [flag], help: help,
                        valueName: isFlag ? nil : parser.valueName,
                        defaultDescription: [current(LayoutOptions())].first { !$0.isEmpty },
                        completion: parser.completion, keyPath: keyPath,
                        apply: { root, text throws(ValueError) in store(&root, setting, try parser.parse(text ?? "")) })
    }
}
