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
