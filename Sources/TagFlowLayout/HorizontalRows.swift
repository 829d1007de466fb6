/// Horizontal scrolling: each section's tags fill `rows` rows from left to right, and sections follow each other
/// to the right, as `UICollectionViewFlowLayout` places sections when it scrolls horizontally.
///
/// The row rule is a balanced fill. Tags keep their reading order, and a row is a run of consecutive tags: the
/// first row holds the first tags, the next row the ones after. Each section is as narrow as it can be: its rows are
/// filled greedily at the smallest width that keeps the section within `rows` rows. A section with fewer tags than
/// rows, or tags too wide to share a row, uses fewer rows.
///
/// A section's header is a strip at its leading edge as tall as the content, `headerHeight` wide (the extent along
/// the scroll axis, as `headerReferenceSize` is read), with `sectionInset.left` after it; the footer is a strip at
/// its trailing edge after `sectionInset.right`. Rows start `sectionInset.top` below the top, `lineSpacing` apart,
/// and tags in a row are `interitemSpacing` apart. The alignment places each row within its section's width.
/// Right to left, the whole content is mirrored: the first section is at the right and reads leftwards.
struct HorizontalRows {
    var sections = [SectionLayout]()
    var items = [ItemLayout]()
    var index = [LayoutElement]()
    var lanes = [QueryLane]()
    var contentSize = Size(width: 0, height: 0)

    init(_ metrics: [SectionMetrics], options: LayoutOptions) {
        var placer = SectionPlacer(options: options)
        let tagCount = metrics.reduce(0) { $0 + $1.textWidths.count }
        items.reserveCapacity(tagCount)
        index.reserveCapacity(tagCount + 2 * metrics.count)
        placer.laneOfElement.reserveCapacity(tagCount + 2 * metrics.count)
        for (sectionIndex, section) in metrics.enumerated() {
            placer.place(section, at: sectionIndex, into: &self)
        }
        contentSize = Size(width: placer.x, height: placer.height)
        let rtl = options.direction == .rtl
        if rtl { mirror(width: placer.x) }
        var positionsByLane = [[Int]](repeating: [], count: placer.rowCount + 1)
        for (position, lane) in placer.laneOfElement.enumerated() { positionsByLane[lane].append(position) }
        lanes = positionsByLane.map { positions in
            QueryLane(positions: rtl ? positions.reversed() : positions, elements: index)
        }
    }

    /// Places sections one after another from left to right, each as its header strip, its rows of tags and its
    /// footer strip, indexing every element with its lane.
    private struct SectionPlacer {
        let options: LayoutOptions
        let rowCount: Int
        /// The content's height: the rows within the section insets, or the viewport's less the content insets.
        let height: Double
        /// Placed left to right, then mirrored for right to left: `left` and `right` swap so they survive the mirror.
        let alignment: Alignment
        /// The next element's left edge; the content's width once every section is placed.
        var x = 0.0
        /// Each indexed element's lane: its row, or `rowCount` for headers and footers.
        var laneOfElement = [Int]()
        /// The current section's tag widths, the storage kept from section to section.
        private var widths = [Double]()

        init(options: LayoutOptions) {
            self.options = options
            rowCount = options.rows
            let rowsHeight = Double(rowCount) * options.itemHeight + Double(rowCount - 1) * options.lineSpacing
            height = Swift.max(options.height - options.contentInset.vertical,
                               options.sectionInset.vertical + rowsHeight)
            alignment = switch (options.alignment, options.direction == .rtl) {
            case (.left, true): .right
            case (.right, true): .left
            default: options.alignment
            }
        }

        mutating func place(_ section: SectionMetrics, at sectionIndex: Int, into rows: inout HorizontalRows) {
            let start = x
            var header: Rect?
            if section.hasHeader && options.headerHeight > 0 {
                header = strip(.header(sectionIndex), width: options.headerHeight, into: &rows)
            }
            x += options.sectionInset.left
            let padding = options.padding, lineWidth = options.lineWidth
            widths.removeAll(keepingCapacity: true)
            widths.append(contentsOf: section.textWidths.lazy.map { Swift.min($0 + 2 * padding, lineWidth) })
            let fill = HorizontalRows.balancedRows(widths, rows: rowCount, spacing: options.interitemSpacing)
            let firstItem = rows.items.count
            placeTags(of: section, at: sectionIndex, in: fill, into: &rows)
            x += fill.width + options.sectionInset.right
            var footer: Rect?
            if section.hasFooter && options.footerHeight > 0 {
                footer = strip(.footer(sectionIndex), width: options.footerHeight, into: &rows)
            }
            rows.sections.append(SectionLayout(header: header, footer: footer, items: firstItem..<rows.items.count,
                                               span: start...x, lineCount: fill.rows.count, hiddenCount: 0,
                                               more: nil))
        }

