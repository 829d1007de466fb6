import TagFlowLayout
@testable import TagFlowCLI

/// Commands whose layout flags (`LayoutInput`) can be laid out once parsed.
protocol FuzzLayoutInputCommand { var input: LayoutInput { get } }
extension LayoutCommand: FuzzLayoutInputCommand {}
extension RenderCommand: FuzzLayoutInputCommand {}
extension ScrollCommand: FuzzLayoutInputCommand {}
extension CheckCommand: FuzzLayoutInputCommand {}
extension DiffCommand: FuzzLayoutInputCommand {}

/// Where `tagflow --help`, the manual and the completion scripts are written: nowhere.
let silentConsole = Console(out: { _ in }, err: { _ in }, isInteractive: false)

/// libFuzzer target: tagflow's argument parser. The input is a command line without the program name, split at
/// NUL bytes (no argument can hold one). When its first word names a subcommand, the rest go to that command's
/// `parse`, which reads every value through its `ValueParser` and runs the command's `validate`; a command that
/// takes layout flags is then laid out with them applied, as `LayoutInput.options` applies them. Any other first
/// word goes to `TagFlowCommand.run`, which answers it without running a command (the overview, `help`,
/// `--version`, the completion scripts, the manual page, or an unknown subcommand). A thrown `CommandLineError`
/// is a correct answer to a bad command line, and is worded as tagflow would word it; only a crash, a hang or a
/// leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Invalid UTF-8 is repaired, as `CommandLine.arguments` repairs it.
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let first = arguments.first, let command = TagFlowCommand.command(named: first) else {
        _ = TagFlowCommand.run(arguments, console: silentConsole)
        return 0
    }
    do {
        guard let parsed = try parse(command, Array(arguments.dropFirst())) else {
            _ = command.help
            return 0
        }
        if let layoutCommand = parsed as? any FuzzLayoutInputCommand {
            var options = LayoutOptions()
            for (setting, value) in layoutCommand.input.overrides {
                setting.apply(&options, value)
                _ = setting.current(options)
            }
            layOut(fuzzDocument, options: options)
        }
    } catch {
        _ = ErrorReport(error).text
    }
    return 0
}

/// `Command.parse`, for a command type known only at run time.
func parse<Command: ParsableCommand>(_ type: Command.Type, _ words: [String]) throws(CommandLineError) -> Command? {
    try Command.parse(words)
}
