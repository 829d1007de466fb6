import Foundation
import TagFlowLayout
import TagFlowText
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowInput

/// What a person reads for an error, and the status tagflow exits with: the one place every error gets its words.
///
/// Each message says what is wrong, with the offending value; `location` says where, for a problem inside a file;
/// `hint` says how to fix it.
package struct ErrorReport: Equatable, Sendable {
    package var message: String
    package var location: SourceSpan?
    package var hint: String?
    package var status: ExitStatus = .usage
    /// A command line tagflow cannot take is printed with the command's usage line.
    package var showsUsage = false

    /// `FILE:LINE:COL: error: message`, the form editors and CI annotators read, then the hint.
    package var text: String {
        if status.isSignal { return message }
        var text = location.map { "\($0): error: \(message)" } ?? "error: \(message)"
        if let hint { text += "\n  help: \(hint)" }
        return text
    }

    package init(message: String, location: SourceSpan? = nil, hint: String? = nil, status: ExitStatus = .usage,
                 showsUsage: Bool = false) {
        self.message = message
        self.location = location
        self.hint = hint
        self.status = status
        self.showsUsage = showsUsage
    }

    /// The report of `error`: its own, when it is one of tagflow's, or its description.
    package init(_ error: any Error) {
        self = (error as? any ReportedError)?.report ?? ErrorReport(message: "\(error)")
    }

    /// "did you mean 'x'?" when one of `names` is close to `word`.
    package static func suggestion(_ word: String, in names: [String], quote: String = "'") -> String? {
        closestMatch(to: word, in: names).map { "did you mean \(quote)\($0)\(quote)?" }
    }
}

extension InputError: ReportedError {}
extension OutputError: ReportedError {}
extension ReviewError: ReportedError {}
extension RunError: ReportedError {}
extension FileReadError: ReportedError {}

extension RenderError: ReportedError {
    package var report: ErrorReport { RunError.render(self).report }
}

extension Interrupted: ReportedError {
    package var report: ErrorReport {
        ErrorReport(message: description, status: ExitStatus(rawValue: exitStatus) ?? .interrupted)
    }
}


extension ValueError {
    /// The message for this value of `what`: an option (`--width`) or a config key (`"width"`).
    package func report(for what: String, at location: SourceSpan? = nil) -> ErrorReport {
        let (message, hint): (String, String?) = switch self {
        case .empty: ("\(what) needs a value", nil)
        case let .notANumber(text): ("\(what) expects a number, got '\(text)'",
                                     "write a plain number, such as \(what) 12.5")
        case let .notFinite(number): ("\(what) must be a finite number below 1e9, got \(formatPoints(number))", nil)
        case let .notPositive(number): ("\(what) must be greater than 0, got \(formatPoints(number))", nil)
        case let .negative(number): ("\(what) must not be negative, got \(formatPoints(number))", nil)
        case let .notACount(number): ("\(what) must be a whole number of at least 0, got \(formatPoints(number))", nil)
        case let .notAtLeastOne(number): ("\(what) must be at least 1, got \(number)", nil)
        case let .notASeed(text):
            ("\(what) expects a whole number from 0 to \(ValueError.largestSeed), got '\(text)'",
             !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
                 ? "2^53 − 1 is the largest whole number JSON readers keep exact" : nil)
        case let .notAChoice(text, choices):
            ("\(what) must be one of \(choices.joined(separator: ", ")); got '\(text)'",
             ErrorReport.suggestion(text, in: choices))
        case let .notAScale(text): ("\(what) must be 1, 2 or 3, got '\(text)'",
                                    "device pixels per point: 2 matches most phones")
        case let .notAShare(text): ("\(what) must be a number from 0 to 1; got '\(text)'",
                                    "0 counts any change; pixelmatch's default is 0.1")
        case let .notARatio(text): ("\(what) must be a share from 0 to 1, or a percentage; got '\(text)'",
                                    "write 0.001 or 0.1%")
        case let .notAShard(text): ("\(what) takes I/N, the I-th of N parts with 1 ≤ I ≤ N; got '\(text)'",
                                    "for a CI matrix of 2 jobs: \(what) 1/2 and \(what) 2/2")
        case let .notAPort(text): ("\(what) must be a TCP port from 1 to 65535; got '\(text)'",
                                   "leave it out for a free port")
        case let .notASize(text):
            ("\(what) expects WIDTHxHEIGHT in points, got '\(text)'",
             "for example \(what) \(formatSize(StockFlowLayout.defaultItemSize))")
        case let .notInsets(text): ("\(what) takes four numbers T,L,B,R (or one for all sides), got '\(text)'",
                                    "for example \(what) 10,10,10,10")
        case let .notAColour(text): ("\(what) must be a colour like #ffb400 or #ffb40080, got '\(text)'", nil)
        case let .notARegion(text):
            ("\(what) takes X,Y,W,H in whole pixels, with W and H above 0; got '\(text)'", "e.g. \(what) 0,0,375,44")
        case let .notASettingList(text, settings):
            ("\(what) takes SETTING=VALUE,…, one of \(settings.joined(separator: ", ")); got '\(text)'",
             "for example \(what) locales=en,de,ja,ar \(what) contentSizes=L,AX3")
        case let .wrongCount(text, expected): ("\(what) takes \(expected) values separated by commas, got '\(text)'",
                                               nil)
        case let .notACountFormat(text):
            ("\(what) must hold %d once, where the count of hidden tags goes; got '\(text)'",
             "for example \(what) '+%d', which shows +12 for 12 hidden tags; %% is a percent sign")
        }
        return ErrorReport(message: message, location: location, hint: hint)
    }
}

