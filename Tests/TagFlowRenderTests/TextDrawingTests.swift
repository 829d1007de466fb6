import Foundation
import TagFlowImage
import TagFlowLayout
import TagFlowTestSupport
import TagFlowText
import Testing
@testable import TagFlowRender

/// Shaped text as it lands on the canvas: tag text kept inside its cell at large text sizes.
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

    /// The pixels of `image` that `matches` picks, and the box around them.
    static func pixels(of image: RGBAImage, where matches: (RGBAImage.Pixel) -> Bool) -> (count: Int, box: Rect?) {
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
        let scene = try Scene(layout: TagLayout(document: document, options: options, measurer: measurer), engine: engine, style: style)
        let frame = try #require(scene.layout.flow.allElements.first { $0.id.kind == .item }).frame
        let line = engine.lineMetrics(font: scene.bodyFont)
        try #require(line.ascent + line.descent > frame.height + 8, "the text must overflow its cell for this test to mean anything")

        let image = try ContentRenderer(scene: scene).image(scale: scale)
        try Self.save(image, "ax3-clipped@\(Int(scale))x")
        let bounds = scene.contentBounds
        let cell = RoundedRect(frame, radius: frame.height / 2)
        func isText(_ pixel: RGBAImage.Pixel) -> Bool { Int(pixel.g) - Int(max(pixel.r, pixel.b)) > 40 }

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
