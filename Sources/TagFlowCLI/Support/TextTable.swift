/// A plain-text table whose columns line up in a terminal, counting East Asian wide characters as two cells.
struct TextTable {
    var columns: [String]
    var rows: [[String]] = []

    init(columns: [String]) { self.columns = columns }

    mutating func add(_ row: [String]) { rows.append(row) }

    var rendered: String {
        let all = [columns] + rows
        let cellWidths = all.map { $0.map(TextTable.displayWidth) }
        let widths = columns.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        var output = ""
        for (rowIndex, row) in all.enumerated() {
            if rowIndex > 0 { output += "\n" }
            // Pad up to the last cell with text, so no line ends in spaces.
            let last = row.lastIndex { !$0.isEmpty } ?? 0
            for (column, cell) in row.enumerated() where column <= last {
                output += cell
                if column < last { output += String(repeating: " ", count: widths[column] - cellWidths[rowIndex][column] + 2) }
            }
        }
        return output
    }

    /// Terminal cells a string takes: wide and fullwidth characters take two, combining marks none.
    static func displayWidth(_ text: String) -> Int {
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
