/// CommandLineReading<Self> a command line into a command, and the help derived from the same declarations.
extension ParsableCommand {
    /// Every argument, options and positionals, in declaration order.
    static var allArguments: [Argument<Self>] { arguments.flatMap(\.arguments) }

    static var positionalArguments: [Argument<Self>] { allArguments.filter(\.isPositional) }

    static var options: [Argument<Self>] { allArguments.filter { !$0.isPositional } }

    /// Reads `words` (the arguments after the subcommand's name), then validates the result.
    ///
    /// - Returns: The command, or `nil` when `--help` was asked for.
    static func parse(_ words: [String]) throws(CommandLineError) -> Self? {
        guard let read = try read(words) else { return nil }
        var command = Self()
        try assignPositionals(read, to: &command)
        for (argument, value) in read.assignments {
            do { try argument.apply(&command, value) } catch { throw .invalidValue(option: argument.name, error) }
        }
        command.given = Given(entries: read.assignments.map {
            Given.Entry(keyPath: $0.argument.keyPath, group: $0.argument.group, name: $0.argument.name)
        })
        try command.validate()
        return command
    }

    /// Splits `words` into options and positionals; nil when `--help` is among them. `--` ends the options, and
    /// `-` or a negative number is a positional.
    private static func read(_ words: [String]) throws(CommandLineError) -> CommandLineReading<Self>? {
        let options = self.options
        var read = CommandLineReading<Self>()
        var wantsHelp = false
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") || Double(word) != nil {
                read.positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            if helpNames.contains(word) { wantsHelp = true; continue }
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw .unknownOption(name, command: configuration.name, known: options.map(\.name) + [helpNames[0]])
            }
            var value: String?
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw .takesNoValue(option: option.name) }
            case .optionalValue:
                if let inlineValue {
                    value = inlineValue
                } else if index < words.count, option.acceptsNext?(words[index]) == true {
                    value = words[index]
                    index += 1
                } else {
                    read.optionalValueBefore[read.positionals.count] = option
                }
            case .option:
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else {
                        throw .missingValue(option: option.name, valueName: option.valueName ?? "")
                    }
                    value = words[index]
                    index += 1
                }
                if !option.repeats, read.assignments.contains(where: { $0.argument.name == option.name }) {
                    throw .givenTwice(option: option.name)
                }
            case .positional:
                break
            }
            read.assignments.append((option, value))
        }
        return wantsHelp ? nil : read
    }

    /// Gives each declared positional its word, a repeating last one every word left. A word too many is refused,
    /// saying so when it reads as the value of an option whose value may be left out.
    private static func assignPositionals(_ read: CommandLineReading<Self>,
                                          to command: inout Self) throws(CommandLineError) {
        let declared = positionalArguments, positionals = read.positionals
        if positionals.count < declared.count, !declared[positionals.count].isOptional {
            throw .missingArgument(declared[positionals.count].name)
        }
        if !(declared.last?.repeats ?? false), positionals.count > declared.count {
            let extra = positionals[declared.count]
            let before = read.optionalValueBefore.sorted(by: { $0.key < $1.key })
            if let (position, option) = before.first(where: { $0.key < positionals.count }) {
                var scratch = Self()
                do {
                    try option.apply(&scratch, positionals[position])
                } catch {
                    throw .unexpectedArgument(positionals[position], asValueOf: option.name, error)
                }
            }
            throw .unexpectedArgument(extra, asValueOf: nil, nil)
        }
        for (position, argument) in declared.enumerated() where position < positionals.count {
            let values = argument.repeats ? Array(positionals[position...]) : [positionals[position]]
            for value in values {
                do { try argument.apply(&command, value) } catch { throw .invalidValue(option: argument.name, error) }
            }
        }
    }

    static var helpNames: [String] { ["--help", "-h"] }

    static var usage: String {
        let positional = positionalArguments.map {
            $0.repeats ? "<\($0.name)> ..." : $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>"
        }
            .joined(separator: " ")
        return "tagflow \(configuration.name) \(positional)\(positional.isEmpty ? "" : " ")[<options>]"
    }
}

/// A command line split into options with their values and positionals, before any value is read.
private struct CommandLineReading<Command: ParsableCommand> {
    var assignments: [(argument: Argument<Command>, value: String?)] = []
    var positionals: [String] = []
    /// An option whose value may be left out, given just before a positional: the positional may be its value.
    var optionalValueBefore: [Int: Argument<Command>] = [:]
}
