/// What the strings of a catalog are looked up with: the language, and the values that fill plurals and format
/// specifiers.
public struct CatalogSettings: Hashable, Sendable {
    /// The language, as `--locale` gives it; `nil` for the catalog's source language.
    public var locale: String?
    /// The number plural variations are chosen by, and whole-number specifiers show; `nil` takes `other` and 3.
    public var count: Int?
    /// The values of the format arguments, the first for `%@` or `%1$@` and so on; a missing one takes a sample.
    public var arguments: [String] = []
    /// The device variation to use: `iphone`, `ipad`, `mac`…, else `other`.
    public var deviceClass = "iphone"

    public init(locale: String? = nil, count: Int? = nil, arguments: [String] = []) {
        self.locale = locale
        self.count = count
        self.arguments = arguments
    }

    /// What a string argument shows when none is given.
    public static let sampleText = "Alex"
    /// What a whole-number argument shows when no count or value is given.
    public static let sampleNumber = 3
}
