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
    public let contentHeight: Double

    public init(mirroring layout: FlowLayout, itemSize: Size) {
        self.itemSize = itemSize
        let options = layout.options
        let lineWidth = options.lineWidth
        let spacing = options.interitemSpacing
        let perLine = Swift.max(1, Int(((lineWidth + spacing) / (itemSize.width + spacing)).rounded(.down)))
        var elements = [LayoutElement]()
        var y = 0.0
        for (sectionIndex, section) in layout.sections.enumerated() {
            if let header = section.header {
                elements.append(LayoutElement(id: .header(sectionIndex), frame: Rect(x: 0, y: y, width: header.width, height: header.height)))
                y += header.height
            }
            y += options.sectionInset.top
            let count = section.items.count - section.hiddenCount
            var first = 0
            while first < count {
                let inLine = Swift.min(perLine, count - first)
                let gap = inLine > 1 ? (lineWidth - Double(inLine) * itemSize.width) / Double(inLine - 1) : 0
                let lead = inLine == 1 ? (lineWidth - itemSize.width) / 2 : 0
                for column in 0..<inLine {
                    let x = options.sectionInset.left + lead + Double(column) * (itemSize.width + gap)
                    elements.append(LayoutElement(id: .item(sectionIndex, first + column),
                                                  frame: Rect(x: x, y: y, width: itemSize.width, height: itemSize.height)))
                }
                first += inLine
                y += itemSize.height + (first < count ? options.lineSpacing : 0)
            }
            y += options.sectionInset.bottom
            if let footer = section.footer {
                elements.append(LayoutElement(id: .footer(sectionIndex), frame: Rect(x: 0, y: y, width: footer.width, height: footer.height)))
                y += footer.height
            }
        }
        self.elements = elements
        self.contentHeight = y
    }

    /// The IDs whose stock frames intersect `rect`, in document order.
    public func elements(in rect: Rect) -> [ElementID] {
        let query = rect.standardized
        return elements.compactMap { $0.frame.intersects(query) ? $0.id : nil }
    }
}
