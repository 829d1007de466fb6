import Foundation
import TagFlowImage
import TagFlowLayout
import TagFlowTestSupport
import TagFlowText
import Testing
@testable import TagFlowRender

/// Shaped text as it lands on the canvas: colour emoji in colour and at the font's size, variable fonts at the axis
/// values they were measured at, and tag text kept inside its cell at large text sizes.
@Suite(.serialized)
struct TextDrawingTests {
    /// Where the pictures go, to look at by eye.
    static let pictureFolder = "/tmp/tagflow-render-tests"

    static func save(_ image: RGBAImage, _ name: String) throws {
        try FileManager.default.createDirectory(atPath: pictureFolder, withIntermediateDirectories: true)
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: "\(pictureFolder)/\(name).png"))
    }

    /// A white canvas of `width`×`height` points at 1×, with a painter over a fresh engine's fonts.
    static func whiteCanvas(width: Double, height: Double, engine: TextEngine) throws -> (Canvas, Painter) {
        let canvas = try Canvas(width: width, height: height, kind: .image(scale: 1))
        let painter = Painter(context: canvas.context, engine: engine, fonts: CairoFonts(),
                              captionFont: try engine.font(family: "sans-serif", size: 12))
        painter.fill(Rect(x: 0, y: 0, width: width, height: height), Colour(red: 255, green: 255, blue: 255))
        return (canvas, painter)
    }

    /// Scenes drawn at once on one engine (a snapshot run's variants) draw with one cairo face per font face, made
    /// once: cairo shares one face per `FT_Face` without locking its user data, so faces made and dropped per scene,
    /// on several threads, could corrupt it.
    @Test func scenesOnOneEngineShareOneCairoFacePerFontFace() throws {
        let engine = try TextEngine()
        let face = engine.primaryFace(font: try engine.font(family: "sans-serif", size: 17))
        let faces = resultsByIndex(count: 8) { _ in try? CairoFonts().face(for: face) }
        let first = try #require(faces[0])
        #expect(faces.allSatisfy { $0 === first })
        #expect(try CairoFonts().face(for: face, loadColor: true) !== first)
    }

    /// The pixels of `image` that `matches` picks, and the box around them.
    static func pixels(of image: RGBAImage, where matches: (Colour) -> Bool) -> (count: Int, box: Rect?) {
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where matches(image[x, y]) {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard count > 0 else { return (0, nil) }
        return (count, Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1)))
    }

    // MARK: Colour emoji

    struct Emoji: CustomStringConvertible, Sendable {
        var text: String
        /// A colour the emoji is mostly drawn in.
        var isTypical: @Sendable (Colour) -> Bool
        var description: String { text }
    }

    static let emoji = [
        // The face's yellow.
        Emoji(text: "😀") { $0.red > 200 && $0.green > 150 && $0.blue < 100 },
        // A medium skin tone: red over green over blue.
        Emoji(text: "👍🏽") {
            $0.red > 150 && Int($0.red) - Int($0.green) > 30 && Int($0.green) - Int($0.blue) > 20
        },
        // The flag's red.
        Emoji(text: "🇨🇳") { $0.red > 200 && $0.green < 80 && $0.blue < 80 },
    ]

    @Test(arguments: emoji)
    func colourEmojiAreDrawnInColourAtTheFontSize(emoji: Emoji) throws {
        let size = 40.0
        let engine = try TextEngine()
        let shaped = engine.shape(emoji.text, font: try engine.font(family: "sans-serif", size: size))
        #expect(shaped.runs.contains { $0.face.isColor }, "\(emoji) was not shaped with a colour face")

        let (canvas, painter) = try Self.whiteCanvas(width: 120, height: 100, engine: engine)
        painter.drawText(shaped, at: 20, baseline: 70, colour: Colour(red: 0, green: 0, blue: 0))
        let image = try canvas.image()
        try Self.save(image, "emoji-\(emoji.text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-"))")

        let typical = Self.pixels(of: image, where: emoji.isTypical)
        #expect(typical.count > 100, "\(emoji): only \(typical.count) pixels of its typical colour")
        // The whole glyph, every pixel that is not the white background.
        let glyph = try #require(Self.pixels(of: image) { $0.red < 250 || $0.green < 250 || $0.blue < 250 }.box)
        // Noto Color Emoji's bitmaps are 136×128 at 109 px an em: scaled to 40 pt, about 50×47.
        #expect(glyph.width > 0.8 * size && glyph.width < 1.5 * size, "\(emoji) is \(glyph.width) px wide at \(size) pt")
        #expect(glyph.height > 0.8 * size && glyph.height < 1.5 * size, "\(emoji) is \(glyph.height) px tall at \(size) pt")
        // Drawn where shaping put it: starting at x 20, around the baseline.
        #expect(abs(glyph.minX - 20) <= 4, "\(emoji) starts at x \(glyph.minX)")
        #expect(glyph.minY < 70 && glyph.maxY > 60, "\(emoji) spans y \(glyph.minY)…\(glyph.maxY) about a baseline at 70")
    }

    /// Faded text fades its emoji too: cairo paints a colour glyph's own colours whatever the source's alpha, so
    /// the painter draws it through a group painted at the alpha. At half opacity the face's yellow is half-way
    /// to the white page, as the text beside it is.
    @Test func colourEmojiFadeWithTheirText() throws {
        let engine = try TextEngine()
        let shaped = engine.shape("😀", font: try engine.font(family: "sans-serif", size: 40))
        func yellowest(opacity: Double) throws -> (blue: Int, count: Int) {
            let (canvas, painter) = try Self.whiteCanvas(width: 120, height: 100, engine: engine)
            var faded = painter
            faded.opacity = opacity
            faded.drawText(shaped, at: 20, baseline: 70, colour: Colour(red: 0, green: 0, blue: 0))
            let image = try canvas.image()
            try Self.save(image, "emoji-opacity-\(opacity)")
            // The face's yellow: red and green high; blue rises towards white as it fades.
            var blues = [Int]()
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].red > 200 && image[x, y].green > 150 {
                    blues.append(Int(image[x, y].blue))
                }
            }
            let face = blues.filter { $0 < 250 }
            return (face.min() ?? 255, face.count)
        }
        let whole = try yellowest(opacity: 1), half = try yellowest(opacity: 0.5)
        #expect(whole.blue < 60 && whole.count > 400, "\(whole)")
        #expect(half.blue > 110 && half.blue < 160, "half opacity: blue \(half.blue), as far from the yellow as from the white")
    }

    /// Cairo 1.16 writes a colour bitmap glyph into an SVG as a PNG `<image>`, and into a PDF as an RGB image with
    /// a soft mask, both rasterised at one pixel a point; glyphs drawn in the source colour alone would have neither.
    @Test func colourEmojiAreEmbeddedAsImagesInSVGAndPDF() throws {
        let engine = try TextEngine()
        let shaped = engine.shape("😀🇨🇳", font: try engine.font(family: "sans-serif", size: 40))
        func document(_ kind: Canvas.Kind) throws -> [UInt8] {
            let canvas = try Canvas(width: 140, height: 80, kind: kind, creationDate: "2024-01-01T00:00:00Z")
            let painter = Painter(context: canvas.context, engine: engine, fonts: CairoFonts(),
                                  captionFont: try engine.font(family: "sans-serif", size: 12))
            painter.drawText(shaped, at: 20, baseline: 55, colour: Colour(red: 0, green: 0, blue: 0))
            return try canvas.documentBytes()
        }
        let svg = try document(.svg), pdf = try document(.pdf)
        try FileManager.default.createDirectory(atPath: Self.pictureFolder, withIntermediateDirectories: true)
        try Data(svg).write(to: URL(fileURLWithPath: "\(Self.pictureFolder)/emoji.svg"))
        try Data(pdf).write(to: URL(fileURLWithPath: "\(Self.pictureFolder)/emoji.pdf"))
        let svgText = String(decoding: svg, as: UTF8.self)
        #expect(svgText.components(separatedBy: "<image").count - 1 == 2, "not one <image> per emoji in the SVG")
        let pdfText = String(decoding: pdf, as: Unicode.ASCII.self)
        #expect(pdfText.components(separatedBy: "/ColorSpace /DeviceRGB").count - 1 == 2, "not one RGB image per emoji in the PDF")
    }

    // MARK: Synthetic bold

    /// WenQuanYi Zen Hei has no bold: a bold title is drawn with its outlines thickened, keeping the left edge, within
    /// the wider advance it was measured at (two glyphs, each 1/24 em wider).
    @Test func boldWithoutABoldFaceIsDrawnThickened() throws {
        let engine = try TextEngine()
        func draw(_ weight: FontWeight, size: Double = 40, with engine: TextEngine) throws -> (ShapedText, count: Int, box: Rect, pixels: [UInt8]) {
            let shaped = engine.shape("运动", font: try engine.font(family: "sans-serif", size: size, weight: weight))
            let (canvas, painter) = try Self.whiteCanvas(width: 120, height: 60, engine: engine)
            painter.drawText(shaped, at: 10, baseline: 45, colour: Colour(red: 0, green: 0, blue: 0))
            let image = try canvas.image()
            try Self.save(image, "cjk-\(weight)-\(Int(size))")
            let ink = Self.pixels(of: image) { $0.red < 128 }
            return (shaped, ink.count, try #require(ink.box), image.pixels)
        }
        let (regularText, regularCount, regularBox, regularPixels) = try draw(.regular, with: engine)
        let (boldText, boldCount, boldBox, _) = try draw(.bold, with: engine)
        // The face drawn regular after it was drawn bold is still regular, at a size drawn before and at a new one,
        // as a face no bold text was drawn with.
        #expect(try draw(.regular, with: engine).pixels == regularPixels)
        #expect(try draw(.regular, size: 41, with: engine).pixels == (try draw(.regular, size: 41, with: TextEngine()).pixels))
        #expect(abs(boldText.runs[0].emboldening * 2 - (boldText.width - regularText.width)) < 1e-9)
        #expect(Double(boldCount) > 1.15 * Double(regularCount), "\(boldCount) dark pixels against \(regularCount)")
        #expect(abs(boldBox.x - regularBox.x) <= 1, "the left edge is kept")
        // Each glyph's ink grows by 40/24 pt to the right, as its advance does.
        #expect(boldBox.maxX - regularBox.maxX >= 2 && boldBox.maxX - regularBox.maxX <= 3 * 40 / 24 + 1)
        #expect(boldBox.maxX <= 10 + boldText.width + 1)
        #expect(boldText.width > regularText.width)
    }

    // MARK: Variable fonts

    static let opszFont = ProcessRunner.packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-Opsz.ttf").path

    /// The test font's 'A' is 600 units wide at opsz 8 and 400 at opsz 72; the outline stays a rectangle from 50 to
    /// 550 units, so only the advances move. Cairo's own advance of each drawn glyph shows which axis values it drew at.
    @Test(arguments: [8.0, 72.0, 30.0])
    func variableFontsAreDrawnAtTheAxisValuesTheyWereMeasuredAt(size: Double) throws {
        let engine = try TextEngine(fonts: FontSources(files: [Self.opszFont]))
        let shaped = engine.shape("AAAA", font: try engine.font(family: "TagFlow Test Opsz", size: size))
        let run = try #require(shaped.runs.first)
        #expect(run.variations.contains { $0.tag == "opsz" && $0.value == size })
        let measuredAdvance = run.xPositions[1] - run.xPositions[0]

        let (canvas, painter) = try Self.whiteCanvas(width: 4 * size, height: 2 * size, engine: engine)
        let drawnAdvance = try #require(painter.drawnAdvances(of: run).first)
        #expect(abs(drawnAdvance - measuredAdvance) < 1e-3 * size,
                "at \(size) pt cairo advances 'A' by \(drawnAdvance), shaping by \(measuredAdvance)")

        painter.drawText(shaped, at: 0, baseline: size, colour: Colour(red: 0, green: 0, blue: 0))
        let image = try canvas.image()
        try Self.save(image, "opsz-\(Int(size))")
        // Four 0.5 em rectangles, one advance apart: the ink spans three advances and one rectangle.
        let ink = try #require(Self.pixels(of: image) { $0.red < 128 }.box)
        let expectedWidth = 3 * measuredAdvance + 0.5 * size
        #expect(abs(ink.width - expectedWidth) <= 2, "ink \(ink.width) px wide, expected \(expectedWidth)")
    }

    // MARK: Clipping by the cell

    /// At AX3 the body text is taller than the seed's fixed 30 pt cell; a phone's cell clips it to its rounded shape.
    @Test(arguments: [1.0, 2.0])
    func textTallerThanItsCellStaysInsideIt(scale: Double) throws {
        var options = LayoutOptions()
        options.contentSize = .accessibilityExtraLarge
        var style = Style.light
        // A green nothing else is drawn in.
        style.text = Colour(red: 0, green: 200, blue: 0)
        let engine = try TextEngine()
        let document = TagDocument(sections: [TagSection(tags: [Tag("Ågjy 篮球")])])
        let measurer = Measurer(engine: engine, font: try engine.font(family: options.font, size: options.textSize))
        let scene = try Scene(layout: try TagLayout(document: document, options: options, measurer: measurer), engine: engine, style: style)
        let frame = try #require(scene.layout.flow.allElements.first { $0.id.kind == .item }).frame
        let line = engine.lineMetrics(font: scene.bodyFont)
        try #require(line.ascent + line.descent > frame.height + 8, "the text must overflow its cell for this test to mean anything")

        let image = try ContentRenderer(scene: scene).image(scale: scale)
        try Self.save(image, "ax3-clipped@\(Int(scale))x")
        let bounds = scene.contentBounds
        let cell = RoundedRect(frame, radius: frame.height / 2)
        func isText(_ pixel: Colour) -> Bool { Int(pixel.green) - Int(max(pixel.red, pixel.blue)) > 40 }

        var inside = 0
        var outside = [(Int, Int)]()
        for y in 0..<image.height {
            for x in 0..<image.width where isText(image[x, y]) {
                let point = Point(x: bounds.x + (Double(x) + 0.5) / scale, y: bounds.y + (Double(y) + 0.5) / scale)
                // A pixel the shape's edge crosses may hold some text: up to half a pixel's diagonal away.
                let margin = 0.75 / scale
                let grown = RoundedRect(Rect(x: frame.x - margin, y: frame.y - margin, width: frame.width + 2 * margin,
                                             height: frame.height + 2 * margin), radius: cell.radius + margin)
                if grown.contains(point) { inside += 1 } else { outside.append((x, y)) }
            }
        }
        #expect(inside > 100, "the text was not drawn")
        #expect(outside.count == 0, "\(outside.count) text pixels outside the cell, first at \(outside.prefix(5))")
        // Still centred: the clip cuts the line's top and bottom alike.
        let text = try #require(Self.pixels(of: image, where: isText).box)
        let cellTop = (frame.minY - bounds.y) * scale, cellBottom = (frame.maxY - bounds.y) * scale
        #expect(text.minY >= cellTop - 1 && text.maxY <= cellBottom + 1)
    }

    @Test func textThatFitsIsNotClipped() throws {
        let scene = try RenderFixtures.scene(RenderTests.pixelDocument)
        let svg = String(decoding: try ContentRenderer(scene: scene).render(.svg, scale: 1), as: UTF8.self)
        #expect(!svg.contains("clip-path"), "a clip was set for text that fits its cell")
    }

    @Test func aRoundedRectContainsWhatItsCornersLeaveIn() {
        let capsule = RoundedRect(Rect(x: 0, y: 0, width: 100, height: 30), radius: 40)
        #expect(capsule.radius == 15)
        #expect(capsule.contains(Point(x: 50, y: 0)) && capsule.contains(Point(x: 0, y: 15)))
        // The frame's corner lies outside the capsule; a point 45° into the corner's circle lies on it.
        #expect(!capsule.contains(Point(x: 0.5, y: 0.5)))
        #expect(capsule.contains(Point(x: 15 - 15 / 2.0.squareRoot() + 0.01, y: 15 - 15 / 2.0.squareRoot() + 0.01)))
        #expect(capsule.contains(Rect(x: 10, y: 5, width: 80, height: 20)))
        #expect(!capsule.contains(Rect(x: 2, y: 2, width: 80, height: 20)))
        #expect(!capsule.contains(Rect(x: 20, y: -1, width: 10, height: 10)))
    }
}
