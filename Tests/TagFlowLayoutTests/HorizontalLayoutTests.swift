import Testing
@testable import TagFlowLayout

func randomHorizontalOptions(_ rng: inout SeededGenerator) -> LayoutOptions {
    var options = randomOptions(&rng)
    options.scrollDirection = .horizontal
    options.maxLines = 0
    options.rows = Int.random(in: 1...4, using: &rng)
    options.height = Double.random(in: 80...500, using: &rng).rounded()
    return options
}

/// The narrowest a section's widest row can be, over every way to cut `widths` into at most `rows` runs: the
/// definition the balanced fill promises, found by trying every cut.
func narrowestWidestRow(_ widths: [Double], rows: Int, spacing: Double) -> Double {
    let count = widths.count
    func runWidth(_ range: Range<Int>) -> Double { widths[range].reduce(0, +) + spacing * Double(range.count - 1) }
    // best[k][i]: the narrowest widest row for the first i tags in k rows.
    var best = [[Double]](repeating: [Double](repeating: .infinity, count: count + 1), count: rows + 1)
    best[0][0] = 0
    for k in 1...rows {
        best[k][0] = 0
        for i in 1...count {
            for j in 0..<i { best[k][i] = min(best[k][i], max(best[k - 1][j], runWidth(j..<i))) }
        }
    }
    return best[rows][count]
}

