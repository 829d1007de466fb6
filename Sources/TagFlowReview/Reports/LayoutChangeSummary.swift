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
        for change in diff.sections {
            switch change.kind {
            case .added: cause.append("section \(Self.quoted(change.newText)) added")
            case .removed: cause.append("section \(Self.quoted(change.oldText)) removed")
            case .retitled: cause.append("section \(Self.quoted(change.oldText)) → \(Self.quoted(change.newText))")
            case .refootered: cause.append("footer \(Self.quoted(change.oldText)) → \(Self.quoted(change.newText))")
            case .headerResized, .footerResized: break
            }
        }
        for change in diff.renamed {
            cause.append("\(Self.quoted(change.oldText)) → \(Self.quoted(change.text)) (\(Self.item(change.new)))")
        }
        for change in diff.added { cause.append("\(Self.quoted(change.text)) added (\(Self.item(change.new)))") }
        for change in diff.removed { cause.append("\(Self.quoted(change.text)) removed (\(Self.item(change.old)))") }
        for change in diff.reselected {
            let selected = change.new.map { new.sections[$0.section].tags[$0.index].isSelected } ?? false
            let state = selected ? "selected" : "unselected"
            cause.append("\(Self.quoted(change.text)) \(state) (\(Self.item(change.new)))")
        }
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
