/// Where something came from in an input file, for error messages and diffs.
public struct SourceLocation: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}
