import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowTestSupport
import TagFlowText
import Testing
@testable import TagFlowRender

/// Drawing checked against the layout: pixels, SVG geometry, the SVG rasterised by another renderer, and
/// byte-for-byte determinism within one process.
struct RenderTests {
    /// One untitled section of CJK tags: each glyph is 14 pt wide, so every frame edge falls on a whole point.
    static let pixelDocument = TagDocument(sections: [
        TagSection(tags: [Tag("篮球", isSelected: true), Tag("足球"), Tag("排球")]),
    ])

    // MARK: Pixels

    /// The pixels of each tag's frame edges, at the middle of each side: the one just inside and the one just outside.
    struct EdgeProbe {
        var side: String
        var inside: (x: Int, y: Int)
        var outside: (x: Int, y: Int)
        /// One step further in than `inside` by the border's width in pixels: past the border, in the cell.
        var beyondBorder: (x: Int, y: Int)
    }

    static func edgeProbes(_ frame: Rect, bounds: Rect, scale: Double, borderPixels: Int) throws -> [EdgeProbe] {
        let left = (frame.minX - bounds.x) * scale, right = (frame.maxX - bounds.x) * scale
        let top = (frame.minY - bounds.y) * scale, bottom = (frame.maxY - bounds.y) * scale
        for edge in [left, right, top, bottom] {
            try #require(edge == edge.rounded(), "the probes need frames on whole pixels; \(frame) at scale \(scale) is not")
        }
        let midX = Int(((frame.midX - bounds.x) * scale).rounded(.down))
        let midY = Int(((frame.midY - bounds.y) * scale).rounded(.down))
        let (l, r, t, b) = (Int(left), Int(right), Int(top), Int(bottom))
        return [
            EdgeProbe(side: "left", inside: (l, midY), outside: (l - 1, midY), beyondBorder: (l + borderPixels, midY)),
            EdgeProbe(side: "right", inside: (r - 1, midY), outside: (r, midY), beyondBorder: (r - 1 - borderPixels, midY)),
            EdgeProbe(side: "top", inside: (midX, t), outside: (midX, t - 1), beyondBorder: (midX, t + borderPixels)),
            EdgeProbe(side: "bottom", inside: (midX, b - 1), outside: (midX, b), beyondBorder: (midX, b - 1 - borderPixels)),
        ]
    }

