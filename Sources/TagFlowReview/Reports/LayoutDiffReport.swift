import TagFlowLayout

/// A ``LayoutDiff`` as a table for people, JSON for tools, or Markdown for a pull-request comment.
public struct LayoutDiffReport {
    public let diff: LayoutDiff

    /// A report of `diff`.
    public init(diff: LayoutDiff) { self.diff = diff }

    /// Markdown tables longer than this are cut, so a comment stays within what code hosts accept.
    public static let markdownRowLimit = 200

    /// One line of the change table.
    public struct Row: Equatable, Sendable {
        /// What changed, in the words of the table.
        public enum Kind: String, Sendable {
            case sectionAdded = "section added", sectionRemoved = "section removed",
                 sectionRetitled = "section retitled"
            case footerChanged = "footer changed", headerResized = "header resized", footerResized = "footer resized"
            case sectionShifted = "section shifted"
            case renamed, added, removed, moved
            case movedAndResized = "moved, resized"
            case resized, reselected
            case moreTag = "more tag"

            /// The mark of the diff picture's colour for it, for Markdown: green added, red removed, an arrow for
            /// moved (the picture joins a moved tag's places with one), blue resized, purple reselected.
            var markdownMark: String {
                switch self {
                case .added, .sectionAdded: "🟢"
                case .removed, .sectionRemoved: "🔴"
                case .moved, .movedAndResized: "➡️"
                case .sectionShifted: "↕️"
                case .renamed: "✏️"
                case .resized, .headerResized, .footerResized: "🔵"
                case .reselected: "🟣"
                case .sectionRetitled, .footerChanged, .moreTag: "⚪"
                }
            }
        }

        public var kind: Kind
        public var section: String
        public var tag: String
        public var old: String
        public var new: String

        /// `added`, `moved`, `section retitled`…
        public var change: String { kind.rawValue }
    }

    // MARK: Text

    /// What changed, counted, in one line.
    public var summary: String {
        if diff.isIdentical {
            let tags = diff.new.sections.reduce(0) { $0 + $1.tags.count }
            return "layouts are identical: \(tags) tag(s), content \(diff.contentLengthName) \(points(newLength)) pt"
        }
        let sectionCounts = Dictionary(grouping: diff.sections, by: \.kind).mapValues(\.count)
        let sectionParts = [LayoutDiff.SectionChange.Kind.added, .removed, .retitled, .refootered, .headerResized,
                            .footerResized].compactMap { kind in
            sectionCounts[kind].map { "\($0) section(s) \(kind.summaryWords)" }
        }
        var text = "layouts differ: " + countedParts(sections: sectionParts).joined(separator: ", ")
            + "; content \(diff.contentLengthName) " + heightChange
        if LayoutDiff.differs(diff.old.viewport.width, diff.new.viewport.width)
            || LayoutDiff.differs(diff.old.viewport.height, diff.new.viewport.height) {
            text += "; viewport \(size(diff.old.viewport)) → \(size(diff.new.viewport))"
        }
        return text
    }

    /// The changes counted, for both summaries: the tags', then `sections` (said as each summary says them), then
    /// sections shifted and more tags changed.
    private func countedParts(sections: [String]) -> [String] {
        var parts = ["\(diff.added.count) added", "\(diff.removed.count) removed", "\(diff.moved.count) moved",
                     "\(diff.resized.count) resized"]
        if !diff.renamed.isEmpty { parts.insert("\(diff.renamed.count) renamed", at: 2) }
        if !diff.reselected.isEmpty { parts.append("\(diff.reselected.count) reselected") }
        parts += sections
        if !diff.shifted.isEmpty { parts.append("\(diff.shifted.count) section(s) shifted") }
        if !diff.moreTags.isEmpty { parts.append("\(diff.moreTags.count) more tag(s) changed") }
        return parts
    }

    /// The new content's length along the scroll axis: its height, or its width scrolling horizontally.
    private var newLength: Double { diff.new.contentSize.length(along: diff.new.scrollDirection) }

    /// `812 → 860 pt (+48)`, or the height and `(unchanged)`; widths when scrolling horizontally.
    public var heightChange: String {
        let old = diff.old.contentSize.length(along: diff.new.scrollDirection), new = newLength
        guard LayoutDiff.differs(old, new) else { return "\(points(new)) pt (unchanged)" }
        let delta = new - old, places = Self.decimals(telling: [(old, new)])
        return "\(points(old, places: places)) → \(points(new, places: places)) pt "
            + "(\(delta > 0 ? "+" : "−")\(points(abs(delta), places: places)))"
    }

