import TagFlowLayout
import TagFlowText

/// Something that does not fit in one variant, and the smallest change that fixes it where there is one.
public struct FitFinding: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// A tag's text wider than a line, cut with an ellipsis.
        case truncated
        /// A tag's text taller than its cell, which clips it.
        case clippedText = "clipped-text"
        /// A section with more lines than `maxLines`, whose last tags are hidden.
        case overMaxLines = "over-max-lines"
        /// A selected tag among those `maxLines` hides.
        case hiddenSelection = "hidden-selection"
        /// Characters no font can draw, shown as boxes.
        case missingGlyphs = "missing-glyphs"
        /// A tag whose text fits but whose padding does not: the cell is the line's width, its padding squeezed.
        case widerThanLine = "wider-than-line"
    }

    public var kind: Kind
    public var variant: FitVariant
    public var section: Int
    /// The tag, from 0 in its section; `nil` for a section's finding.
    public var item: Int?
    /// The tag's whole text, or the section's title.
    public var text: String
    /// What a truncated tag shows.
    public var shown: String?
    /// How many points the text (or the tag) is wider than the line, or the text taller than its cell.
    public var overflow: Double?
    /// How many tags `maxLines` hides.
    public var hiddenCount: Int?
    /// The characters no font can draw.
    public var characters: [String] = []
    public var fix = FitFix()

    /// The same finding in another variant: same kind, section and tag.
    var key: FindingKey { FindingKey(kind: kind, section: section, item: item) }
}

extension FitFinding {
    /// The elements of `layout` a picture marks for this finding: the tag, or, for a tag `maxLines` hides, its
    /// section's "+N"; a section's finding marks its title and its "+N".
    public func elements(in layout: TagLayout) -> [ElementID] {
        guard let item else { return [.header(section), .more(section)] }
        let hidden = layout.flow.sections[section].hiddenCount
        let isHidden = item >= layout.document.sections[section].tags.count - hidden
        return isHidden ? [.more(section)] : [.item(section, item)]
    }

    /// How many of `findings` are of each kind, in the kinds' order, those with none left out.
    public static func counts(of findings: [FitFinding]) -> [(kind: Kind, count: Int)] {
        Kind.allCases.map { kind in (kind, findings.count { $0.kind == kind }) }.filter { $0.count > 0 }
    }

    /// `2 truncated · 1 over-max-lines`: ``counts(of:)`` in a line.
    public static func summary(_ findings: [FitFinding]) -> String {
        counts(of: findings).map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: " · ")
    }
}
