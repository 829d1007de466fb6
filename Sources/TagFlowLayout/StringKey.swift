/// A key naming a section's title or footer in a string catalog, and where it is written.
public struct StringKey: Hashable, Sendable {
    public var key: String
    public var location: SourceLocation?

    public init(_ key: String, location: SourceLocation? = nil) {
        self.key = key
        self.location = location
    }
}