extension InputError {
    package var report: ErrorReport {
        switch self {
        case let .invalidUTF8(byte, isCutOff, location):
            return ErrorReport(message: "invalid UTF-8 (byte "
                + "0x\(hex(UInt32(byte), digits: 2)))" + (isCutOff ? ": the file ends part way through a "
                + "character" : ""),
                               location: location,
                               hint: isCutOff ? "the file looks cut off; write it again in full"
                                              : "save the file as UTF-8; in a terminal, iconv -f GBK -t UTF-8 converts "
                                                  + "a GBK file")
        case let .controlCharacterInLine(scalar, location):
            return ErrorReport(message: scalar.value == 0 ? "a NUL byte in the tags file" : "a control character "
                + "U+\(hex(scalar.value)) in the tags file",
                               location: location, hint: "tags files are plain UTF-8 text; remove the character")
        case let .controlCharacterInTag(scalar, location):
            return ErrorReport(message: "a control character U+\(hex(scalar.value)) in a tag", location: location,
                               hint: "tags are single lines of text")
        case let .footerWithoutText(location):
            return ErrorReport(message: "@footer needs text", location: location,
                               hint: "write the footer on the same line: @footer 最多选择 8 个")
        case let .secondFooter(firstLine, location):
            return ErrorReport(message: "this section already has a footer (line \(firstLine))", location: location,
                               hint: "a section has one footer; start a new section with @section")
        case let .unknownMarker(marker, line, known, location):
            let suggestion = closestMatch(to: marker, in: known)
            return ErrorReport(message: "unknown marker '\(marker)'", location: location,
                               hint: (suggestion.map { "did you mean '\($0)'? " } ?? "the markers are "
                                   + "\(known.joined(separator: ", ")). ")
                                   + "To use the text as a tag, write '\\\(line)'")
        case let .markerWithoutKey(marker, location):
            return ErrorReport(message: "\(marker) needs a key of the string catalog", location: location,
                               hint: marker == "@keys" ? "write a pattern: @keys interest.*"
                                   : "write the key on the same line: \(marker) interest.hiking")
        case let .catalog(error): return error.report
        case let .selectedTagWithoutText(location):
            return ErrorReport(message: "a '*' line needs the text of the preselected tag", location: location,
                               hint: "write '* 篮球', or '\\*' for a tag that is just '*'")
        case let .escapeWithoutText(location):
            return ErrorReport(message: "a '\\' with no tag text after it", location: location,
                               hint: "write '\\\\' for a tag that is a backslash")
        case let .tabInTag(location):
            return ErrorReport(message: "a tab inside a tag", location: location,
                               hint: "a tag is one run of text; replace the tab with a space")
        case let .lineTooLong(bytes, limit, location):
            return ErrorReport(message: tooLong(bytes: bytes, limit: limit), location: location,
                               hint: "split the line into several tags")
        case let .tagTooLong(bytes, limit, location):
            return ErrorReport(message: tooLong(bytes: bytes, limit: limit), location: location)
        case let .emptyTag(location): return ErrorReport(message: "an empty tag", location: location,
                                                         hint: "remove it, or give it text")
        case let .json(error, location):
            let (message, hint) = error.words
            return ErrorReport(message: message, location: location, hint: hint)
        case let .expectedType(what, expected, found, location):
            return ErrorReport(message: "expected \(what) to be \(expected), found \(found)", location: location,
                               hint: jsonTypeHint(expected: expected, found: found))
        case let .unknownKey(key, context, allowed, location):
            return ErrorReport(message: "unknown key \"\(key)\" in \(context)", location: location,
                               hint: ErrorReport.suggestion(key, in: allowed,
                                                quote: "\"") ?? "the keys are \(allowed.joined(separator: ", "))")
        case let .layoutJSONAsTags(file, location):
            return ErrorReport(message: "'\(file)' is a layout JSON, where tags were expected", location: location,
                               hint: "give the tags file the layout was made from; tagflow diff compares two layout "
                                   + "JSONs with each other")
        case let .configAsTags(file, location):
            return ErrorReport(message: "'\(file)' is a config, where tags were expected", location: location,
                               hint: "give it with --config, and the tags file as the input")
        case let .missingKey(key, context, kind, location):
            let hint: String? = switch kind {
            case .tags: "write {\"sections\": [{\"tags\": [\"篮球\"]}]}"
            case .layout: "write layout files with tagflow layout --format json"
            case .manifest: "see docs/commands/snapshot.md: a screen needs \"name\" and \"tags\"; the manifest needs "
                + "\"screens\""
            case .device: "write {\"name\": \"kiosk\", \"width\": 600, \"scale\": 1}: width in points, scale in pixels "
                + "per point"
            case .tagObject: nil
            }
            return ErrorReport(message: "\(context) has no \"\(key)\"", location: location, hint: hint)
        case let .value(error, key, location): return error.report(for: key, at: location)
        case let .unreadable(error): return error.report
        case .standardInputTwice:
            return ErrorReport(message: "'-' names standard input for more than one input, and it can be read only "
                + "once",
                               hint: "give all but one of them as files")
        case let .screenFileUnreadable(screen, key, error, location):
            return ErrorReport(message: "screen '\(screen)', its \(key): " + error.report.message, location: location,
                               hint: "check the path, which is relative to the manifest's folder")
        case let .numberOutOfRange(key, value, allowed, location):
            return ErrorReport(message: "\(key) must be \(allowed), got \(formatPoints(value))", location: location)
        case let .emptyValue(key, location): return ErrorReport(message: "\(key) is empty", location: location)
        case let .wrongCount(key, expected, found, location):
            return ErrorReport(message: "expected \(key) to hold \(expected) numbers, found \(found)",
                               location: location,
                               hint: expected == 4 ? "write [top, left, bottom, right]" : nil)
        case let .unknownDevice(name, known, closest, location):
            return ErrorReport(message: "unknown device '\(name)'", location: location,
                               hint: (closest.map { "did you mean \($0)? " } ?? "")
                                   + "the devices are \(known.joined(separator: ", ")); 'tagflow devices' lists them, "
                                   + "and a config can add its own under \"devices\"")
        case let .deviceListedTwice(name, first, device, location):
            return ErrorReport(message: first == name ? "the device '\(name)' is listed twice"
                                   : "'\(name)' and '\(first)' are both the device '\(device)'", location: location,
                               hint: "list each device once; goldens are named after the device's own name, "
                                   + "'\(device)'")
        case let .deviceNameNotAFileName(name, location):
            return ErrorReport(message: "the device '\(name)' cannot name a golden: its name is part of the golden's "
                + "file name", location: location,
                               hint: "in its config, name it with letters, digits, hyphens and underscores; its "
                                   + "\"displayName\" can hold any text")
        case let .deviceNameTaken(name, taken, isBuiltIn, location):
            return ErrorReport(message: "the device name '\(name)' is taken by "
                + "\(isBuiltIn ? "the built-in '\(taken)'" : "'\(taken)', given earlier in this config")",
                               location: location,
                               hint: "give it another name (names are compared by their letters and digits alone, "
                                   + "ignoring case); 'tagflow devices' lists the built-in ones")
        case let .screenNameNotAFolder(name, location):
            // Control characters shown as escapes, so a newline or NUL in the name is seen, not acted on.
            let shown = name.unicodeScalars.map { scalar in
                scalar.properties.generalCategory == .control
                    ? "\\u{" + hex(scalar.value, digits: 1, uppercase: false) + "}" : String(scalar)
            }.joined()
            return ErrorReport(message: "the screen name '\(shown)' cannot name a folder", location: location,
                               hint: "use letters, digits and hyphens: no '/', no leading '.', no control characters")
        case let .duplicateScreen(name, first, location):
            return ErrorReport(message: first == name ? "two screens are named '\(name)'"
                                   : "the screens '\(first)' and '\(name)' differ only in case: on a Mac's disk they "
                                       + "would be one folder of goldens",
                               location: location, hint: "give each screen its own name")
        case let .noScreens(location):
            return ErrorReport(message: "the manifest lists no screens", location: location,
                               hint: #"add one to "screens": {"name": "demo", "tags": "demo.tags"}"#)
        case let .emptyAxis(key, ofScreen, location):
            return ErrorReport(message: "the list \"\(key)\" of \"variants\" is empty", location: location,
                               hint: ofScreen ? "leave \"\(key)\" out, and the screen takes the manifest's, or its "
                                   + "config's choice"
                                   : "leave \"\(key)\" out, and each screen's config chooses")
        case let .axisValueTwice(key, value, location):
            return ErrorReport(message: "\"\(key)\" lists \(value) twice", location: location,
                               hint: "list each value once")
        case let .gridAxisNotVaried(axis, key, location):
            return ErrorReport(message: "the grid's \"\(key)\" is \(axis), which this screen's variants do not vary",
                               location: location,
                               hint: "list its values under \"variants\": \"\(axis)\": [...], or lay out an axis "
                                + "they list")
        case let .gridAxesSame(axis, location):
            return ErrorReport(message: "the grid's \"rows\" and \"columns\" are both \(axis)", location: location,
                               hint: "lay out two axes, such as \"rows\": \"locales\", \"columns\": "
                                + "\"contentSizes\", or leave \"rows\" out for one row")
        case let .scrollOutputTwice(kind, suffix, firstLine, location):
            return ErrorReport(message: "a second \"\(kind)\" scroll output in this screen (the first is on line "
                + "\(firstLine)): both would write the goldens named *\(suffix)",
                               location: location,
                               hint: "keep one \"\(kind)\" entry per screen, or add a screen with the same tags for "
                                   + "the other")
        case let .unknownReportWord(what, known, location):
            return ErrorReport(message: "\(what) is not one tagflow writes (\(known.joined(separator: ", ")))",
                               location: location,
                               hint: "merge report.json files that tagflow snapshot wrote")
        case let .reportWithoutShard(file):
            return ErrorReport(message: "\(file) does not say which shard of its run it is",
                               hint: "merge reports that this version of tagflow wrote with snapshot verify or record "
                                   + "--shard i/n")
        }
    }

    /// What is wrong, without the location and hint.
    public var message: String { report.message }
    /// What to do about it.
    public var hint: String? { report.hint }
    /// Where it is, when it is in a file.
    public var location: SourceSpan? { report.location }
}

extension CatalogError {
    var report: ErrorReport {
        func shown(_ path: [String]) -> String { path.isEmpty ? "the catalog" : path.joined(separator: " → ") }
        switch self {
        case let .malformed(path, expected, found, location):
            return ErrorReport(message: "expected \(shown(path)) to be \(expected), found \(found)", location: location,
                               hint: "a string catalog is Xcode's .xcstrings JSON: strings → key → "
                                   + "localizations → language → stringUnit {\"state\", \"value\"}")
        case let .unknownState(state, path, location):
            return ErrorReport(message: "unknown state '\(state)' at \(shown(path))", location: location,
                               hint: "the states are \(XCStringsReader.states.joined(separator: ", "))")
        case let .unknownPluralCategory(category, path, location):
            return ErrorReport(message: "unknown plural category '\(category)' in \(shown(path))", location: location,
                               hint: "the categories are \(XCStringsReader.pluralCategories.joined(separator: ", "))")
        case let .stringsSyntax(error, location):
            return ErrorReport(message: error.words, location: location,
                               hint: "a .strings file holds lines like \"key\" = \"value\";")
        case let .stringsEncoding(file):
            return ErrorReport(message: "\(file) is neither UTF-8 nor UTF-16 with a byte order mark",
                               hint: "save it as UTF-8, or as UTF-16 with a BOM, as Xcode writes it")
        case let .notACatalog(path):
            return ErrorReport(message: "'\(path)' is not a string catalog",
                               hint: "give an .xcstrings file, a .strings file, or a folder holding *.lproj folders")
        case let .noStringsFiles(folder):
            return ErrorReport(message: "'\(folder)' holds no .strings file in a *.lproj folder",
                               hint: "give the folder that holds en.lproj, de.lproj…, or an .xcstrings file")
        case let .noCatalog(key, location):
            return ErrorReport(message: "'\(key)' names a string by key, and no catalog is given", location: location,
                               hint: "give the catalog with --catalog Localizable.xcstrings, or \"catalog\" in the "
                                   + "config")
        case let .unknownKey(key, catalog, suggestion, location):
            return ErrorReport(message: "the catalog \(catalog) has no key '\(key)'", location: location,
                               hint: suggestion.map { "did you mean '\($0)'?" } ?? "check the key, which is matched "
                                   + "exactly, case and all")
        case let .patternMatchesNothing(pattern, catalog, location):
            return ErrorReport(message: "no key of the catalog \(catalog) matches '\(pattern)'", location: location,
                               hint: "'*' matches any run of characters and '?' one: @keys interest.*")
        case let .unknownLocale(locale, catalog, available):
            return ErrorReport(message: "the catalog \(catalog) has no strings in '\(locale)'",
                               hint: (closestMatch(to: locale, in: available).map { "did you mean \($0)? " } ?? "")
                                   + "its languages are \(available.joined(separator: ", "))")
        case let .localeNotAFileName(locale, location):
            return ErrorReport(message: "the locale '\(locale)' cannot name a golden", location: location,
                               hint: "write a BCP 47 tag of letters, digits and hyphens, as the catalog names it: "
                                   + "de, zh-Hans")
        case let .localeWithoutCatalog(locale):
            return ErrorReport(message: "--locale \(locale) needs a string catalog",
                               hint: "give it with --catalog, or \"catalog\" in the config")
        }
    }
}

extension StringsSyntaxError {
    var words: String {
        switch self {
        case let .expectedKey(found): "expected a key in quotes, found \(found)"
        case let .expectedEquals(found): "expected '=' after the key, found \(found)"
        case let .expectedValue(found): "expected a value in quotes after '=', found \(found)"
        case let .expectedSemicolon(found): "expected ';' after the value, found \(found)"
        case .endsInsideString: "the file ends inside a string; close it with '\"'"
        case .endsInsideComment: "the file ends inside a comment; close it with '*/'"
        case let .unknownEscape(character): "unknown escape '\\\(character)'"
        case .badUnicodeEscape: "expected four hex digits after \\U, and a low surrogate after a high one"
        }
    }
}

/// How to write a JSON value as the kind expected, where the way is plain.
private func jsonTypeHint(expected: String, found: String) -> String? {
    switch (expected, found) {
    case ("an array", _): "write a list in square brackets, even of one value: [\"a\", \"b\"] or [1]"
    case ("a number", _) where found.hasPrefix("a string, "): "write the number without quotes"
    case ("a number", _): "write a number, such as 10 or 7.5, without quotes"
    case ("true or false", _) where found.hasPrefix("a string, "): "write true or false without quotes"
    case ("true or false", _): "write true or false, without quotes"
    case ("a string", _): "write the text in double quotes"
    case ("a JSON object", _): "write it in braces: {\"key\": value}"
    default: nil
    }
}

/// Why a tag is too long: shared by tags files and tags JSON.
private func tooLong(bytes: Int, limit: Int) -> String {
    "a tag of more than \(limit) characters (\(bytes) bytes); tags are at most \(limit)"
}

extension JSONSyntaxError {
    /// The message and the hint.
    var words: (String, String?) {
        switch self {
        case .textAfterValue: ("unexpected text after the JSON value",
                               "a JSON file holds exactly one value; remove what follows it")
        case .endsBeforeValue: ("the JSON ends where a value was expected", nil)
        case let .nestedTooDeep(limit): ("JSON nested deeper than \(limit) levels",
                                         "tags and configs need only a few levels")
        case let .expectedValue(found): ("expected a JSON value (object, array, string, number, true, false or null), "
            + "found \(found)", nil)
        case let .trailingComma(closer): ("a comma before '\(closer)'",
                                          "JSON allows no comma after the last "
                                              + "\(closer == "]" ? "value of an array" : "member of an object"): "
                                              + "remove it")
        case let .expectedWord(word): ("expected '\(word)'", nil)
        case let .expectedKey(found): ("expected a quoted key, found \(found)",
                                       "JSON keys are written in double quotes")
        case let .duplicateKey(key): ("the key \"\(key)\" appears twice", nil)
        case let .expectedColon(key): ("expected ':' after the key \"\(key)\"", nil)
        case .endsInsideObject: ("the JSON ends inside an object", "close it with '}'")
        case .endsInsideArray: ("the JSON ends inside an array", "close it with ']'")
        case .endsInsideString: ("the JSON ends inside a string", "close it with '\"'")
        case .endsInsideEscape: ("the JSON ends inside an escape", nil)
        case let .expectedCommaOrBrace(found): ("expected ',' or '}' in an object, found \(found)", nil)
        case let .expectedCommaOrBracket(found): ("expected ',' or ']' in an array, found \(found)", nil)
        case .expectedDigits: ("expected digits in a number", nil)
        case .expectedFractionDigits: ("expected digits after the decimal point", nil)
        case .expectedExponentDigits: ("expected digits in the exponent", nil)
        case .leadingZero: ("a number cannot start with 0", nil)
        case let .numberTooLarge(text): ("the number \(text) is too large", nil)
        case .invalidUTF8InString: ("invalid UTF-8 in a string", nil)
        case let .controlCharacterInString(byte):
            ("a control character (0x\(hex(byte, digits: 1, uppercase: false))) inside a string",
             "write it escaped, as \\n or \\u00XX")
        case let .unpairedHighSurrogate(unit):
            ("a lone surrogate \\u\(hex(unit, digits: 1)) in a string",
             "a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)")
        case let .unpairedLowSurrogate(unit):
            ("a lone surrogate \\u\(hex(unit, digits: 1)) in a string", "a low surrogate must follow a high one")
        case let .unknownEscape(character):
            ("unknown escape '\\\(character)' in a string", "JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        case .expectedHexDigits: ("expected four hex digits after \\u", nil)
        }
    }
}

extension InputError: CustomStringConvertible {
    public var description: String { report.text }
}

extension FileReadError {
    package var report: ErrorReport {
        let hint: String? = switch self {
        case .noSuchFile: "check the path; use '-' to read standard input"
        case .isADirectory: "name a file"
        case .permissionDenied: "check the file's permissions"
        case .tooLarge: "split it into several files"
        case .readFailed: nil
        case .notARegularFile: "name a regular file; where a command reads standard input, '-' reads a pipe"
        }
        return ErrorReport(message: description, hint: hint)
    }
}

extension ReviewError {
    package var report: ErrorReport {
        switch self {
        // Pictures are never read from standard input.
        case .unreadable(.noSuchFile): ErrorReport(message: description, hint: "check the path")
        case .unreadable(.notARegularFile): ErrorReport(message: description, hint: "name a regular PNG file")
        case let .unreadable(error): error.report
        case .notAPNG: ErrorReport(message: description, hint: "pixel diffs compare two PNG files")
        case .folderUnlistable: ErrorReport(message: description, hint: "check that it exists and is readable")
        case .noPNGsInFolders:
            ErrorReport(message: description,
                        hint: "name the folders the pictures are written to; PNGs are paired by their paths below each")
        case .diffNotEncoded, .folderNotCreated: ErrorReport(message: description)
        case let .writeFailed(_, error):
            ErrorReport(message: description,
                        hint: error.isOutOfSpace ? "free some disk space and run again" : "check the folder and run "
                            + "again")
        case let .tooManySteps(count, step): ErrorReport(message: "--step \(formatPoints(step)) makes \(count) steps",
                                                         hint: "raise --step")
        }
    }
}

extension OutputError {
    package var report: ErrorReport {
        switch self {
        case .emptyPath: ErrorReport(message: "the output path is empty")
        case let .isAnInput(path):
            ErrorReport(message: "the output '\(path)' is also an input",
                        hint: "write the output somewhere else; tagflow never overwrites its input")
        case let .folderMissing(path, folder):
            ErrorReport(message: "cannot write '\(path)': the folder '\(folder)' does not exist",
                        hint: "create it first: mkdir -p '\(folder)'")
        case let .folderIsAFile(path, folder):
            ErrorReport(message: "cannot write '\(path)': '\(folder)' is a file, not a folder",
                        hint: "choose an output inside a folder")
        case let .isAFolder(path):
            ErrorReport(message: "cannot write '\(path)': it is a folder, and the output is one file",
                        hint: "name a file, e.g. '\(OutputPath.trimmingSlashes(path))/NAME' with the output's "
                            + "extension")
        case let .folderNotWritable(path, folder):
            ErrorReport(message: "cannot write '\(path)': the folder '\(folder)' is not writable",
                        hint: "choose a folder you can write to")
        case let .writeFailed(path, reason): ErrorReport(message: "cannot write '\(path)': \(reason)")
        case let .fileNotWritten(error):
            ErrorReport(message: "\(error)", hint: "'\(error.path)' is as it was; "
                + (error.isOutOfSpace ? "free some disk space and run again" : "check the folder and run again"))
        case let .framesFolderIsAFile(path): ErrorReport(message: "'\(path)' is a file, not a folder",
                                                         hint: "name a folder for the frames, or NAME.gif")
        case let .framesFolderNotWritable(path): ErrorReport(message: "cannot write into the folder '\(path)'",
                                                             hint: "choose a folder you can write to")
        case let .framesFolderParentMissing(path, parent):
            ErrorReport(message: "cannot make the folder '\(path)': '\(parent)' does not exist",
                        hint: "create it first: mkdir -p '\(parent)'")
        case let .framesFolderParentNotWritable(path, parent):
            ErrorReport(message: "cannot make the folder '\(path)': '\(parent)' is not writable")
        case let .framesFolderNotCreated(path, reason):
            ErrorReport(message: "cannot make the folder '\(path)': \(reason)")
        case let .framesNotWritten(error, written, total, folder):
            ErrorReport(message: "\(error)",
                        hint: "kept the first \(written) of \(total) frames in \(folder), and frames.json says "
                            + "\"complete\": false; "
                + (error.isOutOfSpace ? "free some disk space and run again" : "check the folder and run again"))
        }
    }
}

extension RunError {
    /// "; did you mean …" when installed families are spelled nearly as `family`: a mistyped name, not Apple's
    /// fonts asked for on a machine without them.
    private static func misspelling(of family: String, among installed: [String]) -> String {
        let close = closestMatches(to: family, in: installed, limit: 2)
        return close.isEmpty ? "" : "; did you mean \(close.map { "'\($0)'" }.joined(separator: " or ")) for "
            + "'\(family)'?"
    }

