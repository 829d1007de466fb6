import Testing
@testable import TagFlowReview
import TagFlowRender
import TagFlowImage

/// Pictures for the pixel-diff tests, in one namespace so they cannot clash with other test files.
enum PixelDiffFixtures {
    static let white = Colour(red: 255, green: 255, blue: 255)
    static let black = Colour(red: 0, green: 0, blue: 0)

    /// A flat white image with a black square, so changes land in flat areas, far from edges.
    static func canvas(width: Int = 40, height: Int = 30) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: white)
        image.fill(x: 5, y: 5, width: 10, height: 10, with: black)
        return image
    }

    /// Text drawn by cairo as filled outlines, so a fractional `x` really moves it by a fraction of a pixel
    /// (cairo 1.16 rounds positions of glyphs shown with `cairo_show_text` to whole pixels).
    static func text(_ text: String, x: Double, size: Double = 28, width: Int = 400, height: Int? = nil,
                     family: String = "DejaVu Sans") -> RGBAImage {
        let height = height ?? Int(size * 2)
        let surface = try! CairoSurface.image(width: width, height: height)
        let context = try! CairoContext(surface: surface)
        context.setSource(red: 1, green: 1, blue: 1, alpha: 1)
        context.rectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        context.fill()
        context.moveTo(x: x, y: Double(height) * 0.72)
        context.appendToyTextPath(text, family: family, size: size)
        context.setSource(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        context.fill()
        try! context.check()
        return try! surface.withPixels { data, stride in
            try! RGBAImage.fromPremultipliedARGB32(data: data, width: width, height: height, stride: stride)
        }
    }
}

@Suite struct PixelDiffTests {
    typealias F = PixelDiffFixtures

    @Test func identicalImagesTakeTheFastPathAndFadeTowardWhite() {
        let image = F.canvas()
        let result = PixelDiff.compare(image, image)
        #expect(result.identical)
        #expect(result.differentPixels == 0 && result.antiAliasedPixels == 0)
        #expect(result.comparedPixels == 40 * 30)
        let diff = try! #require(result.image)
        // White stays white; black fades to 255 - 255 × 0.1 = 229.5.
        #expect(diff[0, 0] == F.white)
        #expect(diff[7, 7] == Colour(red: 229, green: 229, blue: 229))
    }

    /// A golden PNG against a picture gives what its decoded pixels give: the same counts, ignored regions
    /// included, whether the rows are read straight against the picture (identical) or decoded and compared.
    @Test(arguments: [false, true])
    func aGoldenPNGComparesAsItsPixels(changed: Bool) throws {
        let old = F.canvas(width: 120, height: 90)
        var new = old
        if changed { new.fill(x: 60, y: 40, width: 3, height: 2, with: F.black) }
        let png = try PNGEncoder().encode(old)
        for ignore in [[], [PixelRegion(x: 0, y: 0, width: 20, height: 10)]] {
            let options = PixelDiff.Options(ignore: ignore, makeImage: false)
            let fromPNG = try PixelDiff.compare(png: png, new, options: options)
            #expect(fromPNG == PixelDiff.compare(old, new, options: options))
            #expect(fromPNG.identical == !changed)
        }
        #expect(try PixelDiff.compare(png: png, new).image != nil, "asked for, the difference image is made")
        #expect(throws: PNGError.self) { try PixelDiff.compare(png: Array(png.prefix(40)), new) }
    }

    @Test func aChangedPixelInAFlatAreaIsAChangeDrawnRed() {
        let old = F.canvas()
        var new = old
        new[30, 20] = F.black
        let result = PixelDiff.compare(old, new)
        #expect(!result.identical)
        #expect(result.differentPixels == 1)
        #expect(result.antiAliasedPixels == 0)
        #expect(result.image?[30, 20] == Colour(red: 255, green: 0, blue: 0))
        #expect(result.image?[31, 20] == F.white)
    }

