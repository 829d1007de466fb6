import TagFlowLayout
import TagFlowRender
import TagFlowReview

/// What a person reads for an error, and the status tagflow exits with: the one place every error gets its words.
///
/// Each message says what is wrong, with the offending value; `location` says where, for a problem inside a file;
/// `hint` says how to fix it.
struct ErrorReport: Equatable {
    var message: String
    var location: SourceSpan?
    var hint: String?
    var status: ExitStatus = .usage
    /// A command line tagflow cannot take is printed with the command's usage line.
    var showsUsage = false

    /// `FILE:LINE:COL: error: message`, the form editors and CI annotators read, then the hint.
    var text: String {
        if status.isSignal { return message }
        var text = location.map { "\($0): error: \(message)" } ?? "error: \(message)"
        if let hint { text += "\n  help: \(hint)" }
        return text
    }

    init(message: String, location: SourceSpan? = nil, hint: String? = nil, status: ExitStatus = .usage, showsUsage: Bool = false) {
        self.message = message
        self.location = location
        self.hint = hint
        self.status = status
        self.showsUsage = showsUsage
    }

    init(_ error: any Error) {
        switch error {
        case let error as CommandLineError: self = error.report
        case let error as InputError: self = error.report
        case let error as OutputError: self = error.report
        case let error as ReviewError: self = error.report
        case let error as RunError: self = error.report
        case let error as LayoutOptionsError: self = RunError.layoutOptions(error).report
        case let error as RenderError: self = RunError.render(error).report
        case let error as Interrupted: self = ErrorReport(message: error.description, status: ExitStatus(rawValue: error.exitStatus) ?? .interrupted)
        default: self = ErrorReport(message: "\(error)")
        }
    }
}

/// "did you mean 'x'?" when one of `names` is close to `word`.
private func suggestion(_ word: String, in names: [String], quote: String = "'") -> String? {
    closestMatch(to: word, in: names).map { "did you mean \(quote)\($0)\(quote)?" }
}

extension CommandLineError {
    var report: ErrorReport {
        let (message, hint): (String, String?) = switch self {
        case let .unknownSubcommand(name, known):
            ("unknown subcommand '\(name)'", suggestion(name, in: known) ?? "the subcommands are \(known.joined(separator: ", "))")
        case let .unknownOption(name, command, known):
            ("unknown option '\(name)'", suggestion(name, in: known.filter { $0.hasPrefix("--") }) ?? "see 'tagflow \(command) --help'")
        case let .missingValue(option, valueName): ("\(option) needs a value", "write \(option) <\(valueName)>")
        case let .takesNoValue(option): ("\(option) takes no value", nil)
        case let .givenTwice(option): ("\(option) is given more than once", "give it once")
        case let .missingArgument(name, usage): ("missing <\(name)>", "usage: \(usage)")
        case let .unexpectedArgument(argument, _, option?, error?):
            ("unexpected argument '\(argument)'", "as the value of \(option): " + error.report(for: option).message)
        case let .unexpectedArgument(argument, usage, _, _): ("unexpected argument '\(argument)'", "usage: \(usage)")
        case let .invalidValue(option, error): (error.report(for: option).message, error.report(for: option).hint)
        case let .missingOutput(example): ("missing --output", example)
        case let .exclusive(first, second, reason): ("\(first) and \(second) \(reason)", "use one")
        case let .notApplicable(option, reason): ("\(option) \(reason)", nil)
        case let .tooManyInputs(command, count): ("\(command) takes two inputs, got \(count)", "write tagflow \(command) OLD NEW")
        case .folderWithoutPartner: ("a folder needs another folder to compare with", "write tagflow diff OLD_DIR NEW_DIR")
        case .oneInputWithoutConfigs:
            ("one input needs --old-config and --new-config", "give two inputs, or one tags file with --old-config A --new-config B")
        case .configWithSideConfigs: ("--config cannot be combined with --old-config or --new-config", "give each side its own config")
        case .acceptWithoutReport: ("--accept needs --report", "write the report first: --report DIR --accept")
        }
        return ErrorReport(message: message, hint: hint, showsUsage: true)
    }
}

