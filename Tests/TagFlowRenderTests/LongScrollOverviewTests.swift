import TagFlowLayout
import TagFlowImage
import TagFlowText
import Testing
@testable import TagFlowRender

/// The overview of a scroll through a long tag list: the window's neighbourhood at a legible scale, and a minimap.
struct LongScrollOverviewTests {
    /// 1,200 tags in 12 sections, mixing short and two-word names, about 20,000 pt tall.
    static func longDocument() -> TagDocument {
        let words = ["swift", "cairo", "layout", "flow", "kubernetes", "graphics", "parser", "debian", "machine learning"]
        return TagDocument(sections: (0..<12).map { section in
            TagSection(title: "Section \(section + 1)", tags: (0..<100).map { item in
                let number = section * 100 + item
                return Tag(number % 3 == 0 ? "tag \(number)" : "\(words[number % words.count]) \(words[number / 7 % words.count]) \(number)")
            })
        })
    }

    static func renderer(_ strategies: [QueryStrategy], view: ScrollView = .overview, frames: Int = 40,
                         options: LayoutOptions = LayoutOptions()) throws -> ScrollFrameRenderer {
        let scene = try RenderFixtures.scene(longDocument(), options: options)
        let range = scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        return ScrollFrameRenderer(scene: scene, strategies: strategies, view: view, maxOverviewHeight: 640,
                                   plan: ScrollPlan(range: range, spacing: .frames(frames)))
    }

    @Test func theFramingSwitchesWhenScalingToFitWouldGoBelowOneThird() {
        func framing(_ contentHeight: Double, maxHeight: Double = 640) -> OverviewFraming {
            OverviewFraming(contentHeight: contentHeight, viewportHeight: 412, maxOverviewHeight: maxHeight)
        }
        #expect(framing(1530) == .wholeContent, "the demo's content")
        #expect(framing(1920) == .wholeContent)
        #expect(framing(1921) == .neighbourhood(screensAbove: 1, screensBelow: 1), "three 412 pt screens fit 640 at scale 0.5")
        #expect(framing(17_850) == .neighbourhood(screensAbove: 1, screensBelow: 1))
        #expect(framing(17_850, maxHeight: 824) == .neighbourhood(screensAbove: 1, screensBelow: 2), "four screens fit")
        #expect(framing(17_850, maxHeight: 100) == .neighbourhood(screensAbove: 1, screensBelow: 1), "never less than three screens")
    }

