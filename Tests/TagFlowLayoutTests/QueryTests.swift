import Testing
@testable import TagFlowLayout

@Suite struct RectQueryTests {
    @Test(arguments: Array(UInt64(1)...40))
    func queryEqualsBruteForceForRandomRects(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var options = randomOptions(&rng)
        options.pinHeaders = false
        let layout = FlowLayout.prepare(randomSections(&rng, maxSections: 8, maxTags: 80), options: options)
        let height = layout.contentSize.height
        for query in 0..<250 {
            let rect: Rect
            switch query % 5 {
            case 0: // viewport-sized
                rect = options.visibleRect(offset: Double.random(in: -50...(height + 50), using: &rng))
            case 1: // prefetch: one viewport above and below
                let offset = Double.random(in: 0...max(1, height), using: &rng)
                rect = Rect(x: 0, y: offset - options.height, width: options.width, height: 3 * options.height)
            case 2: // zero height, often on an edge
                let element = layout.allElements.randomElement(using: &rng)
                let y = Bool.random(using: &rng) ? (element?.frame.minY ?? 0) : (element?.frame.maxY ?? 0)
                rect = Rect(x: 0, y: y, width: options.width, height: 0)
            case 3: // outside the content, or negative size
                rect = Rect(x: Double.random(in: -500...500, using: &rng), y: Double.random(in: -2000...(height + 2000), using: &rng),
                            width: Double.random(in: -300...300, using: &rng), height: Double.random(in: -300...300, using: &rng))
            default: // any small rect
                rect = Rect(x: Double.random(in: -20...options.width, using: &rng), y: Double.random(in: -20...(height + 20), using: &rng),
                            width: Double.random(in: 0...60, using: &rng), height: Double.random(in: 0...60, using: &rng))
            }
            let fast = layout.elements(in: rect)
            let slow = layout.elementsByLinearScan(in: rect)
            #expect(fast == slow, "seed \(seed) query \(query): \(rect)")
        }
    }

