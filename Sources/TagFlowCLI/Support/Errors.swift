import TagFlowLayout
import TagFlowText
import TagFlowImage
import TagFlowRender
import TagFlowReview

// The errors of each phase, carrying the values that were wrong. What a person reads for each, and the status
// tagflow exits with, is decided in one place: ErrorReport.swift.

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
}

/// A value that does not read as its option or config key wants. The option or key is added where it is reported.
public enum ValueError: Error, Equatable, Sendable {
    case empty
    case notANumber(String)
    case notFinite(Double)
    case notPositive(Double)
    case negative(Double)
    case notACount(Double)
    case notAtLeastOne(Int)
    case notASeed(String)
    case notAChoice(String, choices: [String])
    case notAScale(String)
    case notAShare(String)
    case notARatio(String)
    case notAShard(String)
    case notASize(String)
    case notInsets(String)
    case notAColour(String)
    case notARegion(String)
    case wrongCount(String, expected: Int)
}

/// A file tagflow was given that it cannot read, or whose content is wrong. Content errors say where.
public enum InputError: Error, Sendable {
    /// A byte that does not start or continue UTF-8.
    /// `isCutOff`: the file ends part way through a character that started well.
    case invalidUTF8(byte: UInt8, isCutOff: Bool = false, at: SourceSpan)
    /// A NUL or other control character on a tags-file line.
    case controlCharacterInLine(Unicode.Scalar, at: SourceSpan)
    /// A control character or tab inside a tag of a tags JSON file.
    case controlCharacterInTag(Unicode.Scalar, at: SourceSpan)
    case footerWithoutText(at: SourceSpan)
    /// A second `@footer` in a section; `firstLine` holds the first.
    case secondFooter(firstLine: Int, at: SourceSpan)
    /// A line starting with `@` that is no marker; `line` is the whole line, to show how to make it a tag.
    case unknownMarker(String, line: Substring, known: [String], at: SourceSpan)
    /// A `*` line with no tag text after it.
    case selectedTagWithoutText(at: SourceSpan)
    /// A `\` line with no tag text after it.
    case escapeWithoutText(at: SourceSpan)
    case tabInTag(at: SourceSpan)
    /// A tags-file line longer than `limit` characters.
    case lineTooLong(bytes: Int, limit: Int, at: SourceSpan)
    /// A tags JSON tag longer than `limit` characters.
    case tagTooLong(bytes: Int, limit: Int, at: SourceSpan)
    case emptyTag(at: SourceSpan)
    /// JSON that is not well formed.
    case json(JSONSyntaxError, at: SourceSpan)
    /// A JSON value of the wrong type: `what` (`"title"`, `section 2`) should be `expected`.
    case expectedType(what: String, expected: String, found: String, at: SourceSpan)
    /// A key not in `allowed` in the object `context` names.
    case unknownKey(String, in: String, allowed: [String], at: SourceSpan)
    /// A layout JSON given where a tags JSON goes.
    case layoutJSONAsTags(file: String, at: SourceSpan)
    /// A config given where a tags JSON goes.
    case configAsTags(file: String, at: SourceSpan)
    /// A required key missing from the object `context` names, in a file of `kind`.
    case missingKey(String, in: String, kind: JSONFileKind, at: SourceSpan)
    /// A config value that does not read as its key wants.
    case value(ValueError, key: String, at: SourceSpan?)
    case unreadable(FileReadError)
    /// Two inputs given as `-`.
    case standardInputTwice
    /// A file a manifest's screen names (its `tags` or `config`) that cannot be read.
    case screenFileUnreadable(screen: String, key: String, FileReadError, at: SourceSpan?)
    /// A number outside what its key allows: `allowed` says what is, e.g. "between 0 and 1".
    case numberOutOfRange(key: String, value: Double, allowed: String, at: SourceSpan?)
    /// A text value that is empty.
    case emptyValue(key: String, at: SourceSpan)
    /// A list of `expected` numbers with another count.
    case wrongCount(key: String, expected: Int, found: Int, at: SourceSpan)
    /// A device name that is neither built in nor defined by the config.
    /// A device no profile answers to: `known` lists them with their widths, and `suggestion` is the closest.
    case unknownDevice(String, known: [String], suggestion: String?, at: SourceSpan?)
    /// A device a snapshot variant axis lists twice, under two spellings of one name.
    case deviceListedTwice(String, sameAs: String, device: String, at: SourceSpan?)
    /// A device on a snapshot manifest's axis whose name cannot be part of a golden's file name.
    case deviceNameNotAFileName(String, at: SourceSpan?)
    /// A config's device whose name another profile already answers to.
    case deviceNameTaken(String, by: String, isBuiltIn: Bool, at: SourceSpan)
    /// A snapshot screen's name that cannot name a folder of goldens.
    case screenNameNotAFolder(String, at: SourceSpan)
    /// A screen named as an earlier one, `first`, or differing from it only in case.
    case duplicateScreen(String, first: String, at: SourceSpan)
    /// A manifest whose `"screens"` is empty.
    case noScreens(at: SourceSpan)
    /// A variant axis given as an empty list, in a screen's `"variants"` or the manifest's.
    case emptyAxis(String, ofScreen: Bool, at: SourceSpan)
    /// A value a variant axis lists twice.
    case axisValueTwice(String, value: String, at: SourceSpan)
    /// A second scroll output of one kind in a screen, which would write the first one's goldens; `firstLine` holds
    /// the first.
    case scrollOutputTwice(kind: String, suffix: String, firstLine: Int, at: SourceSpan)
    /// A snapshot report's action, an item's status or an image's role that tagflow does not write.
    case unknownReportWord(what: String, known: [String], at: SourceSpan)
    /// A snapshot report that does not say which shard of its run it is.
    case reportWithoutShard(file: String)
}

