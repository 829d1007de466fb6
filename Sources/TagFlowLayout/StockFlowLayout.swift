/// A stock `UICollectionViewFlowLayout` with a fixed `itemSize`, as `super` sees the collection view.
///
/// It shares the custom layout's sections, insets, header and footer sizes and minimum spacings,
/// but places every item on its own grid: it fits as many items per line as the minimum spacing
/// allows, widens the spacing so each line reaches both insets, and centres a line of one item.
/// It has no more tags: they are a supplementary kind only the custom layout adds.
public struct StockFlowLayout: Sendable {
    public static let defaultItemSize = Size(width: 50, height: 50)

    public let itemSize: Size
    /// Every element at the frame the stock layout gives it, in document order.
    public let elements: [LayoutElement]
    /// The stock content's length along the scroll axis.
    public let contentLength: Double
    /// Scrolling horizontally right to left, the custom layout's frames are mirrored across this width while the
    /// stock layout, like UIKit's before the collection view flips it, is not: queries are mirrored back.
    private let mirrorWidth: Double?

    /// Scrolling horizontally, a line is a column: items stack down it `interitemSpacing` apart, spread to reach
    /// both the top and bottom insets, and columns follow each other `lineSpacing` apart, as UIKit's flow layout does.
    public init(mirroring layout: FlowLayout, itemSize: Size) {
        self.itemSize = itemSize
        let options = layout.options
        let horizontal = options.isHorizontal
        // Across the scroll axis: the room for a line, and an item's extent.
        let lineRoom = horizontal ? layout.contentSize.height - options.sectionInset.vertical : options.lineWidth
        let itemAcross = horizontal ? itemSize.height : itemSize.width
        let itemAlong = horizontal ? itemSize.width : itemSize.height
        let spacing = options.interitemSpacing
        let perLine = Swift.max(1, Int(((lineRoom + spacing) / (itemAcross + spacing)).rounded(.down)))
        // A rect from positions along and across the scroll axis.
        func rect(along: Double, across: Double, length: Double, breadth: Double) -> Rect {
            horizontal ? Rect(x: along, y: across, width: length, height: breadth)
                       : Rect(x: across, y: along, width: breadth, height: length)
        }
        var elements = [LayoutElement]()
        var along = 0.0
        let insetBefore = horizontal ? options.sectionInset.left : options.sectionInset.top
        let insetAfter = horizontal ? options.sectionInset.right : options.sectionInset.bottom
        let insetAcross = horizontal ? options.sectionInset.top : options.sectionInset.left
        for (sectionIndex, section) in layout.sections.enumerated() {
            if let header = section.header {
                let length = header.length(along: options.scrollDirection)
                elements.append(LayoutElement(id: .header(sectionIndex),
                                              frame: rect(along: along, across: 0, length: length,
                                                          breadth: horizontal ? header.height : header.width)))
                along += length
            }
            along += insetBefore
            let count = section.items.count - section.hiddenCount
            var first = 0
            while first < count {
                let inLine = Swift.min(perLine, count - first)
                let gap = inLine > 1 ? (lineRoom - Double(inLine) * itemAcross) / Double(inLine - 1) : 0
                let lead = inLine == 1 ? (lineRoom - itemAcross) / 2 : 0
                for position in 0..<inLine {
                    let across = insetAcross + lead + Double(position) * (itemAcross + gap)
                    elements.append(LayoutElement(id: .item(sectionIndex, first + position),
                                                  frame: rect(along: along, across: across, length: itemAlong,
                                                              breadth: itemAcross)))
                }
                first += inLine
                along += itemAlong + (first < count ? options.lineSpacing : 0)
            }
            along += insetAfter
            if let footer = section.footer {
                let length = footer.length(along: options.scrollDirection)
                elements.append(LayoutElement(id: .footer(sectionIndex),
                                              frame: rect(along: along, across: 0, length: length,
                                                          breadth: horizontal ? footer.height : footer.width)))
                along += length
            }
        }
        self.elements = elements
        self.contentLength = along
        mirrorWidth = horizontal && options.direction == .rtl ? layout.contentSize.width : nil
    }

    /// The IDs whose stock frames intersect `rect`, in document order.
    public func elements(in rect: Rect) -> [ElementID] {
        var query = rect.standardized
        if let mirrorWidth { query.x = mirrorWidth - query.maxX }
        return elements.compactMap { $0.frame.intersects(query) ? $0.id : nil }
    }
}
