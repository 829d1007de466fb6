import TagFlowLayout
import TagFlowRender
import TagFlowText
import TagFlowInput

/// A readable table, or JSON for tools.
enum OutputFormat: String, CaseIterable {
    case text, json

    /// The `--format` option of a command that prints a table or JSON.
    static func option<Command: ParsableArguments>(_ keyPath: WritableKeyPath<Command, OutputFormat>)
        -> Argument<Command> {
        Argument.option(keyPath, "--format", help: "A readable table, or JSON for tools.", value: .choice)
    }
}