@Suite struct HorizontalLayoutTests {
    @Test(arguments: Array(UInt64(1)...200))
    func generatedLayoutsHoldTheirInvariants(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let options = randomHorizontalOptions(&rng)
        let metrics = randomSections(&rng, maxTags: 30)
        let layout = FlowLayout.prepare(metrics, options: options)
        let content = Rect(x: 0, y: 0, width: layout.contentSize.width, height: layout.contentSize.height)
        #expect(layout.contentSize.height >= options.height - options.contentInset.vertical)
        let everything = layout.allElements
        #expect(everything.count == layout.items.count + layout.sections.count(where: { $0.header != nil })
            + layout.sections.count(where: { $0.footer != nil }))
        for element in everything {
            let frame = element.frame
            #expect(frame.minX >= -1e-9 && frame.maxX <= content.maxX + 1e-9 && frame.minY >= 0 && frame.maxY <= content.maxY + 1e-9,
                    "seed \(seed): \(element.id) at \(frame) is outside the content \(content)")
            let span = layout.sections[element.id.section].span
            #expect(frame.minX >= span.lowerBound - 1e-9 && frame.maxX <= span.upperBound + 1e-9, "seed \(seed): \(element.id) outside its section")
        }
        for (i, a) in everything.enumerated() {
            for b in everything[(i + 1)...] {
                let overlapX = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
                let overlapY = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
                #expect(overlapX <= 1e-9 || overlapY <= 1e-9, "seed \(seed): \(a.id) overlaps \(b.id)")
            }
        }
        for (sectionIndex, section) in layout.sections.enumerated() {
            let widths = metrics[sectionIndex].textWidths.map { min($0 + 2 * options.padding, options.lineWidth) }
            let rows = lines(of: section, in: layout)
            #expect(rows.count <= options.rows)
            #expect(section.hiddenCount == 0 && section.more == nil)
            // Rows are runs of tags in reading order, each at its row's height.
            #expect(rows.flatMap { $0 }.count == widths.count)
            var next = 0
            var widest = 0.0
            for (row, tags) in rows.enumerated() {
                #expect(!tags.isEmpty)
                for tag in tags {
                    #expect(tag.frame == layout.items[section.items.lowerBound + next].frame)
                    #expect(tag.frame.y == options.sectionInset.top + Double(row) * (options.itemHeight + options.lineSpacing))
                    next += 1
                }
                for (a, b) in zip(tags, tags.dropFirst()) {
                    #expect(options.direction == .ltr ? a.frame.maxX <= b.frame.minX + 1e-9 : b.frame.maxX <= a.frame.minX + 1e-9)
                }
                widest = max(widest, tags.map(\.frame.width).reduce(0, +) + Double(tags.count - 1) * options.interitemSpacing)
            }
            guard !widths.isEmpty else { continue }
            // Balanced as documented: the widest row is as narrow as any cut into `rows` runs allows.
            let narrowest = narrowestWidestRow(widths, rows: options.rows, spacing: options.interitemSpacing)
            #expect(abs(widest - narrowest) <= 1e-6 * max(1, narrowest), "seed \(seed): section \(sectionIndex) widest row \(widest), could be \(narrowest)")
            let supplementary = (section.header?.width ?? 0) + (section.footer?.width ?? 0)
            let sectionWidth = section.span.upperBound - section.span.lowerBound - supplementary - options.sectionInset.horizontal
            #expect(abs(sectionWidth - widest) <= 1e-6 * max(1, widest))
        }
    }

    @Test(arguments: Array(UInt64(1)...40))
    func queryEqualsBruteForceForRandomRects(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var options = randomHorizontalOptions(&rng)
        options.pinHeaders = false
        let layout = FlowLayout.prepare(randomSections(&rng, maxSections: 8, maxTags: 80), options: options)
        let width = layout.contentSize.width, height = layout.contentSize.height
        for query in 0..<250 {
            let rect: Rect
            switch query % 5 {
            case 0:
                rect = options.visibleRect(offset: Double.random(in: -50...(width + 50), using: &rng))
            case 1:
                let offset = Double.random(in: 0...max(1, width), using: &rng)
                rect = Rect(x: offset - options.width, y: 0, width: 3 * options.width, height: options.height)
            case 2: // zero width, often on an edge
                let element = layout.allElements.randomElement(using: &rng)
                let x = Bool.random(using: &rng) ? (element?.frame.minX ?? 0) : (element?.frame.maxX ?? 0)
                rect = Rect(x: x, y: 0, width: 0, height: height)
            case 3:
                rect = Rect(x: Double.random(in: -2000...(width + 2000), using: &rng), y: Double.random(in: -500...500, using: &rng),
                            width: Double.random(in: -300...300, using: &rng), height: Double.random(in: -300...300, using: &rng))
            default:
                rect = Rect(x: Double.random(in: -20...(width + 20), using: &rng), y: Double.random(in: -20...height, using: &rng),
                            width: Double.random(in: 0...60, using: &rng), height: Double.random(in: 0...60, using: &rng))
            }
            #expect(layout.elements(in: rect) == layout.elementsByLinearScan(in: rect), "seed \(seed) query \(query): \(rect)")
        }
    }

    @Test(arguments: Alignment.allCases)
    func rightToLeftMirrorsTheWholeContent(alignment: Alignment) {
        let mirrored: [Alignment: Alignment] = [.left: .right, .right: .left, .center: .center,
                                                .justified: .justified, .leading: .leading, .trailing: .trailing]
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.rows = 3
        options.alignment = alignment
        let ltr = FlowLayout.prepare(seedDemoSections(), options: options)
        options.direction = .rtl
        options.alignment = mirrored[alignment]!
        let rtl = FlowLayout.prepare(seedDemoSections(), options: options)
        let width = ltr.contentSize.width
        #expect(rtl.contentSize == ltr.contentSize)
        for (a, b) in zip(ltr.allElements, rtl.allElements) {
            #expect(a.id == b.id)
            #expect(abs(b.frame.x - (width - a.frame.maxX)) < 1e-9 && b.frame.y == a.frame.y && b.frame.width == a.frame.width)
        }
    }

    @Test func oneRowHoldsEverySectionOnOneLine() {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: true, hasFooter: true, textWidths: [20, 30, 40])], options: options)
        // Header 50 wide, inset 10, tags 35 + 10 + 45 + 10 + 55, inset 10, footer 30.
        #expect(layout.sections[0].header == Rect(x: 0, y: 0, width: 50, height: 412))
        #expect(layout.items.map(\.frame.x) == [60, 105, 160])
        #expect(layout.sections[0].footer == Rect(x: 225, y: 0, width: 30, height: 412))
        #expect(layout.contentSize == Size(width: 255, height: 412))
    }

    @Test func rowsThatDoNotFitTheViewportGrowTheContent() {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.rows = 5
        options.height = 100
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: false, hasFooter: false, textWidths: Array(repeating: 20, count: 10))],
                                        options: options)
        // 10 + 5 × 30 + 4 × 10 + 10.
        #expect(layout.contentSize.height == 210)
    }

    @Test func pinnedHeadersHoldAtTheLeadingEdgeAndArePushedOff() {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.rows = 2
        options.pinHeaders = true
        options.footerHeight = 40
        for hasFooter in [false, true] {
            let sections = [SectionMetrics(hasHeader: true, hasFooter: hasFooter, textWidths: Array(repeating: 85, count: 20)),
                            SectionMetrics(hasHeader: true, hasFooter: hasFooter, textWidths: Array(repeating: 85, count: 12))]
            for direction in Direction.allCases {
                options.direction = direction
                let layout = FlowLayout.prepare(sections, options: options)
                let header = layout.sections[0].header!, span = layout.sections[0].span
                // The header stops at its own footer, as UIKit's does; without one, at the section's end.
                let footerWidth = layout.sections[0].footer?.width ?? 0
                #expect(footerWidth == (hasFooter ? 40 : 0))
                let query = ElementQuery(.cached, layout: layout)
                let range = options.offsetRange(contentSize: layout.contentSize)
                // Offsets at which the header rests against its footer (or its section's end), pushed off.
                var pushedOff = 0
                for offset in stride(from: range.lowerBound, through: range.upperBound, by: 7) {
                    let visible = options.visibleRect(offset: offset)
                    let pinned = layout.pinnedHeaderFrame(section: 0, edge: layout.pinningEdge(for: visible))!
                    #expect(pinned.width == header.width && pinned.y == header.y)
                    #expect(pinned.minX >= span.lowerBound - 1e-9 && pinned.maxX <= span.upperBound + 1e-9)
                    // Held at the leading edge (or where it sits, before the edge reaches it), unless it has been
                    // pushed against its footer, or its section's end.
                    let held = direction == .ltr ? pinned.minX == max(visible.minX, header.minX) : pinned.maxX == min(visible.maxX, header.maxX)
                    let restsOnTheEnd = direction == .ltr ? abs(pinned.maxX + footerWidth - span.upperBound) < 1e-9
                        : abs(pinned.minX - footerWidth - span.lowerBound) < 1e-9
                    #expect(held || restsOnTheEnd, "\(direction) at \(offset): \(pinned)")
                    if let footer = layout.sections[0].footer { #expect(!pinned.intersects(footer)) }
                    if restsOnTheEnd && !held { pushedOff += 1 }
                    #expect(query.audit(visible, visibleRect: visible).isCorrect)
                }
                #expect(pushedOff > 0, "\(direction): the offsets reach the section's end")
            }
        }
    }

    @Test func stockGridStacksItemsInColumns() {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.height = 200
        let stock = StockFlowLayout(mirroring: FlowLayout.prepare(
            [SectionMetrics(hasHeader: false, hasFooter: false, textWidths: Array(repeating: 10, count: 4))],
            options: options), itemSize: Size(width: 50, height: 50))
        // Column room 200 - 20 = 180: (180 + 10) / 60 = 3 per column, spread to (180 - 150) / 2 = 15 apart; a lone
        // item is centred; columns are lineSpacing apart.
        #expect(stock.elements.map(\.frame) == [Rect(x: 10, y: 10, width: 50, height: 50), Rect(x: 10, y: 75, width: 50, height: 50),
                                                Rect(x: 10, y: 140, width: 50, height: 50), Rect(x: 70, y: 75, width: 50, height: 50)])
        #expect(stock.contentLength == 130)
    }

    @Test(arguments: Direction.allCases)
    func naiveSuperLosesCellsWhileCachedKeepsThem(direction: Direction) {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.rows = 3
        options.height = 150
        options.direction = direction
        let layout = FlowLayout.prepare(seedDemoSections(), options: options)
        let range = options.offsetRange(contentSize: layout.contentSize)
        let offsets = Array(stride(from: range.lowerBound, through: range.upperBound, by: 5))
        func audits(_ strategy: QueryStrategy) -> [QueryAudit] {
            let query = ElementQuery(strategy, layout: layout)
            return offsets.map { offset in
                let visible = options.visibleRect(offset: offset)
                return query.audit(visible, visibleRect: visible)
            }
        }
        #expect(audits(.cached).allSatisfy { $0.isCorrect && $0.extra.isEmpty })
        let naive = audits(.naiveSuper)
        #expect(naive.count(where: { !$0.isCorrect }) > offsets.count / 2)
        #expect(audits(.visibleRect).allSatisfy { $0.isCorrect })
    }

    @Test func rowsAndMaxLinesNeedTheirScrollDirection() throws {
        var options = LayoutOptions()
        options.rows = 2
        #expect(throws: LayoutOptionsError.rowsNeedHorizontalScrolling(rows: 2)) { try options.validate() }
        options.scrollDirection = .horizontal
        try options.validate()
        options.maxLines = 2
        #expect(throws: LayoutOptionsError.maxLinesNeedVerticalScrolling(maxLines: 2)) { try options.validate() }
        options.maxLines = 0
        options.rows = 0
        #expect(throws: LayoutOptionsError.notPositive(option: .rows, value: 0)) { try options.validate() }
    }

    @Test func offsetsRunAlongX() {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.contentInset = EdgeInsets(top: 5, left: 20, bottom: 5, right: 8)
        #expect(options.offsetRange(contentSize: Size(width: 1000, height: 402)) == -20...633)
        #expect(options.visibleRect(offset: 100) == Rect(x: 100, y: -5, width: 375, height: 412))
    }
}
