/// The frames of a layout that scrolls vertically, as ``FlowLayout`` caches them, placed by the flow layout's
/// rules in turn: each section is its header, its section inset, its tags in lines, and its footer; a line takes
/// tags while they fit; past `maxLines` tags are hidden; the last shown line makes room for a "+N" more tag; and
/// each line is placed by the alignment, right to left when the direction says so.
struct VerticalRows {
    let options: LayoutOptions
    var sections = [SectionLayout]()
    var items = [ItemLayout]()
    /// Each shown element's `maxY`, in document order: the index ``FlowLayout/elements(in:)`` searches.
    var maxY = [Double]()
    /// The document-order position of each section's first shown element, then the number of shown elements.
    var sectionStarts = [Int]()
    /// Where the next element goes; at the end, the content's height.
    private(set) var y = 0.0

    // The options the loops read, worked out once.
    private let lineWidth: Double
    private let lineExtent: ClosedRange<Double>
    private let spacing: Double
    private let padding: Double
    private let itemHeight: Double
    private let maxTextWidth: Double
    private let isLeftToRight: Bool

    /// The widths of the tags on the line being filled, and the line's width up to and including each: making room
    /// for a more tag goes back along them.
    private var lineWidths = [Double]()
    private var lineUsed = [Double]()

    init(_ metrics: [SectionMetrics], options: LayoutOptions, moreTagTextWidth: (Int) -> Double) {
        self.options = options
        lineWidth = options.lineWidth
        lineExtent = options.lineExtent
        spacing = options.interitemSpacing
        padding = options.padding
        itemHeight = options.itemHeight
        maxTextWidth = options.maxTextWidth
        isLeftToRight = options.direction == .ltr
        let tagCount = metrics.reduce(0) { $0 + $1.textWidths.count }
        items.reserveCapacity(tagCount)
        maxY.reserveCapacity(tagCount + 2 * metrics.count)
        sectionStarts.reserveCapacity(metrics.count + 1)
        sections.reserveCapacity(metrics.count)
        for (index, section) in metrics.enumerated() {
            placeSection(section, index: index, moreTagTextWidth: moreTagTextWidth)
        }
        sectionStarts.append(maxY.count)
    }

    var contentSize: Size { Size(width: options.contentWidth, height: y) }

    /// A section: its header, the inset above its tags, the tags in lines, the inset below, its footer.
    @inline(__always)
    private mutating func placeSection(_ section: SectionMetrics, index: Int, moreTagTextWidth: (Int) -> Double) {
        let top = y
        sectionStarts.append(maxY.count)
        let header = section.hasHeader ? placeSupplementary(height: options.headerHeight) : nil
        y += options.sectionInset.top
        let firstItem = items.count
        let lines = placeLines(section.textWidths, section: index, moreTagTextWidth: moreTagTextWidth)
        y += options.sectionInset.bottom
        let footer = section.hasFooter ? placeSupplementary(height: options.footerHeight) : nil
        sections.append(SectionLayout(header: header, footer: footer, items: firstItem..<items.count, span: top...y,
                                      lineCount: lines.count, hiddenCount: lines.hidden, more: lines.more))
    }

    /// A header or footer across the content at `y`, when it has a height.
    @inline(__always)
    private mutating func placeSupplementary(height: Double) -> Rect? {
        guard height > 0 else { return nil }
        let frame = Rect(x: 0, y: y, width: options.contentWidth, height: height)
        maxY.append(frame.maxY)
        y += height
        return frame
    }

    /// A section's tags in lines from `y`, leaving `y` at the last line's bottom: as many lines as `maxLines`
    /// allows, the tags after them hidden, and the last shown line with a more tag when `moreTag` is set.
    @inline(__always)
    private mutating func placeLines(
        _ widths: [Double], section: Int, moreTagTextWidth: (Int) -> Double
    ) -> (count: Int, hidden: Int, more: MoreTagLayout?) {
        var start = 0, line = 0, lineTop = y, hidden = 0
        var more: MoreTagLayout?
        while start < widths.count {
            if options.maxLines > 0 && line == options.maxLines {
                hideTags(widths, from: start, section: section, line: line, lineTop: lineTop)
                hidden = widths.count - start
                break
            }
            var (end, used) = fillLine(widths, from: start)
            let isLastLine = end == widths.count
            var moreTag: (width: Double, isTruncated: Bool)?
            if options.showsMoreTag && line == options.maxLines - 1 && !isLastLine {
                moreTag = makeRoomForMoreTag(widths, end: &end, used: &used, moreTagTextWidth: moreTagTextWidth)
            }
            more = placeLine(widths, start: start, end: end, used: used, moreTag: moreTag, isLastLine: isLastLine,
                             section: section, line: line, top: lineTop) ?? more
            line += 1
            start = end
            lineTop += itemHeight + options.lineSpacing
        }
        if line > 0 { y = lineTop - options.lineSpacing }
        return (line, hidden, more)
    }