    /// The order the query walks, checked against the sections and items themselves: each section's header, shown
    /// items, more tag and footer, with empty and hidden-only sections among them.
    @Test(arguments: Array(UInt64(1)...60))
    func documentOrderIsEachSectionsHeaderItemsMoreAndFooter(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var options = randomOptions(&rng)
        options.moreTag = seed.isMultiple(of: 2) ? "+%d" : ""
        var metrics = randomSections(&rng, maxSections: 8, maxTags: 60)
        if seed.isMultiple(of: 3) { metrics.insert(SectionMetrics(hasHeader: false, hasFooter: false, textWidths: []), at: metrics.count / 2) }
        let layout = FlowLayout.prepare(metrics, options: options, moreTagTextWidth: { Double(String($0).count) * 7 + 8 })
        var expected: [LayoutElement] = []
        for (index, section) in layout.sections.enumerated() {
            if let header = section.header { expected.append(LayoutElement(id: .header(index), frame: header)) }
            for position in section.items where !layout.items[position].isHidden {
                expected.append(LayoutElement(id: .item(index, position - section.items.lowerBound), frame: layout.items[position].frame))
            }
            if let more = section.more { expected.append(LayoutElement(id: .more(index), frame: more.frame)) }
            if let footer = section.footer { expected.append(LayoutElement(id: .footer(index), frame: footer)) }
        }
        #expect(layout.allElements == expected, "seed \(seed)")
        #expect(layout.elementsByLinearScan(in: Rect(x: -1, y: -1, width: 1e6, height: 1e9)) == expected, "seed \(seed)")
        #expect(layout.elements(in: Rect(x: -1, y: -1, width: 1e6, height: 1e9)) == expected, "seed \(seed)")
        for element in expected { #expect(layout.element(at: element.id) == element) }
    }

    @Test func edgesAreHalfOpen() {
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: true, hasFooter: false, textWidths: [28])], options: LayoutOptions())
        // The item spans y 60..<90.
        #expect(layout.elements(in: Rect(x: 0, y: 90, width: 375, height: 10)).isEmpty)
        #expect(layout.elements(in: Rect(x: 0, y: 50, width: 375, height: 10)).map(\.id) == [])
        #expect(layout.elements(in: Rect(x: 0, y: 49, width: 375, height: 11)).map(\.id) == [.header(0)])
        #expect(layout.elements(in: Rect(x: 0, y: 60, width: 375, height: 0)).map(\.id) == [.item(0, 0)])
        #expect(layout.elements(in: Rect(x: 0, y: 90, width: 375, height: 0)).isEmpty)
        #expect(layout.elements(in: Rect(x: 53, y: 0, width: 10, height: 100)).map(\.id) == [.header(0)])
        #expect(layout.elements(in: Rect(x: 0, y: -100, width: 375, height: 50)).isEmpty)
    }

    @Test func pinnedHeaderHoldsAtTheTopAndIsPushedUp() {
        var options = LayoutOptions()
        options.pinHeaders = true
        let sections = [SectionMetrics(hasHeader: true, hasFooter: false, textWidths: Array(repeating: 155, count: 20)),
                        SectionMetrics(hasHeader: true, hasFooter: false, textWidths: [28])]
        let layout = FlowLayout.prepare(sections, options: options)
        let end = layout.sections[0].span.upperBound
        #expect(layout.pinnedHeaderFrame(section: 0, edge: -5)!.y == 0)
        #expect(layout.pinnedHeaderFrame(section: 0, edge: 120)!.y == 120)
        #expect(layout.pinnedHeaderFrame(section: 0, edge: end - 20)!.y == end - 50)
        let visible = options.visibleRect(offset: 120)
        let query = ElementQuery(.cached, layout: layout)
        let answer = query.elements(in: visible, visibleRect: visible)
        #expect(answer.first == LayoutElement(id: .header(0), frame: Rect(x: 0, y: 120, width: 375, height: 50)))
        #expect(query.audit(visible, visibleRect: visible).isCorrect)
    }

    /// UIKit's flow layout stops a pinned header at the top of its own section's footer, which it never covers.
    @Test func pinnedHeaderIsPushedUpByItsOwnFooter() {
        var options = LayoutOptions()
        options.pinHeaders = true
        options.footerHeight = 30
        let sections = [SectionMetrics(hasHeader: true, hasFooter: true, textWidths: Array(repeating: 155, count: 20)),
                        SectionMetrics(hasHeader: true, hasFooter: true, textWidths: [28])]
        let layout = FlowLayout.prepare(sections, options: options)
        let footer = layout.sections[0].footer!
        #expect(footer.maxY == layout.sections[0].span.upperBound && footer.height == 30)
        #expect(layout.pinnedHeaderFrame(section: 0, edge: 120)!.y == 120)
        // Held until its bottom meets the footer's top, then pushed up with it.
        #expect(layout.pinnedHeaderFrame(section: 0, edge: footer.minY - 50)!.y == footer.minY - 50)
        for edge in [footer.minY - 20, footer.minY, footer.maxY - 1, footer.maxY + 40] {
            let pinned = layout.pinnedHeaderFrame(section: 0, edge: edge)!
            #expect(pinned.maxY == footer.minY, "edge \(edge)")
        }
    }
}

@Suite struct QueryStrategyTests {
    let layout = FlowLayout.prepare(seedDemoSections(), options: LayoutOptions())

    func offsets(step: Double = 5) -> [Double] {
        let range = layout.options.offsetRange(contentSize: layout.contentSize)
        return Array(stride(from: range.lowerBound, through: range.upperBound, by: step))
    }