/// What is wrong in JSON that is not well formed; where it is goes beside it, in ``InputError/json(_:at:)``.
public enum JSONSyntaxError: Equatable, Sendable {
    case textAfterValue
    case endsBeforeValue
    case nestedTooDeep(limit: Int)
    /// No value starts with `found` (a quoted character, a byte, or the end of the file).
    case expectedValue(found: String)
    /// A comma before the `]` or `}` that closes an array or object, which JSON does not allow.
    case trailingComma(closer: Character)
    /// A word (`true`, `false`, `null`) misspelled.
    case expectedWord(String)
    case expectedKey(found: String)
    case duplicateKey(String)
    case expectedColon(afterKey: String)
    case endsInsideObject
    case endsInsideArray
    case endsInsideString
    case endsInsideEscape
    case expectedCommaOrBrace(found: String)
    case expectedCommaOrBracket(found: String)
    case expectedDigits
    case expectedFractionDigits
    case expectedExponentDigits
    case leadingZero
    case numberTooLarge(String)
    case invalidUTF8InString
    case controlCharacterInString(UInt8)
    /// A high surrogate with no low one after it.
    case unpairedHighSurrogate(UInt32)
    /// A low surrogate with no high one before it.
    case unpairedLowSurrogate(UInt32)
    case unknownEscape(Character)
    case expectedHexDigits
}

/// Which kind of JSON file a key is missing from, which decides how to write it.
public enum JSONFileKind: Sendable {
    case tags
    case tagObject
    case layout
    case manifest
    case device
}

/// A path tagflow cannot write; checked before any work starts, so nothing is written.
enum OutputError: Error, Equatable {
    case emptyPath
    case isAnInput(String)
    case folderMissing(path: String, folder: String)
    case folderIsAFile(path: String, folder: String)
    case folderNotWritable(path: String, folder: String)
    /// A file output named an existing folder.
    case isAFolder(String)
    case writeFailed(path: String, reason: String)
    /// The file could not be written, flushed or moved into place; whatever was at its path is as it was.
    case fileNotWritten(AtomicFileError)
    /// The frames folder named is a file.
    case framesFolderIsAFile(String)
    case framesFolderNotWritable(String)
    /// The frames folder would be made in `parent`, which does not exist.
    case framesFolderParentMissing(path: String, parent: String)
    case framesFolderParentNotWritable(path: String, parent: String)
    case framesFolderNotCreated(path: String, reason: String)
    /// Writing frames stopped at `written` of `total`; the frames written are kept.
    case framesNotWritten(AtomicFileError, written: Int, total: Int, folder: String)
}

