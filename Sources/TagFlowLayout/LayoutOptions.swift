/// Every option of the layout. The defaults are YLTagsChooser's, and this is the one place they are written.
public struct LayoutOptions: Hashable, Sendable {
    /// The viewport's width (the collection view's bounds), in points.
    public var width: Double = 375
    /// The viewport's height, in points: the chooser's sheet, not the whole screen.
    public var height: Double = 412
    /// The tags' font, as a fontconfig family (`"DejaVu Sans"`), a fallback chain (`"SF Pro Text, PingFang SC"`),
    /// a generic name (`"sans-serif"`) or `"system-ios"`. A measurer resolves it: see `TextEngine.tagFont(for:)`.
    public var font: String = "sans-serif"
    /// The tag font's size at the default text size; ``textSize`` is the size drawn.
    public var fontSize: Double = 14
    /// Variable-font axes, `tag=value` separated by commas (`wght=590`); empty leaves the font's defaults, and an
    /// optical-size axis follows the text size.
    public var fontVariations: String = ""
    /// Extra space after every character, in points, as `NSAttributedString`'s kern adds it.
    public var tracking: Double = 0
    /// The reader's Dynamic Type setting, which scales ``fontSize``.
    public var contentSize: ContentSizeCategory = .large
    /// The reader's Bold Text setting: bold draws every text a step heavier.
    public var legibilityWeight: LegibilityWeight = .regular
    /// How measured text widths round to cell widths.
    public var textRounding: TextRounding = .exact
    /// Device pixels per point, for ``TextRounding/pixel``.
    public var displayScale: Double = 2
    /// Every cell's height, in points, unless ``itemHeightFitsText``.
    public var itemHeight: Double = 30
    /// Cells are as tall as their text's line plus ``verticalPadding`` above and below, not ``itemHeight``.
    public var itemHeightFitsText: Bool = false
    /// Room above and below the text when ``itemHeightFitsText``.
    public var verticalPadding: Double = 7
    /// Horizontal padding on each side of the text; the seed adds 15 in all.
    public var padding: Double = 7.5
    /// The least space between two tags on a line, as `minimumInteritemSpacing`.
    public var interitemSpacing: Double = 10
    /// The space between two lines of a section, as `minimumLineSpacing`.
    public var lineSpacing: Double = 10
    /// Space around each section's tags, inside its header and footer, as `sectionInset`.
    public var sectionInset = EdgeInsets(all: 10)
    /// Space around the whole content, as `UIScrollView.contentInset`: the first scroll offset is
    /// `-contentInset.top` (see ``offsetRange(contentSize:)``).
    public var contentInset = EdgeInsets.zero
    /// Height of the header of a section that has a title.
    public var headerHeight: Double = 50
    /// Height of the footer of a section that has footer text.
    public var footerHeight: Double = 30
    /// Leading, as the seed's left-aligned lines are in left-to-right text, and as a flow layout flips them in
    /// right-to-left.
    public var alignment: Alignment = .leading
    /// The writing direction: right to left mirrors the left-to-right layout, as a flow layout flips it.
    public var direction: Direction = .ltr
    /// The text's language, as a BCP 47 tag (`ja`, `zh-Hans`), when a string catalog's locale gives it; empty for
    /// none. It picks the faces Han characters are drawn in.
    public var language: String = ""
    /// Lines per section; tags past the limit are hidden. 0 means unlimited.
    public var maxLines: Int = 0
    /// With ``maxLines``, the text of a tag that ends the last shown line of a section with hidden tags and counts
    /// them: every `%d` becomes the count (`+%d` shows `+12`). Empty shows no such tag.
    public var moreTag: String = ""
    /// Where a tag too wide for a line loses its text to an ellipsis, as `NSLineBreakMode`'s truncating modes.
    public var truncation: Truncation = .tail
    /// How many tags may be selected at once. 0 means no limit.
    public var maxSelection: Int = 0
    /// Headers stick to the top of the visible bounds, like `sectionHeadersPinToVisibleBounds`; to the leading
    /// edge when scrolling horizontally.
    public var pinHeaders: Bool = false
    /// The axis the content grows and scrolls along.
    public var scrollDirection: ScrollDirection = .vertical
    /// Rows per section when ``scrollDirection`` is horizontal.
    public var rows: Int = 1

    public init() {}

    /// The size the tags' text is drawn at: ``fontSize`` scaled for ``contentSize``.
    public var textSize: Double { contentSize.scaled(fontSize) }

