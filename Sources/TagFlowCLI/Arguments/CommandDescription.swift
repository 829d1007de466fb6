import TagFlowInput
/// A command's declarations with the types erased: what completion scripts and the manual page are generated from.
struct CommandDescription {
    struct Option {
        var names: [String]
        var help: String
        var valueName: String?
        var defaultDescription: String?
        var completion: Completion
        var takesValue: Bool
        var valueIsOptional: Bool
        var repeats: Bool

        var longNames: [String] { names.filter { $0.hasPrefix("--") } }
        var shortNames: [String] { names.filter { !$0.hasPrefix("--") } }
    }

    struct Positional {
        var name: String
        var help: String
        var repeats: Bool
        var isOptional: Bool
        var completion: Completion
    }

    var name: String
    var abstract: String
    var discussion: String
    var usage: String
    var examples: [String]
    var groups: [(title: String, options: [Option])]
    var positionals: [Positional]

    var options: [Option] { groups.flatMap(\.options) }
}

extension ParsableCommand {
    static var commandDescription: CommandDescription {
        let helpOption = CommandDescription.Option(names: helpNames, help: "Show help information.", completion: .none,
                                                   takesValue: false, valueIsOptional: false, repeats: false)
        var groups: [(title: String, options: [CommandDescription.Option])] = arguments.map { group in
            (group.title, group.arguments.filter { !$0.isPositional }.map { argument in
                CommandDescription.Option(names: argument.names, help: argument.help, valueName: argument.valueName,
                                          defaultDescription: argument.defaultDescription,
                                          completion: argument.completion,
                                          takesValue: argument.kind != .flag,
                                          valueIsOptional: argument.kind == .optionalValue,
                                          repeats: argument.repeats)
            })
        }.filter { !$0.options.isEmpty }
        groups.append(("Options", [helpOption]))
        return CommandDescription(
            name: configuration.name, abstract: configuration.abstract,
            discussion: [configuration.discussion, configuration.details].filter { !$0.isEmpty }
                .joined(separator: "\n"),
            usage: usage,
            examples: configuration.examples, groups: groups,
            positionals: positionalArguments.map {
                CommandDescription.Positional(name: $0.name, help: $0.help, repeats: $0.repeats,
                                              isOptional: $0.isOptional, completion: $0.completion)
            })
    }
}

extension TagFlowCommand {
    /// Every subcommand's description, in order.
    static var descriptions: [CommandDescription] { commands.map { $0.commandDescription } }
}
