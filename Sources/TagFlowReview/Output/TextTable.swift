import TagFlowText

/// A plain-text table whose columns line up in a terminal, counting East Asian wide characters and colour emoji as
/// two cells.
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
            cellEnds.withUnsafeBufferPointer { ends in
                cellWidths.withUnsafeBufferPointer { widths in
                    var start = 0
                    for first in stride(from: 0, to: ends.count, by: columnCount) {
                        if first > 0 { output.append(0x0A) }
                        let row = first..<(first + columnCount)
                        TextTable.appendLine(text, from: start, ends: UnsafeBufferPointer(rebasing: ends[row]),
                                             widths: UnsafeBufferPointer(rebasing: widths[row]),
                                             columnWidths: columnWidths, into: &output)
                        start = ends[first + columnCount - 1]
                        output.flushIfFull()
                    }
                }
            }
        }
    }

    /// One line: each cell padded to its column's width plus two spaces, up to the last cell with text, so no line
    /// ends in spaces. The cells are `text[start..<ends.first]`, then up to each next end.
    static func appendLine(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, ends: UnsafeBufferPointer<Int>,
        widths: UnsafeBufferPointer<Int>,
        columnWidths: [Int], into output: inout OutputBuffer
    ) {
        var last = ends.count - 1
        while last > 0, ends[last] == ends[last - 1] { last -= 1 }
        var cellStart = start
        for column in 0...last {
            let end = ends[column]
            output.append(UnsafeBufferPointer(rebasing: text[cellStart..<end]))
            cellStart = end
            if column < last { output.appendSpaces(columnWidths[column] - widths[column] + 2) }
        }
    }

    /// Terminal cells a string takes: wide and fullwidth characters take two, combining marks none.
    public static func displayWidth(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { displayWidth(utf8: $0) }
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E), tested eight bytes at a time.
    @inline(__always)
    static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        // A byte is printable when adding 0x60 leaves it at or above 0x80 and adding 0x01 leaves it below 0x80.
        let high: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let below = (word & ~high) &+ 0x6060_6060_6060_6060  // bit 7 set: low seven bits ≥ 0x20
            let delete = (word & ~high) &+ 0x0101_0101_0101_0101  // bit 7 set: low seven bits = 0x7F
            guard (~below | delete | word) & high == 0 else { return false }
            index += 8
        }
        while index < text.count {
            let byte = base[index]
            guard byte >= 0x20, byte < 0x7F else { return false }
            index += 1
        }
        return true
    }

    /// Terminal cells UTF-8 text takes, as ``displayWidth(_:)`` counts them.
    static func displayWidth(utf8 text: UnsafeBufferPointer<UInt8>) -> Int {
        // Printable ASCII, most of a table, is one cell a byte.
        if isPrintableASCII(text) { return text.count }
        return String(decoding: text, as: UTF8.self).reduce(0) { width, cluster in
            // An emoji drawn in colour is one wide cell however many scalars make it (👩‍💻, 👍🏽, #️⃣), as terminals
            // that draw them show it.
            if isEmojiPresentation(cluster) { return width + 2 }
            return cluster.unicodeScalars.reduce(width) { width, scalar in
                let value = scalar.value
                if scalar.properties.generalCategory == .nonspacingMark
                    || scalar.properties.generalCategory == .enclosingMark || value == 0x200D { return width }
                let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                    || (0xAC00...0xD7A3).contains(value)
                    || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
                        || (0xFF00...0xFF60).contains(value)
                    || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
                        || (0x20000...0x3FFFD).contains(value)
                return width + (wide ? 2 : 1)
            }
        }
    }
}

/// One row of a ``StreamedTextTable``: its cells written as UTF-8 into a buffer that is reused from row to row.
public struct TextTableRow: ~Copyable {
    /// The row's text so far: write a cell's text here, then call ``endCell()``.
    public var text = OutputBuffer()
    /// Where each cell ends in `text`, and its display width, for the first `cellCount` cells. Kept from row to row,
    /// so a row adds its cells without allocating or checking for a shared copy.
    private var ends: UnsafeMutablePointer<Int>
    private var widths: UnsafeMutablePointer<Int>
    private var capacity = 8
    fileprivate var cellCount = 0

    public init() {
        ends = .allocate(capacity: capacity)
        widths = .allocate(capacity: capacity)
    }

    deinit {
        ends.deallocate()
        widths.deallocate()
    }

    /// Ends the cell written to ``text`` since the last one.
    public mutating func endCell() {
        if cellCount == capacity { grow() }
        let start = cellCount > 0 ? ends[cellCount - 1] : 0
        let end = text.count
        ends[cellCount] = end
        widths[cellCount] = text.withBytes { bytes in
            TextTable.displayWidth(utf8: UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start },
                                                             count: end - start))
        }
        cellCount += 1
    }

    private mutating func grow() {
        let larger = capacity * 2
        let (oldEnds, oldWidths) = (ends, widths)
        ends = .allocate(capacity: larger)
        widths = .allocate(capacity: larger)
        ends.update(from: oldEnds, count: cellCount)
        widths.update(from: oldWidths, count: cellCount)
        oldEnds.deallocate()
        oldWidths.deallocate()
        capacity = larger
    }

    /// Adds a cell of `cell`.
    public mutating func add(_ cell: String) {
        text.append(cell)
        endCell()
    }

    /// The cells, as ``TextTable/add(_:)`` takes them.
    public var cells: [String] {
        text.withBytes { bytes in
            (0..<cellCount).map { cell in
                let start = cell > 0 ? ends[cell - 1] : 0
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<ends[cell]]), as: UTF8.self)
            }
        }
    }

    /// Lends the cells' ends and widths to `body`.
    fileprivate func withCells<R>(_ body: (_ ends: UnsafeBufferPointer<Int>,
                                           _ widths: UnsafeBufferPointer<Int>) -> R) -> R {
        body(UnsafeBufferPointer(start: ends, count: cellCount), UnsafeBufferPointer(start: widths, count: cellCount))
    }

    /// The width of cell `cell`.
    fileprivate func width(_ cell: Int) -> Int { widths[cell] }

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
        for column in 0..<row.cellCount where row.width(column) > widths[column] { widths[column] = row.width(column) }
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
        let columnWidths = widths
        row.text.withBytes { text in
            row.withCells { ends, widths in
                TextTable.appendLine(text, from: 0, ends: ends, widths: widths, columnWidths: columnWidths,
                                     into: &output)
            }
        }
        output.flushIfFull()
    }
}
