/// The words a comparison report uses: a snapshot run's, or a folder diff's, which names statuses as reg-cli does.
/// One status enum underlies both; only what people read differs.
public enum ComparisonTerms: Sendable {
    /// `tagflow snapshot verify|record`: goldens, by screen.
    case snapshots
    /// `tagflow diff OLD_DIR NEW_DIR`: files, by folder. A missing golden is a new file, a stale one a deleted file,
    /// a match within the tolerance passed, and an exact one unchanged.
    case folders

    /// The report's name, after the verdict in a Markdown comment.
    var name: String {
        switch self {
        case .snapshots: "tagflow snapshots"
        case .folders: "tagflow visual diff"
        }
    }

    /// The page's heading.
    var heading: String {
        switch self {
        case .snapshots: "Snapshots"
        case .folders: "Visual diff"
        }
    }

    /// What an item is, as a table's column title says it.
    var itemTitle: String { self == .snapshots ? "Golden" : "File" }

    /// What an item is, as a count says it: `3 goldens`, `1 file`.
    func count(_ count: Int) -> String {
        let noun = self == .snapshots ? "golden" : "file"
        return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// How a group of items is titled: its folder, or what holds those outside any.
    public func title(ofGroup screen: String) -> String {
        guard screen.isEmpty else { return screen }
        return self == .snapshots ? "(top of the goldens folder)" : "(top of the folders)"
    }

    /// Every status word the report counts, in the order it counts them.
    var words: [String] {
        switch self {
        case .snapshots: ComparisonItem.Status.allCases.map(\.rawValue)
        case .folders: ["changed", "new", "deleted", "passed", "unchanged", "unreadable"]
        }
    }

    /// `item`'s status in these words.
    func word(_ item: ComparisonItem) -> String {
        guard self == .folders else { return item.status.rawValue }
        switch item.status {
        case .missing: return "new"
        case .stale, .removed: return "deleted"
        case .matched, .written:
            // Pixels that differ only where the comparison does not count them pass too.
            return (item.differentPixels ?? 0) > 0 || item.pixelDiff?.identical == false ? "passed" : "unchanged"
        case .changed, .unreadable: return item.status.rawValue
        }
    }

    /// `item`'s status in a table row, where a match within the tolerance is said in full.
    func rowStatus(_ item: ComparisonItem) -> String {
        guard item.status == .matched else { return word(item) }
        return self == .snapshots ? "matched within the tolerance" : "passed within the tolerance"
    }

    /// The title of the page's group of the items with status word `word`, which no layout explains.
    func groupTitle(word: String, items: [ComparisonItem]) -> String {
        switch (self, word) {
        case (_, "changed"):
            items.allSatisfy(\.hasNoLayout) && self == .snapshots
                ? "Pixels changed; no layout recorded to explain them" : "Pixels changed"
        case (.snapshots, "missing"): "No golden yet"
        case (.snapshots, "stale"): "Goldens no variant makes any more"
        case (.snapshots, "unreadable"): "Goldens that could not be read"
        case (.folders, "unreadable"): "Files that could not be read"
        case (.folders, "new"): "New files"
        case (.folders, "deleted"): "Deleted files"
        case (.folders, "passed"): "Changed within the tolerance"
        default: word.prefix(1).uppercased() + word.dropFirst()
        }
    }

    /// The two pictures' names: the golden's and the actual picture's.
    func caption(_ role: ComparisonItem.Image.Role) -> String {
        switch (self, role) {
        case (.folders, .golden): "old"
        case (.folders, .actual): "new"
        default: role.rawValue
        }
    }

    /// What the page's footer says the colours of a diff mean.
    var legend: String {
        switch self {
        case .snapshots:
            "diff: red changed pixels, yellow anti-aliasing, blue outlines tags that only moved · outlines on the "
                + "pictures: the changes listed"
        case .folders: "diff: red changed pixels, yellow anti-aliasing, the rest faded"
        }
    }
}
