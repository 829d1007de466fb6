import TagFlowImage
import TagFlowLayout
import TagFlowInput
/// One argument a command accepts: an option, a flag or a positional, declared once with everything help,
/// completion and the man page need, and the key path its value is stored through.
struct Argument<Root> {
    typealias Kind = ArgumentKind

    var kind: Kind
    /// Long name first, `["--output", "-o"]`; for a positional, its name in usage, `["tags-file"]`.
    var names: [String]
    var help: String
    var valueName: String?
    /// Shown as "(default: …)"; read from a fresh `Root()` through the key path, unless declared in words.
    var defaultDescription: String?
    var repeats = false
    /// For a positional: whether it may be left out, its property keeping its default (`defaultDescription`).
    var isOptional = false
    var completion: Completion = .none
    /// The property the argument sets, to ask whether it was given.
    var keyPath: AnyKeyPath
    /// The key path of the shared group this was lifted from.
    var group: AnyKeyPath?
    /// Stores a value read from the command line: `nil` for a flag, or an optional value left out.
    var apply: (inout Root, String?) throws(ValueError) -> Void
    /// For an optional value: whether the next argument is meant as the value (it parses as one).
    var acceptsNext: ((String) -> Bool)?

    var name: String { names[0] }
    var isPositional: Bool { if case .positional = kind { true } else { false } }
}

extension Argument {
    /// The same argument, storing into the property `keyPath` of a larger root.
    func lifted<Outer>(into keyPath: WritableKeyPath<Outer, Root>) -> Argument<Outer> {
        let inner = apply
        return Argument<Outer>(kind: kind, names: names, help: help, valueName: valueName,
                               defaultDescription: defaultDescription,
                               repeats: repeats, isOptional: isOptional, completion: completion,
                               keyPath: (keyPath as AnyKeyPath).appending(path: self.keyPath) ?? keyPath,
                               group: group ?? keyPath,
                               apply: { root, text throws(ValueError) in try inner(&root[keyPath: keyPath], text) },
                               acceptsNext: acceptsNext)
    }
}

extension Argument where Root: ParsableArguments {
    /// An option whose property's initial value is its default; an empty one, such as no text, is not shown.
    static func option<Value>(_ keyPath: WritableKeyPath<Root, Value>, _ names: String..., help: String,
                              value: ValueParser<Value>,
                              defaultDescription: String? = nil) -> Self {
        Argument(kind: .option, names: names, help: help, valueName: value.valueName,
                 defaultDescription: defaultDescription ?? [value.describe(Root()[keyPath: keyPath])].first {
                     !$0.isEmpty
                 },
                 completion: value.completion, keyPath: keyPath,
                 apply: { root, text throws(ValueError) in root[keyPath: keyPath] = try value.parse(text ?? "") })
    }

    /// `--png-compression fastest|fast|small`, for the commands that write pictures: render and scroll.
    static func pngCompression(_ keyPath: WritableKeyPath<Root, PNGEncoder.Compression>) -> Self {
        option(keyPath, "--png-compression",
               help: "How hard PNGs are compressed; fast for every render, fastest for pictures looked at once "
                   + "and thrown away (larger, several times faster with many colours), small for pictures kept, such "
                   + "as documentation (smaller, far slower).", value: .choice)
    }

    /// `--super-item-size WxH`, for the commands that ask the naive-super strategy: check and scroll.
    static func superItemSize(_ keyPath: WritableKeyPath<Root, Size>) -> Self {
        option(keyPath, "--super-item-size", help: "The stock layout's itemSize; naive-super's flow layout uses it.",
               value: .size)
    }

    /// An option with no default value: `nil` until given. `defaultDescription` says what happens without it.
    static func option<Value>(_ keyPath: WritableKeyPath<Root, Value?>, _ names: String..., help: String,
                              value: ValueParser<Value>,
                              defaultDescription: String? = nil) -> Self {
        Argument(kind: .option, names: names, help: help, valueName: value.valueName,
                 defaultDescription: defaultDescription,
                 completion: value.completion, keyPath: keyPath,
                 apply: { root, text throws(ValueError) in root[keyPath: keyPath] = try value.parse(text ?? "") })
    }

    /// An option that may be given more than once; each value is appended.
    static func repeating<Value>(_ keyPath: WritableKeyPath<Root, [Value]>, _ names: String..., help: String,
                                 value: ValueParser<Value>) -> Self {
        Argument(kind: .option, names: names, help: help, valueName: value.valueName, repeats: true,
                 completion: value.completion, keyPath: keyPath,
                 apply: { root, text throws(ValueError) in root[keyPath: keyPath].append(try value.parse(text ?? "")) })
    }

    /// An option whose value may be left out, meaning `whenAlone`. A following argument is taken as its value when
    /// it parses as one; anything else stays a positional.
    static func optionalValue<Value>(_ keyPath: WritableKeyPath<Root, Value?>, _ names: String..., help: String,
                                     value: ValueParser<Value>, whenAlone: Value) -> Self {
        Argument(kind: .optionalValue, names: names, help: help, valueName: value.valueName,
                 defaultDescription: value.describe(whenAlone), completion: value.completion, keyPath: keyPath,
                 apply: { root, text throws(ValueError) in
                     root[keyPath: keyPath] = try text.map(value.parse) ?? whenAlone
                 },
                 acceptsNext: { (try? value.parse($0)) != nil })
    }

    /// A flag: `true` when given.
    static func flag(_ keyPath: WritableKeyPath<Root, Bool>, _ names: String..., help: String) -> Self {
        Argument(kind: .flag, names: names, help: help, keyPath: keyPath,
                 apply: { root, _ throws(ValueError) in root[keyPath: keyPath] = true })
    }

    /// A positional argument; with `whenLeftOut`, one that may be left out, its property keeping that default.
    static func positional(_ keyPath: WritableKeyPath<Root, String>, _ name: String, help: String,
                           completion: Completion = .none, whenLeftOut: String? = nil) -> Self {
        Argument(kind: .positional(repeats: false), names: [name], help: help, defaultDescription: whenLeftOut,
                 isOptional: whenLeftOut != nil, completion: completion, keyPath: keyPath,
                 apply: { root, text throws(ValueError) in root[keyPath: keyPath] = text ?? "" })
    }

    /// A positional taking every remaining argument, at least one.
    static func positionals(_ keyPath: WritableKeyPath<Root, [String]>, _ name: String, help: String,
                            completion: Completion = .none) -> Self {
        Argument(kind: .positional(repeats: true), names: [name], help: help, repeats: true, completion: completion,
                 keyPath: keyPath,
                 apply: { root, text throws(ValueError) in root[keyPath: keyPath].append(text ?? "") })
    }
}
