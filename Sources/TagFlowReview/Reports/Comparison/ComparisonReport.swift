/// Pictures against their goldens, as one report: a snapshot run's, or a folder diff's. It counts and groups the
/// items, and is written as JSON (`+JSON`), Markdown (`+Markdown`), JUnit XML (`+JUnit`) and HTML
/// (``ComparisonHTML``) by the same code for both.
public struct ComparisonReport: Sendable {
    public let terms: ComparisonTerms
    /// Sorted as the report lists them: by screen (folder), then name.
    public let items: [ComparisonItem]
    /// Said before anything else, as warnings: for a snapshot run, what differs in the fonts.
    public let notes: [String]
    /// A line under the summary on the page, such as the folders compared.
    public let subtitle: String?

    public init(terms: ComparisonTerms, items: [ComparisonItem], notes: [String] = [], subtitle: String? = nil) {
        self.terms = terms
        self.items = items
        self.notes = notes
        self.subtitle = subtitle
    }

    /// How many items ended in `status`.
    public func count(_ status: ComparisonItem.Status) -> Int { items.count { $0.status == status } }

    /// The changed, missing, stale and unreadable items.
    public var failures: [ComparisonItem] { items.filter(\.status.fails) }

    /// Whether nothing failed.
    public var passed: Bool { failures.isEmpty }

    /// Items that matched within the tolerance, though some pixels differ: they pass, and a record in mode `all`
    /// would rewrite them.
    public var matchedWithinTolerance: [ComparisonItem] {
        items.filter { $0.status == .matched && ($0.differentPixels ?? 0) > 0 }
    }

    /// One line: `12 goldens: 10 matched (2 within the tolerance), 1 changed, 1 missing`.
    public var summaryLine: String {
        let tolerated = matchedWithinTolerance.count
        let counts = terms.words.compactMap { word -> String? in
            let count = items.count { terms.word($0) == word }
            guard count > 0 else { return nil }
            return "\(count) \(word)"
                + (word == "matched" && tolerated > 0 ? " (\(tolerated) within the tolerance)" : "")
        }
        return terms.count(items.count) + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))
    }

    /// Said once: goldens that changed but were recorded before layouts were kept beside them.
    public var layoutNotes: [String] {
        let count = items.count(where: \.hasNoLayout)
        guard count > 0 else { return [] }
        let one = count == 1
        return ["\(count) changed golden\(one ? " was" : "s were") recorded without \(one ? "its" : "their") layout, "
                + "so \(one ? "it is" : "they are") compared by pixels alone; record \(one ? "it" : "them") again "
                + "to have changes explained"]
    }

    /// Items by the cause their layout gives, causes in order of first appearance; nil for those with none.
    public static func groupedByCause(_ items: [ComparisonItem]) -> [(cause: String?, items: [ComparisonItem])] {
        var groups = [(cause: String?, items: [ComparisonItem])]()
        for item in items {
            let cause = item.explanation.map(\.causeSentence)
            if let index = groups.firstIndex(where: { $0.cause == cause }) {
                groups[index].items.append(item)
            } else {
                groups.append((cause, [item]))
            }
        }
        return groups.sorted { ($0.cause == nil ? 1 : 0) < ($1.cause == nil ? 1 : 0) }
    }

    /// Items by screen (folder), in name order of the screens.
    static func byScreen(_ items: [ComparisonItem]) -> [(key: String, value: [ComparisonItem])] {
        Dictionary(grouping: items, by: \.screen).sorted { $0.key < $1.key }
    }
}
