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