    /// Where a tag `width` wide starts, `cursor` from its line's start: from the left end, or, right to left, from
    /// the right.
    @inline(__always)
    private func tagX(cursor: Double, width: Double) -> Double {
        isLeftToRight ? lineExtent.lowerBound + cursor : lineExtent.upperBound - cursor - width
    }

    /// Tags past `maxLines`: nowhere to be seen, with no size, at the start of the line after the last.
    @inline(__always)
    private mutating func hideTags(_ widths: [Double], from start: Int, section: Int, line: Int, lineTop: Double) {
        let hidden = Rect(x: tagX(cursor: 0, width: 0), y: lineTop - options.lineSpacing, width: 0, height: 0)
        for index in start..<widths.count {
            items.append(ItemLayout(frame: hidden, section: section, line: line, isHidden: true,
                                    isTruncated: widths[index] > maxTextWidth))
        }
    }

    /// Greedy: the tags from `start` the line takes while they fit, at least one, each at most the line wide.
    /// Returns where the next line starts and how wide this one is.
    @inline(__always)
    private mutating func fillLine(_ widths: [Double], from start: Int) -> (end: Int, used: Double) {
        lineWidths.removeAll(keepingCapacity: true)
        lineUsed.removeAll(keepingCapacity: true)
        var used = 0.0
        var end = start
        while end < widths.count {
            let tagWidth = Swift.min(widths[end] + 2 * padding, lineWidth)
            let needed = lineWidths.isEmpty ? tagWidth : used + spacing + tagWidth
            if !lineWidths.isEmpty && !FlowLayout.fits(needed, in: lineWidth) { break }
            lineWidths.append(tagWidth)
            lineUsed.append(needed)
            used = needed
            end += 1
        }
        return (end, used)
    }

    /// Moves tags off the end of the line until "+N" fits beside the rest, each one moved adding to N; alone on
    /// the line, the more tag is clamped to its width. Returns the more tag's width and whether its text is cut.
    @inline(__always)
    private mutating func makeRoomForMoreTag(_ widths: [Double], end: inout Int, used: inout Double,
                                             moreTagTextWidth: (Int) -> Double) -> (width: Double, isTruncated: Bool) {
        while true {
            let textWidth = moreTagTextWidth(widths.count - end)
            let width = Swift.min(textWidth + 2 * padding, lineWidth)
            if lineWidths.isEmpty || FlowLayout.fits(used + spacing + width, in: lineWidth) {
                used = lineWidths.isEmpty ? width : used + spacing + width
                return (width, textWidth > maxTextWidth)
            }
            lineWidths.removeLast()
            lineUsed.removeLast()
            used = lineUsed.last ?? 0
            end -= 1
        }
    }

    /// The line's tags, and its more tag after them, placed by the alignment. Returns the more tag.
    @inline(__always)
    private mutating func placeLine(_ widths: [Double], start: Int, end: Int, used: Double,
                                    moreTag: (width: Double, isTruncated: Bool)?, isLastLine: Bool, section: Int,
                                    line: Int, top: Double) -> MoreTagLayout? {
        if let moreTag { lineWidths.append(moreTag.width) }
        let placement = LinePlacement(alignment: options.alignment, direction: options.direction, available: lineWidth,
                                      spacing: spacing, used: used, count: lineWidths.count, isLastLine: isLastLine)
        var cursor = placement.lead
        for (offset, tagWidth) in lineWidths.enumerated() {
            let frame = Rect(x: tagX(cursor: cursor, width: tagWidth), y: top, width: tagWidth, height: itemHeight)
            maxY.append(frame.maxY)
            let itemIndex = start + offset
            if itemIndex == end {
                // Past the line's tags: the more tag, which follows them in reading order.
                return MoreTagLayout(frame: frame, count: widths.count - end, line: line,
                                     isTruncated: moreTag?.isTruncated ?? false)
            }
            items.append(ItemLayout(frame: frame, section: section, line: line, isHidden: false,
                                    isTruncated: widths[itemIndex] > maxTextWidth))
            cursor += tagWidth + placement.gap
        }
        return nil
    }
}