    public var isHorizontal: Bool { scrollDirection == .horizontal }

    /// The viewport's size: what the screen shows.
    public var viewportSize: Size { Size(width: width, height: height) }

    /// Scrolling horizontally right to left, reading starts at the content's right end.
    public var startsAtRightEnd: Bool { isHorizontal && direction == .rtl }

    /// The width the flow layout works in: the viewport less the content insets. Horizontal content grows past it.
    public var contentWidth: Double { width - contentInset.horizontal }

    /// The room for tags on one line, and the widest a tag may be: a screen's width less the insets.
    public var lineWidth: Double { contentWidth - sectionInset.horizontal }

    /// Where a vertical layout's lines lie across the content: inside the section insets, mirrored right to left as
    /// UIKit flips a flow layout, so that the left inset ends up on the right.
    public var lineExtent: ClosedRange<Double> {
        let (before, after) = direction == .ltr
            ? (sectionInset.left, sectionInset.right) : (sectionInset.right, sectionInset.left)
        return before...Swift.max(before, contentWidth - after)
    }

    /// The widest a tag's text may be before it is truncated: the line's width. A tag is its text and the padding,
    /// clamped to the line, and its label is the whole cell, as the seed's is: within 2 × padding of the line's
    /// width the text shows whole with less padding, and only a text wider than the line is cut.
    public var maxTextWidth: Double { lineWidth }

    /// Whether sections that hide tags end their last line with a ``moreTag``.
    public var showsMoreTag: Bool { maxLines > 0 && !moreTag.isEmpty }

    /// The ``moreTag`` text for `count` hidden tags: every `%d` replaced by the count, and `%%` by `%`, as printf does.
    public func moreTagText(count: Int) -> String {
        let number = String(count)
        return Self.expandMoreTag(moreTag) { number }
    }

    /// How many `%d` a ``moreTag`` format holds; a format that shows the count holds one.
    public static func countPlaceholders(inMoreTag format: String) -> Int {
        var count = 0
        _ = expandMoreTag(format) { count += 1; return "" }
        return count
    }

    /// `format` with each `%d` replaced by `count()` and `%%` by `%`; any other `%` stays as it is.
    private static func expandMoreTag(_ format: String, count: () -> String) -> String {
        var result = ""
        var rest = format[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let next = rest.index(after: percent)
            if next < rest.endIndex, rest[next] == "d" || rest[next] == "%" {
                result += rest[next] == "d" ? count() : "%"
                rest = rest[rest.index(after: next)...]
            } else {
                result.append("%")
                rest = rest[next...]
            }
        }
        return result + rest
    }

    /// The first and last scroll offsets along the scroll axis, as in `UIScrollView`: from `-contentInset.top` to
    /// the bottom end, or from `-contentInset.left` to the right end.
    public func offsetRange(contentSize: Size) -> ClosedRange<Double> {
        let start = isHorizontal ? -contentInset.left : -contentInset.top
        let end = isHorizontal
            ? contentSize.width + contentInset.right - width : contentSize.height + contentInset.bottom - height
        return start...Swift.max(start, end)
    }

    /// The rect the viewport covers at a scroll offset along the scroll axis, in content coordinates.
    public func visibleRect(offset: Double) -> Rect {
        isHorizontal ? Rect(x: offset, y: -contentInset.top, width: width, height: height)
                     : Rect(x: -contentInset.left, y: offset, width: width, height: height)
    }
}

extension Rect {
    /// The rect's start along `axis`: `minY` for vertical scrolling, `minX` for horizontal.
    @inlinable
    public func minAlong(_ axis: ScrollDirection) -> Double { axis == .vertical ? minY : minX }
    /// The rect's end along `axis`.
    @inlinable
    public func maxAlong(_ axis: ScrollDirection) -> Double { axis == .vertical ? maxY : maxX }
    /// The rect's extent along `axis`.
    @inlinable
    public func length(along axis: ScrollDirection) -> Double { axis == .vertical ? height : width }
}

extension Size {
    /// The extent along `axis`.
    public func length(along axis: ScrollDirection) -> Double { axis == .vertical ? height : width }
}

