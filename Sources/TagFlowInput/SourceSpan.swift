/// A line and column (both from 1) in a named input, as compilers print them.
public struct SourceSpan: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