    @Test func cachedNeverLosesAnElement() {
        let query = ElementQuery(.cached, layout: layout)
        for offset in offsets() {
            let visible = layout.options.visibleRect(offset: offset)
            let prefetch = Rect(x: visible.x, y: visible.y - visible.height, width: visible.width, height: 3 * visible.height)
            #expect(query.audit(visible, visibleRect: visible).missing.isEmpty)
            #expect(query.audit(visible, visibleRect: visible).extra.isEmpty)
            #expect(query.audit(prefetch, visibleRect: visible).missing.isEmpty)
        }
    }

    @Test func naiveSuperLosesVisibleCells() {
        let query = ElementQuery(.naiveSuper, layout: layout)
        let audits = offsets().map { offset in
            let visible = layout.options.visibleRect(offset: offset)
            return query.audit(visible, visibleRect: visible)
        }
        #expect(audits.contains { !$0.missing.isEmpty })
        // Super's grid is shorter than the custom content, so at the bottom most visible cells are gone.
        let bottom = audits.last!
        #expect(bottom.missing.count > bottom.returned.count - bottom.extra.count)
    }

    @Test func visibleRectPassesTheViewportButLosesPrefetchedCells() {
        let query = ElementQuery(.visibleRect, layout: layout)
        var prefetchMisses = 0
        for offset in offsets() {
            let visible = layout.options.visibleRect(offset: offset)
            #expect(query.audit(visible, visibleRect: visible).missing.isEmpty, "offset \(offset)")
            let prefetch = Rect(x: visible.x, y: visible.y - visible.height, width: visible.width, height: 3 * visible.height)
            prefetchMisses += query.audit(prefetch, visibleRect: visible).missing.count
        }
        #expect(prefetchMisses > 0)
    }

    @Test func stockGridFitsItemsByMinimumSpacingAndCentresALoneItem() {
        let stock = StockFlowLayout(mirroring: FlowLayout.prepare(
            [SectionMetrics(hasHeader: false, hasFooter: false, textWidths: Array(repeating: 10, count: 7))],
            options: LayoutOptions()), itemSize: Size(width: 50, height: 50))
        // (355 + 10) / 60 = 6 per line, spacing widened to (355 - 300) / 5 = 11.
        let frames = stock.elements.map(\.frame)
        #expect(frames[0] == Rect(x: 10, y: 10, width: 50, height: 50))
        #expect(frames[1].x == 71)
        #expect(frames[5].maxX == 365)
        #expect(frames[6] == Rect(x: 162.5, y: 70, width: 50, height: 50))
    }
}

@Suite struct TruncationTests {
    let measurer = FixedAdvanceMeasurer(advance: 10)

    @Test(arguments: [(Truncation.tail, "abcdef…"), (.head, "…uvwxyz"), (.middle, "abc…xyz")])
    func fitsTheLongestCut(mode: Truncation, expected: String) {
        let fitted = mode.fit("abcdefghijklmnopqrstuvwxyz", within: 70, measurer: measurer)
        #expect(fitted.text == expected)
        #expect(fitted.measurement.width == 70)
    }

    @Test func keepsCombiningMarksWithTheirBase() {
        let fitted = Truncation.tail.fit("e\u{301}e\u{301}e\u{301}e\u{301}", within: 30, measurer: measurer)
        #expect(fitted.text == "e\u{301}e\u{301}…")
    }

    @Test func fallsBackToTheEllipsisAlone() {
        #expect(Truncation.tail.fit("abcdef", within: 5, measurer: measurer).text == "…")
    }

    /// As the seed's cell, whose label is the whole cell: a tag is its text and padding clamped to the line, and only
    /// a text wider than the line is cut, to the line's width.
    @Test func tagLayoutTruncatesOnlyWhatOverflows() throws {
        var options = LayoutOptions()
        options.width = 100  // a line of 80; text of 10 pt a character
        let document = TagDocument(sections: [TagSection(tags: [Tag("short"), Tag("much too long for the line"), Tag("seventy")])])
        let layout = try TagLayout(document: document, options: options, measurer: measurer)
        #expect(layout.tags[0][0].isTruncated == false)
        #expect(layout.tags[0][1].displayText == "much to…")
        #expect(layout.flow.items[1].isTruncated)
        #expect(layout.flow.items[1].frame.width == 80)
        // 70 pt of text and 15 of padding: clamped to the line, but whole, with less padding.
        #expect(layout.tags[0][2].displayText == "seventy")
        #expect(!layout.flow.items[2].isTruncated)
        #expect(layout.flow.items[2].frame.width == 80)
    }
}