        /// A header or footer strip `width` wide at `x`, indexed in the supplementary lane.
        private mutating func strip(_ id: ElementID, width: Double, into rows: inout HorizontalRows) -> Rect {
            let frame = Rect(x: x, y: 0, width: width, height: height)
            rows.index.append(LayoutElement(id: id, frame: frame))
            laneOfElement.append(rowCount)
            x += width
            return frame
        }

        /// The section's tags in the rows of `fill`, each row aligned within the fill's width from `x`.
        private mutating func placeTags(of section: SectionMetrics, at sectionIndex: Int,
                                        in fill: (rows: [Range<Int>], width: Double),
                                        into rows: inout HorizontalRows) {
            let spacing = options.interitemSpacing
            for (row, range) in fill.rows.enumerated() {
                let used = widths[range].reduce(0, +) + spacing * Double(range.count - 1)
                let placement = LinePlacement(alignment: alignment, direction: .ltr, available: fill.width,
                                              spacing: spacing, used: used, count: range.count,
                                              isLastLine: row == fill.rows.count - 1)
                let y = options.sectionInset.top + Double(row) * (options.itemHeight + options.lineSpacing)
                var cursor = x + placement.lead
                for tag in range {
                    let frame = Rect(x: cursor, y: y, width: widths[tag], height: options.itemHeight)
                    rows.items.append(ItemLayout(frame: frame, section: sectionIndex, line: row, isHidden: false,
                                                 isTruncated: section.textWidths[tag] > options.maxTextWidth))
                    rows.index.append(LayoutElement(id: .item(sectionIndex, tag), frame: frame))
                    laneOfElement.append(row)
                    cursor += widths[tag] + placement.gap
                }
            }
        }
    }

    /// Flips every frame and span across the content's width, for right-to-left reading.
    private mutating func mirror(width: Double) {
        func flipped(_ rect: Rect) -> Rect {
            Rect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
        }
        for position in items.indices { items[position].frame = flipped(items[position].frame) }
        for position in index.indices { index[position].frame = flipped(index[position].frame) }
        for position in sections.indices {
            let span = sections[position].span
            sections[position].header = sections[position].header.map(flipped)
            sections[position].footer = sections[position].footer.map(flipped)
            sections[position].span = (width - span.upperBound)...(width - span.lowerBound)
        }
    }

    /// The balanced fill of `widths` into at most `rows` rows: the rows as runs of indices, and the widest row's
    /// width, which is the smallest at which greedy filling needs no more than `rows` rows (to 1e-9 of it).
    static func balancedRows(_ widths: [Double], rows: Int, spacing: Double) -> (rows: [Range<Int>], width: Double) {
        guard let widest = widths.max() else { return ([], 0) }
        let total = widths.reduce(0, +) + spacing * Double(widths.count - 1)
        // No row can be narrower than the widest tag, nor than the rows' share of the whole.
        var low = Swift.max(widest, (total - spacing * Double(rows - 1)) / Double(rows))
        var high = total
        if greedyRowCount(widths, width: low, spacing: spacing, limit: rows) <= rows {
            high = low
        } else {
            // `low` needs too many rows and `high`, one row, does not: narrow the gap between them.
            while high - low > 1e-9 * Swift.max(1, high) {
                let middle = (low + high) / 2
                if middle <= low || middle >= high { break }
                if greedyRowCount(widths, width: middle, spacing: spacing, limit: rows) <= rows {
                    high = middle
                } else {
                    low = middle
                }
            }
        }
        return greedyRows(widths, width: high, spacing: spacing)
    }

    /// How many rows greedy filling at `width` takes, counting no further than `limit + 1`.
    private static func greedyRowCount(_ widths: [Double], width: Double, spacing: Double, limit: Int) -> Int {
        var count = 1
        var used = 0.0
        var rowIsEmpty = true
        for tagWidth in widths {
            if !rowIsEmpty && !FlowLayout.fits(used + spacing + tagWidth, in: width) {
                count += 1
                if count > limit { return count }
                rowIsEmpty = true
            }
            used = rowIsEmpty ? tagWidth : used + spacing + tagWidth
            rowIsEmpty = false
        }
        return count
    }

    /// The rows greedy filling at `width` makes, and the widest one's width.
    private static func greedyRows(_ widths: [Double], width: Double,
                                   spacing: Double) -> (rows: [Range<Int>], width: Double) {
        var rows = [Range<Int>]()
        var start = 0
        var used = 0.0
        var widest = 0.0
        for (position, tagWidth) in widths.enumerated() {
            if position > start && !FlowLayout.fits(used + spacing + tagWidth, in: width) {
                rows.append(start..<position)
                widest = Swift.max(widest, used)
                start = position
            }
            used = position == start ? tagWidth : used + spacing + tagWidth
        }
        rows.append(start..<widths.count)
        return (rows, Swift.max(widest, used))
    }
}
