/// A laid-out document reduced to what a diff compares: section titles, and each tag's text, line and frame.
///
/// Made from a ``TagLayout``, or read back from `tagflow layout --format json`, so either can be diffed.
public struct LayoutSnapshot: Sendable, Equatable {
    public struct Tag: Sendable, Equatable {
        public var text: String
        /// The text drawn: `text`, or `text` truncated with an ellipsis.
        public var displayText: String
        /// `nil` when `maxLines` hides the tag.
        public var frame: Rect?
        public var line: Int
        public var isSelected: Bool

        public init(text: String, displayText: String? = nil, frame: Rect?, line: Int, isSelected: Bool = false) {
            self.text = text
            self.displayText = displayText ?? text
            self.frame = frame
            self.line = line
            self.isSelected = isSelected
        }
    }

    /// A section's "+N" tag.
    public struct MoreTag: Sendable, Hashable {
        public var text: String
        /// The hidden tags it counts.
        public var count: Int
        public var frame: Rect

        public init(text: String, count: Int, frame: Rect) {
            self.text = text
            self.count = count
            self.frame = frame
        }
    }

    public struct Section: Sendable, Equatable {
        public var title: String?
        public var footer: String?
        public var header: Rect?
        public var footerFrame: Rect?
        public var tags: [Tag]
        /// `nil` when the section shows no more tag.
        public var more: MoreTag?

        public init(title: String? = nil, footer: String? = nil, header: Rect? = nil, footerFrame: Rect? = nil,
                    tags: [Tag], more: MoreTag? = nil) {
            self.title = title
            self.footer = footer
            self.header = header
            self.footerFrame = footerFrame
            self.tags = tags
            self.more = more
        }
    }

    public var viewport: Size
    public var contentSize: Size
    public var sections: [Section]
    /// The font files that drew the text, when known; empty for a layout saved before they were recorded.
    public var fontFiles: [FontFileIdentity]
    /// The axis the content grows along.
    public var scrollDirection: ScrollDirection
    /// The reading direction: right to left, titles sit at their frames' right.
    public var direction: Direction

    public init(viewport: Size, contentSize: Size, sections: [Section], fontFiles: [FontFileIdentity] = [],
                scrollDirection: ScrollDirection = .vertical, direction: Direction = .ltr) {
        self.viewport = viewport
        self.contentSize = contentSize
        self.sections = sections
        self.fontFiles = fontFiles
        self.scrollDirection = scrollDirection
        self.direction = direction
    }

    /// Whether any section shows a more tag.
    public var hasMoreTags: Bool { sections.contains { $0.more != nil } }

    /// What `layout` shows, to compare or to save as JSON; `fontFiles` records the font files it was measured
    /// with, so a later comparison can say when the fonts changed.
    public init(_ layout: TagLayout, fontFiles: [FontFileIdentity] = []) {
        self.fontFiles = fontFiles
        let flow = layout.flow
        viewport = flow.options.viewportSize
        contentSize = flow.contentSize
        scrollDirection = flow.options.scrollDirection
        direction = flow.options.direction
        sections = flow.sections.enumerated().map { sectionIndex, section in
            let source = layout.document.sections[sectionIndex]
            let tags = flow.items[section.items].enumerated().map { itemIndex, item in
                let tag = layout.tags[sectionIndex][itemIndex]
                return Tag(text: tag.text, displayText: tag.displayText, frame: item.isHidden ? nil : item.frame,
                           line: item.line, isSelected: tag.isSelected)
            }
            var more: MoreTag?
            if let placed = section.more, let tag = layout.moreTags[sectionIndex] {
                more = MoreTag(text: tag.text, count: placed.count, frame: placed.frame)
            }
            return Section(title: source.title, footer: source.footer, header: section.header,
                           footerFrame: section.footer, tags: tags,
                           more: more)
        }
    }
}
