import TagFlowLayout
import TagFlowText

// The errors of reading input, carrying the values that were wrong; what a person reads for each is decided by
// the command line (ErrorReport).

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
    case notAPort(String)
    case notASize(String)
    case notInsets(String)
    case notAColour(String)
    case notARegion(String)
    /// Not `SETTING=VALUE,…`, such as a grid's axis.
    case notASettingList(String, settings: [String])
    case wrongCount(String, expected: Int)
    /// A more tag format that does not hold `%d` exactly once.
    case notACountFormat(String)
}

extension ValueError {
    /// The largest seed, 2^53 − 1: JSON readers keep whole numbers exact up to it, as the report prints it.
    public static let largestSeed: UInt64 = 1 << 53 - 1
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
    /// A catalog marker (`@key`, `@keys`, `@section-key`…) with no key after it.
    case markerWithoutKey(String, at: SourceSpan)
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
    /// A string catalog that cannot be read, or a key or locale it lacks.
    case catalog(CatalogError)
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
