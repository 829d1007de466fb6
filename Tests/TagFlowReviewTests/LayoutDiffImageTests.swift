import Testing
import TagFlowLayout
import TagFlowImage
import TagFlowText
@testable import TagFlowReview
import TagFlowRender

@Suite struct LayoutDiffImageTests {
    func snapshot(_ texts: [String], selected: Set<String> = [], width: Double = 375, engine: TextEngine) throws -> LayoutSnapshot {
        let font = try engine.font(family: "sans-serif", size: 14)
        let document = TagDocument(sections: [TagSection(title: "运动", tags: texts.map { Tag($0, isSelected: selected.contains($0)) })])
        var options = LayoutOptions()
        options.width = width
        return LayoutSnapshot(try TagLayout(document: document, options: options, measurer: Measurer(engine: engine, font: font)))
    }

    func count(_ image: RGBAImage, near colour: Colour) -> Int {
        image.pixels.withUnsafeBufferPointer { bytes in
            stride(from: 0, to: bytes.count, by: 4).count {
                abs(Int(bytes[$0]) - Int(colour.red)) < 8 && abs(Int(bytes[$0 + 1]) - Int(colour.green)) < 8
                    && abs(Int(bytes[$0 + 2]) - Int(colour.blue)) < 8
            }
        }
    }

