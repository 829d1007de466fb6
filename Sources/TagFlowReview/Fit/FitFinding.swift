import TagFlowLayout
import TagFlowText

/// One variant of a fit matrix: a device's width, a text size, a language or pseudolanguage, and Bold Text.
public struct FitVariant: Hashable, Sendable {
    /// The device's name; empty when the width comes from the options alone.
    public var device: String
    public var width: Double
    public var contentSize: ContentSizeCategory
    /// The catalog's language; `nil` without a catalog.
    public var locale: String?
    /// The pseudolanguage's name; `nil` for none.
    public var pseudo: String?
    public var legibilityWeight: LegibilityWeight

    public init(device: String, width: Double, contentSize: ContentSizeCategory, locale: String?, pseudo: String?,
                legibilityWeight: LegibilityWeight) {
        self.device = device
        self.width = width
        self.contentSize = contentSize
        self.locale = locale
        self.pseudo = pseudo
        self.legibilityWeight = legibilityWeight
    }

    /// `iphone-se/AX3/de/double/bold`: the values that are set, in that order.
    public var name: String {
        [device.isEmpty ? formatPoints(width) + "pt" : device, contentSize.rawValue, locale, pseudo,
         legibilityWeight == .bold ? "bold" : nil].compactMap { $0 }.joined(separator: "/")
    }

    /// The same variant at another text size.
    func at(_ size: ContentSizeCategory) -> FitVariant {
        var variant = self
        variant.contentSize = size
        return variant
    }
}

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

/// The smallest change that makes a finding go away, where one exists.
public struct FitFix: Sendable, Equatable {
    /// The least viewport width, in whole points, at which the tag fits.
    public var width: Double?
    /// The largest text size, below the variant's, at which the finding is gone.
    public var contentSize: ContentSizeCategory?
    /// The cell height the text needs.
    public var itemHeight: Double?

    public init(width: Double? = nil, contentSize: ContentSizeCategory? = nil, itemHeight: Double? = nil) {
        self.width = width
        self.contentSize = contentSize
        self.itemHeight = itemHeight
    }

    public var isEmpty: Bool { width == nil && contentSize == nil && itemHeight == nil }
}

extension TagLayout {
    /// What does not fit in this layout, as `tagflow fit` reports it, without fixes; the same tests as the
    /// warnings the drawing commands print (clipped text, hidden selections, missing characters).
    public func fitFindings(variant: FitVariant, engine: TextEngine, font: FontSpec) -> [FitFinding] {
        var findings = [FitFinding]()
        let options = self.options
        for (sectionIndex, section) in tags.enumerated() {
            for (itemIndex, tag) in section.enumerated() {
                var finding = FitFinding(kind: .truncated, variant: variant, section: sectionIndex, item: itemIndex,
                                         text: tag.text)
                let width = tag.measurement.width
                if tag.isTruncated {
                    finding.shown = tag.displayText
                    finding.overflow = width - options.maxTextWidth
                    finding.fix.width = options.width + (width - options.maxTextWidth).rounded(.up)
                    findings.append(finding)
                } else if width + 2 * options.padding > options.lineWidth {
                    finding.kind = .widerThanLine
                    finding.overflow = width + 2 * options.padding - options.lineWidth
                    finding.fix.width = options.width + finding.overflow!.rounded(.up)
                    findings.append(finding)
                }
            }
        }
        for (id, tag) in tagsWithClippedText {
            let lineHeight = tag.measurement.lineHeight ?? 0
            findings.append(FitFinding(kind: .clippedText, variant: variant, section: id.section, item: id.item,
                                       text: tag.text, overflow: lineHeight - options.itemHeight,
                                       fix: FitFix(itemHeight: lineHeight.rounded(.up))))
        }
        for (index, laidOut) in flow.sections.enumerated() where laidOut.hiddenCount > 0 {
            findings.append(FitFinding(kind: .overMaxLines, variant: variant, section: index, item: nil,
                                       text: document.sections[index].title ?? "", hiddenCount: laidOut.hiddenCount))
        }
        for id in hiddenSelectedTags {
            findings.append(FitFinding(kind: .hiddenSelection, variant: variant, section: id.section, item: id.item,
                                       text: document.sections[id.section].tags[id.item].text))
        }
        for (id, tag) in tagsWithMissingGlyphs {
            findings.append(FitFinding(kind: .missingGlyphs, variant: variant, section: id.section, item: id.item,
                                       text: tag.text, characters: engine.missingScalars(in: tag.text, font: font)
                                        .map { String(Character($0)) }))
        }
        return findings
    }
}