extension ValueError {
    /// The message for this value of `what`: an option (`--width`) or a config key (`"width"`).
    func report(for what: String, at location: SourceSpan? = nil) -> ErrorReport {
        let (message, hint): (String, String?) = switch self {
        case .empty: ("\(what) needs a value", nil)
        case let .notANumber(text): ("\(what) expects a number, got '\(text)'", "write a plain number, such as \(what) 12.5")
        case let .notFinite(number): ("\(what) must be a finite number below 1e9, got \(formatPoints(number))", nil)
        case let .notPositive(number): ("\(what) must be greater than 0, got \(formatPoints(number))", nil)
        case let .negative(number): ("\(what) must not be negative, got \(formatPoints(number))", nil)
        case let .notACount(number): ("\(what) must be a whole number of at least 0, got \(formatPoints(number))", nil)
        case let .notAtLeastOne(number): ("\(what) must be at least 1, got \(number)", nil)
        case let .notASeed(text): ("\(what) expects a whole number, got '\(text)'", nil)
        case let .notAChoice(text, choices):
            ("\(what) must be one of \(choices.joined(separator: ", ")); got '\(text)'", suggestion(text, in: choices))
        case let .notAScale(text): ("\(what) must be 1, 2 or 3, got '\(text)'", "device pixels per point: 2 matches most phones")
        case let .notAShare(text): ("\(what) must be a number from 0 to 1; got '\(text)'", "0 counts any change; pixelmatch's default is 0.1")
        case let .notARatio(text): ("\(what) must be a share from 0 to 1, or a percentage; got '\(text)'", "write 0.001 or 0.1%")
        case let .notASize(text):
            ("\(what) expects WIDTHxHEIGHT in points, got '\(text)'", "for example \(what) \(ValueParser.size.describe(StockFlowLayout.defaultItemSize))")
        case let .notInsets(text): ("\(what) takes four numbers T,L,B,R (or one for all sides), got '\(text)'", "for example \(what) 10,10,10,10")
        case let .notAColour(text): ("\(what) must be a colour like #ffb400 or #ffb40080, got '\(text)'", nil)
        case let .notARegion(text):
            ("\(what) takes X,Y,W,H in whole pixels, with W and H above 0; got '\(text)'", "e.g. \(what) 0,0,375,44")
        case let .wrongCount(text, expected): ("\(what) takes \(expected) values separated by commas, got '\(text)'", nil)
        }
        return ErrorReport(message: message, location: location, hint: hint)
    }
}

extension InputError {
    var report: ErrorReport {
        switch self {
        case let .content(message, location, hint): return ErrorReport(message: message, location: location, hint: hint)
        case let .value(error, key, location): return error.report(for: key, at: location)
        case let .unreadable(error): return error.report
        }
    }

    /// What is wrong, without the location and hint.
    public var message: String { report.message }
    /// What to do about it.
    public var hint: String? { report.hint }
    /// Where it is, when it is in a file.
    public var location: SourceSpan? { report.location }
}

extension InputError: CustomStringConvertible {
    public var description: String { report.text }
}

extension FileReadError {
    var report: ErrorReport {
        switch self {
        case let .noSuchFile(path): ErrorReport(message: "cannot read '\(path)': no such file", hint: "check the path; use '-' to read standard input")
        case let .isADirectory(path): ErrorReport(message: "cannot read '\(path)': it is a directory", hint: "name a file")
        case let .permissionDenied(path): ErrorReport(message: "cannot read '\(path)': permission denied", hint: "check the file's permissions")
        case let .tooLarge(path, limit): ErrorReport(message: "'\(path)' is larger than \(limit) MB", hint: "split it into several files")
        case let .readFailed(path, reason): ErrorReport(message: "cannot read '\(path)': \(reason)")
        }
    }
}

extension ReviewError {
    var report: ErrorReport {
        switch self {
        case let .unreadable(error): error.report
        case let .notAPNG(path, error): ErrorReport(message: "cannot read '\(path)' as a PNG: \(error)", hint: "pixel diffs compare two PNG files")
        case let .folderUnlistable(path): ErrorReport(message: "cannot list the folder '\(path)'", hint: "check that it exists and is readable")
        case let .diffNotEncoded(name, error): ErrorReport(message: "cannot encode the diff of '\(name)': \(error)")
        case let .writeFailed(path, error): ErrorReport(message: "cannot write '\(path)': \(error)")
        case let .folderNotCreated(path, reason): ErrorReport(message: "cannot create the folder '\(path)': \(reason)")
        case let .tooManySteps(count, step): ErrorReport(message: "--step \(formatPoints(step)) makes \(count) steps", hint: "raise --step")
        }
    }
}

