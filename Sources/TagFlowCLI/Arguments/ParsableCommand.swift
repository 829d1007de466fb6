import TagFlowInput
import TagFlowPipeline
/// A type whose stored properties are filled from the command line through the arguments it declares.
///
/// The declarations name each property by key path, with its flag, help and value parser; the property's initial
/// value is its default, and help shows it from there. Groups shared by several commands (the layout flags, the
/// style flags) are their own `ParsableArguments` and are lifted into a command with ``Argument/lifted(into:)``.
protocol ParsableArguments {
    init()
    /// The arguments, in groups, each under a heading in help.
    static var arguments: [ArgumentGroup<Self>] { get }
}

/// A subcommand, in the manner of swift-argument-parser: parsed, then validated, then run.
///
/// ```swift
/// struct MeasureCommand: ParsableCommand {
///     var texts: [String] = []
///     var format = OutputFormat.text
///
///     static let configuration = CommandConfiguration(name: "measure", abstract: "Measure texts.")
///     static var arguments: [ArgumentGroup<Self>] { [
///         ArgumentGroup("Options", [
///             .positionals(\.texts, "text", help: "One or more texts to measure."),
///             .option(\.format, "--format", help: "A readable table, or JSON for tools.", value: .choice),
///         ]),
///     ] }
///     func run(console: Console) throws -> ExitStatus { … }
/// }
/// ```
protocol ParsableCommand: ParsableArguments {
    static var configuration: CommandConfiguration { get }
    /// Which options the command line gave, for commands that refuse combinations. Commands that need it declare
    /// `var given = Given<Self>()`; for the others it is thrown away.
    var given: Given<Self> { get set }
    /// Checks the options together once they are all read, before any file is opened.
    func validate() throws(CommandLineError)
    func run(console: Console) throws -> ExitStatus
}

extension ParsableCommand {
    var given: Given<Self> {
        get { Given() }
        set {}
    }

    func validate() throws(CommandLineError) {}
}

/// A command's name and the words that describe it.
struct CommandConfiguration: Sendable {
    var name: String
    var abstract: String
    var discussion: String = ""
    /// More about the command, after the discussion: the manual page and `tagflow help NAME` show it, `--help`
    /// leaves it out so it stays short.
    var details: String = ""
    /// What exit status 1 means for the command, for those that use it: the manual page lists it.
    var failure: String?
    var examples: [String] = []
}

/// The options a command line gave, in the order given, by the key path each one sets.
struct Given<Root> {
    struct Entry {
        var keyPath: AnyKeyPath
        /// The group's key path, for an option lifted from a shared group.
        var group: AnyKeyPath?
        /// The option's long name, for messages.
        var name: String
    }

    var entries: [Entry] = []

    func contains(_ keyPath: PartialKeyPath<Root>) -> Bool {
        entries.contains { $0.keyPath == keyPath }
    }

    /// The name of the first of `keyPaths` given, in the order listed.
    func first(of keyPaths: [PartialKeyPath<Root>]) -> String? {
        keyPaths.lazy.compactMap { keyPath in entries.first { $0.keyPath == keyPath }?.name }.first
    }

    /// The name of the first option given from the group lifted at `group`.
    func first(inGroup group: PartialKeyPath<Root>) -> String? {
        entries.first { $0.group == group }?.name
    }
}
