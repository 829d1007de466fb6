import Foundation
import TagFlowLayout
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// The `tagflow` command: dispatches to a subcommand and turns errors into messages and exit statuses.
public enum TagFlowCommand {
    public static let version = TagFlowVersion.current

    /// Every subcommand, in the order help lists them. A new command is one file and one entry here.
    static var commands: [any ParsableCommand.Type] { [
        LayoutCommand.self, MeasureCommand.self, RenderCommand.self, ScrollCommand.self, CheckCommand.self,
        DiffCommand.self, FitCommand.self,
        DevicesCommand.self, SnapshotCommand.self, PreviewCommand.self,
    ] }

    /// Options of `tagflow` itself, before any subcommand.
    static let generateCompletionScript = "--generate-completion-script"
    static let generateManual = "--generate-manual"

    static var overview: String {
        var lines = [
            "OVERVIEW: \(abstract)",
            "",
            "USAGE: tagflow <subcommand> [<options>]",
            "",
            "OPTIONS:",
            "  --version               Show the version.",
            "  \(generateCompletionScript) <\(CompletionShell.allCases.map(\.rawValue).joined(separator: "|"))>",
            "                          Print a script that completes tagflow's commands and options in that shell.",
            "  \(generateManual)       Print tagflow's manual page (roff, for man -l).",
            "  -h, --help              Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands {
            let name = command.configuration.name
            lines.append("  " + name + String(repeating: " ",
                                              count: max(1, 24 - name.count)) + command.configuration.abstract)
        }
        lines += ["", "  See 'tagflow help <subcommand>' for detailed help, and "
                  + HelpPage.allCases.map { "'tagflow help \($0.rawValue)'" }.joined(separator: ", ")
                  + " for the options several subcommands share.", ""]
        return lines.joined(separator: "\n")
    }

    static let abstract = "Lay out tags the way YLTagsChooser's flow layout does, and draw how it scrolls."

    /// Runs with the process's arguments and exits.
    public static func main() -> Never {
        Interruption.watchForTheProcess()
        var status: ExitStatus
        do {
            status = run(try ProcessArguments.words(), console: .standard)
        } catch {
            status = report(error, console: .standard)
        }
        if let reason = StandardStreams.outputFailed {
            status = report(OutputError.writeFailed(path: "standard output", reason: reason), console: .standard)
        }
        exit(status.rawValue)
    }

    /// What a command run in this process printed, and how it ended.
    public struct Result: Sendable {
        public let status: ExitStatus
        /// Standard output's words: a report, a table, JSON.
        public let output: String
        /// Standard error's: errors, warnings and progress lines.
        public let errors: String
    }

    /// Runs a command line (without the program name) in this process, as `tagflow` would from the same folder,
    /// and keeps what it prints: `run(["snapshot", "verify", "--format", "json"])` from a program or a test.
    public static func run(_ arguments: [String]) -> Result {
        let output = Locked(""), errors = Locked("")
        let status = run(arguments, console: Console(out: { text in output.withLock { $0 += text } },
                                                    err: { text in errors.withLock { $0 += text } }))
        return Result(status: status, output: output.withLock { $0 }, errors: errors.withLock { $0 })
    }

    /// Runs a command line (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], console: Console) -> ExitStatus {
        guard let first = arguments.first else {
            console.err(overview)
            return .usage
        }
        switch first {
        case "--help", "-h":
            console.out(overview)
            return .success
        case "--version":
            console.out("\(version)\n")
            return .success
        case generateCompletionScript:
            let names = CompletionShell.allCases.map(\.rawValue)
            guard let name = arguments.dropFirst().first else {
                return report(CommandLineError.missingValue(option: first, valueName: names.joined(separator: "|")),
                              console: console)
            }
            guard let shell = CompletionShell(rawValue: name) else {
                return report(CommandLineError.invalidValue(option: first, .notAChoice(name, choices: names)),
                              console: console)
            }
            console.out(CompletionScript(shell: shell).text)
            return .success
        case generateManual:
            console.out(ManualPage().text)
            return .success
        case "help":
            guard let name = arguments.dropFirst().first else { console.out(overview); return .success }
            if let page = HelpPage(rawValue: name) {
                console.out(page.text(width: HelpText.width()))
                return .success
            }
            guard let command = command(named: name) else { return report(unknownSubcommand(name), console: console) }
            console.out(command.help(width: HelpText.width(), full: true))
            return .success
        default:
            guard let command = command(named: first) else { return report(unknownSubcommand(first), console: console) }
            return execute(command, Array(arguments.dropFirst()), console: console)
        }
    }

    static func command(named name: String) -> (any ParsableCommand.Type)? {
        commands.first { $0.configuration.name == name }
    }

    private static func unknownSubcommand(_ name: String) -> CommandLineError {
        .unknownSubcommand(name, known: commands.map { $0.configuration.name })
    }

    /// Parse, validate, run.
    private static func execute<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String],
                                                          console: Console) -> ExitStatus {
        do {
            guard let command = try Command.parse(arguments) else {
                console.out(Command.help)
                return .success
            }
            return try command.run(console: console)
        } catch {
            return report(error, command: Command.self, console: console)
        }
    }

    /// Prints an error as ``ErrorReport`` words it, with the command's usage line for a command line it cannot take.
    private static func report(_ error: any Error, command: (any ParsableCommand.Type)? = nil,
                               console: Console) -> ExitStatus {
        let report = ErrorReport(error)
        var text = report.text + "\n"
        if report.showsUsage, let command {
            text += "usage: \(command.usage)\n  See 'tagflow \(command.configuration.name) --help'.\n"
        }
        console.err(text)
        return report.status
    }
}
