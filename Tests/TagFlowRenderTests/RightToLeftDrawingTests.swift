import TagFlowImage
import TagFlowLayout
import Testing
@testable import TagFlowRender

/// Right to left, a picture is the left-to-right one mirrored across the content, as UIKit flips a flow layout:
/// with uneven section insets the left inset ends up on the right, for the tags and for the titles alike.
@Suite struct RightToLeftDrawingTests {
    @Test func aTitleKeepsTheLeftInsetFromTheRightEdgeAsItsTagsDo() throws {
        var options = LayoutOptions()
        options.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 10, right: 5)
        let document = TagDocument(sections: [TagSection(title: "Title", tags: [Tag("Alpha"), Tag("Beta")])])
        let ltr = try RenderFixtures.scene(document, options: options)
        options.direction = .rtl
        let rtl = try RenderFixtures.scene(document, options: options)

        // Where the title's ink lies across the header band, drawn at 1 px a point.
        let header = try #require(ltr.layout.flow.allElements.first { $0.id.kind == .header }).frame
        func inkColumns(_ scene: Scene) throws -> ClosedRange<Int> {
            let image = try ContentRenderer(scene: scene).image(scale: 1)
            let columns = (0..<image.width).filter { x in
                (Int(header.minY)..<Int(header.maxY)).contains { y in RenderFixtures.distance(image[x, y], scene.style.headerText) < 100 }
            }
            return try #require(columns.min())...(try #require(columns.max()))
        }
        let ltrInk = try inkColumns(ltr), rtlInk = try inkColumns(rtl)
        #expect(abs(ltrInk.lowerBound - 20) <= 2, "the title starts \(ltrInk.lowerBound) pt in, not 20")
        #expect(abs(Int(header.maxX) - 1 - rtlInk.upperBound - 20) <= 2, "right to left the title ends at \(rtlInk.upperBound), not 20 pt from the right edge")
        #expect(abs(ltrInk.count - rtlInk.count) <= 1, "the title is as wide both ways, to a pixel of anti-aliasing")

        let ltrTags = ltr.layout.flow.items.map(\.frame), rtlTags = rtl.layout.flow.items.map(\.frame)
        for (a, b) in zip(ltrTags, rtlTags) {
            #expect(abs(b.minX - (options.contentWidth - a.maxX)) < 1e-9, "ltr \(a) rtl \(b)")
        }
        #expect(abs(rtlTags[0].maxX - (options.contentWidth - 20)) < 1e-9, "the first tag keeps the left inset from the right edge")
    }

    @Test func theScrollIndicatorIsOnTheLeftEdgeRightToLeft() throws {
        let document = TagDocument(sections: [TagSection(title: "Title", tags: (0..<80).map { Tag("tag \($0)") })])
        var options = LayoutOptions()
        func barColumns(_ direction: Direction) throws -> (left: Bool, right: Bool) {
            options.direction = direction
            let scene = try RenderFixtures.scene(document, options: options)
            let image = try DeviceView.image(scene, offset: 0, scale: 1, scrollIndicator: true)
            // The bar is 3 pt wide, 3 pt in from its edge; the cells keep 10 pt of section inset from both edges.
            func marked(_ x: Int) -> Bool {
                (0..<image.height).contains { y in image[x, y] != Colour(0xffffff) }
            }
            return (marked(4), marked(image.width - 5))
        }
        #expect(try barColumns(.ltr) == (left: false, right: true))
        #expect(try barColumns(.rtl) == (left: true, right: false))
    }
}
