import TagFlowPipeline
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
