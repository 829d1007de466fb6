/// Where something came from in an input file, for error messages and diffs.
public struct SourceLocation: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// A string a tags input names in a string catalog, looked up before the layout; the text stays the key till then.
public enum CatalogReference: Hashable, Sendable {
    /// One string, by key.
    case key(String)
    /// One tag for each key matching a glob pattern (`*`, `?`), in the catalog's order.
    case pattern(String)
}

/// A key naming a section's title or footer in a string catalog, and where it is written.
public struct StringKey: Hashable, Sendable {
    public var key: String
    public var location: SourceLocation?

    public init(_ key: String, location: SourceLocation? = nil) {
        self.key = key
        self.location = location
    }
}

/// One tag: its text and whether it starts out selected.
public struct Tag: Hashable, Sendable {
    public var text: String
    public var isSelected: Bool
    public var location: SourceLocation?
    /// The catalog string the text comes from, until it is looked up.
    public var reference: CatalogReference?

    public init(_ text: String, isSelected: Bool = false, location: SourceLocation? = nil,
                reference: CatalogReference? = nil) {
        self.text = text
        self.isSelected = isSelected
        self.location = location
        self.reference = reference
    }
}

/// A run of tags with an optional header title and footer text.
public struct TagSection: Hashable, Sendable {
    public var title: String?
    public var footer: String?
    public var tags: [Tag]
    /// The catalog strings the title and footer come from, until they are looked up.
    public var titleKey: StringKey?
    public var footerKey: StringKey?

    public init(title: String? = nil, footer: String? = nil, tags: [Tag] = []) {
        self.title = title
        self.footer = footer
        self.tags = tags
    }
}

/// Everything a tags file says: sections of tags, in order.
public struct TagDocument: Hashable, Sendable {
    public var sections: [TagSection]

    public init(sections: [TagSection]) { self.sections = sections }

    public var tagCount: Int { sections.reduce(0) { $0 + $1.tags.count } }
    public var selectedCount: Int { sections.reduce(0) { $0 + $1.tags.count { $0.isSelected } } }

    /// Whether any text is named by key in a string catalog and not yet looked up.
    public var namesCatalogStrings: Bool {
        sections.contains { section in
            section.titleKey != nil || section.footerKey != nil || section.tags.contains { $0.reference != nil }
        }
    }
}
