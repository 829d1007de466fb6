/// Where something came from in an input file, for error messages and diffs.
public struct SourceLocation: Hashable, Sendable, Codable {
    // Kept in 32 bits, as an element's indices are: with the indirect catalog reference, a tag is 40 bytes, not 72.
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    private enum CodingKeys: String, CodingKey {
        case storedLine = "line", storedColumn = "column"
    }
}