    /// Said before anything else when the two layouts were measured with different font files: then moved tags
    /// are the fonts' doing, not the tags'.
    public var fontNote: String? {
        guard diff.fontFilesChanged else { return nil }
        let oldOnly = diff.old.fontFiles.filter { !diff.new.fontFiles.contains($0) }
        let newOnly = diff.new.fontFiles.filter { !diff.old.fontFiles.contains($0) }
        return "the layouts were measured with different font files: old "
            + (oldOnly.isEmpty ? "(none of its own)" : oldOnly.map(\.description).joined(separator: "; "))
            + " → new " + (newOnly.isEmpty ? "(none of its own)" : newOnly.map(\.description).joined(separator: "; "))
    }

    /// The summary and a table of the changes, for a terminal.
    public var text: String {
        let note = fontNote.map { "note: \($0)\n" } ?? ""
        guard !diff.isIdentical else { return note + summary + "\n" }
        var table = TextTable(columns: ["change", "section", "tag", "old", "new"])
        for row in rows { table.add([row.change, row.section, row.tag, row.old, row.new]) }
        return note + summary + "\n" + (rows.isEmpty ? "" : table.rendered + "\n")
    }

    /// Section changes first, then renamed, added, removed, moved, resized and reselected tags. Numbers are in as
    /// many decimals (two to six) as tell old from new: a move of a thousandth of a point is not two equal places.
    public var rows: [Row] {
        var rows = [Row]()
        for change in diff.sections {
            let name = change.newIndex.map { sectionName(diff.new, $0) }
                ?? change.oldIndex.map { sectionName(diff.old, $0) } ?? ""
            func row(_ kind: Row.Kind, old: String, new: String) {
                rows.append(Row(kind: kind, section: name, tag: "", old: old, new: new))
            }
            switch change.kind {
            case .added: row(.sectionAdded, old: "", new: quoted(change.newText))
            case .removed: row(.sectionRemoved, old: quoted(change.oldText), new: "")
            case .retitled: row(.sectionRetitled, old: quoted(change.oldText), new: quoted(change.newText))
            case .refootered: row(.footerChanged, old: quoted(change.oldText), new: quoted(change.newText))
            case .headerResized, .footerResized:
                let (old, new) = change.resizedFrames(in: diff)
                let places = Self.decimals(telling: [(old?.width, new?.width), (old?.height, new?.height)])
                row(change.kind == .headerResized ? .headerResized : .footerResized,
                    old: old.map { size($0.size, places: places) } ?? "(none)",
                    new: new.map { size($0.size, places: places) } ?? "(none)")
            }
        }
        for shift in diff.shifted {
            let places = Self.decimals(telling: [(shift.dx, 0), (shift.dy, 0)])
            rows.append(Row(kind: .sectionShifted, section: sectionName(diff.new, shift.newSection),
                            tag: "\(shift.tags) tag\(shift.tags == 1 ? "" : "s")", old: "",
                            new: "by " + self.shift(shift, places: places)))
        }
        func tagRow(_ kind: Row.Kind, _ change: LayoutDiff.TagChange, tag: String? = nil,
                    detail: (LayoutDiff.Place, Int) -> String) {
            let section = change.new.map { sectionName(diff.new, $0.section) }
                ?? change.old.map { sectionName(diff.old, $0.section) } ?? ""
            let (a, b) = (change.old?.frame, change.new?.frame)
            let places = Self.decimals(telling: [(a?.x, b?.x), (a?.y, b?.y), (a?.width, b?.width),
                                                 (a?.height, b?.height)])
            rows.append(Row(kind: kind, section: section, tag: tag ?? change.text,
                            old: change.old.map { detail($0, places) } ?? "",
                            new: change.new.map { detail($0, places) } ?? ""))
        }
        for change in diff.renamed {
            tagRow(.renamed, change, tag: "\(change.oldText ?? "") → \(change.text)", detail: placeAndSize)
        }
        for change in diff.added { tagRow(.added, change, detail: placeAndSize) }
        for change in diff.removed { tagRow(.removed, change, detail: placeAndSize) }
        // A tag moved and resized is one row.
        let resized = Set(diff.resized), moved = Set(diff.moved)
        for change in diff.moved {
            if resized.contains(change) {
                tagRow(.movedAndResized, change, detail: placeAndSize)
            } else {
                tagRow(.moved, change, detail: place)
            }
        }
        for change in diff.resized where !moved.contains(change) {
            tagRow(.resized, change) { place, places in place.frame.map { size($0.size, places: places) } ?? "hidden" }
        }
        for change in diff.reselected {
            let oldTag = change.old.map { diff.old.sections[$0.section].tags[$0.index] }
            let newTag = change.new.map { diff.new.sections[$0.section].tags[$0.index] }
            rows.append(Row(kind: .reselected, section: change.new.map { sectionName(diff.new, $0.section) } ?? "",
                            tag: change.text,
                            old: oldTag?.isSelected == true ? "selected" : "not selected",
                            new: newTag?.isSelected == true ? "selected" : "not selected"))
        }
        for change in diff.moreTags {
            rows.append(Row(kind: .moreTag, section: sectionName(diff.new, change.newSection), tag: "",
                            old: change.old.map(moreTag) ?? "(none)", new: change.new.map(moreTag) ?? "(none)"))
        }
        return rows
    }