    @Test func drawsThreePanelsWithRemovedRedAddedGreenAndMovedArrows() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球", "网球"], engine: engine)
        let new = try snapshot(["篮球", "棒球", "排球", "网球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        // 足球 gave way to 棒球 in place: renamed, marked as renamed, not as a tag that went and one that came.
        #expect(diff.renamed.map { "\($0.oldText ?? "") → \($0.text)" } == ["足球 → 棒球"])
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        let image = try LayoutDiffImage(diff: diff, engine: engine).image(scale: 1)
        // Three panels of 375 pt, two gaps of 24 and margins of 16.
        #expect(image.width == 16 * 2 + 375 * 3 + 24 * 2)
        let renamed = LayoutDiffImage.Palette.light[.renamed]
        #expect(count(image, near: pixel(renamed.stroke)) > 50)
        // Red and green only in the legend's swatches.
        #expect(count(image, near: Colour(0xcf222e)) < 40)  // removed outline
        #expect(count(image, near: Colour(0x1a7f37)) < 40)  // added outline
        // The overlay says the old text once, beside the new tag: more of the renamed text colour than the new panel,
        // which shows the new text alone.
        let scale = 3
        let sharp = try LayoutDiffImage(diff: diff, engine: engine).image(scale: Double(scale))
        func renamedText(inPanel panel: Int) -> Int {
            let x0 = (16 + panel * (375 + 24)) * scale
            var pixels = 0
            for y in 0..<sharp.height {
                for x in x0..<(x0 + 375 * scale) where abs(Int(sharp[x, y].red) - Int(renamed.text.red)) < 24
                    && abs(Int(sharp[x, y].green) - Int(renamed.text.green)) < 24
                    && abs(Int(sharp[x, y].blue) - Int(renamed.text.blue)) < 24 { pixels += 1 }
            }
            return pixels
        }
        let inNewPanel = renamedText(inPanel: 1)
        #expect(inNewPanel > 20)
        #expect(renamedText(inPanel: 2) > inNewPanel + 20, "'was 足球' beside the renamed tag")
    }

    /// Right to left, a section's title sits at its header's right, as `render` puts it; left to right, at its left.
    @Test func titlesSitOnTheSideLinesStartFrom() throws {
        let engine = try TextEngine()
        let font = try engine.font(family: "sans-serif", size: 14)
        for direction in Direction.allCases {
            var options = LayoutOptions()
            options.direction = direction
            let document = TagDocument(sections: [TagSection(title: "运动运动", tags: [Tag("篮球")])])
            let snapshot = LayoutSnapshot(try TagLayout(document: document, options: options, measurer: Measurer(engine: engine, font: font)))
            #expect(snapshot.direction == direction)
            let image = try LayoutDiffImage(diff: LayoutDiff(old: snapshot, new: snapshot), engine: engine).image(scale: 1)
            let header = try #require(snapshot.sections[0].header)
            // The title's ink: dark pixels in the old panel's header row.
            let row = crop(image, Rect(x: Self.oldPanel.x, y: Self.oldPanel.y + header.y, width: header.width, height: header.height))
            var inkColumns = [Int]()
            for x in 0..<row.width where (0..<row.height).contains(where: { y in
                Int(row[x, y].red) + Int(row[x, y].green) + Int(row[x, y].blue) < 200
            }) {
                inkColumns.append(x)
            }
            let (first, last) = (try #require(inkColumns.first), try #require(inkColumns.last))
            if direction == .ltr { #expect(first < 30 && last < 200, "\(first)…\(last)") } else { #expect(first > 175 && last > 340, "\(first)…\(last)") }
        }
    }

    @Test func aMoveIsDrawnWithAnArrow() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球"], engine: engine)
        let new = try snapshot(["足球", "排球", "篮球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        #expect(diff.moved.map(\.text) == ["足球", "排球", "篮球"])
        let image = try LayoutDiffImage(diff: diff, engine: engine).image(scale: 1)
        #expect(count(image, near: pixel(LayoutDiffImage.Palette.light.arrow)) > 30)  // arrows
    }

    func pixel(_ colour: Colour) -> Colour { Colour(red: colour.red, green: colour.green, blue: colour.blue) }

    /// The pixels of `image` in `rect`, in points at 1 px a point.
    func crop(_ image: RGBAImage, _ rect: Rect) -> RGBAImage {
        var part = RGBAImage(width: Int(rect.width), height: Int(rect.height))
        for y in 0..<part.height {
            for x in 0..<part.width { part[x, y] = image[Int(rect.x) + x, Int(rect.y) + y] }
        }
        return part
    }

    /// Where the panels' content starts at 1 px a point: after the margin of 16 and the caption of 44, and for the new
    /// panel after the old one of 375 pt and a gap of 24.
    static let oldPanel = Point(x: 16, y: 60), newPanel = Point(x: 16 + 375 + 24, y: 60)

    @Test func selectedTagsAreDrawnInTheStylesSelectedColoursAndAChangeHalosThem() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球"], selected: ["篮球"], engine: engine)
        let new = try snapshot(["篮球", "足球", "排球"], selected: ["篮球", "足球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        #expect(diff.reselected.map(\.text) == ["足球"])
        let style = Style.dark
        let image = try LayoutDiffImage(diff: diff, engine: engine, style: style).image(scale: 1)
        let basketball = try #require(new.sections[0].tags[0].frame), football = try #require(new.sections[0].tags[1].frame)
        // Inside the capsule, left of the text: the fill.
        func fill(_ frame: Rect, in panel: Point) -> Colour {
            image[Int(panel.x + frame.minX + 5), Int(panel.y + frame.midY)]
        }
        #expect(fill(basketball, in: Self.oldPanel) == pixel(style.selectedFill))
        #expect(fill(basketball, in: Self.newPanel) == pixel(style.selectedFill))
        #expect(fill(football, in: Self.newPanel) == pixel(style.selectedFill))
        // Not selected in the old layout: the reselected tint, of the dark palette that a dark style gets.
        #expect(fill(football, in: Self.oldPanel) == pixel(LayoutDiffImage.Palette.dark[.reselected].fill))
        // The selected text, and the reselected halo only round the tag that changed.
        let newBasketball = crop(image, Rect(x: Self.newPanel.x + basketball.minX - 5, y: Self.newPanel.y + basketball.minY - 5,
                                             width: basketball.width + 10, height: basketball.height + 10))
        let newFootball = crop(image, Rect(x: Self.newPanel.x + football.minX - 5, y: Self.newPanel.y + football.minY - 5,
                                           width: football.width + 10, height: football.height + 10))
        #expect(count(newFootball, near: pixel(style.selectedText)) > 10)
        #expect(count(newFootball, near: pixel(LayoutDiffImage.Palette.dark[.reselected].stroke)) > 30)
        #expect(count(newBasketball, near: pixel(LayoutDiffImage.Palette.dark[.reselected].stroke)) == 0)
    }

    @Test func reselectedTagsAreMarkedCountedAndInTheLegend() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球"], selected: ["篮球"], engine: engine)
        let new = try snapshot(["篮球", "足球", "排球"], selected: ["排球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        let picture = LayoutDiffImage(diff: diff, engine: engine)
        #expect(LayoutDiffImage.changeNote(diff) == "+0 −0 · 0 moved · 0 resized · 2 reselected · same height")
        #expect(picture.legend.map(\.label) == ["unchanged", "selected", "added", "removed", "moved", "resized", "reselected"])
        let image = try picture.image(scale: 1)
        // Both tags purple in the overlay, whose panel starts after two of 375 pt and two gaps.
        let overlay = crop(image, Rect(x: 16 + 375 * 2 + 24 * 2, y: 60, width: 375, height: 100))
        #expect(count(overlay, near: pixel(LayoutDiffImage.Palette.light[.reselected].stroke)) > 100)
        // The legend's swatch, under the panels.
        let legend = crop(image, Rect(x: 0, y: 160, width: Double(image.width), height: Double(image.height - 160)))
        #expect(count(legend, near: pixel(LayoutDiffImage.Palette.light[.reselected].stroke)) > 20)
        #expect(count(legend, near: pixel(Style.light.selectedBorder)) > 10)
    }

    /// In the overlay, the outline of a tag that went is drawn last, dashed, so a renamed tag's old place shows
    /// through the new tag drawn over it.
    @Test func theOverlayShowsARenamedTagsOldOutlineOverTheNewTag() throws {
        let engine = try TextEngine()
        let diff = LayoutDiff(old: try snapshot(["篮球", "足球", "排球"], engine: engine), new: try snapshot(["篮球", "棒球运动", "排球"], engine: engine))
        #expect(diff.renamed.count == 1)
        let image = try LayoutDiffImage(diff: diff, engine: engine).image(scale: 2)
        // The third panel: margin 16, two panels of 375 and two gaps of 24 before it; its tags, below the caption.
        let overlay = crop(image, Rect(x: 2 * (16 + 375 * 2 + 24 * 2), y: 0, width: 2 * 375, height: Double(image.height) - 80))
        // The dashed red, drawn at 90% over the new tag's green: red well above green and blue.
        let red = overlay.pixels.withUnsafeBufferPointer { bytes in
            stride(from: 0, to: bytes.count, by: 4).count { Int(bytes[$0]) > 150 && Int(bytes[$0 + 1]) < 110 && Int(bytes[$0 + 2]) < 120 }
        }
        #expect(red > 40, "\(red) red pixels in the overlay")
    }

    @Test func withoutSelectionsTheCaptionAndLegendLeaveSelectionOut() throws {
        let engine = try TextEngine()
        let old = try snapshot(["篮球", "足球", "排球"], engine: engine)
        let new = try snapshot(["篮球", "棒球", "排球"], engine: engine)
        let diff = LayoutDiff(old: old, new: new)
        let picture = LayoutDiffImage(diff: diff, engine: engine)
        #expect(LayoutDiffImage.changeNote(diff) == "+0 −0 · 1 renamed · 0 moved · 0 resized · same height")
        #expect(picture.legend.map(\.label) == ["unchanged", "added", "removed", "renamed", "moved", "resized"])
        let image = try picture.image(scale: 1)
        #expect(count(image, near: pixel(LayoutDiffImage.Palette.light[.reselected].stroke)) == 0)
        #expect(count(image, near: pixel(Style.light.selectedBorder)) == 0)
    }

    @Test func veryTallLayoutsAreScaledToFitCairosLimits() throws {
        let engine = try TextEngine()
        let old = try snapshot((0..<3000).map { "tag \($0)" }, engine: engine)
        let new = try snapshot((1..<3000).map { "tag \($0)" }, engine: engine)
        let image = try LayoutDiffImage(diff: LayoutDiff(old: old, new: new), engine: engine).image(scale: 2)
        #expect(image.height <= Canvas.maxSide)
    }

    /// A tag inserted first moves every other tag: the overlay's arrows stay few, for the farthest tags that changed
    /// line, its caption wraps to its panel instead of running past it, and no old place is drawn with text.
    @Test func manyMovesKeepTheOverlayReadable() throws {
        let engine = try TextEngine()
        let texts = (1...24).map { "标签\($0)" }
        // A phone 240 pt wide, where the caption's counts do not fit on one line.
        let diff = LayoutDiff(old: try snapshot(texts, width: 240, engine: engine),
                              new: try snapshot(["一个很长的新标签"] + texts, selected: ["标签3"], width: 240, engine: engine))
        #expect(diff.moved.count >= 15)
        let arrowed = LayoutDiffImage.arrowed(diff.moved)
        #expect(arrowed.count == LayoutDiffImage.arrowsPerSection)
        for change in arrowed {
            let from = change.old!.frame!, to = change.new!.frame!
            #expect(change.old!.line != change.new!.line || abs(from.midX - to.midX) > 2 * to.width, "\(change.text)")
        }
        let picture = LayoutDiffImage(diff: diff, engine: engine)
        let fonts = try FontSet(engine: engine, family: "sans-serif", size: 14, style: .light)
        let caption = picture.overlayCaption(fonts: fonts)
        #expect(caption.count >= 2, "\(caption)")
        #expect(caption.joined(separator: " · ") == LayoutDiffImage.changeNote(diff))
        for line in caption { #expect(engine.measure(line, font: fonts.captionFont).width <= 240, "\(line)") }
        // The picture grows by the caption's extra lines.
        let same = try snapshot(texts, width: 240, engine: engine)
        let oneLine = LayoutDiffImage(diff: LayoutDiff(old: same, new: same), engine: engine)
        #expect(picture.size.height > oneLine.size.height)
    }
}
