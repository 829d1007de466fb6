import Testing
import TagFlowLayout
import TagFlowImage
import TagFlowText
@testable import TagFlowReview
import TagFlowRender

@Suite struct LayoutDiffImageTests {
    func snapshot(_ texts: [String], engine: TextEngine) throws -> LayoutSnapshot {
        let font = try engine.font(family: "sans-serif", size: 14)
        let document = TagDocument(sections: [TagSection(title: "运动", tags: texts.map { Tag($0) })])
        return LayoutSnapshot(TagLayout(document: document, options: LayoutOptions(), measurer: Measurer(engine: engine, font: font)))
    }

    func count(_ image: RGBAImage, near colour: RGBAImage.Pixel) -> Int {
        image.pixels.withUnsafeBufferPointer { bytes in
            stride(from: 0, to: bytes.count, by: 4).count {
                abs(Int(bytes[$0]) - Int(colour.r)) < 8 && abs(Int(bytes[$0 + 1]) - Int(colour.g)) < 8 && abs(Int(bytes[$0 + 2]) - Int(colour.b)) < 8
            }
        }
    }

    @Test func drawsThreePanelsWithRemovedRedAddedGreenAndMovedArrows() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球", "网球"], engine: engine)
        let new = try snapshot(["篮球", "棒球", "排球", "网球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        #expect(diff.added.map(\.text) == ["棒球"] && diff.removed.map(\.text) == ["足球"])
        let image = try LayoutDiffImage(diff: diff, engine: engine).image(scale: 1)
        // Three panels of 375 pt, two gaps of 24 and margins of 16.
        #expect(image.width == 16 * 2 + 375 * 3 + 24 * 2)
        #expect(count(image, near: RGBAImage.Pixel(r: 0xcf, g: 0x22, b: 0x2e)) > 50)  // removed outline
        #expect(count(image, near: RGBAImage.Pixel(r: 0x1a, g: 0x7f, b: 0x37)) > 50)  // added outline
    }

    @Test func aMoveIsDrawnWithAnArrow() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球"], engine: engine)
        let new = try snapshot(["足球", "排球", "篮球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        #expect(diff.moved.map(\.text) == ["足球", "排球", "篮球"])
        let image = try LayoutDiffImage(diff: diff, engine: engine).image(scale: 1)
        #expect(count(image, near: RGBAImage.Pixel(r: 0x9a, g: 0x67, b: 0x00)) > 30)  // arrows
    }

    @Test func veryTallLayoutsAreScaledToFitCairosLimits() throws {
        let engine = try TextEngine()
        let old = try snapshot((0..<3000).map { "tag \($0)" }, engine: engine)
        let new = try snapshot((1..<3000).map { "tag \($0)" }, engine: engine)
        let image = try LayoutDiffImage(diff: LayoutDiff(old: old, new: new), engine: engine).image(scale: 2)
        #expect(image.height <= Canvas.maxSide)
    }
}