    @Test(arguments: [1.0, 2.0])
    func tagBordersLieOnTheFrameEdges(scale: Double) throws {
        let scene = try RenderFixtures.scene(Self.pixelDocument)
        let style = scene.style
        let bounds = scene.contentBounds
        let image = try ContentRenderer(scene: scene).image(scale: scale)
        #expect(image.width == Int(bounds.width * scale) && image.height == Int(bounds.height * scale))

        let items = scene.layout.flow.allElements.filter { $0.id.kind == .item }
        #expect(items.count == 3)
        var sawSelected = false
        for element in items {
            let tag = try #require(scene.layout.tag(element.id))
            sawSelected = sawSelected || tag.isSelected
            let border = tag.isSelected ? style.selectedBorder : style.cellBorder
            for probe in try Self.edgeProbes(element.frame, bounds: bounds, scale: scale, borderPixels: Int(scale)) {
                let inside = image[probe.inside.x, probe.inside.y]
                let outside = image[probe.outside.x, probe.outside.y]
                #expect(RenderFixtures.distance(inside, border) <= Self.tolerance(probe, expected: border, across: style.cellFill),
                        "\(tag.text) \(probe.side) edge at ×\(scale): \(inside) inside the frame, expected \(border)")
                #expect(RenderFixtures.distance(outside, style.background) <= 1,
                        "\(tag.text) \(probe.side) edge at ×\(scale): \(outside) outside the frame, expected the background")
            }
        }
        #expect(sawSelected)
        #expect(style.cellBorder == Colour(hex: "#dddddd") && style.selectedBorder == Colour(hex: "#ffb400"))
    }

    /// How far a probe may be from its colour. At the middle of the top and bottom edges the border is a straight line
    /// on whole pixels: exact. At the middle of the left and right edges it is the extreme of the capsule's arc, which
    /// cairo flattens to within 0.1 device pixel: up to a tenth of the contrast with the colour across the edge.
    static func tolerance(_ probe: EdgeProbe, expected: Colour, across: Colour) -> Int {
        guard probe.side == "left" || probe.side == "right" else { return 2 }
        let contrast = max(abs(Int(expected.red) - Int(across.red)), abs(Int(expected.green) - Int(across.green)),
                           abs(Int(expected.blue) - Int(across.blue)))
        return 2 + Int((Double(contrast) * 0.1).rounded(.up))
    }

    /// In the dark theme the cell, its border and the background all differ, so the border's width shows too.
    @Test(arguments: [1.0, 2.0])
    func theBorderIsOneLineWideWithTheCellInsideAndTheBackgroundOutside(scale: Double) throws {
        let scene = try RenderFixtures.scene(Self.pixelDocument, style: .dark)
        let style = scene.style
        let image = try ContentRenderer(scene: scene).image(scale: scale)
        let borderPixels = Int(style.borderWidth * scale)
        for element in scene.layout.flow.allElements where element.id.kind == .item {
            let tag = try #require(scene.layout.tag(element.id))
            let border = tag.isSelected ? style.selectedBorder : style.cellBorder
            let fill = tag.isSelected ? style.selectedFill : style.cellFill
            for probe in try Self.edgeProbes(element.frame, bounds: scene.contentBounds, scale: scale, borderPixels: borderPixels) {
                let inside = image[probe.inside.x, probe.inside.y]
                let beyond = image[probe.beyondBorder.x, probe.beyondBorder.y]
                let outside = image[probe.outside.x, probe.outside.y]
                #expect(RenderFixtures.distance(inside, border) <= Self.tolerance(probe, expected: border, across: fill),
                        "\(tag.text) \(probe.side) at ×\(scale): border \(inside)")
                #expect(RenderFixtures.distance(beyond, fill) <= Self.tolerance(probe, expected: fill, across: border),
                        "\(tag.text) \(probe.side) at ×\(scale): cell \(beyond)")
                // Whatever the arc's error, the cell is not the background: they differ by 16 in each channel.
                #expect(RenderFixtures.distance(beyond, fill) < RenderFixtures.distance(beyond, style.background))
                #expect(RenderFixtures.distance(outside, style.background) <= 1, "\(tag.text) \(probe.side) at ×\(scale): background \(outside)")
            }
        }
    }

    /// Saturation a ghost's dashed outline or text reaches even where the overview scales it below a pixel, and that its
    /// 8 % fill alone (about 0.05, or blue-tinted inside the window) never does.
    static let ghostSaturation = 0.2

    /// A pixel of the ghost colour's hue, strong enough to be the ghost's outline or text and not just its 8 % tint.
    static func isGhostHue(_ pixel: Colour, minimumSaturation: Double) -> Bool {
        let r = Double(pixel.red), g = Double(pixel.green), b = Double(pixel.blue)
        let high = max(r, g, b), low = min(r, g, b)
        guard high > 0, high - low >= 20, (high - low) / high >= minimumSaturation, high == r else { return false }
        // Hue in degrees; #e5484d is at 358°, the viewport's blue tint over it at about 350°.
        var hue = 60 * (g - b) / (high - low)
        if hue < 0 { hue += 360 }
        return hue >= 335 || hue <= 12
    }

    /// Pixel bounds, half-open.
    struct PixelBox {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        func contains(_ x: Int, _ y: Int) -> Bool { minX <= x && x < maxX && minY <= y && y < maxY }
    }

    /// A rect in points of the frame picture, as pixel bounds at `scale`, grown by `margin` pixels.
    static func pixelBox(_ rect: Rect, scale: Double, margin: Double) -> PixelBox {
        PixelBox(minX: Int((rect.minX * scale - margin).rounded(.down)), minY: Int((rect.minY * scale - margin).rounded(.down)),
                 maxX: Int((rect.maxX * scale + margin).rounded(.up)), maxY: Int((rect.maxY * scale + margin).rounded(.up)))
    }

    @Test(arguments: [1.0, 2.0])
    func ghostsAppearExactlyAtTheFramesTheStrategyMissed(scale: Double) throws {
        let scene = try RenderFixtures.scene(RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions)
        let range = scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        let plan = ScrollPlan(range: range, spacing: .frames(9))
        let naive = ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper], view: .both, maxOverviewHeight: 640, plan: plan)
        let cached = ScrollFrameRenderer(scene: scene, strategies: [.cached], view: .both, maxOverviewHeight: 640, plan: plan)
        #expect(naive.overviewScale < 1, "the overview should be scaled down for this test")

        // The frame where naive-super loses the most elements.
        let index = try #require(plan.offsets.indices.max { naive.frame($0).audits[0].missing.count < naive.frame($1).audits[0].missing.count })
        let missing = naive.frame(index).audits[0].missing
        try #require(missing.count >= 2, "naive-super should lose elements somewhere in the demo's scroll")
        #expect(cached.frame(index).audits[0].missing.isEmpty)

        // Where the panels are, in points of the frame picture.
        let bounds = scene.contentBounds
        let overviewOrigin = Point(x: ScrollFrameRenderer.margin, y: ScrollFrameRenderer.margin + ScrollFrameRenderer.labelHeight)
        let overviewPanel = Rect(x: overviewOrigin.x, y: overviewOrigin.y, width: naive.overviewSize.width, height: naive.overviewSize.height)
        let devicePanel = Rect(x: overviewPanel.maxX + ScrollFrameRenderer.gap, y: overviewOrigin.y,
                               width: naive.deviceSize.width, height: naive.deviceSize.height)
        func inOverview(_ frame: Rect) -> Rect {
            Rect(x: overviewOrigin.x + (frame.x - bounds.x) * naive.overviewScale, y: overviewOrigin.y + (frame.y - bounds.y) * naive.overviewScale,
                 width: frame.width * naive.overviewScale, height: frame.height * naive.overviewScale)
        }
        let ghostRects = missing.map { Self.pixelBox(inOverview($0.frame), scale: scale, margin: 2) }

        let image = try naive.image(index, scale: scale)
        let overview = Self.pixelBox(overviewPanel, scale: scale, margin: 0)
        let device = Self.pixelBox(devicePanel, scale: scale, margin: 0)
        var ghostPixels = [Int](repeating: 0, count: missing.count)
        var strays = [(Int, Int)]()
        for y in overview.minY..<overview.maxY {
            for x in overview.minX..<overview.maxX {
                let pixel = image[x, y]
                guard Self.isGhostHue(pixel, minimumSaturation: Self.ghostSaturation) else { continue }
                let owners = ghostRects.indices.filter { ghostRects[$0].contains(x, y) }
                if owners.isEmpty { strays.append((x, y)) }
                for owner in owners { ghostPixels[owner] += 1 }
            }
        }
        #expect(strays.isEmpty, "ghost-coloured pixels outside every missing frame, first at \(strays.prefix(5))")
        for (element, count) in zip(missing, ghostPixels) {
            #expect(count >= 10, "\(element.id) is missing but its ghost is not drawn at its frame in the overview")
        }
        var deviceGhosts = 0
        for y in device.minY..<device.maxY {
            for x in device.minX..<device.maxX where Self.isGhostHue(image[x, y], minimumSaturation: Self.ghostSaturation) { deviceGhosts += 1 }
        }
        #expect(deviceGhosts == 0, "the device view shows what was returned; ghosts belong to the overview only")

        // The cached strategy misses nothing: no ghost colour anywhere above the legend (whose swatch shows it).
        let cachedImage = try cached.image(index, scale: scale)
        let legendTop = Int(((cached.size.height - ScrollFrameRenderer.legendHeight) * scale).rounded(.down))
        var cachedGhosts = [(Int, Int)]()
        for y in 0..<legendTop {
            for x in 0..<cachedImage.width where Self.isGhostHue(cachedImage[x, y], minimumSaturation: Self.ghostSaturation) { cachedGhosts.append((x, y)) }
        }
        #expect(cachedGhosts.isEmpty, "a cached frame shows the ghost colour at \(cachedGhosts.prefix(5))")
    }

    /// The device view draws no window, ghost or extra mark, as a phone does not: its frames have no legend, whose
    /// swatch of a missing cell would show the ghost colour in a frame that misses nothing.
    @Test func aDeviceViewHasNoLegend() throws {
        let scene = try RenderFixtures.scene(RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions)
        let plan = ScrollPlan(range: scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize), spacing: .frames(9))
        let device = ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper], view: .device, maxOverviewHeight: 640, plan: plan)
        let overview = ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper], view: .overview, maxOverviewHeight: 640, plan: plan)
        #expect(device.legendRows.isEmpty && ScrollFrameRenderer.legendEntries(scene.style, view: .device).isEmpty)
        #expect(!overview.legendRows.isEmpty)
        let cached = ScrollFrameRenderer(scene: scene, strategies: [.cached], view: .device, maxOverviewHeight: 640, plan: plan)
        let image = try cached.image(plan.offsets.count / 2, scale: 1)
        var ghosts = 0
        for y in 0..<image.height {
            for x in 0..<image.width where Self.isGhostHue(image[x, y], minimumSaturation: Self.ghostSaturation) { ghosts += 1 }
        }
        #expect(ghosts == 0, "a cached device frame shows the ghost colour at \(ghosts) pixels")
    }

    /// A title longer than its header is cut at the end with an ellipsis, as a label's text is, across the header
    /// in a vertical layout and down its strip in a horizontal one; a title that fits is drawn whole.
    @Test(arguments: [false, true])
    func aLongTitleIsCutWithAnEllipsis(horizontal: Bool) throws {
        let long = "This is a very long section title that cannot possibly fit in the header at all"
        var options = LayoutOptions()
        if horizontal {
            options.scrollDirection = .horizontal
            options.rows = 3
            options.height = 150
        }
        let scene = try RenderFixtures.scene(TagDocument(sections: [TagSection(title: long, tags: [Tag("a")]), TagSection(title: "Short", tags: [Tag("b")])]),
                                             options: options)
        let inset = options.sectionInset
        for (section, title) in [long, "Short"].enumerated() {
            let frame = try #require(scene.layout.flow.element(at: .header(section))?.frame)
            let room = horizontal ? frame.height - inset.top - inset.bottom : frame.width - inset.left - inset.right
            let (text, font) = scene.supplementaryText(.header(section), in: frame)
            #expect(scene.engine.measure(text, font: font).width <= room)
            if title == long {
                #expect(text.hasSuffix("…") && long.hasPrefix(String(text.dropLast())), "\(text)")
            } else {
                #expect(text == title)
            }
        }
    }

    // MARK: SVG

    struct SVGMismatch: Error, CustomStringConvertible { var description: String }

    static let svgDocument = TagDocument(sections: [
        TagSection(title: "运动", footer: "最多选择 8 个标签",
                   tags: [Tag("篮球", isSelected: true), Tag("足球"), Tag("Remember me"), Tag("Lambert1"), Tag("Remember the Alamo")]),
        TagSection(title: "Remember…", tags: [Tag("CodeNinja2"), Tag("Remember when", isSelected: true)]),
    ])

    static var svgOptions: LayoutOptions {
        var options = LayoutOptions()
        options.contentInset = EdgeInsets(top: 12, left: 6, bottom: 8, right: 4)
        return options
    }

    /// The glyph origins `drawText` gives `shaped` drawn from `x` on `baseline`, run by run.
    static func glyphOrigins(_ shaped: ShapedText, x: Double, baseline: Double) -> [(x: Double, y: Double)] {
        shaped.runs.filter { !$0.glyphs.isEmpty }.flatMap { run in
            run.glyphs.indices.map { (x + run.origin + run.xPositions[$0], baseline - run.yOffsets[$0]) }
        }
    }

    @Test func svgCellsAndGlyphsAreWhereTheLayoutPutThem() throws {
        let scene = try RenderFixtures.scene(Self.svgDocument, options: Self.svgOptions)
        let style = scene.style
        let bounds = scene.contentBounds
        let svg = try RenderFixtures.parseSVG(try ContentRenderer(scene: scene).render(.svg, scale: 1))
        #expect(svg.width == "\(formatPoints(bounds.width))pt" && svg.height == "\(formatPoints(bounds.height))pt")
        #expect(svg.viewBox == "0 0 \(formatPoints(bounds.width)) \(formatPoints(bounds.height))")

        // Content coordinates move by the content inset into the picture.
        let dx = -bounds.x, dy = -bounds.y
        let options = scene.layout.options
        var marks = svg.marks[...]
        func nextGlyphs(_ count: Int, of what: String) throws -> [(x: Double, y: Double)] {
            let taken = Array(marks.prefix(count))
            marks = marks.dropFirst(count)
            return try taken.map { mark in
                guard case let .glyph(x, y) = mark else {
                    throw SVGMismatch(description: "expected a glyph of \(what), found \(mark)")
                }
                return (x, y)
            }
        }
        func expectGlyphs(_ found: [(x: Double, y: Double)], _ expected: [(x: Double, y: Double)], of what: String) {
            #expect(found.count == expected.count, "\(what): \(found.count) glyphs drawn, \(expected.count) shaped")
            for (index, (f, e)) in zip(found, expected).enumerated() {
                #expect(abs(f.x - e.x) <= 0.01 && abs(f.y - e.y) <= 0.01, "\(what) glyph \(index) at (\(f.x), \(f.y)), expected (\(e.x), \(e.y))")
            }
        }

        var cells = 0
        for element in scene.layout.flow.allElements {
            let frame = element.frame.offsetBy(dx: dx, dy: dy)
            switch element.id.kind {
            case .item:
                let tag = try #require(scene.layout.tag(element.id))
                let next = marks.popFirst()
                guard case let .strokedPath(box, strokeWidth, stroke) = try #require(next) else {
                    Issue.record("expected the cell of \(tag.text)")
                    return
                }
                cells += 1
                // The border is stroked half a line inside the frame, so the stroke's outer edge is the frame.
                let outer = Rect(x: box.x - strokeWidth / 2, y: box.y - strokeWidth / 2, width: box.width + strokeWidth, height: box.height + strokeWidth)
                #expect(strokeWidth == style.borderWidth)
                for (name, found, expected) in [("minX", outer.minX, frame.minX), ("minY", outer.minY, frame.minY),
                                                ("maxX", outer.maxX, frame.maxX), ("maxY", outer.maxY, frame.maxY)] {
                    #expect(abs(found - expected) <= 0.01, "\(tag.text) cell \(name) is \(found), the frame's is \(expected)")
                }
                let colour = tag.isSelected ? style.selectedBorder : style.cellBorder
                let expectedStroke = [colour.red, colour.green, colour.blue].map { Double($0) / 255 }
                #expect(zip(stroke, expectedStroke).allSatisfy { abs($0 - $1) < 0.5 / 255 }, "\(tag.text) border colour \(stroke)")

                let shaped = scene.engine.shape(tag.displayText, font: scene.bodyFont)
                #expect(shaped.width == tag.measurement.width)
                let metrics = scene.engine.lineMetrics(font: scene.bodyFont)
                let baseline = frame.midY + (metrics.ascent - metrics.descent) / 2
                let glyphs = try nextGlyphs(shaped.runs.reduce(0) { $0 + $1.glyphs.count }, of: tag.text)
                // The text is centred in the cell: it starts half the measured width left of the middle.
                #expect(abs((glyphs.first?.x ?? .nan) - (frame.midX - tag.measurement.width / 2)) <= 0.01,
                        "\(tag.text) starts at \(glyphs.first?.x ?? .nan), expected \(frame.midX - tag.measurement.width / 2)")
                expectGlyphs(glyphs, Self.glyphOrigins(shaped, x: frame.midX - shaped.width / 2, baseline: baseline), of: tag.text)
            case .more:
                Issue.record("this layout sets no more tag, yet has \(element.id)")
            case .header, .footer:
                let isHeader = element.id.kind == .header
                let section = scene.layout.document.sections[element.id.section]
                let text = try #require(isHeader ? section.title : section.footer)
                let font = isHeader ? scene.headerFont : scene.footerFont
                let shaped = scene.engine.shape(text, font: font)
                let metrics = scene.engine.lineMetrics(font: font)
                let x = frame.x + options.sectionInset.left
                let baseline = frame.midY + (metrics.ascent - metrics.descent) / 2
                for run in shaped.runs where !run.glyphs.isEmpty {
                    guard run.emboldening > 0 else {
                        expectGlyphs(try nextGlyphs(run.glyphs.count, of: text),
                                     run.glyphs.indices.map { (x + run.origin + run.xPositions[$0], baseline - run.yOffsets[$0]) }, of: text)
                        continue
                    }
                    // Synthetic bold (the title's Chinese has no bold face): thickened outlines, filled, within the run.
                    let mark = marks.popFirst()
                    guard case let .filledPath(box, fill) = try #require(mark) else {
                        Issue.record("expected the thickened outlines of \(text)")
                        return
                    }
                    let colour = isHeader ? style.headerText : style.footerText
                    #expect(zip(fill, [colour.red, colour.green, colour.blue].map { Double($0) / 255 }).allSatisfy { abs($0 - $1) < 0.5 / 255 })
                    #expect(box.minX >= x + run.origin - 0.01 && box.maxX <= x + run.origin + run.advance + 0.01,
                            "\(text): outlines span \(box.minX)…\(box.maxX), the run \(x + run.origin)…\(x + run.origin + run.advance)")
                    #expect(box.maxY <= baseline + metrics.descent && box.minY >= baseline - metrics.ascent - run.emboldening)
                }
            }
        }
        #expect(cells == Self.svgDocument.tagCount)
        #expect(marks.isEmpty, "marks drawn beyond the layout's elements: \(marks.prefix(3))")
    }

    @Test func thePNGLooksLikeTheSVGRasterisedByLibrsvg() throws {
        guard ProcessRunner.toolAvailable("rsvg-convert") else { return }
        let scene = try RenderFixtures.scene(RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions)
        let renderer = ContentRenderer(scene: scene)
        let scale = 2.0
        let png = try PNGDecoder().decode(try renderer.render(.png, scale: scale))
        let folder = try TemporaryFolder()
        try Data(try renderer.render(.svg, scale: scale)).write(to: URL(fileURLWithPath: folder.path("demo.svg")))
        let run = try ProcessRunner.runTool("rsvg-convert", ["-w", "\(png.width)", "-h", "\(png.height)",
                                                             folder.path("demo.svg"), "-o", folder.path("rsvg.png")],
                                            hangLimit: 1800)
        #expect(run.status == 0, "\(run.stderr)")
        let rasterised = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("rsvg.png")))))
        try #require(rasterised.width == png.width && rasterised.height == png.height)
        // Edges anti-alias a little differently, and cairo's image backend puts glyphs on whole pixels.
        let difference = RenderFixtures.compare(png, rasterised, threshold: 64)
        #expect(difference.meanDifference < 2, "mean difference \(difference.meanDifference) per channel")
        #expect(difference.shareOver < 0.01, "\(difference.shareOver * 100) % of pixels differ by more than 64")
    }

    // MARK: Determinism

    /// A PNG, SVG and PDF of the demo, and a GIF and APNG of a short comparison scroll, all from a fresh engine.
    static func everyFormat() throws -> [(String, [UInt8])] {
        let scene = try RenderFixtures.scene(RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions)
        let content = ContentRenderer(scene: scene)
        let range = scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        let frames = ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper, .cached], view: .overview,
                                         maxOverviewHeight: 320, plan: ScrollPlan(range: range, spacing: .frames(3)))
        let first = try frames.image(0, scale: 1)
        let style = scene.style
        let palette = try GIFPalette(knownColours: style.paletteColours.map(\.rgb),
                                     ramps: style.paletteRamps.map { ($0.0.rgb, $0.1.rgb) }, rampSteps: 6)
        let gif = try GIFEncoder(width: first.width, height: first.height, palette: palette, delayCentiseconds: 10)
        let apng = try APNGEncoder(width: first.width, height: first.height, frameCount: 3, delay: .init(fps: 10))
        for index in 0..<3 {
            let image = try frames.image(index, scale: 1)
            try gif.append(image)
            try apng.append(image)
        }
        return [("PNG", try content.render(.png, scale: 2)), ("SVG", try content.render(.svg, scale: 1)),
                ("PDF", try content.render(.pdf, scale: 1)), ("frame SVG", try frames.svg(1)),
                ("GIF", try gif.finish()), ("APNG", try apng.finish())]
    }

    /// Content with no area cannot be a picture: every way of drawing it says so, rather than failing in the encoder
    /// (a PNG needs a row) or writing a document of no height. A content inset alone is something to draw.
    @Test func emptyContentIsNothingToDraw() throws {
        let empty = ContentRenderer(scene: try RenderFixtures.scene(TagDocument(sections: [])))
        let expected = RenderError.emptyContent(width: 375, height: 0)
        for format in PictureFormat.allCases {
            #expect(throws: expected, "\(format)") { try empty.render(format, scale: 2) }
        }
        #expect(throws: expected) { try empty.image(scale: 1) }
        #expect(throws: expected) { try empty.pixelSize(scale: 1) }
        #expect(throws: expected) { try empty.drawBands(scale: 1) { _ in true } }

        var inset = LayoutOptions()
        inset.contentInset = EdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
        let framed = ContentRenderer(scene: try RenderFixtures.scene(TagDocument(sections: []), options: inset))
        #expect(try framed.pixelSize(scale: 2) == PixelSize(width: 750, height: 16))
        #expect(try framed.image(scale: 1).height == 8)
    }

    @Test func renderingTwiceInOneProcessGivesTheSameBytes() throws {
        let first = try Self.everyFormat()
        let second = try Self.everyFormat()
        for ((name, a), (_, b)) in zip(first, second) {
            #expect(!a.isEmpty)
            #expect(a == b, "\(name) differs between two renders in one process")
        }
    }

    /// A scroll's frames copy the overview's backdrop, and the tags they show as the phone does, from pixels made once
    /// per column, and draw on the surfaces of frames already written; each must hold the pixels the frame has drawn
    /// whole on a fresh surface. A background with alpha makes a reused surface be cleared, pinned headers move over
    /// the tags, and the naive strategy's extra and missing ghosts reach past their frames. Two points between the
    /// tags of a line put a tag's neighbours within two pixels of it: a copy of it would carry theirs.
    @Test(arguments: [(1.0, false, false, nil), (2.0, false, true, nil), (3.0, true, false, nil), (2.0, true, true, nil),
                      (2.0, false, false, 2.0)])
    func framesFromReusedPixelsAreTheFramesDrawnWhole(scale: Double, halfTransparent: Bool, pinned: Bool, interitemSpacing: Double?) throws {
        var style = Style.light
        if halfTransparent { style.background = Colour(red: 250, green: 250, blue: 250, alpha: 128) }
        var options = RenderFixtures.demoOptions
        options.pinHeaders = pinned
        if let interitemSpacing { options.interitemSpacing = interitemSpacing }
        let scene = try RenderFixtures.scene(try RenderFixtures.demoDocument(), options: options, style: style)
        let range = scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        let renderer = ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper, .cached], view: .both, maxOverviewHeight: 640,
                                           plan: ScrollPlan(range: range, spacing: .frames(ScrollFrameRenderer.framesForCopiedTags + 1)))
        #expect(renderer.framing == .wholeContent)
        var copied = 0
        for index in renderer.plan.offsets.indices {
            let frame = renderer.frame(index)
            let made = try renderer.premultiplied(frame, scale: scale).withPixels { RGBAImage($0) }
            let whole = try Canvas(width: renderer.size.width, height: renderer.size.height, kind: .image(scale: scale))
            renderer.draw(frame, on: whole.context)
            #expect(try made == whole.image(), "frame \(index + 1) at scale \(scale)")
            copied += renderer.copiedTags(frame, scale: scale).count
        }
        if interitemSpacing == nil { #expect(copied > 0, "no tag was copied") }
    }

    /// Content taller than cairo allows is drawn in strips; the seams must not show.
    @Test(arguments: [1.0, 2.0])
    func stripsJoinIntoTheSamePixelsAsOneCanvas(scale: Double) throws {
        let renderer = ContentRenderer(scene: try RenderFixtures.scene(try RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions))
        let whole = try renderer.image(scale: scale)
        // Strips of an odd height put seams through tags, borders and text.
        let striped = try renderer.image(scale: scale, stripRows: 37)
        #expect(striped.width == whole.width && striped.height == whole.height)
        #expect(striped == whole)
    }

    /// A snapshot verify checks a picture a band at a time against its golden: the bands must join into the pixels of
    /// one canvas, seams through tags and text included, at whole and fractional pixel sizes, in both themes.
    @Test(arguments: [(1.0, Style.light, 333.0), (1.5, Style.dark, 333.0), (2.0, Style.light, 375.0), (3.0, Style.dark, 320.0)])
    func bandsJoinIntoTheSamePixelsAsOneCanvas(scale: Double, style: Style, width: Double) throws {
        var options = RenderFixtures.demoOptions
        options.width = width
        let renderer = ContentRenderer(scene: try RenderFixtures.scene(try RenderFixtures.demoDocument(), options: options, style: style))
        let whole = try renderer.image(scale: scale)
        #expect(try renderer.pixelSize(scale: scale) == whole.size)
        for bandRows in [37, ContentRenderer.bandBytes / (whole.width * 4), whole.height + 1] {
            var pixels = [UInt8]()
            var bands = 0
            #expect(try renderer.drawBands(scale: scale, bandRows: bandRows) { band in
                bands += 1
                pixels += RGBAImage(band).pixels
                return true
            })
            #expect(bands == (whole.height + bandRows - 1) / bandRows)
            #expect(try RGBAImage(width: whole.width, height: whole.height, pixels: pixels) == whole, "bands of \(bandRows) rows")
        }
        var bands = 0
        #expect(try !renderer.drawBands(scale: scale, bandRows: 37) { _ in bands += 1; return bands < 2 })
        #expect(bands == 2, "no band is drawn after one is refused")
    }

    /// A PNG render is drawn, indexed and deflated a band at a time, with cells that match the background left
    /// unfilled; none of it may change a pixel. Plain grey tags fit a palette; the demo's selected and header
    /// colours do not, so it is written as RGB.
    @Test(arguments: [(false, 1.0), (false, 2.0), (true, 1.0), (true, 3.0)])
    func thePNGHoldsTheSamePixelsAsOneCanvas(isDemo: Bool, scale: Double) throws {
        let plain = try RenderFixtures.parseTags((1...300).map { "tag \($0)" }.joined(separator: "\n"))
        let scene = isDemo ? try RenderFixtures.scene(try RenderFixtures.demoDocument(), options: RenderFixtures.demoOptions)
                           : try RenderFixtures.scene(plain)
        let renderer = ContentRenderer(scene: scene)
        let png = try renderer.render(.png, scale: scale)
        #expect(try PNGDecoder().decode(png) == renderer.image(scale: scale))
        #expect(png[25] == (isDemo ? 2 : 3), "colour type")
    }

    /// 333 points at 1.5× end half way through the 500th pixel. That pixel is the background, opaque, in the PNG and
    /// in the pixels alike, so a golden recorded from the one verifies against the other.
    @Test(arguments: [Style.light, Style.dark])
    func aContentEdgePartWayThroughAPixelIsBackground(style: Style) throws {
        var options = LayoutOptions()
        options.width = 333
        let scene = try RenderFixtures.scene(try RenderFixtures.parseTags((1...40).map { "tag \($0)" }.joined(separator: "\n")),
                                             options: options, style: style)
        let renderer = ContentRenderer(scene: scene)
        let image = try renderer.image(scale: 1.5)
        #expect(image.width == 500)
        #expect(try PNGDecoder().decode(renderer.render(.png, scale: 1.5)) == image)
        let background = Colour(red: style.background.red, green: style.background.green, blue: style.background.blue)
        #expect((0..<image.height).allSatisfy { image[499, $0] == background })
    }

    @Test func pdfDatesComeFromSourceDateEpoch() {
        #expect(Canvas.documentDate(environment: ["SOURCE_DATE_EPOCH": "1700000000"]) == "2023-11-14T22:13:20Z")
        #expect(Canvas.documentDate(environment: [:]) == "1970-01-01T00:00:00Z")
    }
}
