/// A value and the place in its file it came from.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceSpan

    public init(value: Value, location: SourceSpan) {
        self.value = value
        self.location = location
    }
}