    /// The fewest decimals, from two to six, in which each pair that differs by more than the diff's tolerance
    /// prints differently; a pair with a side missing counts for nothing.
    static func decimals(telling pairs: [(Double?, Double?)]) -> Int {
        pairs.reduce(2) { places, pair in
            guard let a = pair.0, let b = pair.1, LayoutDiff.differs(a, b) else { return places }
            let needed = (2...6).first { formatDecimal(a, places: $0) != formatDecimal(b, places: $0) } ?? 6
            return max(places, needed)
        }
    }

    /// `“+16” at (303, 100) 44.54×30`.
    private func moreTag(_ more: LayoutSnapshot.MoreTag) -> String {
        "\(quoted(more.text)) at (\(points(more.frame.x)), \(points(more.frame.y))) \(size(more.frame.size))"
    }

    /// `(0, +40)`: how far a section moved, signed.
    private func shift(_ shift: LayoutDiff.SectionShift, places: Int) -> String {
        func signed(_ value: Double) -> String {
            let text = points(abs(value), places: places)
            return text == "0" ? "0" : (value > 0 ? "+" : "−") + text
        }
        return "(\(signed(shift.dx)), \(signed(shift.dy)))"
    }

    private func sectionName(_ snapshot: LayoutSnapshot, _ index: Int) -> String {
        snapshot.sections[index].title.map { "\(index) \($0)" } ?? "\(index)"
    }

    private func quoted(_ text: String?) -> String { text.map { "“\($0)”" } ?? "(none)" }

    private func place(_ place: LayoutDiff.Place, places: Int = 2) -> String {
        guard let frame = place.frame else { return "hidden (past maxLines)" }
        return "line \(place.line) at (\(points(frame.x, places: places)), \(points(frame.y, places: places)))"
    }

    private func placeAndSize(_ place: LayoutDiff.Place, places: Int = 2) -> String {
        guard let frame = place.frame else { return "hidden (past maxLines)" }
        return self.place(place, places: places) + ", " + size(frame.size, places: places)
    }

    private func size(_ size: Size, places: Int = 2) -> String {
        "\(points(size.width, places: places))×\(points(size.height, places: places))"
    }

    private func points(_ value: Double, places: Int = 2) -> String { formatDecimal(value, places: places) }

    // MARK: Markdown

