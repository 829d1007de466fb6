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