@Suite struct OptionValidationTests {
    @Test func rejectsImpossibleOptions() {
        var options = LayoutOptions()
        options.itemHeight = 0
        #expect(throws: LayoutOptionsError.notPositive(option: .itemHeight, value: 0)) { try options.validate() }
        options = LayoutOptions()
        options.sectionInset = EdgeInsets(top: 0, left: 200, bottom: 0, right: 200)
        #expect(throws: LayoutOptionsError.insetsTooWide(total: 400, width: 375)) { try options.validate() }
        options = LayoutOptions()
        options.width = 34
        #expect(throws: LayoutOptionsError.noRoomForText(lineWidth: 14, padding: 7.5)) { try options.validate() }
        options = LayoutOptions()
        options.maxSelection = 2
        #expect(throws: LayoutOptionsError.tooManySelected(selected: 3, maxSelection: 2)) { try options.validate(selectedCount: 3) }
        options = LayoutOptions()
        options.padding = -.infinity
        #expect(throws: LayoutOptionsError.notFinite(option: .padding)) { try options.validate() }
        #expect(throws: Never.self) { try LayoutOptions().validate(selectedCount: 100) }
    }

    /// A side of an inset is named by its key and side, as a config file writes it.
    @Test func aNegativeInsetSideIsNamed() {
        var options = LayoutOptions()
        options.contentInset.bottom = -2
        let error = LayoutOptionsError.negative(option: .contentInset, side: .bottom, value: -2)
        #expect(throws: error) { try options.validate() }
        #expect(error.description == "contentInset.bottom must not be negative, got -2")
    }
}


@Suite struct ScrollPlanTests {
    @Test func stepsIncludeBothEnds() {
        #expect(ScrollPlan(range: -20...100, spacing: .step(50)).offsets == [-20, 30, 80, 100])
        #expect(ScrollPlan(range: 0...100, spacing: .step(50)).offsets == [0, 50, 100])
        #expect(ScrollPlan.count(range: -20...100, spacing: .step(50)) == 4)
        #expect(ScrollPlan.count(range: 0...100, spacing: .step(50)) == 3)
        #expect(ScrollPlan.count(range: 0...1e12, spacing: .step(1e-9)) == Int.max)
    }

    @Test func framesSpreadEvenly() {
        #expect(ScrollPlan(range: 0...90, spacing: .frames(4)).offsets == [0, 30, 60, 90])
        #expect(ScrollPlan(range: 5...5, spacing: .frames(3)).offsets == [5, 5, 5])
        #expect(ScrollPlan(range: 0...90, spacing: .frames(1)).offsets == [0])
    }
}

/// Options that make no layout are an error the layout throws, naming what is wrong, never a trap.
@Suite struct TagLayoutOptionsTests {
    @Test func optionsThatMakeNoLayoutAreThrown() {
        var options = LayoutOptions()
        options.width = 0
        let document = TagDocument(sections: [TagSection(tags: [Tag("a")])])
        #expect(throws: LayoutOptionsError.self) {
            _ = try TagLayout(document: document, options: options, measurer: FixedAdvanceMeasurer())
        }
        var limited = LayoutOptions()
        limited.maxSelection = 1
        let twoSelected = TagDocument(sections: [TagSection(tags: [Tag("a", isSelected: true), Tag("b", isSelected: true)])])
        #expect(throws: LayoutOptionsError.self) {
            _ = try TagLayout(document: twoSelected, options: limited, measurer: FixedAdvanceMeasurer())
        }
    }
}