    @Test func theDemoStillShowsTheWholeContentScaledToFit() throws {
        let scene = try RenderFixtures.scene(RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions)
        let range = scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        let renderer = ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper], view: .both, maxOverviewHeight: 640,
                                           plan: ScrollPlan(range: range, spacing: .frames(5)))
        #expect(renderer.framing == .wholeContent)
        #expect(renderer.overviewScale == 640 / scene.contentBounds.height)
        #expect(renderer.minimapSize.width == 0)
        for index in renderer.plan.offsets.indices { #expect(renderer.frame(index).overviewExtent == scene.contentBounds) }
    }

    @Test(arguments: [EdgeInsets.zero, EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)])
    func theWindowLiesInsideTheShownNeighbourhoodAtEveryStep(contentInset: EdgeInsets) throws {
        var options = LayoutOptions()
        options.contentInset = contentInset
        let renderer = try Self.renderer([.cached], options: options)
        let bounds = renderer.scene.contentBounds
        try #require(bounds.height > 15_000, "the document should be long: \(bounds.height) pt")
        #expect(renderer.framing == .neighbourhood(screensAbove: 1, screensBelow: 1))
        #expect(renderer.overviewScale >= OverviewFraming.legibleScale)
        // One screen above, the window, one below, filling --max-height.
        #expect(abs(renderer.overviewSize.height - 640) < 1e-9)
        #expect(abs(renderer.overviewSize.height - 3 * options.height * renderer.overviewScale) < 1e-9)
        for index in renderer.plan.offsets.indices {
            let frame = renderer.frame(index)
            let extent = frame.overviewExtent, window = frame.visibleRect
            #expect(extent.minY <= window.minY && window.maxY <= extent.maxY,
                    "step \(index + 1): window \(window.minY)…\(window.maxY) outside the overview's \(extent.minY)…\(extent.maxY)")
            #expect(bounds.minY <= extent.minY && extent.maxY <= bounds.maxY, "step \(index + 1): the overview leaves the content")
        }
        // The extent follows the window: one screen above it once there is room.
        let middle = renderer.frame(renderer.plan.offsets.count / 2)
        #expect(middle.overviewExtent.minY == middle.visibleRect.minY - options.height)
    }

    @Test func theMinimapsWindowMarkMovesDownWithTheOffset() throws {
        let renderer = try Self.renderer([.cached])
        #expect(renderer.minimapSize.width >= 40 && renderer.minimapSize.width <= 60)
        #expect(renderer.minimapSize.height == renderer.overviewSize.height)
        let marks = renderer.plan.offsets.indices.map { renderer.minimapMark(for: renderer.frame($0).visibleRect) }
        for (index, (above, below)) in zip(marks, marks.dropFirst()).enumerated() {
            #expect(above.minY < below.minY, "the window's mark does not move down between steps \(index + 1) and \(index + 2)")
        }
        let first = try #require(marks.first), last = try #require(marks.last)
        #expect(first.minY == 0)
        #expect(abs(last.maxY - renderer.minimapSize.height) < 1e-9, "at the bottom end the mark reaches the minimap's foot")
    }

    @Test(arguments: [(ScrollView.overview, [QueryStrategy.naiveSuper]), (.overview, [.naiveSuper, .cached]), (.both, [.naiveSuper, .cached])])
    func theFrameIsSizedToItsPanels(view: ScrollView, strategies: [QueryStrategy]) throws {
        let renderer = try Self.renderer(strategies, view: view)
        let panelHeight = max(renderer.overviewSize.height, view == .both ? renderer.deviceSize.height : 0)
        // Label, captions (three lines), legend rows and margins; nothing else.
        let chrome = ScrollFrameRenderer.margin * 1.5 + ScrollFrameRenderer.labelHeight + ScrollFrameRenderer.captionHeight
            + ScrollFrameRenderer.captionLineHeight + ScrollFrameRenderer.legendHeight
            + Double(renderer.legendRows.count - 1) * ScrollFrameRenderer.legendRowHeight
        #expect(renderer.size.height == (panelHeight + chrome).rounded(.up))
        var panelsWidth = renderer.minimapSize.width + ScrollFrameRenderer.gap + renderer.overviewSize.width
        if view == .both { panelsWidth += ScrollFrameRenderer.gap + renderer.deviceSize.width }
        let count = Double(strategies.count)
        let columns = count * max(panelsWidth, 260) + (count - 1) * ScrollFrameRenderer.gap + 2 * ScrollFrameRenderer.margin
        // The legend wraps to the columns instead of widening the frame.
        #expect(renderer.size.width == columns.rounded(.up))
        let entries = ScrollFrameRenderer.legendEntries(renderer.scene.style, view: view)
        #expect(renderer.legendRows.flatMap { Array($0) } == Array(entries.indices))
        for row in renderer.legendRows {
            let drawn = ScrollFrameRenderer.legendWidth(Array(entries[row]), scene: renderer.scene) - ScrollFrameRenderer.legendGap
            #expect(drawn <= columns, "legend row \(row) is \(drawn) pt wide, over the columns' \(columns)")
        }
    }

    @Test func legendEntriesFillRowsInOrder() {
        #expect(ScrollFrameRenderer.legendRows([100, 200, 150], width: 500) == [0..<3])
        #expect(ScrollFrameRenderer.legendRows([100, 200, 150], width: 300) == [0..<2, 2..<3])
        #expect(ScrollFrameRenderer.legendRows([100, 200, 150], width: 120) == [0..<1, 1..<2, 2..<3], "a wide entry gets its own row")
        #expect(ScrollFrameRenderer.legendRows([], width: 120) == [])
    }

    @Test func missingCellsAreGhostsInTheNeighbourhoodAndTheMinimapMarksTheWindow() throws {
        let renderer = try Self.renderer([.naiveSuper])
        let style = renderer.scene.style
        // A step in the middle where naive-super loses cells.
        let index = try #require(renderer.plan.offsets.indices.dropFirst(renderer.plan.offsets.count / 2)
            .first { !renderer.frame($0).audits[0].missing.isEmpty })
        let frame = renderer.frame(index)
        let missing = frame.audits[0].missing
        let image = try renderer.image(frame, scale: 1)

        let top = ScrollFrameRenderer.margin + ScrollFrameRenderer.labelHeight
        let minimapLeft = ScrollFrameRenderer.margin
        let overviewLeft = minimapLeft + renderer.minimapSize.width + ScrollFrameRenderer.gap
        let extent = frame.overviewExtent, scale = renderer.overviewScale
        for element in missing {
            let shown = Rect(x: overviewLeft + (element.frame.x - extent.x) * scale, y: top + (element.frame.y - extent.y) * scale,
                             width: element.frame.width * scale, height: element.frame.height * scale)
            let box = RenderTests.pixelBox(shown, scale: 1, margin: 1)
            var ghostPixels = 0
            for y in box.minY..<box.maxY {
                for x in box.minX..<box.maxX where RenderTests.isGhostHue(image[x, y], minimumSaturation: RenderTests.ghostSaturation) {
                    ghostPixels += 1
                }
            }
            #expect(ghostPixels >= 10, "\(element.id) is missing but no ghost is drawn at its place in the overview")
        }

        // The minimap's window bar is the viewport's blue; a stretch far from the window is not.
        func isViewportBlue(_ pixel: Colour) -> Bool {
            RenderFixtures.distance(pixel, style.viewportBorder.withAlpha(170).over(style.background)) < 60
        }
        let mark = renderer.minimapMark(for: frame.visibleRect)
        let column = Int(minimapLeft + renderer.minimapSize.width * 0.75)
        let windowRow = Int(top + mark.midY)
        #expect(isViewportBlue(image[column, windowRow]), "no window mark in the minimap at row \(windowRow): \(image[column, windowRow])")
        let farRow = Int(top + (mark.midY > renderer.minimapSize.height / 2 ? 4 : renderer.minimapSize.height - 4))
        #expect(!isViewportBlue(image[column, farRow]), "the minimap is blue far from the window, at row \(farRow)")

        // A missing element's tick, at the minimap's leading edge, keeps the missing colour over the window's bar.
        let missingInWindow = try #require(missing.first { frame.visibleRect.intersects($0.frame) })
        let tick = renderer.minimapMark(for: missingInWindow.frame)
        // The tick is at least 1.5 pt long: some pixel of its rows is wholly its own.
        let rows = Int(top + tick.minY) - 1...Int(top + tick.maxY) + 1
        let nearest = rows.map { RenderFixtures.distance(image[Int(minimapLeft + 3), $0], style.missing) }.min()!
        #expect(nearest <= 2, "no pixel of the missing tick is \(style.missing): the nearest is \(nearest) away")
    }

    @Test func scrollingHorizontallyTheNeighbourhoodAndMinimapRunAlongX() throws {
        var options = LayoutOptions()
        options.scrollDirection = .horizontal
        options.rows = 4
        options.height = 200
        let renderer = try Self.renderer([.naiveSuper, .cached], view: .both, options: options)
        let bounds = renderer.scene.contentBounds
        try #require(bounds.width > 15_000, "the document should be long: \(bounds.width) pt")
        #expect(renderer.framing == .neighbourhood(screensAbove: 1, screensBelow: 1))
        // Three screens' width at a legible scale, as tall as the content; the minimap is a thin row above it.
        #expect(abs(renderer.overviewSize.width - 3 * options.width * renderer.overviewScale) < 1e-9)
        #expect(abs(renderer.overviewSize.height - bounds.height * renderer.overviewScale) < 1e-9)
        #expect(renderer.minimapSize.width == renderer.overviewSize.width && renderer.minimapSize.height <= 60)
        // Panels stack: minimap, overview, device.
        #expect(renderer.panels.map(\.panel) == [.minimap, .overview, .device])
        #expect(zip(renderer.panels, renderer.panels.dropFirst()).allSatisfy { $0.frame.maxY < $1.frame.minY && $0.frame.x == $1.frame.x })
        var previous = -Double.infinity
        for index in renderer.plan.offsets.indices {
            let frame = renderer.frame(index)
            let extent = frame.overviewExtent, window = frame.visibleRect
            #expect(extent.minX <= window.minX && window.maxX <= extent.maxX && extent.minY == bounds.minY && extent.height == bounds.height)
            let mark = renderer.minimapMark(for: window)
            #expect(mark.minX >= previous && mark.minY >= 0 && mark.maxY <= renderer.minimapSize.height + 1e-9)
            previous = mark.minX
        }
        // Naive-super's grid of columns loses the cells far along x.
        #expect(renderer.frame(renderer.plan.offsets.count / 2).audits[0].missing.count > 0)
        let image = try renderer.image(renderer.frame(20), scale: 1)
        #expect(Double(image.width) == renderer.size.width && Double(image.height) == renderer.size.height)
    }
}
