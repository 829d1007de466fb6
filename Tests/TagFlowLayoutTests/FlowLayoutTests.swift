import Testing
@testable import TagFlowLayout

@Suite struct FlowLayoutGeometryTests {
    @Test func seedDefaultsPlaceTheFirstTagAfterHeaderAndInset() {
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: true, hasFooter: false, textWidths: [28, 28])],
                                        options: LayoutOptions())
        #expect(layout.sections[0].header == Rect(x: 0, y: 0, width: 375, height: 50))
        #expect(layout.items[0].frame == Rect(x: 10, y: 60, width: 43, height: 30))
        #expect(layout.items[1].frame == Rect(x: 63, y: 60, width: 43, height: 30))
        // header 50 + inset 10 + line 30 + inset 10
        #expect(layout.contentSize == Size(width: 375, height: 100))
    }

    @Test func wrapsWhenTheNextTagDoesNotFit() {
        // Line width 355: 170 + 10 + 170 = 350 fits; a third tag does not.
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: false, hasFooter: true, textWidths: [155, 155, 155])],
                                        options: LayoutOptions())
        #expect(layout.items.map(\.line) == [0, 0, 1])
        #expect(layout.items[2].frame == Rect(x: 10, y: 50, width: 170, height: 30))
        #expect(layout.sections[0].footer == Rect(x: 0, y: 90, width: 375, height: 30))
        #expect(layout.contentSize.height == 120)
    }

    @Test func exactFitStaysOnTheLine() {
        // 172.5 + 10 + 172.5 = 355 exactly.
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: false, hasFooter: false, textWidths: [157.5, 157.5])],
                                        options: LayoutOptions())
        #expect(layout.items.map(\.line) == [0, 0])
        #expect(layout.items[1].frame.maxX == 365)
    }

    @Test func contentInsetNarrowsTheContentAndFramesStayInContentCoordinates() {
        var options = LayoutOptions()
        options.contentInset = EdgeInsets(top: 20, left: 16, bottom: 34, right: 8)
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: true, hasFooter: false, textWidths: [28])], options: options)
        #expect(layout.contentSize.width == 351)
        #expect(layout.sections[0].header!.width == 351)
        #expect(layout.items[0].frame.x == 10)
        #expect(options.offsetRange(contentSize: Size(width: 375, height: 1000)) == -20...622)
        #expect(options.visibleRect(offset: -20) == Rect(x: -16, y: -20, width: 375, height: 412))
        // Short content: the range collapses to the top.
        #expect(options.offsetRange(contentSize: Size(width: 375, height: 100)) == -20 ... -20)
    }

    @Test func aTagWiderThanALineIsClampedAndMarkedTruncated() {
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: false, hasFooter: false, textWidths: [20, 900, 20])],
                                        options: LayoutOptions())
        #expect(layout.items[1].frame == Rect(x: 10, y: 50, width: 355, height: 30))
        #expect(layout.items.map(\.isTruncated) == [false, true, false])
        #expect(layout.items.map(\.line) == [0, 1, 2])
    }

    @Test func emptySectionsKeepTheirInsets() {
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: true, hasFooter: true, textWidths: [])], options: LayoutOptions())
        #expect(layout.sections[0].lineCount == 0)
        #expect(layout.sections[0].footer == Rect(x: 0, y: 70, width: 375, height: 30))
        #expect(layout.contentSize.height == 100)
    }

    @Test(arguments: [Alignment.left, .right, .center, .justified])
    func alignmentPlacesLinesAgainstTheRightEdges(alignment: Alignment) {
        var options = LayoutOptions()
        options.alignment = alignment
        // Two full-ish lines then a last line of two.
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: false, hasFooter: false,
                                                        textWidths: [100, 100, 100, 100, 100, 30, 30])], options: options)
        let section = lines(of: layout.sections[0], in: layout)
        let left = options.sectionInset.left
        let right = options.contentWidth - options.sectionInset.right
        for (index, line) in section.enumerated() {
            let first = line.first!.frame, last = line.last!.frame
            let isLast = index == section.count - 1
            switch alignment {
            case .left: #expect(first.minX == left)
            case .right: #expect(abs(last.maxX - right) < 1e-9)
            case .center: #expect(abs((first.minX - left) - (right - last.maxX)) < 1e-9)
            case .justified:
                #expect(first.minX == left)
                if isLast {
                    #expect(line[1].frame.minX - first.maxX == options.interitemSpacing)
                } else {
                    #expect(abs(last.maxX - right) < 1e-9)
                }
            default: Issue.record("not exercised")
            }
        }
    }

    @Test(arguments: Alignment.allCases)
    func rtlMirrorsEachLineOfTheMirroredAlignment(alignment: Alignment) {
        let mirrored: [Alignment: Alignment] = [.left: .right, .right: .left, .center: .center,
                                                .justified: .justified, .leading: .leading, .trailing: .trailing]
        var rng = SeededGenerator(seed: 7)
        let sections = randomSections(&rng)
        var ltr = LayoutOptions()
        ltr.sectionInset = EdgeInsets(top: 10, left: 12, bottom: 10, right: 30)
        ltr.alignment = mirrored[alignment]!
        var rtl = ltr
        rtl.alignment = alignment
        rtl.direction = .rtl
        let ltrLayout = FlowLayout.prepare(sections, options: ltr)
        let rtlLayout = FlowLayout.prepare(sections, options: rtl)
        for (a, b) in zip(ltrLayout.items, rtlLayout.items) where !a.isHidden {
            // Mirrored across the whole content, as UIKit flips the frames: the left inset ends up on the right.
            let mirroredX = ltr.contentWidth - a.frame.x - a.frame.width
            #expect(abs(b.frame.x - mirroredX) < 1e-9, "ltr \(a.frame) rtl \(b.frame)")
            #expect(b.frame.y == a.frame.y)
        }
    }

    /// By default a right-to-left layout is the left-to-right one mirrored, as a flow layout flips it on the phone:
    /// its first tag starts at the right edge. `left` keeps it at the left.
    @Test func byDefaultRightToLeftLinesStartAtTheRightEdge() {
        var options = LayoutOptions()
        options.direction = .rtl
        let sections = [SectionMetrics(hasHeader: false, hasFooter: false, textWidths: [60, 40])]
        let first = FlowLayout.prepare(sections, options: options).items[0].frame
        #expect(abs(first.maxX - (options.contentWidth - options.sectionInset.left)) < 1e-9, "\(first)")
        options.alignment = .left
        let second = FlowLayout.prepare(sections, options: options).items[1].frame
        #expect(abs(second.minX - options.sectionInset.left) < 1e-9, "\(second)")
    }

    @Test func maxLinesHidesAndCountsTheRest() {
        var options = LayoutOptions()
        options.maxLines = 2
        let layout = FlowLayout.prepare([SectionMetrics(hasHeader: false, hasFooter: true,
                                                        textWidths: Array(repeating: 155, count: 7))], options: options)
        #expect(layout.sections[0].lineCount == 2)
        #expect(layout.sections[0].hiddenCount == 3)
        #expect(layout.items.map(\.isHidden) == [false, false, false, false, true, true, true])
        #expect(layout.allElements.filter { $0.id.kind == .item }.count == 4)
        #expect(layout.element(at: .item(0, 5)) == nil)
        // Footer follows the last shown line.
        #expect(layout.sections[0].footer!.y == 10 + 30 + 10 + 30 + 10)
    }
}