    @Test func theThresholdDecidesWhatCounts() {
        let old = F.canvas()
        var new = old
        new.fill(x: 20, y: 0, width: 10, height: 10, with: Colour(red: 245, green: 245, blue: 245))
        // A 10-level step in grey is far below the default threshold…
        #expect(PixelDiff.compare(old, new).differentPixels == 0)
        #expect(!PixelDiff.compare(old, new).identical)
        // …and counts at threshold 0, where any change does.
        #expect(PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: 0)).differentPixels == 100)
    }

    @Test func colourDeltaMatchesPixelmatch() {
        let black: [UInt8] = [0, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255], red: [UInt8] = [255, 0, 0, 255]
        func delta(_ a: [UInt8], _ b: [UInt8], brightness: Bool = false) -> Double {
            a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in
                PixelDiff.colourDelta(x.baseAddress!, 0, y.baseAddress!, 0, brightnessOnly: brightness)
            } }
        }
        #expect(delta(black, black) == 0)
        // Black to white: only Y differs, 255² × 0.5053; positive because the new pixel is lighter.
        #expect(abs(delta(black, white) - 32857.1) < 0.1)
        #expect(delta(white, black) < 0)
        #expect(abs(delta(white, black, brightness: true) - 255) < 1e-4)
        #expect(delta(white, red) < 0)
        // Fully transparent pixels blend to white.
        #expect(delta([0, 0, 0, 0], white) == 0)
    }

    @Test func ignoredRegionsAreNeitherComparedNorCounted() {
        let old = F.canvas()
        var new = old
        new[30, 20] = F.black
        new[2, 25] = F.black
        let options = PixelDiff.Options(ignore: [PixelRegion(x: 28, y: 18, width: 5, height: 5)])
        let result = PixelDiff.compare(old, new, options: options)
        #expect(result.differentPixels == 1)
        #expect(result.ignoredPixels == 25)
        #expect(result.comparedPixels == 40 * 30 - 25)
        // Ignored pixels are tinted blue in the diff image.
        let tinted = try! #require(result.image?[30, 20])
        #expect(tinted.blue > tinted.red)
    }

    @Test func imagesOfDifferentSizesAreASizeChange() {
        let old = F.canvas(width: 40, height: 30), new = F.canvas(width: 40, height: 32)
        let result = PixelDiff.compare(old, new)
        #expect(result.sizeChanged)
        #expect(!result.identical)
        #expect(result.differentPixels == 40 * 2)
        #expect(result.image?.width == 40 && result.image?.height == 32)
        #expect(result.image?[0, 31] == Colour(red: 255, green: 0, blue: 0))
        #expect(!PixelDiff.Tolerance(maxDiffPixels: 1000).accepts(result))
    }

    @Test func anEmptyImageAgainstAnotherIsASizeChange() {
        let result = PixelDiff.compare(RGBAImage(width: 0, height: 0), F.canvas(width: 4, height: 3))
        #expect(result.sizeChanged)
        #expect(result.differentPixels == 12)
        #expect(PixelDiff.compare(RGBAImage(width: 0, height: 0), RGBAImage(width: 0, height: 0)).identical)
    }

    @Test func toleranceWorksLikePlaywright() {
        let old = F.canvas()
        var new = old
        new.fill(x: 20, y: 20, width: 4, height: 3, with: F.black)
        let result = PixelDiff.compare(old, new, options: PixelDiff.Options(makeImage: false))
        #expect(result.differentPixels == 12)
        #expect(result.image == nil)
        #expect(!PixelDiff.Tolerance().accepts(result))
        #expect(PixelDiff.Tolerance(maxDiffPixels: 12).accepts(result))
        #expect(!PixelDiff.Tolerance(maxDiffPixels: 11).accepts(result))
        #expect(PixelDiff.Tolerance(maxDiffRatio: 0.01).accepts(result))
        #expect(!PixelDiff.Tolerance(maxDiffRatio: 0.009).accepts(result))
        // With both, both must hold.
        #expect(!PixelDiff.Tolerance(maxDiffPixels: 100, maxDiffRatio: 0.009).accepts(result))
    }

    /// Edge-shift detection on, as for pictures from renderers that may place edges differently.
    static let edgeShifts = PixelDiff.Options(detectEdgeShifts: true)

    @Test(arguments: [("DejaVu Sans", 14.0), ("DejaVu Sans", 28), ("WenQuanYi Zen Hei", 14), ("WenQuanYi Zen Hei", 28)])
    func withEdgeShiftsTextShiftedByASubpixelIsAntiAliasingNotAChange(family: String, size: Double) {
        let old = F.text("Tagflow 篮球 Hello", x: 10, size: size, family: family)
        for shift in [0.25, 0.5] {
            let new = F.text("Tagflow 篮球 Hello", x: 10 + shift, size: size, family: family)
            let result = PixelDiff.compare(old, new, options: Self.edgeShifts)
            #expect(!result.identical)
            #expect(result.differentPixels == 0, "shift \(shift): \(result.differentPixels) pixels counted as changes")
            #expect(result.antiAliasedPixels > 50, "shift \(shift)")
            // Yellow marks anti-aliasing in the diff image.
            #expect(result.image!.pixels.withUnsafeBufferPointer { bytes in
                stride(from: 0, to: bytes.count, by: 4).contains { bytes[$0] == 255 && bytes[$0 + 1] == 255 && bytes[$0 + 2] == 0 }
            })
            // Counted when asked to.
            let counted = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: 0, includeAntiAliasing: true))
            #expect(counted.differentPixels >= result.antiAliasedPixels)
            #expect(counted.antiAliasedPixels == 0)
        }
    }

    @Test func theDefaultsCountASubpixelShiftOfThinStrokesAsPixelmatchDoes() {
        let old = F.text("Tagflow Hello", x: 10, size: 14), new = F.text("Tagflow Hello", x: 10.5, size: 14)
        #expect(!PixelDiff.Options().detectEdgeShifts)
        #expect(PixelDiff.compare(old, new).differentPixels > 50)
        #expect(PixelDiff.compare(old, new, options: Self.edgeShifts).differentPixels == 0)
    }

    @Test(arguments: [PixelDiff.Options(), edgeShifts]) func differentTextIsAChange(options: PixelDiff.Options) {
        for size in [14.0, 28] {
            let old = F.text("Tagflow 0123", x: 10, size: size), new = F.text("Tagflaw 0124", x: 10, size: size)
            #expect(PixelDiff.compare(old, new, options: options).differentPixels > 10, "size \(size)")
        }
    }

    @Test(arguments: [PixelDiff.Options(), edgeShifts]) func aLineMovedByAWholePixelIsAChange(options: PixelDiff.Options) {
        var old = RGBAImage(width: 20, height: 10, fill: F.white)
        var new = old
        old.fill(x: 8, y: 0, width: 1, height: 10, with: F.black)
        new.fill(x: 9, y: 0, width: 1, height: 10, with: F.black)
        let result = PixelDiff.compare(old, new, options: options)
        #expect(result.differentPixels == 20)
        #expect(result.antiAliasedPixels == 0)
    }

    @Test(arguments: [PixelDiff.Options(), edgeShifts]) func aColourChangeOfTextIsAChange(options: PixelDiff.Options) {
        var old = F.text("Tagflow", x: 10, size: 14)
        var new = old
        // Recolour the grey text orange, keeping each pixel's coverage.
        for i in stride(from: 0, to: new.pixels.count, by: 4) where new.pixels[i] < 250 {
            let coverage = Double(255 - Int(new.pixels[i])) / (255 - 51)
            new.pixels[i + 1] = UInt8(255 - coverage * (255 - 180))
            new.pixels[i + 2] = UInt8(255 - coverage * 255)
        }
        old[0, 0] = F.white
        #expect(PixelDiff.compare(old, new, options: options).differentPixels > 30)
    }

    @Test func largeImagesSplitIntoBandsCountTheSameAsOneBand() {
        // 300 rows run as several parallel bands; the count must not depend on how rows were split.
        var old = RGBAImage(width: 120, height: 300, fill: F.white)
        var new = old
        var expected = 0
        for y in stride(from: 3, to: 300, by: 7) {
            for x in stride(from: 3, to: 120, by: 11) {
                new[x, y] = F.black
                expected += 1
            }
        }
        old[0, 0] = F.white
        let result = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: 0, includeAntiAliasing: true))
        #expect(result.differentPixels == expected)
    }
}
