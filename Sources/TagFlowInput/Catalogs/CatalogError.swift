
/// What is wrong with a string catalog, or with how a tags input names its strings. Where a catalog's JSON is
/// wrong, `path` is the key path to the value (`strings`, `greeting`, `localizations`, `de`, `stringUnit`).
public enum CatalogError: Error, Sendable {
    /// A value of the wrong kind: `expected` says what belongs at `path`.
    case malformed(path: [String], expected: String, found: String, at: SourceSpan)
    /// A string unit's state that Xcode does not write.
    case unknownState(String, path: [String], at: SourceSpan)
    /// A plural category that is not one of CLDR's.
    case unknownPluralCategory(String, path: [String], at: SourceSpan)
    /// A `.strings` file that does not parse.
    case stringsSyntax(StringsSyntaxError, at: SourceSpan)
    /// A `.strings` file that is neither UTF-8 nor UTF-16 with a byte order mark.
    case stringsEncoding(file: String)
    /// A catalog path that is no `.xcstrings` or `.strings` file, nor a folder holding `*.lproj` folders.
    case notACatalog(path: String)
    /// A folder with no `.strings` file in any `*.lproj` folder.
    case noStringsFiles(folder: String)
    /// A tags input that names strings by key, with no catalog to look them up in.
    case noCatalog(key: String, at: SourceSpan)
    case unknownKey(String, catalog: String, suggestion: String?, at: SourceSpan)
    /// An `@keys` pattern that matches no key.
    case patternMatchesNothing(String, catalog: String, at: SourceSpan)
    /// A `--locale` the catalog has no strings in.
    case unknownLocale(String, catalog: String, available: [String])
    /// A snapshot manifest's locale that cannot be part of a golden's file name.
    case localeNotAFileName(String, at: SourceSpan)
    /// `--locale` given without a catalog.
    case localeWithoutCatalog(String)
}