/// A problem met while a command runs, after its arguments and inputs were read.
enum RunError: Error {
    /// `at` is where a config names the font, when it came from one.
    case fontFamilyNotFound(String, suggestions: [String], at: SourceSpan?)
    /// None of a list of families is installed; `suggestions` are close to the first.
    case noFontFamilyOfListFound([String], suggestions: [String], at: SourceSpan?)
    /// `--font-variations` names an axis the font does not have; `available` lists those it has.
    case fontAxisUnknown(String, family: String, available: [String], at: SourceSpan?)
    case fontUnloadable(String, reason: String)
    /// A font file or folder given with `--font-file`, `--font-dir` or the config cannot be used.
    case fontSourcesUnusable(FontError)
    case fontVariationsInvalid(String, reason: String, at: SourceSpan?)
    case drawingFontsUnloadable(reason: String)
    case layoutOptions(LayoutOptionsError)
    case pictureFormatUnknown(path: String)
    /// `--format` says one format and the output's extension another.
    case pictureFormatMismatch(path: String, format: String, suggestion: String)
    /// A picture asked for on standard output while it is a terminal.
    case pictureToTerminal(format: String)
    /// A text given to `measure` with a control character (a newline, a tab): a tag is one line of text.
    case controlCharacterInText(String, Unicode.Scalar)
    /// `diff -o -`: standard output carries the report.
    case diffPictureToStandardOutput
    case scrollOutputUnknown(path: String)
    case pngNeedsSheetOrAPNG
    case tooManyFrames(Int, cap: Int)
    case render(RenderError)
    case diffImageFailed(reason: String)
    case encodeFailed(reason: String)
    case folderAndFile(folder: String)
    /// Files of two folders compared that are not PNGs that can be read; the others were compared and reported.
    case picturesUnreadable(count: Int, firstProblem: String, report: String?)
    /// `--ignore` covers every pixel of the pictures compared.
    case nothingCompared(ignored: Int, file: String?)
    case pngAndOther(String)
    case layoutJSONAndOther(layout: String, other: String)
    case bothStandardInput
    case diffPictureNotPNG(String)
    case reportInsideInput(report: String, input: String)
    case reportIsAFile(String)
    case reportNotWritable(String)
    /// `-o NAME.gif`, `NAME.apng` or a folder asks for a transition, which PNG and folder comparisons have none of.
    case transitionNeedsLayouts(output: String)
    /// Layout JSON files hold frames but not the document, fonts and style a transition is drawn with.
    case transitionOfLayoutJSON(output: String)
    case transitionScreensDiffer(old: Size, new: Size)
    case tooManyTransitionFrames(Int, cap: Int)
}

/// The exit statuses tagflow uses.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// `check` found a missing element, or `diff` found a difference.
    case failure = 1
    /// Bad input, a bad flag, or an output that could not be written.
    case usage = 2
    /// Stopped by SIGINT (130), SIGTERM (143) or SIGHUP (129): 128 + the signal. Completed outputs are kept.
    case interrupted = 130
    case terminated = 143
    case hungUp = 129

    /// Whether a signal stopped the run.
    var isSignal: Bool { rawValue > 128 }
}

/// The closest of `candidates` to `word`, if it is close enough to be what was meant, and closer than any other:
/// `AX6` is as near `AX1` as `AX5`, so neither is suggested.
package func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let best = scoredMatches(to: word, in: candidates).prefix(2)
    guard let first = best.first, best.count == 1 || best[best.startIndex + 1].score > first.score else { return nil }
    return first.candidate
}

/// Up to `limit` candidates near `word` by edit distance, closest first; ties keep the candidates' order.
package func closestMatches(to word: String, in candidates: some Sequence<String>, limit: Int) -> [String] {
    scoredMatches(to: word, in: candidates).prefix(limit).map(\.candidate)
}

/// The candidates near `word`, each once, closest first, with their distance (0 for one `word` begins).
private func scoredMatches(to word: String, in candidates: some Sequence<String>) -> [(candidate: String, score: Int)] {
    let target = Array(word.lowercased())
    let scored = candidates.compactMap { candidate -> (String, Int)? in
        let distance = Spelling.editDistance(target, Array(candidate.lowercased()))
        let allowed = max(2, min(target.count, candidate.count) / 3)
        let prefixMatch = !target.isEmpty && candidate.lowercased().hasPrefix(String(target))
        return distance <= allowed || prefixMatch ? (candidate, prefixMatch ? 0 : distance) : nil
    }
    var seen = Set<String>()
    return scored.enumerated()
        .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        .map { (candidate: $0.element.0, score: $0.element.1) }
        .filter { seen.insert($0.candidate).inserted }
}
