/// A flow layout of tags with UIKit's semantics, prepared once and then queried.
///
/// Like a `UICollectionViewFlowLayout` subclass that caches in `prepareLayout`: every frame is
/// computed once, in content coordinates, and ``elements(in:)`` answers any rect from that cache.
///
/// ```swift
/// let layout = FlowLayout.prepare([SectionMetrics(hasHeader: true, hasFooter: false, textWidths: [28, 56])],
///                                 options: LayoutOptions())
/// // The screen scrolled to the top: the first offset is -contentInset.top, as in UIScrollView.
/// let top = layout.options.offsetRange(contentSize: layout.contentSize).lowerBound
/// layout.elements(in: layout.options.visibleRect(offset: top))
/// ```
public struct FlowLayout: Sendable {
    public let options: LayoutOptions
    public let sections: [SectionLayout]
    /// Every tag, section by section.
    public let items: [ItemLayout]
    public let contentSize: Size

    /// Scrolling horizontally: every shown element in document order, which the lanes index. Empty when scrolling
    /// vertically, where an element's place in document order is worked out from ``sectionStarts`` instead.
    let index: [LayoutElement]
    /// Scrolling vertically: the `maxY` of every shown element in document order (a section's header, shown items,
    /// more tag and footer, section after section). Both `minY` and `maxY` are non-decreasing along it, which is
    /// what lets ``elements(in:)`` binary-search. Only these 8 bytes an element are written besides the items:
    /// a million-tag layout writes 56 bytes a tag, not 104, and the search reads only keys.
    private let indexMaxY: [Double]
    /// Scrolling vertically: the document-order position of each section's first shown element, and then the
    /// number of shown elements.
    fileprivate let sectionStarts: [Int]
    /// The last `maxY` of each block of ``searchBlock`` indexed elements: 1/64 of the keys, small enough to stay in
    /// cache, so a search of a million elements misses the cache within one block only.
    private let blockMaxY: [Double]
    static let searchBlock = 64
    /// Scrolling horizontally: one lane per row, across all sections, and one for headers and footers. Along each,
    /// `minX` and `maxX` are non-decreasing, so each is binary-searched as the vertical index is.
    let lanes: [QueryLane]

    /// Computes and caches every frame.
    ///
    /// With `options.moreTag` set, a more tag's text is taken to be 0 pt wide: the tag is its padding wide.
    /// Give ``prepare(_:options:moreTagTextWidth:)`` the measured widths to size it as its text.
    ///
    /// - Complexity: O(n) in the number of tags.
    public static func prepare(_ sections: [SectionMetrics], options: LayoutOptions) -> FlowLayout {
        FlowLayout(sections: sections, options: options, moreTagTextWidth: { _ in 0 })
    }

    /// Computes and caches every frame, sizing each section's more tag by `moreTagTextWidth(N)`: the text width
    /// of ``LayoutOptions/moreTagText(count:)`` for N hidden tags, before padding.
    ///
    /// The more tag is fitted by moving tags off the end of the last shown line until it fits beside them; each
    /// moved tag adds one to N. If it fits beside no tag it sits alone on the line, clamped to the line's width.
    /// `moreTagTextWidth` is called only for sections that hide tags, at most once per tag on their last line
    /// plus one, and is not kept.
    ///
    /// - Complexity: O(n) in the number of tags, and as many calls of `moreTagTextWidth`.
    public static func prepare(_ sections: [SectionMetrics], options: LayoutOptions,
                               moreTagTextWidth: (Int) -> Double) -> FlowLayout {
        FlowLayout(sections: sections, options: options, moreTagTextWidth: moreTagTextWidth)
    }

    private init(sections metrics: [SectionMetrics], options: LayoutOptions, moreTagTextWidth: (Int) -> Double) {
        self.options = options
        if options.isHorizontal {
            let rows = HorizontalRows(metrics, options: options)
            sections = rows.sections
            items = rows.items
            index = rows.index
            indexMaxY = []
            blockMaxY = []
            sectionStarts = []
            lanes = rows.lanes
            contentSize = rows.contentSize
            return
        }
        let rows = VerticalRows(metrics, options: options, moreTagTextWidth: moreTagTextWidth)
        lanes = []
        sections = rows.sections
        items = rows.items
        index = []
        indexMaxY = rows.maxY
        sectionStarts = rows.sectionStarts
        blockMaxY = stride(from: Self.searchBlock - 1, to: rows.maxY.count + Self.searchBlock - 1, by: Self.searchBlock)
            .map { rows.maxY[Swift.min($0, rows.maxY.count - 1)] }
        contentSize = rows.contentSize
    }

    /// The one rule for whether a line of `width` fits in `available`; the slack absorbs rounding in sums of fractions.
    @inlinable
    public static func fits(_ width: Double, in available: Double) -> Bool {
        width <= available + 1e-9
    }

