import TagFlowText

// The errors of reading input, carrying the values that were wrong; what a person reads for each is decided by
// the command line (ErrorReport).

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
    /// A screen's grid names an axis its variants do not vary (`key` is `rows` or `columns`).
    case gridAxisNotVaried(String, key: String, at: SourceSpan?)
    /// A screen's grid names one axis as both its rows and its columns.
    case gridAxesSame(String, at: SourceSpan)
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
