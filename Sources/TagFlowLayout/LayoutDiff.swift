/// What changed between two layouts: tags added, removed, moved, resized and reselected, matched by section and text;
/// sections added, removed or retitled; and the content size.
///
/// Sections pair by title (a title used twice pairs in order); the rest pair by the tags they share, then by
/// position, which makes a renamed section "retitled" rather than removed and added. Within a pair, tags pair
/// along the longest common subsequence of their texts, so an inserted duplicate does not shift its twins;
/// tags left over with equal text pair in order, as reordered tags.
public struct LayoutDiff: Sendable, Equatable {
    /// Where a tag is in one of the two layouts.
    public struct Place: Sendable, Hashable {
        public var section: Int
        /// The tag's index in its section.
        public var index: Int
        public var line: Int
        /// `nil` when hidden by `maxLines`.
        public var frame: Rect?
    }

    /// One tag's change; `old` is `nil` for an added tag and `new` for a removed one.
    public struct TagChange: Sendable, Hashable {
        /// The new text, or the old for a removed tag.
        public var text: String
        public var old: Place?
        public var new: Place?
        /// For a renamed tag, its old text.
        public var oldText: String?
    }

    public struct SectionChange: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case added, removed, retitled
            /// The footer text changed.
            case refootered
            /// The header's or footer's frame has another size, or is there in one layout only.
            case headerResized, footerResized