    /// The summary and a table cut at ``markdownRowLimit`` rows, for a pull-request comment.
    public var markdown: String {
        var lines = ["**tagflow layout diff** — " + markdownSummary, ""]
        if let fontNote { lines.insert(contentsOf: ["> ⚠️ " + MarkdownText.cell(fontNote), ""], at: 0) }
        guard !diff.isIdentical else { return lines.joined(separator: "\n") }
        lines += ["| Change | Section | Tag | Old | New |", "| --- | --- | --- | --- | --- |"]
        let all = rows
        for row in all.prefix(Self.markdownRowLimit) {
            lines.append("| " + [row.kind.markdownMark + " " + row.change, row.section, row.tag, row.old, row.new]
                .map { $0.isEmpty ? "—" : MarkdownText.cell($0) }.joined(separator: " | ") + " |")
        }
        if all.count > Self.markdownRowLimit {
            lines += ["", "… and \(all.count - Self.markdownRowLimit) more; "
                          + "run `tagflow diff --format json` for all of them."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var markdownSummary: String {
        if diff.isIdentical { return "no changes (content \(diff.contentLengthName) \(points(newLength)) pt)" }
        let sections = diff.sections.isEmpty ? [] : ["\(diff.sections.count) section change(s)"]
        return countedParts(sections: sections).joined(separator: " · ") + " · content height " + heightChange
    }

    // MARK: JSON

    /// Every change with its places, for tools.
    public var json: JSONOutput {
        func placeJSON(_ place: LayoutDiff.Place?) -> JSONOutput {
            guard let place else { return .null }
            var members: [(String, JSONOutput)] = [("section", .integer(place.section)),
                                                   ("index", .integer(place.index)), ("line", .integer(place.line))]
            if let frame = place.frame {
                members += [("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
                            ("height", .number(frame.height))]
            } else {
                members.append(("hidden", .bool(true)))
            }
            return .object(members)
        }
        func changes(_ list: [LayoutDiff.TagChange]) -> JSONOutput {
            .array(list.map {
                .object([("text", .string($0.text)), ("old", placeJSON($0.old)), ("new", placeJSON($0.new))])
            })
        }
        func sizeJSON(_ size: Size) -> JSONOutput {
            .object([("width", .number(size.width)), ("height", .number(size.height))])
        }
        let sections: [JSONOutput] = diff.sections.map { change in
            var members: [(String, JSONOutput)] = [
                ("change", .string(change.kind.rawValue)),
                ("oldIndex", change.oldIndex.map(JSONOutput.integer) ?? .null),
                ("newIndex", change.newIndex.map(JSONOutput.integer) ?? .null),
                ("oldText", .optional(change.oldText)), ("newText", .optional(change.newText))]
            if change.kind == .headerResized || change.kind == .footerResized {
                let (old, new) = change.resizedFrames(in: diff)
                members += [("oldSize", old.map { sizeJSON($0.size) } ?? .null),
                            ("newSize", new.map { sizeJSON($0.size) } ?? .null)]
            }
            return .object(members)
        }
        func moreJSON(_ more: LayoutSnapshot.MoreTag?) -> JSONOutput {
            guard let more else { return .null }
            return .object([("text", .string(more.text)), ("count", .integer(more.count)),
                            ("x", .number(more.frame.x)), ("y", .number(more.frame.y)),
                            ("width", .number(more.frame.width)), ("height", .number(more.frame.height))])
        }
        var members: [(String, JSONOutput)] = [
            ("mode", .string("layout")),
            ("identical", .bool(diff.isIdentical)),
            ("fontFilesChanged", .bool(diff.fontFilesChanged)),
            ("summary", .object([("added", .integer(diff.added.count)), ("removed", .integer(diff.removed.count)),
                                 ("renamed", .integer(diff.renamed.count)),
                                 ("moved", .integer(diff.moved.count)), ("resized", .integer(diff.resized.count)),
                                 ("reselected", .integer(diff.reselected.count)), ("sections",
                                                                                   .integer(diff.sections.count)),
                                 ("shiftedSections", .integer(diff.shifted.count)), ("moreTags",
                                                                                     .integer(diff.moreTags.count))])),
            ("content" + diff.contentLengthName.capitalized,
             .object([("old", .number(diff.old.contentSize.length(along: diff.new.scrollDirection))),
                      ("new", .number(newLength)),
                      ("change", .number(diff.contentLengthChange))])),
            ("viewport", .object([("old", sizeJSON(diff.old.viewport)), ("new", sizeJSON(diff.new.viewport))])),
            ("sections", .array(sections)),
            ("added", changes(diff.added)), ("removed", changes(diff.removed)),
            ("renamed", .array(diff.renamed.map { change in
                .object([("oldText", .optional(change.oldText)), ("text", .string(change.text)),
                         ("old", placeJSON(change.old)), ("new", placeJSON(change.new))])
            })),
            ("moved", changes(diff.moved)),
            ("resized", changes(diff.resized)), ("reselected", changes(diff.reselected)),
            ("shifted", .array(diff.shifted.map { shift in
                .object([("oldSection", .integer(shift.oldSection)), ("newSection", .integer(shift.newSection)),
                         ("dx", .number(shift.dx)), ("dy", .number(shift.dy)), ("tags", .integer(shift.tags))])
            })),
        ]
        // The key appears only when a side has more tags, so other diffs have no empty one.
        if diff.old.hasMoreTags || diff.new.hasMoreTags {
            members.append(("moreTags", .array(diff.moreTags.map { change in
                .object([("oldSection", .integer(change.oldSection)), ("newSection", .integer(change.newSection)),
                         ("old", moreJSON(change.old)), ("new", moreJSON(change.new))])
            })))
        }
        return .object(members)
    }
}
