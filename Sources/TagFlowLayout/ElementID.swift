/// Names one element of the layout the way UIKit does: a kind and an index path.
public struct ElementID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Declared in the order the elements of a section come, so IDs sort in document order.
    public enum Kind: UInt8, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// A section's "+N more" tag, which ends its last shown line: a supplementary view, one per section at most.
        case header, item, more, footer

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String {
            switch self {
            case .header: "header"
            case .item: "item"
            case .more: "more"
            case .footer: "footer"
            }
        }
    }

    public var kind: Kind
    // Kept in 32 bits, so an element is 48 bytes, not 56: query results and a horizontal layout's index take less
    // memory.
    private var sectionIndex: Int32
    private var itemIndex: Int32

    public var section: Int {
        get { Int(sectionIndex) }
        set { sectionIndex = Int32(newValue) }
    }

    /// The item's index in its section; 0 for headers, footers and more tags.
    public var item: Int {
        get { Int(itemIndex) }
        set { itemIndex = Int32(newValue) }
    }

    public init(kind: Kind, section: Int, item: Int = 0) {
        self.kind = kind
        sectionIndex = Int32(section)
        itemIndex = Int32(item)
    }

    public static func item(_ section: Int,
                            _ item: Int) -> ElementID { ElementID(kind: .item, section: section, item: item) }
    public static func header(_ section: Int) -> ElementID { ElementID(kind: .header, section: section) }
    public static func footer(_ section: Int) -> ElementID { ElementID(kind: .footer, section: section) }
    public static func more(_ section: Int) -> ElementID { ElementID(kind: .more, section: section) }

    public static func < (lhs: ElementID, rhs: ElementID) -> Bool {
        (lhs.section, lhs.kind, lhs.item) < (rhs.section, rhs.kind, rhs.item)
    }

    /// `item 2-5`, `header 1`, `footer 0`, `more 3`: index paths as people read them.
    public var description: String {
        kind == .item ? "item \(section)-\(item)" : "\(kind) \(section)"
    }
}
