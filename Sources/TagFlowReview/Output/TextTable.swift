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
        var output = OutputBuffer()
        bytes.withUnsafeBufferPointer { output.append($0) }
        render(into: &output)
        bytes = output.bytes
    }

    /// Appends the rendering, lines separated (not ended) by newlines, to `output`.
    public func render(into output: inout OutputBuffer) {
        let columnCount = columns.count
        text.withUnsafeBufferPointer { text in
            var start = 0
            for first in stride(from: 0, to: cellEnds.count, by: columnCount) {
                if first > 0 { output.append(0x0A) }
                TextTable.appendLine(text, from: start, ends: cellEnds[first..<(first + columnCount)],
                                     widths: cellWidths[first..<(first + columnCount)], columnWidths: columnWidths, into: &output)
                start = cellEnds[first + columnCount - 1]
                output.flushIfFull()
            }
        }
    }

    /// One line: each cell padded to its column's width plus two spaces, up to the last cell with text, so no line
    /// ends in spaces. The cells are `text[start..<ends.first]`, then up to each next end.
    static func appendLine(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, ends: ArraySlice<Int>, widths: ArraySlice<Int>,
        columnWidths: [Int], into output: inout OutputBuffer
    ) {
        var last = ends.count - 1
        while last > 0, ends[ends.startIndex + last] == ends[ends.startIndex + last - 1] { last -= 1 }
        var cellStart = start
        for column in 0...last {
            let end = ends[ends.startIndex + column]
            output.append(UnsafeBufferPointer(rebasing: text[cellStart..<end]))
            cellStart = end
            if column < last { output.appendSpaces(columnWidths[column] - widths[widths.startIndex + column] + 2) }
        }
    }

    /// Terminal cells a string takes: wide and fullwidth characters take two, combining marks none.
    public static func displayWidth(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { displayWidth(utf8: $0) }
    }

    /// Terminal cells UTF-8 text takes, as ``displayWidth(_:)`` counts them.
    static func displayWidth(utf8 text: UnsafeBufferPointer<UInt8>) -> Int {
        // Printable ASCII, most of a table, is one cell a byte.
        if text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.count }
        return String(decoding: text, as: UTF8.self).unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark || value == 0x200D { return width }
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
            return width + (wide ? 2 : 1)
        }
    }
}

/// One row of a ``StreamedTextTable``: its cells written as UTF-8 into a buffer that is reused from row to row.
public struct TextTableRow: ~Copyable {
    /// The row's text so far: write a cell's text here, then call ``endCell()``.
    public var text = OutputBuffer()
    /// Where each cell ends in `text`, and its display width: the first `cellCount` entries (the rest are kept from
    /// earlier rows, so a row adds its cells without allocating).
    fileprivate var ends: [Int] = []
    fileprivate var widths: [Int] = []
    fileprivate var cellCount = 0

    public init() {}

    /// Ends the cell written to ``text`` since the last one.
    public mutating func endCell() {
        let start = cellCount > 0 ? ends[cellCount - 1] : 0
        let end = text.count
        let width = text.withBytes { bytes in TextTable.displayWidth(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
        if cellCount < ends.count {
            ends[cellCount] = end
            widths[cellCount] = width
        } else {
            ends.append(end)
            widths.append(width)
        }
        cellCount += 1
    }

    /// Adds a cell of `cell`.
    public mutating func add(_ cell: String) {
        text.append(cell)
        endCell()
    }

    /// The cells, as ``TextTable/add(_:)`` takes them.
    public var cells: [String] {
        text.withBytes { bytes in
            zip([0] + ends.prefix(cellCount).dropLast(), ends.prefix(cellCount)).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0..<$1]), as: UTF8.self) }
        }
    }

    fileprivate mutating func clear() {
        text.removeAll()
        cellCount = 0
    }
}

/// A ``TextTable`` too large to hold: its rows are made twice, once to measure the columns and once to write them,
/// and never kept. Writes the same bytes as a `TextTable` of the same rows.
public struct StreamedTextTable: ~Copyable {
    public let columns: [String]
    private var widths: [Int]
    private var row = TextTableRow()

    public init(columns: [String]) {
        self.columns = columns
        widths = columns.map(TextTable.displayWidth)
    }

    /// Each column's width so far: its widest cell.
    public var columnWidths: [Int] { widths }

    /// Widens the columns to at least `widths`, as another table that measured other rows found them.
    public mutating func widen(to widths: [Int]) {
        for (column, width) in widths.enumerated() where width > self.widths[column] { self.widths[column] = width }
    }

    /// The first pass: widens the columns to fit the row `fill` writes.
    public mutating func measure(_ fill: (inout TextTableRow) -> Void) {
        row.clear()
        fill(&row)
        precondition(row.cellCount == columns.count, "a row has one cell per column")
        for column in 0..<row.cellCount where row.widths[column] > widths[column] { widths[column] = row.widths[column] }
    }

    /// The second pass begins: the header row, without a newline.
    public mutating func writeHeader(into output: inout OutputBuffer) {
        let columns = columns
        write(into: &output, newline: false) { row in
            for column in columns { row.add(column) }
        }
    }

    /// Writes a newline and the row `fill` writes, padded to the widths measured.
    public mutating func write(into output: inout OutputBuffer, _ fill: (inout TextTableRow) -> Void) {
        write(into: &output, newline: true, fill)
    }

    private mutating func write(into output: inout OutputBuffer, newline: Bool, _ fill: (inout TextTableRow) -> Void) {
        row.clear()
        fill(&row)
        precondition(row.cellCount == columns.count, "a row has one cell per column")
        if newline { output.append(0x0A) }
        row.text.withBytes { text in
            TextTable.appendLine(text, from: 0, ends: row.ends[..<row.cellCount], widths: row.widths[..<row.cellCount], columnWidths: widths, into: &output)
        }
        output.flushIfFull()
    }
}