    /// The element with this ID at its layout frame, or `nil` if there is none or it is hidden.
    public func element(at id: ElementID) -> LayoutElement? {
        guard sections.indices.contains(id.section) else { return nil }
        let section = sections[id.section]
        switch id.kind {
        case .header:
            return section.header.map { LayoutElement(id: id, frame: $0) }
        case .footer:
            return section.footer.map { LayoutElement(id: id, frame: $0) }
        case .more:
            return section.more.map { LayoutElement(id: id, frame: $0.frame) }
        case .item:
            guard id.item >= 0, id.item < section.items.count else { return nil }
            let item = items[section.items.lowerBound + id.item]
            return item.isHidden ? nil : LayoutElement(id: id, frame: item.frame)
        }
    }

    /// Every shown element, in document order.
    public var allElements: [LayoutElement] {
        if options.isHorizontal { return index }
        var cursor = DocumentOrderCursor(layout: self, position: 0)
        return (0..<indexMaxY.count).map { _ in cursor.next() }
    }

    /// The items, headers, footers and more tags whose frames intersect `rect`, in document order.
    ///
    /// Holds for any rect: taller than the viewport, outside the content, or of zero height.
    /// Edges follow ``Rect/intersects(_:)``. Pinned headers are not moved here; see ``elements(in:pinnedAt:)``.
    ///
    /// - Complexity: O(log n + k), where k is the number of elements in the rect's vertical band.
    public func elements(in rect: Rect) -> [LayoutElement] {
        let query = rect.standardized
        if options.isHorizontal { return elementsAlongLanes(in: query) }
        var result = [LayoutElement]()
        var cursor = DocumentOrderCursor(layout: self, position: firstElement(endingAfter: query.minY))
        let degenerate = query.height == 0
        while cursor.position < indexMaxY.count {
            let element = cursor.next()
            let top = element.frame.minY
            if degenerate ? top > query.minY : top >= query.maxY { break }
            if element.frame.intersects(query) { result.append(element) }
        }
        return result
    }

    /// The same answer as ``elements(in:)`` by testing every element; the reference for tests and benchmarks.
    ///
    /// - Complexity: O(n).
    public func elementsByLinearScan(in rect: Rect) -> [LayoutElement] {
        let query = rect.standardized
        if options.isHorizontal { return index.filter { $0.frame.intersects(query) } }
        var result = [LayoutElement]()
        var cursor = DocumentOrderCursor(layout: self, position: 0)
        while cursor.position < indexMaxY.count {
            let element = cursor.next()
            if element.frame.intersects(query) { result.append(element) }
        }
        return result
    }

    /// The first document-order position whose element ends below `y`.
    private func firstElement(endingAfter y: Double) -> Int {
        let block = Self.firstIndex(in: blockMaxY, above: y)
        let start = Swift.min(block * Self.searchBlock, indexMaxY.count)
        return Self.firstIndex(in: indexMaxY, above: y,
                               within: start..<Swift.min(start + Self.searchBlock, indexMaxY.count))
    }

    /// The first index of `ends` in `range` whose value is above `value`, or the range's end; `ends` never decrease.
    /// A binary search.
    static func firstIndex(in ends: [Double], above value: Double, within range: Range<Int>? = nil) -> Int {
        var low = range?.lowerBound ?? 0
        var high = range?.upperBound ?? ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > value { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Walks a vertical layout's shown elements in document order from a position, naming each from its section:
/// a section's elements are its header, its shown items, its more tag and its footer, each there or not.
private struct DocumentOrderCursor {
    let layout: FlowLayout
    private(set) var position: Int
    private var section: Int
    /// The current section's shown items: their positions, and the first one's index in ``FlowLayout/items``.
    private var itemPositions: Range<Int> = 0..<0
    private var firstItem = 0

    init(layout: FlowLayout, position: Int) {
        self.layout = layout
        self.position = position
        // The last section starting at or before `position`; sections without shown elements start where the next does.
        var low = 0, high = layout.sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if layout.sectionStarts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        section = low
        enterSection()
    }

    private mutating func enterSection() {
        guard section < layout.sections.count else { return }
        let laidOut = layout.sections[section]
        let first = layout.sectionStarts[section] + (laidOut.header == nil ? 0 : 1)
        itemPositions = first..<first + laidOut.items.count - laidOut.hiddenCount
        firstItem = laidOut.items.lowerBound
    }

    /// The element at `position`, moving on to the next; `position` must be below the number of shown elements.
    mutating func next() -> LayoutElement {
        defer { position += 1 }
        if !itemPositions.contains(position) {
            while position >= layout.sectionStarts[section + 1] {
                section += 1
                enterSection()
            }
        }
        if itemPositions.contains(position) {
            let offset = position - itemPositions.lowerBound
            return LayoutElement(id: .item(section, offset), frame: layout.items[firstItem + offset].frame)
        }
        let laidOut = layout.sections[section]
        if position < itemPositions.lowerBound { return LayoutElement(id: .header(section), frame: laidOut.header!) }
        if position == itemPositions.upperBound,
           let more = laidOut.more { return LayoutElement(id: .more(section), frame: more.frame) }
        return LayoutElement(id: .footer(section), frame: laidOut.footer!)
    }
}