    /// How to draw with a font fontconfig does not have: said whenever a family is not found.
    private static func bringingFonts(_ pronoun: String) -> String {
        "give \(pronoun) files with --font-file or --font-dir, or use --font system-ios for installed stand-ins"
    }

    package var report: ErrorReport {
        switch self {
        case let .fontFamilyNotFound(family, suggestions, location):
            ErrorReport(message: "font family '\(family)' not found by fontconfig", location: location,
                        hint: suggestions.isEmpty
                            ? Self.bringingFonts("its") + "; fc-list : family lists the installed families"
                            : "close matches: \(suggestions.joined(separator: ", ")); or "
                                + Self.bringingFonts("its"))
        case let .noFontFamilyOfListFound(families, suggestions, location):
            ErrorReport(message: "none of the font families \(families.map { "'\($0)'" }.joined(separator: ", ")) is "
                + "installed", location: location,
                        hint: Self.bringingFonts("their") + Self.misspelling(of: families[0], among: suggestions))
        case let .fontAxisUnknown(axis, family, available, location):
            ErrorReport(message: "\(FontError.unknownAxis(axis, family: family, available: available))",
                        location: location,
                        hint: available.isEmpty ? "leave out --font-variations (a config's \"fontVariations\"), or "
                            + "give a variable font with --font-file"
                                                : "set only the font's own axes: "
                                                    + "--font-variations '\(available[0])=…'")
        case let .fontUnloadable(family, reason): ErrorReport(message: "cannot load font '\(family)': \(reason)")
        case let .fontSourcesUnusable(error):
            switch error {
            case let .fontFileNotFound(path), let .fontFileUnreadable(path), let .notAFont(path):
                ErrorReport(message: "\(error)",
                            hint: "give a TTF, OTF, TTC, WOFF or WOFF2 file that exists with --font-file or a config's "
                                + "\"fontFiles\" ('\(path)')")
            case .fontDirectoryNotFound:
                ErrorReport(message: "\(error)",
                            hint: "give a folder that exists with --font-dir or a config's \"fontDirs\"")
            case .noFontsInDirectory:
                ErrorReport(message: "\(error)",
                            hint: "put TTF, OTF, TTC, WOFF or WOFF2 files in it, or leave it out of --font-dir and "
                                + "\"fontDirs\"")
            case .fontFileIsAFolder:
                ErrorReport(message: "\(error)",
                            hint: "give a folder of fonts with --font-dir or a config's \"fontDirs\"")
            case .fontDirectoryIsAFile:
                ErrorReport(message: "\(error)", hint: "give a font file with --font-file or a config's \"fontFiles\"")
            case .notARegularFile(_, _, folder: nil):
                ErrorReport(message: "\(error)",
                            hint: "fonts are read from regular files: save the font to a file and give that")
            case .notARegularFile:
                ErrorReport(message: "\(error)",
                            hint: "move it out of the folder, or give the fonts one by one with --font-file")
            default:
                ErrorReport(message: "cannot start the font system: \(error)",
                            hint: "install fontconfig and at least one font (apt-get install fonts-dejavu-core)")
            }
        case let .fontVariationsInvalid(text, reason, location):
            ErrorReport(message: "\(location == nil ? "--font-variations" : "\"fontVariations\"") '\(text)' is not a "
                + "list of axis=value settings: \(reason)",
                        location: location, hint: "write e.g. --font-variations 'wght=590, opsz=17'")
        case let .drawingFontsUnloadable(reason): ErrorReport(message: "cannot load the fonts to draw with: \(reason)")
        case let .layoutOptions(error): error.report
        case let .pictureFormatUnknown(path):
            ErrorReport(message: "cannot tell the format of '\(path)'",
                        hint: "end the output's name in .png, .svg or .pdf, or give --format")
        case let .pictureFormatMismatch(path, format, suggestion):
            ErrorReport(message: "the output '\(path)' names another format than --format \(format)",
                        hint: "drop --format, or name the output \(suggestion)")
        case .diffPictureToStandardOutput:
            ErrorReport(message: "the diff picture cannot go to standard output, which carries the report",
                        hint: "name a file, e.g. -o diff.png (or diff.gif, diff.apng, a folder)")
        case let .controlCharacterInText(text, scalar):
            ErrorReport(message: "a control character U+\(hex(scalar.value)) in the text '"
                            + text.unicodeScalars.map {
                                TagsFile.isForbiddenInTag($0) ? "\\u{\(hex($0.value))}" : String($0)
                            }.joined() + "'",
                        hint: "a tag is one line of text: measure each line on its own")
        case let .pictureToTerminal(format):
            ErrorReport(message: "standard output is a terminal, and a \(format.uppercased()) picture is not text",
                        hint: "redirect it (-o - > demo.\(format)), pipe it (-o - | base64), or name a file with -o")
        case let .scrollOutputUnknown(path):
            ErrorReport(message: "cannot tell what to write to '\(path)'",
                        hint: "name a folder, NAME.gif, NAME.apng, NAME.html (a player), or NAME.png with --sheet")
        case .pngNeedsSheetOrAPNG:
            ErrorReport(message: "a .png output needs --sheet (a contact sheet) or --apng (an animation)",
                        hint: "or name a folder, such as -o frames/, for numbered frames")
        case let .tooManyFrames(count, cap):
            ErrorReport(message: "the scroll would make \(count) frames, over the cap of \(cap)",
                        hint: "raise --step, use --frames N, raise --max-frames, or pass --force")
        case let .playerTooLarge(bytes, isLeast, cap, steps):
            ErrorReport(message: "the player's page would be \(isLeast ? "at least " : "")\(formatByteSize(bytes)) "
                + "for \(steps) steps, over the cap of \(formatByteSize(cap))",
                        hint: "raise --step, use --frames N, or pass --force to write it anyway")
        case let .render(error):
            switch error {
            case let .surfaceTooLarge(width, _, limit) where width > limit:
                // Tall content is drawn in strips; only a width past cairo's side is out of reach.
                ErrorReport(message: "\(error)",
                            hint: "lower --scale, or the width (--width, a device's, a manifest's widths)")
            case .surfaceTooLarge, .tooManyPixels:
                ErrorReport(message: "\(error)",
                            hint: "lower --scale, set --max-height or fewer --frames (scroll), or split the tags into "
                                + "several files")
            case .tooLargeToShrink:
                ErrorReport(message: "\(error)", hint: "split the tags into several files")
            case .emptyContent:
                ErrorReport(message: "\(error)",
                            hint: "the tags have no section to lay out: add a tag or an '@section' with a title; "
                                + "'tagflow scroll' draws the empty screen")
            case .cairo: ErrorReport(message: "\(error)")
            }
        case let .diffImageFailed(reason):
            ErrorReport(message: "cannot draw the layout diff: \(reason)",
                        hint: "leave -o out: the report lists every change without the picture")
        case let .encodeFailed(reason): ErrorReport(message: "cannot encode the diff image: \(reason)")
        case let .folderAndFile(folder): ErrorReport(message: "'\(folder)' is a folder but the other input is a file",
                                                     hint: "compare two folders, or two files")
        case let .pngAndOther(other): ErrorReport(message: "cannot compare a PNG with '\(other)'",
                                                  hint: "a pixel diff takes two .png files")
        case let .layoutJSONAndOther(layout, other):
            ErrorReport(message: "'\(layout)' is a layout JSON file but '\(other)' is not",
                        hint: "compare two layout files (tagflow layout --format json), or two tags files")
        case .bothStandardInput: ErrorReport(message: "only one input can be standard input")
        case let .previewServerFailed(reason):
            ErrorReport(message: reason, hint: "give another --port, or leave it out for a free one")
        case let .recordNeedsManifest(path):
            ErrorReport(message: "--allow-record records a manifest's goldens, and '\(path)' is a tags file",
                        hint: "preview the manifest (tagflow.json) to record from the page")
        case let .diffPictureNotPNG(path):
            ErrorReport(message: "the diff picture '\(path)' must be a .png file",
                        hint: "write -o diff.png, or -o change.gif, change.apng or a folder for an animated transition")
        case let .reportInsideInput(report, input):
            ErrorReport(message: "the report folder '\(report)' is inside '\(input)', which is read",
                        hint: "write the report in a folder of its own outside '\(input)', e.g. --report out/report")
        case let .reportIsAFile(path): ErrorReport(message: "--report '\(path)' is a file",
                                                   hint: "name a folder; it is created if missing")
        case let .reportNotWritable(path): ErrorReport(message: "cannot write to the report folder '\(path)'")
        case let .transitionNeedsLayouts(output):
            ErrorReport(message: "cannot animate '\(output)' from PNG files or folders: a transition is drawn from two "
                + "layouts",
                        hint: "give two tags files (or one with --old-config and --new-config), or write the pixel "
                            + "diff with -o diff.png")
        case let .transitionOfLayoutJSON(output):
            ErrorReport(message: "cannot animate '\(output)' from layout JSON files: they hold frames, not the tags, "
                + "fonts and style to draw",
                        hint: "diff the tags files the layouts came from: tagflow diff OLD.tags NEW.tags -o \(output)")
        case let .transitionScreensDiffer(old, new):
            ErrorReport(message: "the old layout's screen is "
                + "\(formatPoints(old.width))×\(formatPoints(old.height)) pt "
                + "but the new one's is \(formatPoints(new.width))×\(formatPoints(new.height)) pt; a transition shows "
                + "one screen",
                        hint: "give both sides the same width and height, or draw the static diff with -o diff.png")
        case let .picturesUnreadable(count, firstProblem, report):
            ErrorReport(message: "\(count) file\(count == 1 ? "" : "s") could not be read as "
                + "PNG\(count == 1 ? "" : "s"), the first: \(firstProblem)",
                        hint: "the other files were compared\(report.map { " and are in \($0)/report.html" } ?? ""); "
                            + "write the unreadable ones again, or remove them")
        case let .nothingCompared(ignored, file):
            ErrorReport(message: "--ignore covers all \(ignored) pixels of "
                + "\(file.map { "'\($0)'" } ?? "the pictures"), so nothing was compared",
                        hint: "ignore only the regions that change on their own, such as a clock")
        case let .tooManyTransitionFrames(count, cap):
            ErrorReport(message: "the transition would make \(count) frames, over the cap of \(cap)",
                        hint: "lower --duration or --fps")
        }
    }
}