            /// How a summary counts sections with this change: `2 section(s) retitled`.
            public var summaryWords: String {
                switch self {
                case .added, .removed, .retitled: rawValue
                case .refootered: "with a new footer"
                case .headerResized: "with a resized header"
                case .footerResized: "with a resized footer"
                }
            }
        }
        public var kind: Kind
        public var oldIndex: Int?
        public var newIndex: Int?
        public var oldText: String?
        public var newText: String?

        /// For a resized header or footer, its frame in each layout; nil on a side without one.
        public func resizedFrames(in diff: LayoutDiff) -> (old: Rect?, new: Rect?) {
            func frame(_ snapshot: LayoutSnapshot, _ index: Int?) -> Rect? {
                guard let index else { return nil }
                switch kind {
                case .headerResized: return snapshot.sections[index].header
                case .footerResized: return snapshot.sections[index].footerFrame
                default: return nil
                }
            }
            return (frame(diff.old, oldIndex), frame(diff.new, newIndex))
        }

        public init(kind: Kind, oldIndex: Int?, newIndex: Int?, oldText: String?, newText: String?) {
            self.kind = kind
            self.oldIndex = oldIndex
            self.newIndex = newIndex
            self.oldText = oldText
            self.newText = newText
        }
    }

    /// A pair of sections whose content moved as one along the scroll axis, by (`dx`, `dy`): where its tags begin
    /// (below its header, or its first line) moved. Tags that moved by just that are not ``moved``: the section's
    /// shift says it once.
    public struct SectionShift: Sendable, Equatable {
        public var oldSection: Int
        public var newSection: Int
        public var dx: Double
        public var dy: Double
        /// The tags that moved with it; 0 when only its header did.
        public var tags: Int
    }

    /// A section's more tag that appeared, went or changed its text or frame, in a pair of sections.
    public struct MoreTagChange: Sendable, Equatable {
        public var oldSection: Int
        public var newSection: Int
        public var old: LayoutSnapshot.MoreTag?
        public var new: LayoutSnapshot.MoreTag?
    }

    public let old: LayoutSnapshot
    public let new: LayoutSnapshot
    /// In the new layout's order.
    public private(set) var added: [TagChange] = []
    /// In the old layout's order.
    public private(set) var removed: [TagChange] = []
    /// A tag whose text changed in place: between the same two tags that stayed (or one and the section's end),
    /// as many went as came, and they pair in order. In the new layout's order; neither ``added`` nor ``removed``.
    public private(set) var renamed: [TagChange] = []
    /// A different line, or an origin moved otherwise than its section (``shifted``), or shown ↔ hidden.
    public private(set) var moved: [TagChange] = []
    /// Sections whose content moved as one, in the new layout's order.
    public private(set) var shifted: [SectionShift] = []
    /// A different width or height.
    public private(set) var resized: [TagChange] = []
    /// Selected in one layout and not in the other.
    public private(set) var reselected: [TagChange] = []
    public private(set) var sections: [SectionChange] = []
    /// In the new layout's order; only for sections in both layouts.
    public private(set) var moreTags: [MoreTagChange] = []

    /// Frames closer than this are equal; JSON round trips are exact, so this only absorbs float noise.
    public static let tolerance = 1e-6

    public var isIdentical: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && moved.isEmpty && shifted.isEmpty && resized.isEmpty
            && reselected.isEmpty
            && sections.isEmpty && moreTags.isEmpty
            && !Self.differs(old.contentSize.height, new.contentSize.height)
            && !Self.differs(old.contentSize.width, new.contentSize.width)
            && !Self.differs(old.viewport.width, new.viewport.width)
                && !Self.differs(old.viewport.height, new.viewport.height)
    }

    public var contentHeightChange: Double { new.contentSize.height - old.contentSize.height }

    /// How much the content grew along the new layout's scroll axis: its height, or its width scrolling horizontally.
    public var contentLengthChange: Double {
        new.contentSize.length(along: new.scrollDirection) - old.contentSize.length(along: new.scrollDirection)
    }

    /// What the content's length along the scroll axis is called: `height`, or `width` scrolling horizontally.
    public var contentLengthName: String { new.scrollDirection == .vertical ? "height" : "width" }

    /// The two layouts were measured with different font files (both known): say so before the tags that moved.
    /// Records whose hashes come from different algorithms agree when the rest of them does.
    public var fontFilesChanged: Bool {
        guard !old.fontFiles.isEmpty, !new.fontFiles.isEmpty,
              Set(old.fontFiles) != Set(new.fontFiles) else { return false }
        func covered(_ fonts: [FontFileIdentity], by others: [FontFileIdentity]) -> Bool {
            fonts.allSatisfy { font in others.contains { $0.agrees(with: font) } }
        }
        return !covered(old.fontFiles, by: new.fontFiles) || !covered(new.fontFiles, by: old.fontFiles)
    }

    /// The changes from `old` to `new`, paired as the type's description says: a renamed tag is one removed and one
    /// added.
    public init(old: LayoutSnapshot, new: LayoutSnapshot) {
        self.old = old
        self.new = new
        let pairs = Self.pairSections(old.sections, new.sections)
        for pair in pairs {
            switch (pair.old, pair.new) {
            case let (o?, n?):
                let oldSection = old.sections[o], newSection = new.sections[n]
                if oldSection.title != newSection.title {
                    sections.append(SectionChange(kind: .retitled, oldIndex: o, newIndex: n, oldText: oldSection.title,
                                                  newText: newSection.title))
                }
                if oldSection.footer != newSection.footer {
                    sections.append(SectionChange(kind: .refootered, oldIndex: o, newIndex: n,
                                                  oldText: oldSection.footer, newText: newSection.footer))
                }
                if Self.differsInSize(oldSection.header, newSection.header) {
                    sections.append(SectionChange(kind: .headerResized, oldIndex: o, newIndex: n, oldText: nil,
                                                  newText: nil))
                }
                if Self.differsInSize(oldSection.footerFrame, newSection.footerFrame) {
                    sections.append(SectionChange(kind: .footerResized, oldIndex: o, newIndex: n, oldText: nil,
                                                  newText: nil))
                }
                compareTags(oldSection: o, newSection: n)
                if Self.differs(oldSection.more, newSection.more) {
                    moreTags.append(MoreTagChange(oldSection: o, newSection: n, old: oldSection.more,
                                                  new: newSection.more))
                }
            case let (o?, nil):
                sections.append(SectionChange(kind: .removed, oldIndex: o, newIndex: nil,
                                              oldText: old.sections[o].title, newText: nil))
                for index in old.sections[o].tags.indices { removed.append(change(old: (o, index), new: nil)) }
            case let (nil, n?):
                sections.append(SectionChange(kind: .added, oldIndex: nil, newIndex: n, oldText: nil,
                                              newText: new.sections[n].title))
                for index in new.sections[n].tags.indices { added.append(change(old: nil, new: (n, index))) }
            case (nil, nil):
                break
            }
        }
        func newOrder(_ change: TagChange) -> (Int, Int) { (change.new?.section ?? -1, change.new?.index ?? -1) }
        added.sort { newOrder($0) < newOrder($1) }
        removed.sort { ($0.old!.section, $0.old!.index) < ($1.old!.section, $1.old!.index) }
        moved.sort { newOrder($0) < newOrder($1) }
        renamed.sort { newOrder($0) < newOrder($1) }
        resized.sort { newOrder($0) < newOrder($1) }
        reselected.sort { newOrder($0) < newOrder($1) }
        moreTags.sort { $0.newSection < $1.newSection }
        shifted.sort { $0.newSection < $1.newSection }
        sections.sort {
            ($0.newIndex ?? $0.oldIndex ?? 0, $0.oldIndex ?? -1) < ($1.newIndex ?? $1.oldIndex ?? 0, $1.oldIndex ?? -1)
        }
    }

    /// Whether two coordinates differ by more than ``tolerance``.
    public static func differs(_ a: Double, _ b: Double) -> Bool { abs(a - b) > tolerance }

    /// Whether two frames differ in size, or only one is there.
    public static func differsInSize(_ a: Rect?, _ b: Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): false
        case let (a?, b?): differs(a.width, b.width) || differs(a.height, b.height)
        default: true
        }
    }

    /// Whether two more tags differ: one is missing, or their texts, counts or frames differ.
    static func differs(_ a: LayoutSnapshot.MoreTag?, _ b: LayoutSnapshot.MoreTag?) -> Bool {
        switch (a, b) {
        case (nil, nil): return false
        case let (a?, b?):
            return a.text != b.text || a.count != b.count || differs(a.frame.x, b.frame.x)
                || differs(a.frame.y, b.frame.y)
                || differs(a.frame.width, b.frame.width) || differs(a.frame.height, b.frame.height)
        default: return true
        }
    }

    private func change(old oldPlace: (section: Int, index: Int)?,
                        new newPlace: (section: Int, index: Int)?) -> TagChange {
        func place(_ snapshot: LayoutSnapshot, _ at: (section: Int, index: Int)?) -> Place? {
            guard let at else { return nil }
            let tag = snapshot.sections[at.section].tags[at.index]
            return Place(section: at.section, index: at.index, line: tag.line, frame: tag.frame)
        }
        let text = oldPlace.map { old.sections[$0.section].tags[$0.index].text }
            ?? new.sections[newPlace!.section].tags[newPlace!.index].text
        return TagChange(text: text, old: place(old, oldPlace), new: place(new, newPlace))
    }

    private mutating func compareTags(oldSection o: Int, newSection n: Int) {
        let oldTags = old.sections[o].tags, newTags = new.sections[n].tags
        let matches = Self.matchTexts(oldTags.map(\.text), newTags.map(\.text))
        var matchedOld = [Bool](repeating: false, count: oldTags.count)
        var matchedNew = [Bool](repeating: false, count: newTags.count)
        let shift = Self.shift(old: (old.sections[o], old.direction), new: (new.sections[n], new.direction),
                               along: new.scrollDirection)
        let isShifted = Self.differs(shift.dx, 0) || Self.differs(shift.dy, 0)
        var shiftedTags = 0
        for (i, j) in matches {
            matchedOld[i] = true
            matchedNew[j] = true
            let a = oldTags[i], b = newTags[j]
            let tagChange = change(old: (o, i), new: (n, j))
            switch (a.frame, b.frame) {
            case let (f?, g?):
                let withItsSection = a.line == b.line && !Self.differs(g.x - f.x, shift.dx)
                    && !Self.differs(g.y - f.y, shift.dy)
                if !withItsSection { moved.append(tagChange) } else if isShifted { shiftedTags += 1 }
                if Self.differs(f.width, g.width) || Self.differs(f.height, g.height) { resized.append(tagChange) }
            case (nil, nil):
                break
            default:
                moved.append(tagChange)
            }
            if a.isSelected != b.isSelected { reselected.append(tagChange) }
        }
        // Between two kept tags (or a kept tag and the section's end), as many tags gone as come are renamed in
        // place, one for one; a section that keeps none was replaced, not renamed.
        if !matches.isEmpty {
            let kept = matches.sorted { $0.0 < $1.0 }
            let bounds = [(-1, -1)] + kept + [(oldTags.count, newTags.count)]
            for (before, after) in zip(bounds, bounds.dropFirst()) where after.0 > before.0 && after.1 > before.1 {
                let gone = (before.0 + 1)..<after.0, come = (before.1 + 1)..<after.1
                guard !gone.isEmpty, gone.count == come.count, gone.allSatisfy({ !matchedOld[$0] }),
                      come.allSatisfy({ !matchedNew[$0] }) else { continue }
                for (i, j) in zip(gone, come) {
                    matchedOld[i] = true
                    matchedNew[j] = true
                    var rename = change(old: (o, i), new: (n, j))
                    rename.text = newTags[j].text
                    rename.oldText = oldTags[i].text
                    renamed.append(rename)
                }
            }
        }
        for i in oldTags.indices where !matchedOld[i] { removed.append(change(old: (o, i), new: nil)) }
        for j in newTags.indices where !matchedNew[j] { added.append(change(old: nil, new: (n, j))) }
        // A section shifted when tags moved with it, or its header ends elsewhere, whatever its tags did.
        let hasHeaders = old.sections[o].header != nil && new.sections[n].header != nil
        if isShifted && (shiftedTags > 0 || hasHeaders) {
            shifted.append(SectionShift(oldSection: o, newSection: n, dx: shift.dx, dy: shift.dy, tags: shiftedTags))
        }
    }

    /// How a section's content moved as one, along the scroll axis: as where its tags begin, the end of its header
    /// or, without one, its first line, moved. Nothing when either side shows no tag and no header.
    static func shift(old: (LayoutSnapshot.Section, Direction), new: (LayoutSnapshot.Section, Direction),
                      along axis: ScrollDirection) -> (dx: Double, dy: Double) {
        guard let from = contentStart(old.0, direction: old.1, along: axis),
              let to = contentStart(new.0, direction: new.1, along: axis) else {
            return (0, 0)
        }
        return axis == .vertical ? (0, to - from) : (to - from, 0)
    }

    /// Where a section's tags begin along the scroll axis: its header's far edge, or its first line's near one.
    /// Horizontal strips run right to left when the reading direction does.
    static func contentStart(_ section: LayoutSnapshot.Section, direction: Direction,
                             along axis: ScrollDirection) -> Double? {
        let frames = section.tags.compactMap(\.frame)
        switch (axis, direction) {
        case (.vertical, _): return section.header?.maxY ?? frames.map(\.minY).min()
        case (.horizontal, .ltr): return section.header?.maxX ?? frames.map(\.minX).min()
        case (.horizontal, .rtl): return section.header?.minX ?? frames.map(\.maxX).max()
        }
    }

    /// Pairs of old and new section indices, with `nil` on the side a section is missing from, in document order.
    static func pairSections(_ old: [LayoutSnapshot.Section],
                             _ new: [LayoutSnapshot.Section]) -> [(old: Int?, new: Int?)] {
        var pairing = SectionPairing(oldCount: old.count, newCount: new.count)
        pairing.pairByTitle(old, new)
        pairing.pairBySharedTags(old, new)
        pairing.pairByPosition()
        return pairing.inDocumentOrder()
    }

    /// Which old section each new one is paired with and the other way round, filled in by rules in turn, each
    /// pairing only sections the rules before it left alone.
    private struct SectionPairing {
        var newForOld: [Int?]
        var oldForNew: [Int?]

        init(oldCount: Int, newCount: Int) {
            newForOld = [Int?](repeating: nil, count: oldCount)
            oldForNew = [Int?](repeating: nil, count: newCount)
        }

        var unpairedOld: [Int] { newForOld.indices.filter { newForOld[$0] == nil } }
        var unpairedNew: [Int] { oldForNew.indices.filter { oldForNew[$0] == nil } }

        mutating func pair(_ i: Int, _ j: Int) { newForOld[i] = j; oldForNew[j] = i }

        /// 1. Equal titles, the k-th old with the k-th new. Untitled sections are left to the next steps.
        mutating func pairByTitle(_ old: [LayoutSnapshot.Section], _ new: [LayoutSnapshot.Section]) {
            var newByTitle = [String: [Int]]()
            for (j, section) in new.enumerated() {
                if let title = section.title { newByTitle[title, default: []].append(j) }
            }
            for (i, section) in old.enumerated() {
                guard let title = section.title, var queue = newByTitle[title], !queue.isEmpty else { continue }
                pair(i, queue.removeFirst())
                newByTitle[title] = queue
            }
        }

        /// 2. The leftovers that share the most tag texts (a retitled section keeps its tags).
        mutating func pairBySharedTags(_ old: [LayoutSnapshot.Section], _ new: [LayoutSnapshot.Section]) {
            let leftOld = unpairedOld, leftNew = unpairedNew
            guard !leftOld.isEmpty, !leftNew.isEmpty, leftOld.count * leftNew.count <= 2_500 else { return }
            var candidates = [(score: Int, distance: Int, old: Int, new: Int)]()
            for i in leftOld {
                var counts = [String: Int]()
                for tag in old[i].tags { counts[tag.text, default: 0] += 1 }
                for j in leftNew {
                    var remaining = counts
                    var shared = 0
                    for tag in new[j].tags where remaining[tag.text, default: 0] > 0 {
                        remaining[tag.text]! -= 1
                        shared += 1
                    }
                    if shared > 0 { candidates.append((shared, abs(i - j), i, j)) }
                }
            }
            candidates.sort { ($1.score, $0.distance, $0.old, $0.new) < ($0.score, $1.distance, $1.old, $1.new) }
            for candidate in candidates where newForOld[candidate.old] == nil && oldForNew[candidate.new] == nil {
                pair(candidate.old, candidate.new)
            }
        }

        /// 3. By position: in order when as many are left on each side, else only at the same index.
        mutating func pairByPosition() {
            let restOld = unpairedOld, restNew = unpairedNew
            if restOld.count == restNew.count {
                for (i, j) in zip(restOld, restNew) { pair(i, j) }
            } else {
                for i in restOld where i < oldForNew.count && oldForNew[i] == nil { pair(i, i) }
            }
        }

        /// Document order: walk the new sections, putting each removed old section before the next new one that
        /// follows it in the old order.
        func inDocumentOrder() -> [(old: Int?, new: Int?)] {
            var result = [(old: Int?, new: Int?)]()
            var pendingRemoved = unpairedOld[...]
            for j in oldForNew.indices {
                if let i = oldForNew[j] {
                    while let first = pendingRemoved.first,
                          first < i { result.append((first, nil)); pendingRemoved.removeFirst() }
                }
                result.append((oldForNew[j], j))
            }
            result += pendingRemoved.map { ($0, nil) }
            return result
        }
    }

    /// Above this many cells (old × new tags left after trimming common ends) the quadratic LCS table is skipped.
    static let maxLCSCells = 4_000_000

    /// Pairs of (old, new) indices of equal texts: common ends first, then a longest common subsequence of the
    /// middle, then leftovers of equal text in order (tags that were reordered).
    static func matchTexts(_ old: [String], _ new: [String]) -> [(Int, Int)] {
        var pairs = [(Int, Int)]()
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] {
            pairs.append((start, start))
            start += 1
        }
        var oldEnd = old.count, newEnd = new.count
        var tail = [(Int, Int)]()
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
            tail.append((oldEnd, newEnd))
        }
        let m = oldEnd - start, n = newEnd - start
        var matchedOld = Set<Int>(), matchedNew = Set<Int>()
        if m > 0, n > 0, m * n <= maxLCSCells {
            // Suffix lengths: lengths[i][j] is the LCS of old[start+i...] and new[start+j...].
            let width = n + 1
            var lengths = [Int32](repeating: 0, count: (m + 1) * width)
            for i in stride(from: m - 1, through: 0, by: -1) {
                for j in stride(from: n - 1, through: 0, by: -1) {
                    lengths[i * width + j] = old[start + i] == new[start + j]
                        ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
            var i = 0, j = 0
            while i < m, j < n {
                if old[start + i] == new[start + j] {
                    pairs.append((start + i, start + j))
                    matchedOld.insert(start + i)
                    matchedNew.insert(start + j)
                    i += 1
                    j += 1
                } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        // Reordered tags, and every middle tag when the table was too large: the k-th left-over old text with
        // the k-th left-over new one.
        var waiting = [String: (indices: [Int], next: Int)]()
        for j in start..<newEnd where !matchedNew.contains(j) { waiting[new[j], default: ([], 0)].indices.append(j) }
        for i in start..<oldEnd where !matchedOld.contains(i) {
            guard let queue = waiting[old[i]], queue.next < queue.indices.count else { continue }
            pairs.append((i, queue.indices[queue.next]))
            waiting[old[i]]!.next += 1
        }
        return pairs + tail.reversed()
    }
}
