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

struct FindingKey: Hashable {
    var kind: FitFinding.Kind
    var section: Int
    var item: Int?
}