@Suite struct FlowLayoutInvariantTests {
    static let seeds: [UInt64] = Array(1...300)

    @Test(arguments: seeds)
    func generatedLayoutsHoldTheirInvariants(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let options = randomOptions(&rng)
        let metrics = randomSections(&rng)
        let layout = FlowLayout.prepare(metrics, options: options)
        // Right to left mirrors the line across the content: the left inset is on the right.
        let (before, after) = options.direction == .ltr ? (options.sectionInset.left, options.sectionInset.right)
                                                        : (options.sectionInset.right, options.sectionInset.left)
        let lineStart = before, lineEnd = options.contentWidth - after
        let shown = layout.items.filter { !$0.isHidden }

        for item in shown {
            #expect(item.frame.minX >= lineStart - 1e-9 && item.frame.maxX <= lineEnd + 1e-9, "seed \(seed): \(item.frame) outside line")
            #expect(item.frame.height == options.itemHeight)
            let span = layout.sections[item.section].span
            #expect(span.contains(item.frame.minY) && span.contains(item.frame.maxY), "seed \(seed): item outside its section")
        }
        let everything = layout.allElements
        for (i, a) in everything.enumerated() {
            for b in everything[(i + 1)...] where a.frame.maxY > b.frame.minY {
                // Touching tags may differ by float rounding (1e-14); an overlap is anything more.
                let overlapX = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
                let overlapY = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
                #expect(overlapX <= 1e-9 || overlapY <= 1e-9, "seed \(seed): \(a.id) overlaps \(b.id)")
            }
        }
        for (sectionIndex, section) in layout.sections.enumerated() {
            let widths = metrics[sectionIndex].textWidths.map { min($0 + 2 * options.padding, options.lineWidth) }
            let sectionLines = lines(of: section, in: layout)
            if options.maxLines > 0 { #expect(section.lineCount <= options.maxLines) }
            #expect(section.hiddenCount == layout.items[section.items].count(where: \.isHidden))
            var position = 0
            for (index, line) in sectionLines.enumerated() {
                let used = line.map(\.frame.width).reduce(0, +) + Double(line.count - 1) * options.interitemSpacing
                #expect(FlowLayout.fits(used, in: options.lineWidth) || line.count == 1, "seed \(seed): line \(index) overflows")
                position += line.count
                // Greedy: the next line's first tag could not have joined this line.
                if index + 1 < sectionLines.count {
                    let next = widths[position]
                    #expect(!FlowLayout.fits(used + options.interitemSpacing + next, in: options.lineWidth),
                            "seed \(seed): section \(sectionIndex) line \(index + 1) starts with a tag that fit before")
                }
                // Reading order runs with the direction.
                for (a, b) in zip(line, line.dropFirst()) {
                    #expect(options.direction == .ltr ? a.frame.maxX <= b.frame.minX + 1e-9 : b.frame.maxX <= a.frame.minX + 1e-9)
                }
            }
        }
        // The content ends at the last section's end and headers span the content.
        #expect(layout.contentSize.height == (layout.sections.last?.span.upperBound ?? 0))
        for section in layout.sections {
            if let header = section.header { #expect(header.width == options.contentWidth && header.x == 0) }
        }
    }
}
