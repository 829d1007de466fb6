import Foundation
import TagFlowLayout
import TagFlowInput
import TagFlowPipeline
import TagFlowSnapshot

/// A command line tagflow cannot take: printed with the command's usage line.
enum CommandLineError: Error, Equatable {
    case unknownSubcommand(String, known: [String])
    case unknownOption(String, command: String, known: [String])
    case missingValue(option: String, valueName: String)
    case takesNoValue(option: String)
    case givenTwice(option: String)
    case missingArgument(String)
    /// A positional with no place; when it followed an option whose value may be left out, why it did not read as
    /// that value.
    case unexpectedArgument(String, asValueOf: String?, ValueError?)
    case invalidValue(option: String, ValueError)
    /// `--output` is required; `example` shows what to name.
    case missingOutput(example: String)
    /// Two options that each decide the same thing.
    case exclusive(String, String, because: String)
    /// An option that means nothing here, refused rather than ignored.
    case notApplicable(option: String, because: String)
    case tooManyInputs(command: String, count: Int)
    case folderWithoutPartner
    case oneInputWithoutConfigs
    case configWithSideConfigs
    case acceptWithoutReport
    /// `snapshot record` or `verify` given more words than the action.
    case snapshotActionTakesNoFolders(action: String, extra: String)
    /// `snapshot merge` without its folders or `--report`.
    case mergeNeedsFoldersAndReport
    /// `--mode`, which says which goldens record writes, given to another action.
    case modeWithoutRecord(action: String)
    /// A word of the command line that is not UTF-8; `position` counts from 1 after the program's name, and
    /// `offset` is the bad byte's, from 0.
    case argumentNotUTF8(position: Int, byte: UInt8, offset: Int)
    /// A command whose input defaults to the manifest, run where there is none.
    case noManifestHere(command: String, example: String)
    /// `--grid` given more than twice, or twice for one setting.
    case gridAxes([String])
}

extension CommandLineError: ReportedError {
    public var report: ErrorReport {
        let (message, hint): (String, String?) = switch self {
        case let .unknownSubcommand(name, known):
            ("unknown subcommand '\(name)'",
             ErrorReport.suggestion(name, in: known) ?? "the subcommands are \(known.joined(separator: ", "))")
        case let .unknownOption(name, command, known):
            ("unknown option '\(name)'", ErrorReport.suggestion(name, in: known.filter { $0.hasPrefix("--") })
                ?? "see 'tagflow \(command) --help'"
                // Text or a file that starts with one '-' (`-5%`, `-x.tags`) is read as an option unless `--` ends
                // them.
                    + (name.hasPrefix("--") ? "" : "; to give text or a file whose name starts with '-', write -- "
                    + "before it: tagflow \(command) -- \(name)"))
        case let .missingValue(option, valueName): ("\(option) needs a value", "write \(option) <\(valueName)>")
        case let .takesNoValue(option): ("\(option) takes no value", nil)
        case let .givenTwice(option): ("\(option) is given more than once", "give it once")
        // The usage line follows every command-line error, so these need no hint of their own.
        case let .missingArgument(name): ("missing <\(name)>", nil)
        case let .unexpectedArgument(argument, option?, error?):
            ("unexpected argument '\(argument)'", "as the value of \(option): " + error.report(for: option).message)
        case let .unexpectedArgument(argument, _, _): ("unexpected argument '\(argument)'", nil)
        case let .invalidValue(option, error): (error.report(for: option).message, error.report(for: option).hint)
        case let .missingOutput(example): ("missing --output", example)
        case let .exclusive(first, second, reason): ("\(first) and \(second) \(reason)", "use one")
        case let .notApplicable(option, reason): ("\(option) \(reason)", nil)
        case let .tooManyInputs(command, count): ("\(command) takes two inputs, got \(count)",
                                                  "write tagflow \(command) OLD NEW")
        case .folderWithoutPartner: ("a folder needs another folder to compare with",
                                     "write tagflow diff OLD_DIR NEW_DIR")
        case .oneInputWithoutConfigs:
            ("one input needs --old-config and --new-config",
             "give two inputs, or one tags file with --old-config A --new-config B")
        case .configWithSideConfigs: ("--config cannot be combined with --old-config or --new-config",
                                      "give each side its own config")
        case .acceptWithoutReport: ("--accept needs --report", "write the report first: --report DIR --accept")
        case let .snapshotActionTakesNoFolders(action, extra):
            ("snapshot \(action) takes no argument after the action, got '\(extra)'",
             "only merge takes folders: tagflow snapshot merge DIR... --report DIR")
        case .mergeNeedsFoldersAndReport:
            ("snapshot merge needs the shards' report folders and --report",
             "write tagflow snapshot merge out/shard-1 out/shard-2 --report out/snapshots")
        case let .modeWithoutRecord(action):
            ("--mode says which goldens record writes; snapshot \(action) writes none",
             "leave --mode out, or run tagflow snapshot record --mode ...")
        case let .argumentNotUTF8(position, byte, offset):
            ("argument \(position) is not valid UTF-8 (byte 0x\(hex(UInt32(byte), digits: 2)) at offset \(offset))",
             "tagflow reads tags and paths as UTF-8: convert the text with iconv -t UTF-8, or rename the file")
        case let .noManifestHere(command, example):
            ("there is no \(SnapshotSuite.defaultManifest) here for tagflow \(command) to read",
             "name a tags file or a manifest: tagflow \(command) \(example)")
        case let .gridAxes(settings) where Set(settings).count < settings.count:
            ("--grid names \(settings.first { name in settings.count { $0 == name } > 1 }!) twice",
             "give each setting once, with all its values: --grid locales=en,de,ja")
        case let .gridAxes(settings):
            ("--grid is given \(settings.count) times; a grid has rows and columns",
             "give --grid once for a row of cells, or twice: the first for the rows, the second for the columns")
        }
        return ErrorReport(message: message, hint: hint, showsUsage: true)
    }
}

extension CommandLineError {
    /// Refuses to go on with the default manifest, `tagflow.json`, where there is none.
    static func checkManifestHere(_ path: String, command: String, example: String) throws(CommandLineError) {
        guard path == SnapshotSuite.defaultManifest, !FileManager.default.fileExists(atPath: path) else { return }
        throw .noManifestHere(command: command, example: example)
    }
}
