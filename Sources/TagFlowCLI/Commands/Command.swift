import Foundation

/// A subcommand: its spec, and what it does with the arguments parsed by that spec.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus
}

/// Where a command's words go. Standard output carries results; standard error, errors, warnings and progress.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Standard error is a terminal, so a progress line can redraw itself.
    public var isInteractive: Bool

    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) },
        isInteractive: isatty(STDERR_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)

    func warn(_ message: String) { err("warning: \(message)\n") }
}

/// The `tagflow` command: dispatches to a subcommand and turns errors into messages and exit statuses.
public enum TagFlowCommand {
    public static let version = "0.1.0"

    static var commands: [any Command.Type] { [
        LayoutCommand.self, MeasureCommand.self, RenderCommand.self, ScrollCommand.self, CheckCommand.self, DiffCommand.self,
    ] }

    static var overview: String {
        var lines = [
            "OVERVIEW: Lay out tags the way YLTagsChooser's flow layout does, and draw how it scrolls.",
            "",
            "USAGE: tagflow <subcommand> [<options>]",
            "",
            "OPTIONS:",
            "  --version               Show the version.",
            "  -h, --help              Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands {
            let name = command.spec.name
            lines.append("  " + name + String(repeating: " ", count: max(1, 24 - name.count)) + command.spec.abstract)
        }
        lines += ["", "  See 'tagflow help <subcommand>' for detailed help.", ""]
        return lines.joined(separator: "\n")
    }

    /// Runs with the process's arguments and exits.
    public static func main() -> Never {
        Interruption.watchForTheProcess()
        exit(run(Array(CommandLine.arguments.dropFirst()), console: .standard).rawValue)
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
        case "help":
            guard let name = arguments.dropFirst().first else { console.out(overview); return .success }
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                return report(UsageError("unknown subcommand '\(name)'", hint: suggestion(for: name)), console: console)
            }
            console.out(command.spec.help)
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            return report(UsageError("unknown subcommand '\(first)'", hint: suggestion(for: first)), console: console)
        }
        do {
            let parsed = try command.spec.parse(Array(arguments.dropFirst()))
            if parsed.has("--help") {
                console.out(command.spec.help)
                return .success
            }
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.err("\(error)\nusage: \(command.spec.usage)\n  See 'tagflow \(command.spec.name) --help'.\n")
            return .usage
        } catch {
            return report(error, console: console)
        }
    }

    private static func suggestion(for name: String) -> String {
        let names = commands.map { $0.spec.name }
        return closestMatch(to: name, in: names).map { "did you mean '\($0)'?" }
            ?? "the subcommands are \(names.joined(separator: ", "))"
    }

    private static func report(_ error: any Error, console: Console) -> ExitStatus {
        if let interrupted = error as? Interrupted {
            console.err("\(interrupted)\n")
            return ExitStatus(rawValue: interrupted.exitStatus) ?? .interrupted
        }
        console.err("\(error)\n")
        return .usage
    }
}
