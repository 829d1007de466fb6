/// A plain-text table whose columns line up in a terminal, counting East Asian wide characters as two cells.
///
/// Cells are kept as UTF-8 in one buffer, with their display widths measured once as they are added, so a table
/// of a million rows holds no string or array per cell and renders with one copy.
public struct TextTable {
    /// The header row.
    public let columns: [String]
    /// The cells' text, row after row, `columns.count` cells a row, the header row first.
    private var text: [UInt8] = []
    /// Where each cell's text ends in `text`.
    private var cellEnds: [Int] = []
    private var cellWidths: [Int] = []
    private var columnWidths: [Int]

    /// An empty table with a header row of `columns`.
    public init(columns: [String]) {
        self.columns = columns
        columnWidths = Array(repeating: 0, count: columns.count)
        add(columns)
    }

    /// Adds a row; it has a cell for every column.
    public mutating func add(_ row: [String]) {
        precondition(row.count == columns.count, "a row has one cell per column")
        for (column, cell) in row.enumerated() {
            let width = TextTable.displayWidth(cell)
            text.append(contentsOf: cell.utf8)
            cellEnds.append(text.count)
            cellWidths.append(width)
            columnWidths[column] = max(columnWidths[column], width)
        }
    }

    /// Whether the table has no rows but the header.
    public var isEmpty: Bool { cellEnds.count == columns.count }

    /// The header and rows, lines separated (not ended) by newlines, trailing spaces trimmed.
    public var rendered: String {
        var bytes: [UInt8] = []
        render(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the rendering, lines separated (not ended) by newlines, to `bytes`.
    public func render(into bytes: inout [UInt8]) {
        let columnCount = columns.count
        let rowCount = cellEnds.count / columnCount
        bytes.reserveCapacity(bytes.count + text.count + rowCount * (columnWidths.reduce(0, +) + 2 * columnCount + 1))
        text.withUnsafeBufferPointer { text in
            var start = 0
            for first in stride(from: 0, to: cellEnds.count, by: columnCount) {
                if first > 0 { bytes.append(0x0A) }
                // Pad up to the last cell with text, so no line ends in spaces.
                var last = columnCount - 1
                while last > 0, cellEnds[first + last] == cellEnds[first + last - 1] { last -= 1 }
                for column in 0...last {
                    let end = cellEnds[first + column]
                    bytes.append(contentsOf: text[start..<end])
                    start = end
                    if column < last {
                        let padding = columnWidths[column] - cellWidths[first + column] + 2
                        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
                    }
                }
                start = cellEnds[first + columnCount - 1]
            }
        }
    }

    /// Terminal cells a string takes: wide and fullwidth characters take two, combining marks none.
    public static func displayWidth(_ text: String) -> Int {
        // Printable ASCII, most of a table, is one cell a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark || value == 0x200D { return width }
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
            return width + (wide ? 2 : 1)
        }
    }
}
