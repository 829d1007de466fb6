import TagFlowLayout
import TagFlowText

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
