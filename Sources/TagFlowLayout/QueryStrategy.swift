/// How a layout answers "which elements are in this rect?". Two of these are the seed's code, kept to be looked at.
public enum QueryStrategy: String, CaseIterable, Sendable, Codable {
    /// Answers from the frames cached in prepare: the correct answer for any rect.
    case cached
    /// The seed's bug: asks a stock flow layout's own grid which index paths are in the rect, then returns the custom
    /// frames.
    ///
    /// A more tag is a supplementary view of the subclass's own kind, which the stock layout does not know: super
    /// never names it, so this strategy never returns it and every shown more tag is missing from its answers.
    case naiveSuper = "naive-super"
    /// The seed's published fix: ignores the rect and scans the visible rect taken from the content offset.
    case visibleRect = "visible-rect"

    /// Whether every answer is the correct one, with nothing missing and nothing extra.
    public var isExact: Bool { self == .cached }

    /// One line for captions and help.
    public var summary: String {
        switch self {
        case .cached: "frames cached in prepare, answered for the queried rect"
        case .naiveSuper: "super's 50×50 grid decides which index paths are in the rect"
        case .visibleRect: "the visible rect from contentOffset, inclusive edges"
        }
    }
}

extension FlowLayout {
    /// The seed's fix, as published: scan every item, and the more tag, against the visible rect with inclusive edges.
    /// A header is emitted only when its section's first line or the previous section's last line is
    /// visible, and a footer only when its section's last line or the next section's first line is.
    /// Scrolling horizontally, the same scan runs along x.
    func seedVisibleRectElements(visibleRect: Rect) -> [LayoutElement] {
        let axis = options.scrollDirection
        let start = visibleRect.minAlong(axis)
        let end = visibleRect.maxAlong(axis)
        func visible(_ frame: Rect) -> Bool { frame.maxAlong(axis) >= start && frame.minAlong(axis) <= end }
        var lineVisible = [(first: Bool, last: Bool)](repeating: (false, false), count: sections.count)
        var result = [LayoutElement]()
        var visibleItems = [[LayoutElement]](repeating: [], count: sections.count)
        for (sectionIndex, section) in sections.enumerated() where section.lineCount > 0 {
            let lastLine = section.lineCount - 1
            for position in section.items {
                let item = items[position]
                guard !item.isHidden, visible(item.frame) else { continue }
                if item.line == 0 { lineVisible[sectionIndex].first = true }
                if item.line == lastLine { lineVisible[sectionIndex].last = true }
                visibleItems[sectionIndex].append(
                    LayoutElement(id: .item(sectionIndex, position - section.items.lowerBound), frame: item.frame))
            }
        }
        for (sectionIndex, section) in sections.enumerated() {
            let previousLast = sectionIndex > 0 && lineVisible[sectionIndex - 1].last
            let nextFirst = sectionIndex + 1 < sections.count && lineVisible[sectionIndex + 1].first
            if let header = section.header, lineVisible[sectionIndex].first || previousLast {
                result.append(LayoutElement(id: .header(sectionIndex), frame: header))
            }
            result += visibleItems[sectionIndex]
            // The more tag ends the last line, and the seed's scan would check it as it checks that line's items.
            if let more = section.more, visible(more.frame) {
                result.append(LayoutElement(id: .more(sectionIndex), frame: more.frame))
            }
            if let footer = section.footer, lineVisible[sectionIndex].last || nextFirst {
                result.append(LayoutElement(id: .footer(sectionIndex), frame: footer))
            }
        }
        return result
    }
}