/// Prints a point value without a trailing `.0`: `10`, `7.5`, `12.345`.
package func formatPoints(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// `WIDTHxHEIGHT` in points, as `--item-size` reads it: `50x50`.
package func formatSize(_ size: Size) -> String {
    "\(formatPoints(size.width))x\(formatPoints(size.height))"
}

/// `places` decimals at most, two by default, for tables and reports: `12.35`, `7.5`, `10`.
package func formatDecimal(_ value: Double, places: Int = 2) -> String {
    let scale = (0..<places).reduce(1.0) { product, _ in product * 10 }
    return formatPoints((value * scale).rounded() / scale)
}

/// A size in bytes as people read it, in powers of 1,024: `812 bytes`, `3.4 KiB`, `64 MiB`, `1.25 GiB`.
package func formatByteSize(_ bytes: Int) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var value = Double(bytes), unit = -1
    while abs(value) >= 1024, unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    if unit < 0 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
    return "\(formatDecimal(value, places: value < 10 ? 2 : 1)) \(units[unit])"
}

extension LayoutOptions {
    /// The largest font size, in points: 1,000 pt is 3,000 px at scale 3, well inside what FreeType draws.
    public static let maxFontSize = 1000.0

    /// The tracking a font size allows: a quarter of an em tighter, where the narrowest letters (i, l) still keep
    /// some width, to an em looser.
    public static func trackingRange(fontSize: Double) -> ClosedRange<Double> {
        -fontSize / 4...fontSize
    }

    /// Checks the options text is measured with: a font size FreeType draws, and tracking that leaves texts a width.
    public func validateText() throws(LayoutOptionsError) {
        guard fontSize.isFinite, tracking.isFinite else {
            throw .notFinite(option: fontSize.isFinite ? .tracking : .fontSize)
        }
        if fontSize <= 0 { throw .notPositive(option: .fontSize, value: fontSize) }
        if fontSize > Self.maxFontSize { throw .fontSizeTooLarge(fontSize: fontSize) }
        let trackingRange = Self.trackingRange(fontSize: fontSize)
        if !trackingRange.contains(tracking) { throw .trackingOutOfRange(tracking: tracking, allowed: trackingRange) }
    }

    /// Checks that a layout is possible, naming the first option that is not.
    public func validate(selectedCount: Int = 0) throws(LayoutOptionsError) {
        let positive: [(LayoutOptionKey, Double)] = [
            (.width, width), (.height, height), (.fontSize, fontSize), (.itemHeight, itemHeight),
            (.displayScale, displayScale),
        ]
        let scalars: [(LayoutOptionKey, Double)] = [
            (.padding, padding), (.interitemSpacing, interitemSpacing), (.lineSpacing, lineSpacing),
            (.headerHeight, headerHeight), (.footerHeight, footerHeight), (.verticalPadding, verticalPadding),
        ]
        let insets: [(LayoutOptionKey, EdgeInsets)] = [(.sectionInset, sectionInset), (.contentInset, contentInset)]
        let nonNegative = scalars.map { ($0.0, EdgeInsets.Side?.none, $0.1) }
            + insets.flatMap { key, insets in EdgeInsets.Side.allCases.map { (key, $0, insets[$0]) } }
        if !tracking.isFinite { throw .notFinite(option: .tracking) }
        for (key, value) in positive where !value.isFinite { throw .notFinite(option: key) }
        for (key, side, value) in nonNegative where !value.isFinite { throw .notFinite(option: key, side: side) }
        for (key, value) in positive where value <= 0 { throw .notPositive(option: key, value: value) }
        try validateText()
        for (key, side, value) in nonNegative where value < 0 { throw .negative(option: key, side: side, value: value) }
        if maxLines < 0 { throw .negative(option: .maxLines, value: Double(maxLines)) }
        if maxSelection < 0 { throw .negative(option: .maxSelection, value: Double(maxSelection)) }
        if rows < 1 { throw .notPositive(option: .rows, value: Double(rows)) }
        if !isHorizontal && rows != 1 { throw .rowsNeedHorizontalScrolling(rows: rows) }
        if isHorizontal && maxLines > 0 { throw .maxLinesNeedVerticalScrolling(maxLines: maxLines) }
        if lineWidth <= 0 {
            throw .insetsTooWide(total: contentInset.horizontal + sectionInset.horizontal, width: width)
        }
        if lineWidth - 2 * padding <= 0 { throw .noRoomForText(lineWidth: lineWidth, padding: padding) }
        if maxSelection > 0, selectedCount > maxSelection {
            throw .tooManySelected(selected: selectedCount, maxSelection: maxSelection)
        }
    }
}
