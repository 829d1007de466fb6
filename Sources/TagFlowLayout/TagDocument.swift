/// Where something came from in an input file, for error messages and diffs.
public struct SourceLocation: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// One tag: its text and whether it starts out selected.
public struct Tag: Hashable, Sendable {
    public var text: String
    public var isSelected: Bool
    public var location: SourceLocation?

    public init(_ text: String, isSelected: Bool = false, location: SourceLocation? = nil) {
        self.text = text
        self.isSelected = isSelected
        self.location = location
    }
}

/// A run of tags with an optional header title and footer text.
public struct TagSection: Hashable, Sendable {
    public var title: String?
    public var footer: String?
    public var tags: [Tag]

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
}
