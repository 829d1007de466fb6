import TagFlowLayout

/// A layout diff told in one sentence for a reviewer: `'Vegan' → 'Vegetarian 🥗' (item 1-2); 38 tags moved;
/// Food & Drink +44 pt`.
///
/// The sentence has two halves. ``cause`` is what changed in the content (tags renamed, added, removed, selected;
/// sections; fonts; the viewport), which is the same for every variant of a screen that one edit changed; ``effect``
/// is what that did to this variant's layout (tags moved, sections grown or shrunk), which differs by device and
/// text size. Reports group goldens by their cause, and say it once.
public struct LayoutChangeSummary: Sendable, Equatable {
    public var cause: [String] = []
    public var effect: [String] = []
    /// The changes of the cause a reviewer can point at, each with where its element was and is.
    public var changes: [Change] = []

    /// One renamed, added, removed or restyled tag, or one section's change: its words in the sentence, and its
    /// element's frame in each layout, in points (nil on the side it is missing from, or hidden on).
    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            case renamed, added, removed, selected, unselected, section
        }
        public var kind: Kind
        public var words: String
        public var old: Rect?
        public var new: Rect?

        public init(kind: Kind, words: String, old: Rect?, new: Rect?) {
            self.kind = kind
            self.words = words
            self.old = old
            self.new = new
        }
    }

    /// The whole sentence.
    public var sentence: String { (cause + effect).joined(separator: "; ") }

    /// The cause alone, the key reports group goldens by; "layout unchanged" when the layout explains nothing.
    public var causeSentence: String { cause.isEmpty ? "layout unchanged" : cause.joined(separator: "; ") }

    public init(cause: [String], effect: [String]) {
        self.cause = cause
        self.effect = effect
    }

    public init(_ diff: LayoutDiff) {
        let old = diff.old, new = diff.new
        if diff.fontFilesChanged { cause.append("other font files") }
        if LayoutDiff.differsInSize(Rect(x: 0, y: 0, width: old.viewport.width, height: old.viewport.height),
                                    Rect(x: 0, y: 0, width: new.viewport.width, height: new.viewport.height)) {
            cause.append("viewport \(Self.size(old.viewport)) → \(Self.size(new.viewport)) pt")
        }
        changes = Self.sectionChanges(diff)
        for change in diff.renamed {
            let words = "\(Self.quoted(change.oldText)) → \(Self.quoted(change.text)) (\(Self.item(change.new)))"
            changes.append(Change(kind: .renamed, words: words, old: change.old?.frame, new: change.new?.frame))
        }
        for change in diff.added {
            let words = "\(Self.quoted(change.text)) added (\(Self.item(change.new)))"
            changes.append(Change(kind: .added, words: words, old: nil, new: change.new?.frame))
        }
        for change in diff.removed {
            let words = "\(Self.quoted(change.text)) removed (\(Self.item(change.old)))"
            changes.append(Change(kind: .removed, words: words, old: change.old?.frame, new: nil))
        }
        for change in diff.reselected {
            let selected = change.new.map { new.sections[$0.section].tags[$0.index].isSelected } ?? false
            let words = "\(Self.quoted(change.text)) \(selected ? "selected" : "unselected") (\(Self.item(change.new)))"
            changes.append(Change(kind: selected ? .selected : .unselected, words: words, old: change.old?.frame,
                                  new: change.new?.frame))
        }
        cause += changes.map(\.words)
        let moved = diff.moved.count + diff.shifted.reduce(0) { $0 + $1.tags }
        if moved > 0 { effect.append("\(moved) tag\(moved == 1 ? "" : "s") moved") }
        if !diff.resized.isEmpty, diff.renamed.isEmpty {
            effect.append("\(diff.resized.count) tag\(diff.resized.count == 1 ? "" : "s") resized")
        }
        effect += Self.sectionGrowth(diff)
        if effect.isEmpty || (cause.isEmpty && moved == 0), LayoutDiff.differs(diff.contentLengthChange, 0) {
            effect.append("content \(diff.contentLengthName) \(Self.signed(diff.contentLengthChange)) pt")
        }
    }

    /// Sections added, removed, retitled or given another footer, each with the frames a reviewer looks at: the whole
    /// section for one added or removed, its header or footer otherwise.
    static func sectionChanges(_ diff: LayoutDiff) -> [Change] {
        func bounds(_ snapshot: LayoutSnapshot, _ index: Int?) -> Rect? {
            guard let index else { return nil }
            let frames = snapshot.sections[index].elementFrames
            guard let first = frames.first else { return nil }
            return frames.dropFirst().reduce(first) { $0.union($1) }
        }
        return diff.sections.compactMap { change -> Change? in
            let old = change.oldIndex, new = change.newIndex
            let (oldText, newText) = (quoted(change.oldText), quoted(change.newText))
            switch change.kind {
            case .added:
                return Change(kind: .section, words: "section \(newText) added", old: nil, new: bounds(diff.new, new))
            case .removed:
                return Change(kind: .section, words: "section \(oldText) removed", old: bounds(diff.old, old), new: nil)
            case .retitled:
                return Change(kind: .section, words: "section \(oldText) → \(newText)",
                              old: old.flatMap { diff.old.sections[$0].header },
                              new: new.flatMap { diff.new.sections[$0].header })
            case .refootered:
                return Change(kind: .section, words: "footer \(oldText) → \(newText)",
                              old: old.flatMap { diff.old.sections[$0].footerFrame },
                              new: new.flatMap { diff.new.sections[$0].footerFrame })
            case .headerResized, .footerResized: return nil
            }
        }
    }

    /// `Food & Drink +44 pt` for each section in both layouts whose length along the scroll axis changed.
    static func sectionGrowth(_ diff: LayoutDiff) -> [String] {
        diff.sectionPairs.compactMap { pair -> String? in
            guard let o = pair.old, let n = pair.new else { return nil }
            let axis = diff.new.scrollDirection
            guard let before = extent(diff.old.sections[o], along: axis),
                  let after = extent(diff.new.sections[n], along: axis),
                  LayoutDiff.differs(before, after) else { return nil }
            let name = diff.new.sections[n].title.map { $0.isEmpty ? "section \(n)" : $0 } ?? "section \(n)"
            return "\(name) \(signed(after - before)) pt"
        }
    }

    /// How long a section is along the scroll axis, from its first element to its last.
    static func extent(_ section: LayoutSnapshot.Section, along axis: ScrollDirection) -> Double? {
        let frames = section.elementFrames
        guard !frames.isEmpty else { return nil }
        if axis == .vertical {
            return (frames.map { $0.y + $0.height }.max() ?? 0) - (frames.map(\.y).min() ?? 0)
        }
        return (frames.map { $0.x + $0.width }.max() ?? 0) - (frames.map(\.x).min() ?? 0)
    }

    /// `item 1-2`: the tag's section and index, from 0, as its index path.
    static func item(_ place: LayoutDiff.Place?) -> String {
        guard let place else { return "item ?" }
        return "item \(place.section)-\(place.index)"
    }

    static func quoted(_ text: String?) -> String { text.map { "'\($0)'" } ?? "(none)" }

    static func size(_ size: Size) -> String { "\(formatPoints(size.width))×\(formatPoints(size.height))" }

    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "−") + formatPoints(abs(value)) }
}
