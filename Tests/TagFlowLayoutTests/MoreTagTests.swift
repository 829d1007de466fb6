import Testing
@testable import TagFlowLayout

/// The "+N" tag that ends a section's last shown line under `maxLines`.
@Suite struct MoreTagTests {
    /// `moreTagText`'s width when every character advances `advance`, as ``FixedAdvanceMeasurer`` measures.
    static func fixedWidth(_ options: LayoutOptions, advance: Double = 7) -> (Int) -> Double {
        { count in Double(options.moreTagText(count: count).count) * advance }
    }

    static func options(maxLines: Int, moreTag: String = "+%d") -> LayoutOptions {
        var options = LayoutOptions()
        options.maxLines = maxLines
        options.moreTag = moreTag
        return options
    }

    /// Checks one section's more tag against its items: it is there exactly when tags are hidden, counts them,
    /// ends the last shown line in reading order, stays inside the line and does not overlap a tag.
    static func expectMoreTagHolds(_ layout: FlowLayout, _ metrics: [SectionMetrics], moreTextWidth: (Int) -> Double,
                                   _ context: Comment) {
        let options = layout.options
        // Right to left mirrors the line across the content: the left inset is on the right.
        let left = options.direction == .ltr ? options.sectionInset.left : options.sectionInset.right
        let right = options.contentWidth - (options.direction == .ltr ? options.sectionInset.right : options.sectionInset.left)
        for (sectionIndex, section) in layout.sections.enumerated() {
            let hiddenItems = layout.items[section.items].count(where: \.isHidden)
            #expect(section.hiddenCount == hiddenItems, "\(context) section \(sectionIndex)")
            #expect(section.lineCount <= options.maxLines, "\(context) section \(sectionIndex)")
            guard hiddenItems > 0 else {
                #expect(section.more == nil, "\(context) section \(sectionIndex) hides nothing but has a more tag")
                continue
            }
            guard let more = section.more else {
                Issue.record("\(context) section \(sectionIndex) hides \(hiddenItems) tags but has no more tag")
                continue
            }
            #expect(more.count == hiddenItems, "\(context) section \(sectionIndex)")
            #expect(more.line == section.lineCount - 1 && more.line == options.maxLines - 1, "\(context) section \(sectionIndex)")
            #expect(more.frame.minX >= left - 1e-9 && more.frame.maxX <= right + 1e-9,
                    "\(context) section \(sectionIndex): \(more.frame) overflows \(left)...\(right)")
            let lastLine = layout.items[section.items].filter { !$0.isHidden && $0.line == more.line }
            for item in lastLine {
                // Justified gaps are sums of fractions: frames may touch within rounding.
                let overlap = min(item.frame.maxX, more.frame.maxX) - max(item.frame.minX, more.frame.minX)
                #expect(overlap <= 1e-9, "\(context) section \(sectionIndex): \(item.frame) under \(more.frame)")
                #expect(item.frame.y == more.frame.y)
                if options.direction == .ltr {
                    #expect(item.frame.maxX <= more.frame.minX + 1e-9, "\(context) section \(sectionIndex): more tag is not last")
                } else {
                    #expect(item.frame.minX >= more.frame.maxX - 1e-9, "\(context) section \(sectionIndex): more tag is not leftmost")
                }
            }
            // Only as many tags moved off as needed: the first hidden one would not fit back beside a smaller count.
            let shownOnLast = lastLine.count
            if shownOnLast > 0 || more.count > 0 {
                let firstHidden = section.items.count - more.count
                let tagWidths = metrics[sectionIndex].textWidths[(firstHidden - shownOnLast)...firstHidden]
                    .map { min($0 + 2 * options.padding, options.lineWidth) }
                let backWidth = min(moreTextWidth(more.count - 1) + 2 * options.padding, options.lineWidth)
                let needed = tagWidths.reduce(0, +) + Double(tagWidths.count) * options.interitemSpacing + backWidth
                if more.count > 1 {
                    #expect(!FlowLayout.fits(needed, in: options.lineWidth),
                            "\(context) section \(sectionIndex): a tag was moved off although it fits beside \"+\(more.count - 1)\"")
                }
            }
        }
    }

    @Test func textReplacesEveryCountPlaceholder() {
        var options = LayoutOptions()
        options.moreTag = "+%d"
        #expect(options.moreTagText(count: 12) == "+12")
        options.moreTag = "%d more (%d)"
        #expect(options.moreTagText(count: 3) == "3 more (3)")
        options.moreTag = "100% of %d%"
        #expect(options.moreTagText(count: 7) == "100% of 7%")
        // As printf writes them: %% is one percent sign, and %%d is a percent sign and a d.
        options.moreTag = "%d%%"
        #expect(options.moreTagText(count: 22) == "22%")
        options.moreTag = "%%d"
        #expect(options.moreTagText(count: 5) == "%d")
    }

    @Test func demoShowsAtMostTwoLinesEndingWithTheCountOfHiddenTags() {
        let options = Self.options(maxLines: 2)
        let metrics = seedDemoSections()
        let layout = FlowLayout.prepare(metrics, options: options, moreTagTextWidth: Self.fixedWidth(options))
        Self.expectMoreTagHolds(layout, metrics, moreTextWidth: Self.fixedWidth(options), "demo")
        // Every demo section is longer than two lines.
        #expect(layout.sections.allSatisfy { $0.more != nil && $0.lineCount == 2 })
        #expect(layout.sections.map { $0.more!.count } == layout.sections.map(\.hiddenCount))
        #expect(layout.allElements.count(where: { $0.id.kind == .more }) == 3)
    }

    @Test func measuredThroughTheTagLayoutsMeasurer() throws {
        var options = Self.options(maxLines: 1)
        options.width = 200
        let tags = (0..<12).map { Tag("tag\($0)") }
        let layout = try TagLayout(document: TagDocument(sections: [TagSection(title: "A", tags: tags)]), options: options,
                               measurer: FixedAdvanceMeasurer())
        let more = try #require(layout.moreTags[0])
        let frame = layout.flow.sections[0].more!.frame
        #expect(more.text == "+\(more.count)")
        #expect(more.count == layout.flow.sections[0].hiddenCount)
        #expect(more.measurement.width == Double(more.text.count) * 7)
        #expect(frame.width == more.measurement.width + 2 * options.padding)
        #expect(layout.label(of: .more(0)) == more.text)
        #expect(layout.flow.element(at: .more(0))?.frame == frame)
    }

    @Test func sitsAloneWhenItFitsBesideNoTag() throws {
        // A 355 pt line: a 345 pt tag leaves no room for "+2" (29 pt) beside it.
        let options = Self.options(maxLines: 1)
        let metrics = [SectionMetrics(hasHeader: false, hasFooter: false, textWidths: [330, 10, 10])]
        let layout = FlowLayout.prepare(metrics, options: options, moreTagTextWidth: Self.fixedWidth(options))
        let more = try #require(layout.sections[0].more)
        #expect(more.count == 3)
        #expect(layout.items.allSatisfy { $0.isHidden })
        #expect(more.frame == Rect(x: 10, y: 10, width: 29, height: 30))
        #expect(layout.sections[0].lineCount == 1)
    }

    @Test func isClampedToTheLineWhenItsTextIsTooWide() throws {
        let options = Self.options(maxLines: 1, moreTag: "and %d more tags that nobody will ever see")
        let metrics = [SectionMetrics(hasHeader: false, hasFooter: false, textWidths: Array(repeating: 100, count: 5))]
        let layout = FlowLayout.prepare(metrics, options: options) { _ in 1000 }
        let more = try #require(layout.sections[0].more)
        #expect(more.count == 5 && more.isTruncated)
        #expect(more.frame.width == options.lineWidth)
    }

    /// A more tag too wide for a line is drawn cut to fit with an ellipsis, as a tag too wide is.
    @Test func aMoreTagTooWideIsCutWithAnEllipsis() throws {
        var options = Self.options(maxLines: 1, moreTag: "and %d more tags that nobody will ever see")
        options.width = 200
        let tags = (0..<12).map { Tag("tag\($0)") }
        let layout = try TagLayout(document: TagDocument(sections: [TagSection(tags: tags)]), options: options, measurer: FixedAdvanceMeasurer())
        let more = try #require(layout.moreTags[0])
        #expect(layout.flow.sections[0].more?.isTruncated == true)
        #expect(more.isTruncated && more.displayText.hasSuffix("…") && more.text.hasPrefix(String(more.displayText.dropLast())))
        #expect(Double(more.displayText.count) * 7 <= options.maxTextWidth)
        let short = try #require(try TagLayout(document: TagDocument(sections: [TagSection(tags: tags)]), options: Self.options(maxLines: 1),
                                           measurer: FixedAdvanceMeasurer()).moreTags[0])
        #expect(!short.isTruncated && short.displayText == short.text)
    }

    @Test func aWiderCountMovesAnotherTagOff() {
        // 40 pt tags on a 224 pt line: the greedy line takes 4 and hides 9. "+9" (29 pt) does not fit beside 4;
        // with 3, the count is 10, whose 75 pt tag does not fit either, though a "+9" would; with 2 it fits.
        var options = Self.options(maxLines: 1)
        options.width = 20 + 224
        let metrics = [SectionMetrics(hasHeader: false, hasFooter: false, textWidths: Array(repeating: 25, count: 13))]
        let layout = FlowLayout.prepare(metrics, options: options) { count in count < 10 ? 14 : 60 }
        #expect(layout.sections[0].more?.count == 11)
        #expect(layout.sections[0].more?.frame.width == 75)
        #expect(layout.items.count(where: { !$0.isHidden }) == 2)
    }

    @Test(arguments: Array(UInt64(1)...60))
    func neverOverflowsItsLineForRandomInputs(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var options = randomOptions(&rng)
        options.maxLines = Int.random(in: 1...3, using: &rng)
        options.moreTag = ["+%d", "%d more", "+"].randomElement(using: &rng)!
        let metrics = randomSections(&rng, maxSections: 6, maxTags: 60)
        let advance = Double.random(in: 4...9, using: &rng)
        let width = Self.fixedWidth(options, advance: advance)
        let layout = FlowLayout.prepare(metrics, options: options, moreTagTextWidth: width)
        Self.expectMoreTagHolds(layout, metrics, moreTextWidth: width, "seed \(seed)")
    }

    @Test(arguments: Array(UInt64(1)...30))
    func queryEqualsBruteForceWithMoreTags(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var options = randomOptions(&rng)
        options.pinHeaders = false
        options.maxLines = Int.random(in: 1...3, using: &rng)
        options.moreTag = "+%d"
        let layout = FlowLayout.prepare(randomSections(&rng, maxSections: 8, maxTags: 80), options: options,
                                        moreTagTextWidth: Self.fixedWidth(options))
        let mores = layout.allElements.filter { $0.id.kind == .more }
        #expect(mores.count == layout.sections.count(where: { $0.hiddenCount > 0 }))
        let height = layout.contentSize.height
        for query in 0..<200 {
            let rect: Rect
            if query % 4 == 0, let more = mores.randomElement(using: &rng) {
                // Right on a more tag's edges.
                rect = Rect(x: more.frame.minX, y: Bool.random(using: &rng) ? more.frame.minY : more.frame.maxY,
                            width: Double.random(in: 0...40, using: &rng), height: 0)
            } else {
                rect = Rect(x: Double.random(in: -20...options.width, using: &rng), y: Double.random(in: -20...(height + 20), using: &rng),
                            width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...200, using: &rng))
            }
            #expect(layout.elements(in: rect) == layout.elementsByLinearScan(in: rect), "seed \(seed) query \(query): \(rect)")
            let visible = options.visibleRect(offset: rect.minY)
            #expect(ElementQuery(.cached, layout: layout).audit(rect, visibleRect: visible).isCorrect, "seed \(seed) query \(query)")
            #expect(!ElementQuery(.naiveSuper, layout: layout).elements(in: rect, visibleRect: visible).contains { $0.id.kind == .more })
        }
    }

    @Test func visibleRectStrategyReturnsAVisibleMoreTag() {
        let options = Self.options(maxLines: 2)
        let layout = FlowLayout.prepare(seedDemoSections(), options: options, moreTagTextWidth: Self.fixedWidth(options))
        let visible = options.visibleRect(offset: 0)
        let returned = ElementQuery(.visibleRect, layout: layout).elements(in: visible, visibleRect: visible)
        #expect(returned.contains { $0.id == .more(0) })
        #expect(returned.map(\.id) == returned.map(\.id).sorted())
    }

    @Test(arguments: Alignment.allCases)
    func rtlPutsItAtTheLeftEndOfTheLine(alignment: Alignment) throws {
        var options = Self.options(maxLines: 2)
        options.direction = .rtl
        options.alignment = alignment
        let metrics = seedDemoSections()
        let layout = FlowLayout.prepare(metrics, options: options, moreTagTextWidth: Self.fixedWidth(options))
        Self.expectMoreTagHolds(layout, metrics, moreTextWidth: Self.fixedWidth(options), "rtl \(alignment)")
        for section in layout.sections {
            let more = try #require(section.more)
            let lastLine = layout.items[section.items].filter { !$0.isHidden && $0.line == more.line }
            #expect(more.frame.minX < lastLine.map(\.frame.minX).min()!)
        }
    }

    @Test func justifiedLineReachesBothInsetsWithTheMoreTag() throws {
        var options = Self.options(maxLines: 2)
        options.alignment = .justified
        let layout = FlowLayout.prepare(seedDemoSections(), options: options, moreTagTextWidth: Self.fixedWidth(options))
        for section in layout.sections {
            let more = try #require(section.more)
            let lastLine = layout.items[section.items].filter { !$0.isHidden && $0.line == more.line }
            #expect(abs(more.frame.maxX - (options.sectionInset.left + options.lineWidth)) < 1e-9)
            #expect(lastLine.first!.frame.minX == options.sectionInset.left)
        }
    }

    @Test(arguments: Array(UInt64(1)...20))
    func anEmptyMoreTagChangesNothing(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var options = randomOptions(&rng)
        options.maxLines = Int.random(in: 0...3, using: &rng)
        let metrics = randomSections(&rng)
        let plain = FlowLayout.prepare(metrics, options: options)
        let withWidths = FlowLayout.prepare(metrics, options: options) { _ in 50 }
        #expect(plain.items == withWidths.items)
        #expect(plain.sections == withWidths.sections)
        #expect(plain.allElements == withWidths.allElements)
        #expect(withWidths.sections.allSatisfy { $0.more == nil })
    }

    @Test func aDiffSeesTheMoreTagsCountChange() throws {
        var options = Self.options(maxLines: 1)
        options.width = 200
        func snapshot(_ count: Int) -> LayoutSnapshot {
            let section = TagSection(title: "A", tags: (0..<count).map { Tag("tag\($0)") })
            return LayoutSnapshot(try! TagLayout(document: TagDocument(sections: [section]), options: options, measurer: FixedAdvanceMeasurer()))
        }
        #expect(LayoutDiff(old: snapshot(12), new: snapshot(12)).isIdentical)
        let diff = LayoutDiff(old: snapshot(12), new: snapshot(13))
        let change = try #require(diff.moreTags.first)
        #expect(diff.moreTags.count == 1 && !diff.isIdentical)
        #expect(change.new?.count == (change.old?.count ?? 0) + 1)
        #expect(change.new?.text == "+\(change.new?.count ?? 0)")
        // The new tag is hidden, so no shown tag moved: the more tag is the one visible change.
        #expect(diff.moved.isEmpty)
    }
}
