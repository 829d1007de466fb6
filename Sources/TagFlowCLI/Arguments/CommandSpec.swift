/// An option a command accepts: its names, its value, and the help beside it.
public struct OptionSpec: Sendable {
    /// Long name first: `["--output", "-o"]`.
    public var names: [String]
    /// `nil` for a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// Shown as "(default: …)".
    public var defaultValue: String?
    /// May be given more than once, as `--ignore`.
    public var repeats = false
    /// The value may be left out (`--compare`) or given inline (`--compare=a,b`); left out, it reads as "".
    public var valueIsOptional = false

    public init(_ names: [String], value valueName: String? = nil, help: String, default defaultValue: String? = nil,
                repeats: Bool = false, valueIsOptional: Bool = false) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.repeats = repeats
        self.valueIsOptional = valueIsOptional
    }

    public var name: String { names[0] }
}

/// A positional argument.
public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    /// Takes every remaining argument (at least one).
    public var repeats = false

    public init(_ name: String, help: String, repeats: Bool = false) {
        self.name = name
        self.help = help
        self.repeats = repeats
    }
}

/// What a command takes and how to describe it, in the manner of swift-argument-parser's `CommandConfiguration`.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String = ""
    public var positionals: [PositionalSpec] = []
    /// Groups of options, each under a heading in help.
    public var optionGroups: [(title: String, options: [OptionSpec])] = []
    public var examples: [String] = []

    public var allOptions: [OptionSpec] { optionGroups.flatMap(\.options) + [CommandSpec.helpOption] }

    static let helpOption = OptionSpec(["--help", "-h"], help: "Show help information.")

    public var usage: String {
        let positional = positionals.map { $0.repeats ? "<\($0.name)> ..." : "<\($0.name)>" }.joined(separator: " ")
        return "tagflow \(name) \(positional)\(positional.isEmpty ? "" : " ")[<options>]"
    }

    /// The text `--help` prints.
    public var help: String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in positionals { lines.append(Self.row("<\(positional.name)>", positional.help)) }
            lines.append("")
        }
        for group in optionGroups + [(title: "OPTIONS", options: [CommandSpec.helpOption])] where !group.options.isEmpty {
            lines.append("\(group.title.uppercased()):")
            for option in group.options {
                let value = option.valueName.map { option.valueIsOptional ? "[=<\($0)>]" : " <\($0)>" } ?? ""
                let names = option.names.joined(separator: ", ") + value
                let help = option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
                lines.append(Self.row(names, help))
            }
            lines.append("")
        }
        if !examples.isEmpty {
            lines.append("EXAMPLES:")
            lines += examples.map { "  \($0)" }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ left: String, _ right: String) -> String {
        let indent = "  "
        let column = 30
        if left.count + indent.count + 2 <= column {
            return indent + left + String(repeating: " ", count: column - left.count - indent.count) + right
        }
        return indent + left + "\n" + String(repeating: " ", count: column) + right
    }
}

/// A command line taken apart by a ``CommandSpec``.
public struct ParsedArguments: Sendable {
    public var positionals: [String] = []
    /// Values by each option's long name, in the order given.
    public var values: [String: [String]] = [:]
    /// Options in the order given, for settings where the last one wins.
    public var order: [String] = []

    public func has(_ name: String) -> Bool { values[name] != nil }
    /// The last value given for an option.
    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
}

extension CommandSpec {
    /// Splits `arguments` into positionals and options, failing on anything the spec does not know.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        let options = allOptions
        var index = 0
        var onlyPositionals = false
        /// An option whose value may be left out, given just before a positional: the value was likely meant.
        var optionalValueBefore = [Int: String]()
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || Double(argument) != nil {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names).filter { $0.hasPrefix("--") }
                let hint = closestMatch(to: name, in: known).map { "did you mean '\($0)'?" } ?? "see 'tagflow \(self.name) --help'"
                throw UsageError("unknown option '\(name)'", hint: hint)
            }
            if option.valueIsOptional && inlineValue == nil { optionalValueBefore[parsed.positionals.count] = option.name }
            if option.valueName == nil || option.valueIsOptional && inlineValue == nil {
                if inlineValue != nil { throw UsageError("\(option.name) takes no value") }
                parsed.values[option.name, default: []].append("")
            } else {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError("\(name) needs a value", hint: "write \(option.name) <\(option.valueName!)>")
                    }
                    value = arguments[index]
                    index += 1
                }
                if !option.repeats, parsed.values[option.name] != nil {
                    throw UsageError("\(option.name) is given more than once", hint: "give it once")
                }
                parsed.values[option.name, default: []].append(value)
            }
            parsed.order.append(option.name)
        }
        if parsed.has("--help") { return parsed }
        if parsed.positionals.count < positionals.count {
            throw UsageError("missing <\(positionals[parsed.positionals.count].name)>", hint: "usage: \(usage)")
        }
        if !(positionals.last?.repeats ?? false), parsed.positionals.count > positionals.count {
            let extra = parsed.positionals[positionals.count]
            let hint = optionalValueBefore.keys.sorted().first { $0 < parsed.positionals.count }
                .map { "\(optionalValueBefore[$0]!) takes its value after '=': \(optionalValueBefore[$0]!)=\(parsed.positionals[$0])" }
                ?? "usage: \(usage)"
            throw UsageError("unexpected argument '\(extra)'", hint: hint)
        }
        return parsed
    }
}