extension OutputError {
    var report: ErrorReport {
        switch self {
        case .emptyPath: ErrorReport(message: "the output path is empty")
        case let .isAnInput(path):
            ErrorReport(message: "the output '\(path)' is also an input", hint: "write the output somewhere else; tagflow never overwrites its input")
        case let .folderMissing(path, folder):
            ErrorReport(message: "cannot write '\(path)': the folder '\(folder)' does not exist", hint: "create it first: mkdir -p '\(folder)'")
        case let .folderIsAFile(path, folder):
            ErrorReport(message: "cannot write '\(path)': '\(folder)' is a file, not a folder", hint: "choose an output inside a folder")
        case let .folderNotWritable(path, folder):
            ErrorReport(message: "cannot write '\(path)': the folder '\(folder)' is not writable", hint: "choose a folder you can write to")
        case let .writeFailed(path, reason): ErrorReport(message: "cannot write '\(path)': \(reason)")
        }
    }
}

extension RunError {
    var report: ErrorReport {
        switch self {
        case let .fontSystemUnavailable(reason):
            ErrorReport(message: "cannot start the font system: \(reason)", hint: "install fontconfig and at least one font (apt-get install fonts-dejavu-core)")
        case let .fontFamilyNotFound(family, suggestions):
            ErrorReport(message: "font family '\(family)' not found by fontconfig",
                        hint: suggestions.isEmpty ? "list the installed families with fc-list : family" : "close matches: \(suggestions.joined(separator: ", "))")
        case let .fontUnloadable(family, reason): ErrorReport(message: "cannot load font '\(family)': \(reason)")
        case let .drawingFontsUnloadable(reason): ErrorReport(message: "cannot load the fonts to draw with: \(reason)")
        case let .layoutOptions(error): error.report
        case let .pictureFormatUnknown(path):
            ErrorReport(message: "cannot tell the format of '\(path)'", hint: "end the output's name in .png, .svg or .pdf")
        case let .scrollOutputUnknown(path):
            ErrorReport(message: "cannot tell what to write to '\(path)'", hint: "name a folder, NAME.gif, NAME.apng, or NAME.png with --sheet")
        case .pngNeedsSheetOrAPNG:
            ErrorReport(message: "a .png output needs --sheet (a contact sheet) or --apng (an animation)",
                        hint: "or name a folder, such as -o frames/, for numbered frames")
        case let .tooManyFrames(count, cap):
            ErrorReport(message: "the scroll would make \(count) frames, over the cap of \(cap)", hint: "raise --step, use --frames N, raise --max-frames, or pass --force")
        case let .render(error):
            switch error {
            case .surfaceTooLarge, .tooManyPixels:
                ErrorReport(message: "\(error)", hint: "lower --scale, set --max-height (scroll), or split the tags into several files")
            case .cairo: ErrorReport(message: "\(error)")
            }
        case let .diffImageFailed(reason): ErrorReport(message: "cannot draw the layout diff: \(reason)")
        case let .encodeFailed(reason): ErrorReport(message: "cannot encode the diff image: \(reason)")
        case let .folderAndFile(folder): ErrorReport(message: "'\(folder)' is a folder but the other input is a file", hint: "compare two folders, or two files")
        case let .pngAndOther(other): ErrorReport(message: "cannot compare a PNG with '\(other)'", hint: "a pixel diff takes two .png files")
        case let .layoutJSONAndOther(layout, other):
            ErrorReport(message: "'\(layout)' is a layout JSON file but '\(other)' is not",
                        hint: "compare two layout files (tagflow layout --format json), or two tags files")
        case .bothStandardInput: ErrorReport(message: "only one input can be standard input")
        case let .diffPictureNotPNG(path): ErrorReport(message: "the diff picture '\(path)' must be a .png file", hint: "write -o diff.png")
        case let .reportInsideInput(report, input):
            ErrorReport(message: "the report folder '\(report)' is inside '\(input)', which is compared",
                        hint: "write the report outside both folders, e.g. --report out/visual-diff")
        case let .reportIsAFile(path): ErrorReport(message: "--report '\(path)' is a file", hint: "name a folder; it is created if missing")
        case let .reportNotWritable(path): ErrorReport(message: "cannot write to the report folder '\(path)'")
        }
    }
}

extension LayoutOptionsError {
    /// The library names options by their `LayoutOptions` names; the hint names the flags that change them.
    var report: ErrorReport {
        func flag(_ key: String) -> String { LayoutSetting.all.first { $0.key == key }?.flag ?? key }
        let hint: String? = switch self {
        case .insetsTooWide: "reduce \(flag("sectionInset")) or \(flag("contentInset")), or raise \(flag("width"))"
        case .noRoomForText: "reduce \(flag("padding")) or raise \(flag("width"))"
        case .tooManySelected: "unmark some tags or raise \(flag("maxSelection"))"
        case .notPositive, .negative, .notFinite: nil
        }
        return ErrorReport(message: description, hint: hint)
    }
}