extension LayoutOptionsError: ReportedError {
    /// The library names options by their `LayoutOptions` names, which are also the config's keys; the hint names the
    /// flags that change them, and the keys when they are not the same words.
    package var report: ErrorReport {
        var keys: [String] = []
        // A flag sets a whole inset, so a side is named by its key (`sectionInset.top`); so is the display scale,
        // which a device sets.
        func flag(_ key: LayoutOptionKey, side: EdgeInsets.Side? = nil) -> String {
            let name = side.map { "\(key.rawValue).\($0.rawValue)" } ?? key.rawValue
            keys.append(name)
            return side == nil && key != .displayScale ? key.flag : name
        }
        let hint: String? = switch self {
        case .insetsTooWide: "reduce \(flag(.sectionInset)) or \(flag(.contentInset)), or raise \(flag(.width))"
        case .noRoomForText: "reduce \(flag(.padding)) or raise \(flag(.width))"
        case .tooManySelected: "unmark some tags or raise \(flag(.maxSelection))"
        case .rowsNeedHorizontalScrolling: "add \(flag(.scrollDirection)) horizontal, or leave \(flag(.rows)) out"
        case .maxLinesNeedVerticalScrolling: "leave \(flag(.maxLines)) out and set \(flag(.rows)), or scroll vertically"
        case .fontSizeTooLarge: "lower \(flag(.fontSize))"
        case .trackingOutOfRange: "bring \(flag(.tracking)) into that range"
        case let .notPositive(option, _): "set \(flag(option)) to more than 0"
        case let .negative(option, side, _): "set \(flag(option, side: side)) to 0 or more"
        case let .notFinite(option, side): "give \(flag(option, side: side)) a finite number"
        }
        let configKeys = keys.filter { $0.contains(where: \.isUppercase) }.map { "\"\($0)\"" }
        let inConfig = configKeys.isEmpty ? "" : " (in a config file: " + configKeys.joined(separator: ", ") + ")"
        return ErrorReport(message: description, hint: hint.map { $0 + inConfig })
    }
}
