/// A document measured and laid out: what `tagflow layout` prints and what the renderer draws.
public struct TagLayout: Sendable {
    public let document: TagDocument
    public let tags: [[MeasuredTag]]
    /// Each section's more tag; `nil` where the section shows none.
    public let moreTags: [MeasuredMoreTag?]
    public let flow: FlowLayout

    public var options: LayoutOptions { flow.options }

    /// Measures every tag, truncates those wider than a line, and prepares the flow layout.
    ///
    /// With `options.moreTag` and `options.maxLines` set, the more tags' texts ("+12") are measured with the same
    /// measurer, only for the counts the layout tries while it fits them, each count once.
    ///
    /// Widths are rounded as `options.textRounding` says, before truncation and layout. When
    /// `options.itemHeightFitsText`, every cell is the measurer's line height (rounded the same way) plus the
    /// vertical padding tall, in place of `options.itemHeight`.
    ///
    /// - Throws: `LayoutOptionsError` when `options` make no layout of `document` (a width of 0, a spacing that
    ///   is not a number, more tags selected than `maxSelection` allows), naming what is wrong; nothing is measured.
    public init(document: TagDocument, options: LayoutOptions,
                measurer: some TextMeasuring) throws(LayoutOptionsError) {
        try options.validate(selectedCount: document.selectedCount)
        if options.textRounding == .exact {
            self.init(document: document, fittedOptions: options, measurer: measurer)
        } else {
            let rounded = RoundingMeasurer(base: measurer, rounding: options.textRounding, scale: options.displayScale)
            self.init(document: document, fittedOptions: options, measurer: rounded)
        }
    }

    private init(document: TagDocument, fittedOptions: LayoutOptions, measurer: some TextMeasuring) {
        self.document = document
        var options = fittedOptions
        if options.itemHeightFitsText, let lineHeight = measurer.lineHeight {
            options.itemHeight = lineHeight + 2 * options.verticalPadding
        }
        tags = Self.measuredTags(document, options: options, measurer: measurer)
        let metrics = zip(document.sections, tags).map { section, tags in
            SectionMetrics(hasHeader: section.title != nil, hasFooter: section.footer != nil,
                           textWidths: tags.map(\.measurement.width))
        }
        guard options.showsMoreTag else {
            flow = FlowLayout.prepare(metrics, options: options)
            moreTags = Array(repeating: nil, count: metrics.count)
            return
        }
        var moreMeasurements = [Int: TextMeasurement]()
        flow = FlowLayout.prepare(metrics, options: options) { count in
            if let known = moreMeasurements[count] { return known.width }
            let measurement = measurer.measure(options.moreTagText(count: count))
            moreMeasurements[count] = measurement
            return measurement.width
        }
        moreTags = flow.sections.map { section in
            section.more.map { more in
                let text = options.moreTagText(count: more.count)
                let measurement = moreMeasurements[more.count]!
                let displayText = measurement.width > options.maxTextWidth
                    ? options.truncation.fit(text, within: options.maxTextWidth, measurer: measurer).text : text
                return MeasuredMoreTag(text: text, displayText: displayText, count: more.count,
                                       measurement: measurement)
            }
        }
    }

    /// Every tag measured, and cut to fit where it is wider than a line. The batch of measurements is let go on return,
    /// before the flow layout is prepared.
    private static func measuredTags(_ document: TagDocument, options: LayoutOptions,
                                     measurer: some TextMeasuring) -> [[MeasuredTag]] {
        let maxTextWidth = options.maxTextWidth
        var measurements = measurer.measureAll(document.sections.flatMap { $0.tags.map(\.text) })[...]
        return document.sections.map { section in
            section.tags.map { tag in
                let measurement = measurements.removeFirst()
                guard measurement.width > maxTextWidth else {
                    return MeasuredTag(text: tag.text, displayText: tag.text, measurement: measurement,
                                       isSelected: tag.isSelected)
                }
                let fitted = options.truncation.fit(tag.text, within: maxTextWidth, measurer: measurer)
                return MeasuredTag(text: tag.text, displayText: fitted.text, measurement: measurement,
                                   isSelected: tag.isSelected)
            }
        }
    }

    /// The tag an item ID names.
    public func tag(_ id: ElementID) -> MeasuredTag? {
        guard id.kind == .item, tags.indices.contains(id.section),
              tags[id.section].indices.contains(id.item) else { return nil }
        return tags[id.section][id.item]
    }

    /// The more tag a `.more` ID names, if its section has one.
    public func moreTag(_ id: ElementID) -> MeasuredMoreTag? {
        guard id.kind == .more, moreTags.indices.contains(id.section) else { return nil }
        return moreTags[id.section]
    }

    /// What an element shows: a tag's text, a header's title, a footer's text or a more tag's "+N"; with `asCut`,
    /// a tag's and a more tag's text as cut to fit its cell (``MeasuredTag/displayText``).
    public func label(of id: ElementID, asCut: Bool = false) -> String {
        switch id.kind {
        case .item: tag(id).map { asCut ? $0.displayText : $0.text } ?? ""
        case .more: moreTag(id).map { asCut ? $0.displayText : $0.text } ?? ""
        case .header: document.sections[id.section].title ?? ""
        case .footer: document.sections[id.section].footer ?? ""
        }
    }

    /// Tags whose text is taller than their cell, so the cell clips it, as a phone does at large text sizes.
    public var tagsWithClippedText: [(id: ElementID, tag: MeasuredTag)] {
        let cellHeight = options.itemHeight
        return tags.enumerated().flatMap { section, tags in
            tags.enumerated().compactMap { item, tag in
                (tag.measurement.lineHeight ?? 0) > cellHeight ? (ElementID.item(section, item), tag) : nil
            }
        }
    }

    /// Selected tags that ``LayoutOptions/maxLines`` hides, which a person can then neither see nor unselect.
    public var hiddenSelectedTags: [ElementID] {
        zip(flow.sections, document.sections).enumerated().flatMap { index, pair in
            let (laidOut, section) = pair
            return section.tags.indices.suffix(laidOut.hiddenCount).filter { section.tags[$0].isSelected }
                .map { ElementID.item(index, $0) }
        }
    }

    /// Tags that will draw tofu, with how many glyphs are missing.
    public var tagsWithMissingGlyphs: [(id: ElementID, tag: MeasuredTag)] {
        tags.enumerated().flatMap { section, tags in
            tags.enumerated().compactMap { item, tag in
                tag.measurement.missingGlyphs > 0 ? (ElementID.item(section, item), tag) : nil
            }
        }
    }
}
