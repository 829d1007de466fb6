import Testing
import TagFlowLayout
import TagFlowImage
import TagFlowText
@testable import TagFlowRender

/// A grid picture's cells are the pictures `render` and the device view draw, placed in a table by its labels and
/// sizes, and a flagged cell is framed and its marked elements outlined in the style's `missing` colour.
@Suite struct SceneGridTests {
    static func scenes() throws -> (narrow: Scene, wide: Scene, dark: Scene) {
        let document = try RenderFixtures.demoDocument()
        var narrow = RenderFixtures.demoOptions
        narrow.width = 320
        var wide = RenderFixtures.demoOptions
        wide.width = 430
        return (try RenderFixtures.scene(document, options: narrow), try RenderFixtures.scene(document, options: wide),
                try RenderFixtures.scene(document, options: narrow, style: .dark))
    }

    /// `image`'s pixels in `width`×`height` from (`x`, `y`).
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) throws -> RGBAImage {
        var pixels = [UInt8]()
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            pixels += image.pixels[start..<(start + width * 4)]
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func pixel(_ image: RGBAImage, _ x: Double, _ y: Double, scale: Double) -> Colour {
        image[Int(x * scale), Int(y * scale)]
    }

    @Test(arguments: [1.0, 2.0])
    func aContentCellIsTheRenderOfItsScene(scale: Double) throws {
        let (narrow, wide, dark) = try Self.scenes()
        let grid = try SceneGrid(cells: [[.init(scene: narrow), .init(scene: wide)], [.init(scene: dark),
                                                                                     .init(scene: narrow)]],
                                 rowLabels: ["light", "dark"], columnLabels: ["320", "430"], view: .content)
        let image = try grid.image(scale: scale)
        let renders = try [narrow, wide, dark].map { try ContentRenderer(scene: $0).image(scale: scale) }
        // The row labels' column is as wide as the widest label and a gap; the column labels a row above the cells.
        let left = SceneGrid.margin + grid.rowLabelWidth
        let top = SceneGrid.margin + SceneGrid.headingHeight
        let rowHeight = max(narrow.contentBounds.height, wide.contentBounds.height)
        let origins = [(left, top, renders[0]), (left + 320 + SceneGrid.gap, top, renders[1]),
                       (left, top + rowHeight + SceneGrid.gap, renders[2]),
                       (left + 320 + SceneGrid.gap, top + rowHeight + SceneGrid.gap, renders[0])]
        for (x, y, render) in origins {
            let cell = try Self.crop(image, x: Int(x * scale), y: Int(y * scale), width: render.width,
                                     height: render.height)
            // Compared as a Bool: a failed comparison of two arrays would describe millions of bytes.
            let isSame = cell.pixels == render.pixels
            #expect(isSame, "the cell at (\(x), \(y)) differs from its render")
        }
        #expect(grid.size.width == 2 * SceneGrid.margin + grid.rowLabelWidth + 320 + SceneGrid.gap + 430)
        #expect(grid.size.height == top + rowHeight + SceneGrid.gap
                    + max(dark.contentBounds.height, narrow.contentBounds.height) + SceneGrid.margin)
    }

    @Test func aDeviceCellIsTheScreenAtTheTopOfTheScroll() throws {
        let (narrow, _, _) = try Self.scenes()
        let grid = try SceneGrid(cells: [[.init(scene: narrow)]], rowLabels: [], columnLabels: [], view: .device)
        let image = try grid.image(scale: 2)
        let screen = try DeviceView.image(narrow, offset: 0, scale: 2)
        let origin = Int(SceneGrid.margin * 2)
        let cell = try Self.crop(image, x: origin, y: origin, width: screen.width, height: screen.height)
        let isSame = cell.pixels == screen.pixels
        #expect(isSame)
        #expect(grid.size == Size(width: 320 + 2 * SceneGrid.margin,
                                  height: narrow.layout.options.height + 2 * SceneGrid.margin))
    }

    @Test func aFlaggedCellIsFramedItsMarksOutlinedAndItsNoteRed() throws {
        let (narrow, _, _) = try Self.scenes()
        let marked = ElementID.item(0, 1)
        let frame = try #require(narrow.layout.flow.elements(in: narrow.contentBounds).first { $0.id == marked }).frame
        let grid = try SceneGrid(cells: [[.init(scene: narrow, marked: [marked], note: "1 truncated", isFlagged: true),
                                          .init(scene: narrow, note: "fits")]],
                                 rowLabels: [], columnLabels: [], view: .content)
        let scale = 2.0
        let image = try grid.image(scale: scale)
        let missing = narrow.style.missing
        let origin = Point(x: SceneGrid.margin - narrow.contentBounds.x, y: SceneGrid.margin - narrow.contentBounds.y)
        let second = SceneGrid.margin + 320 + SceneGrid.gap
        // The flagged cell's frame lies a point outside its picture; the other's is a faint grey.
        #expect(RenderFixtures.distance(Self.pixel(image, SceneGrid.margin - 1, 100, scale: scale), missing) <= 8)
        #expect(RenderFixtures.distance(Self.pixel(image, second - 0.5, 100, scale: scale), missing) > 60)
        // The marked tag's outline runs just inside its frame; the same tag in the other cell keeps its grey border.
        let outline = Point(x: origin.x + frame.midX, y: origin.y + frame.y + 0.75)
        #expect(RenderFixtures.distance(Self.pixel(image, outline.x, outline.y, scale: scale), missing) <= 8)
        let unmarked = Self.pixel(image, outline.x + 320 + SceneGrid.gap, outline.y, scale: scale)
        #expect(RenderFixtures.distance(unmarked, missing) > 60)
        // The notes: red under the flagged cell, in the caption colour under the other.
        func inks(from x: Double) -> [Colour] {
            let y = SceneGrid.margin + narrow.contentBounds.height
            return (Int(y * scale)..<Int((y + SceneGrid.noteHeight) * scale)).flatMap { row in
                (Int(x * scale)..<Int((x + 60) * scale)).map { image[$0, row] }
            }
        }
        #expect(inks(from: SceneGrid.margin).contains { RenderFixtures.distance($0, missing) <= 8 })
        #expect(!inks(from: second).contains { RenderFixtures.distance($0, missing) <= 40 })
        #expect(inks(from: second).contains { RenderFixtures.distance($0, narrow.style.captionText) <= 8 })
    }

    @Test func svgAndPDFDrawTheSameTable() throws {
        let (narrow, wide, _) = try Self.scenes()
        let grid = try SceneGrid(cells: [[.init(scene: narrow), .init(scene: wide)]], rowLabels: [],
                                 columnLabels: ["320", "430"], view: .content)
        let svg = String(decoding: try grid.render(.svg, scale: 1), as: UTF8.self)
        #expect(svg.contains("width=\"\(formatPoints(grid.size.width))\""))
        let pdf = try grid.render(.pdf, scale: 1)
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
    }
}
