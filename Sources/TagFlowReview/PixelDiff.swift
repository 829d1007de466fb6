import TagFlowImage

/// Compares two images pixel by pixel the way pixelmatch 5.x and 6.x do: a YIQ colour distance against a threshold,
/// translucent pixels blended over white, and anti-aliased pixels (found on each pixel's 3×3 neighbourhood) told apart
/// from real changes. With the default options the counts are pixelmatch 6.0's on its own test fixtures.
/// pixelmatch 7.x blends translucent pixels over a pattern of dark and light greys that varies from pixel to pixel (its
/// "checkerboard") instead, so its counts differ where pixels are translucent.
///
/// ``Options/detectEdgeShifts`` adds a test of tagflow's own that also takes edges moved by a fraction of a pixel as
/// anti-aliasing. It is off by default: tagflow draws deterministically, so such a move between two renders is a
/// change that review should see.
///
/// ```swift
/// let result = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: 0.1))
/// result.differentPixels   // changes, anti-aliasing not counted
/// result.image             // red changes, yellow anti-aliasing, the rest faded toward white
/// ```
public enum PixelDiff {
    /// What counts as a change, and whether to draw the difference image.
    public struct Options: Sendable, Equatable {
        /// 0 counts any change; 1 counts nothing. pixelmatch's default is 0.1.
        public var threshold: Double
        /// Count anti-aliased pixels as changes instead of reporting them apart.
        public var includeAntiAliasing: Bool
        /// Besides pixelmatch's test, take a pixel on an edge that moved by a fraction of a pixel as anti-aliasing
        /// (see ``PixelDiff/isEdgeShift(old:new:_:_:width:height:tolerance:)``). pixelmatch alone counts most of
        /// these on strokes a pixel or two wide, as text is. Off by default, so the counts are pixelmatch's; for
        /// comparing pictures from renderers that may place edges differently.
        public var detectEdgeShifts: Bool
        /// Pixels inside these are neither compared nor counted.
        public var ignore: [PixelRegion]
        /// Make the diff image (it costs a pass over every pixel).
        public var makeImage: Bool
        /// How much of the old image shows in unchanged pixels of the diff image: 0 is white, 1 the full grey.
        public var fade: Double

        public init(threshold: Double = 0.1, includeAntiAliasing: Bool = false, detectEdgeShifts: Bool = false,
                    ignore: [PixelRegion] = [], makeImage: Bool = true, fade: Double = 0.1) {
            self.threshold = threshold
            self.includeAntiAliasing = includeAntiAliasing
            self.detectEdgeShifts = detectEdgeShifts
            self.ignore = ignore
            self.makeImage = makeImage
            self.fade = fade
        }
    }

    /// What a comparison found: the sizes, the counts of changed, anti-aliased and ignored pixels, and the
    /// difference image when asked for.
    public struct Result: Sendable, Equatable {
        public var oldWidth: Int
        public var oldHeight: Int
        public var newWidth: Int
        public var newHeight: Int
        /// The decoded pixels are exactly equal (and so are the sizes).
        public var identical: Bool
        /// Changes above the threshold; with a size change, also every pixel only one image covers.
        public var differentPixels: Int
        /// Above the threshold but anti-aliasing; 0 with `includeAntiAliasing`.
        public var antiAliasedPixels: Int
        /// Pixels inside the ignored regions.
        public var ignoredPixels: Int
        /// Every pixel either image covers, less the ignored ones.
        public var comparedPixels: Int
        /// Red changes, yellow anti-aliasing, ignored regions tinted blue and the rest faded toward white;
        /// as large as both images together. `nil` unless `makeImage`.
        public var image: RGBAImage?

        public var sizeChanged: Bool { oldWidth != newWidth || oldHeight != newHeight }
        /// `differentPixels / comparedPixels`, 0 when nothing was compared.
        public var ratio: Double { comparedPixels == 0 ? 0 : Double(differentPixels) / Double(comparedPixels) }

        public static func == (lhs: Result, rhs: Result) -> Bool {
            (lhs.oldWidth, lhs.oldHeight, lhs.newWidth, lhs.newHeight, lhs.identical)
                == (rhs.oldWidth, rhs.oldHeight, rhs.newWidth, rhs.newHeight, rhs.identical)
                && (lhs.differentPixels, lhs.antiAliasedPixels, lhs.ignoredPixels, lhs.comparedPixels)
                == (rhs.differentPixels, rhs.antiAliasedPixels, rhs.ignoredPixels, rhs.comparedPixels)
                && lhs.image == rhs.image
        }
    }

    /// How much difference still passes, as Playwright's `maxDiffPixels` and `maxDiffPixelRatio`: with both,
    /// both must hold. A size change never passes.
    public struct Tolerance: Sendable, Equatable {
        public var maxDiffPixels: Int?
        /// A fraction of the compared pixels, 0…1.
        public var maxDiffRatio: Double?

        public init(maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
            self.maxDiffPixels = maxDiffPixels
            self.maxDiffRatio = maxDiffRatio
        }

        /// Whether `result` is within this tolerance.
        public func accepts(_ result: Result) -> Bool {
            if result.sizeChanged { return false }
            var allowed = 0.0
            switch (maxDiffPixels, maxDiffRatio) {
            case let (pixels?, ratio?): allowed = min(Double(pixels), ratio * Double(result.comparedPixels))
            case let (pixels?, nil): allowed = Double(pixels)
            case let (nil, ratio?): allowed = ratio * Double(result.comparedPixels)
            case (nil, nil): allowed = 0
            }
            return Double(result.differentPixels) <= allowed
        }
    }

    /// pixelmatch's largest possible YIQ distance; the threshold scales it.
    static let maxYIQDelta = 35215.0

    static let changeColour = Colour(0xff0000)
    static let antiAliasingColour = Colour(0xffff00)

    /// Compares `old` with `new`. Images of different sizes are compared where they overlap.
    ///
    /// - Complexity: O(*w* × *h*) for the larger width and height.
    public static func compare(_ old: RGBAImage, _ new: RGBAImage, options: Options = Options()) -> Result {
        let width = max(old.width, new.width), height = max(old.height, new.height)
        var (result, ignoreMask) = uncounted(old: (old.width, old.height), new: (new.width, new.height),
                                             options: options)
        result.identical = !result.sizeChanged && old == new

        var output: [UInt8]? = options.makeImage ? [UInt8](repeating: 255, count: width * height * 4) : nil
        let counts = compareOverlap(old, new, identical: result.identical, options: options, ignore: ignoreMask,
                                    output: &output)
        result.differentPixels = counts.different
        result.antiAliasedPixels = counts.antiAliased
        if result.sizeChanged {
            result.differentPixels += markUncovered(old, new, options: options, ignore: ignoreMask, output: &output)
        }
        if let output { result.image = RGBAImage(unchecked: width, height, output) }
        return result
    }

    /// The changed and anti-aliased pixels where `old` and `new` overlap, drawn into `output` (as wide as the wider
    /// image) when there is one; identical images, with nothing ignored, are only faded into it.
    private static func compareOverlap(_ old: RGBAImage, _ new: RGBAImage, identical: Bool, options: Options,
                                       ignore ignoreMask: IgnoreMask?,
                                       output: inout [UInt8]?) -> (different: Int, antiAliased: Int) {
        let width = max(old.width, new.width)
        let overlapWidth = min(old.width, new.width), overlapHeight = min(old.height, new.height)
        if overlapWidth == 0 || overlapHeight == 0 { return (0, 0) }
        if identical && ignoreMask == nil {
            if output != nil {
                output!.withUnsafeMutableBufferPointer { out in
                    old.pixels.withUnsafeBufferPointer {
                        fadeRows(0..<old.height, of: $0.baseAddress!, stride: old.width, width: old.width,
                                 into: out.baseAddress!, outputStride: width, fade: options.fade)
                    }
                }
            }
            return (0, 0)
        }
        return old.pixels.withUnsafeBufferPointer { oldBytes in
            new.pixels.withUnsafeBufferPointer { newBytes in
                let job = Job(old: View(oldBytes.baseAddress!, stride: old.width),
                              new: View(newBytes.baseAddress!, stride: new.width),
                              width: overlapWidth, height: overlapHeight, outputStride: width,
                              maxDelta: maxYIQDelta * options.threshold * options.threshold,
                              includeAntiAliasing: options.includeAntiAliasing,
                              detectEdgeShifts: options.detectEdgeShifts,
                              fade: options.fade, ignore: ignoreMask)
                if output != nil {
                    return output!.withUnsafeMutableBufferPointer { job.run(output: $0.baseAddress!) }
                }
                return job.run(output: nil)
            }
        }
    }

    /// Of images of different sizes, the pixels only one covers, which are changes: counted, and drawn into
    /// `output` as changes, or tinted where ignored. A corner neither covers stays white.
    private static func markUncovered(_ old: RGBAImage, _ new: RGBAImage, options: Options,
                                      ignore ignoreMask: IgnoreMask?, output: inout [UInt8]?) -> Int {
        let width = max(old.width, new.width), height = max(old.height, new.height)
        let overlapWidth = min(old.width, new.width), overlapHeight = min(old.height, new.height)
        var different = 0
        for y in 0..<height {
            for x in 0..<width where x >= overlapWidth || y >= overlapHeight {
                let inOld = x < old.width && y < old.height, inNew = x < new.width && y < new.height
                guard inOld != inNew else { continue }
                if ignoreMask?.contains(x, y) == true {
                    output?.withUnsafeMutableBufferPointer { out in
                        let source = inOld ? old[x, y] : new[x, y]
                        IgnoreMask.tint(source, fade: options.fade, into: out.baseAddress! + (y * width + x) * 4)
                    }
                    continue
                }
                different += 1
                output?.withUnsafeMutableBufferPointer {
                    put(changeColour, into: $0.baseAddress! + (y * width + x) * 4)
                }
            }
        }
        return different
    }

    /// Compares the PNG `old` with `new`, as ``compare(_:_:options:)`` compares its pixels. When `old` is tagflow's
    /// own kind of PNG holding exactly `new`'s pixels, as an unchanged golden does, that is read off its rows
    /// without decoding it whole; no difference image is made then, as none has anything to show.
    public static func compare(png old: [UInt8], _ new: RGBAImage,
                               options: Options = Options()) throws(PNGError) -> Result {
        if !options.makeImage, PNGDecoder().holdsExactly(new, in: old) {
            return identical(width: new.width, height: new.height, options: options)
        }
        return compare(try PNGDecoder().decode(old), new, options: options)
    }

    /// The result of comparing two pictures of `width`×`height` pixels known to be identical, under `options`.
    public static func identical(width: Int, height: Int, options: Options = Options()) -> Result {
        var (result, _) = uncounted(old: (width, height), new: (width, height), options: options)
        result.identical = true
        return result
    }

    /// A comparison's sizes and the pixels it covers and ignores, before any is compared; and the ignored regions.
    private static func uncounted(old: (width: Int, height: Int), new: (width: Int, height: Int),
                                  options: Options) -> (Result, IgnoreMask?) {
        var result = Result(oldWidth: old.width, oldHeight: old.height, newWidth: new.width, newHeight: new.height,
                            identical: false, differentPixels: 0, antiAliasedPixels: 0, ignoredPixels: 0,
                            comparedPixels: 0)
        let ignoreMask = IgnoreMask(options.ignore, width: max(old.width, new.width),
                                    height: max(old.height, new.height))
        result.ignoredPixels = ignoreMask?.countCovered(old: old, new: new) ?? 0
        let covered = old.width * old.height + new.width * new.height
            - min(old.width, new.width) * min(old.height, new.height)
        result.comparedPixels = covered - result.ignoredPixels
        return (result, ignoreMask)
    }

    /// One image's pixels: bytes for colour and 32-bit words for quick equality, `stride` pixels a row.
    struct View: @unchecked Sendable {
        // @unchecked: read-only for the whole comparison; the arrays behind it outlive it.
        let bytes: UnsafePointer<UInt8>
        let words: UnsafeRawPointer
        let stride: Int

        init(_ bytes: UnsafePointer<UInt8>, stride: Int) {
            self.bytes = bytes
            self.words = UnsafeRawPointer(bytes)
            self.stride = stride
        }

        @inline(__always) func word(_ x: Int, _ y: Int) -> UInt32 {
            words.loadUnaligned(fromByteOffset: (y * stride + x) * 4, as: UInt32.self)
        }

        @inline(__always) func offset(_ x: Int, _ y: Int) -> Int { (y * stride + x) * 4 }
    }

    /// The comparison of the overlap, split into bands of rows that run in parallel.
    struct Job: @unchecked Sendable {
        // @unchecked: bands write disjoint rows of the output and only read the inputs.
        let old: View
        let new: View
        let width: Int
        let height: Int
        let outputStride: Int
        let maxDelta: Double
        let includeAntiAliasing: Bool
        let detectEdgeShifts: Bool
        let fade: Double
        let ignore: IgnoreMask?

        func run(output: UnsafeMutablePointer<UInt8>?) -> (different: Int, antiAliased: Int) {
            guard width > 0, height > 0 else { return (0, 0) }
            let bandHeight = 64
            let bands = (height + bandHeight - 1) / bandHeight
            let sendableOutput = OutputPointer(pointer: output)
            let tallies = resultsByIndex(count: bands) { band in
                compareRows(band * bandHeight..<min(height, (band + 1) * bandHeight), output: sendableOutput.pointer)
            }
            return tallies.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }

        func compareRows(_ rows: Range<Int>, output: UnsafeMutablePointer<UInt8>?) -> (Int, Int) {
            var different = 0, antiAliased = 0
            for y in rows {
                for x in 0..<width {
                    let out = output.map { $0 + (y * outputStride + x) * 4 }
                    if let ignore, ignore.contains(x, y) {
                        if let out { IgnoreMask.tint(old.bytes + old.offset(x, y), fade: fade, into: out) }
                        continue
                    }
                    let same = old.word(x, y) == new.word(x, y)
                    let delta = same
                        ? 0
                        : PixelDiff.colourDelta(old.bytes, old.offset(x, y), new.bytes, new.offset(x, y),
                                                brightnessOnly: false)
                    if abs(delta) > maxDelta {
                        var isAntiAliased = false
                        if !includeAntiAliasing {
                            // A pixel flat around in an image is no anti-aliasing there; flat in both, it is a plain
                            // change. Checking that first keeps a wholly different picture cheap.
                            let oldFlat = PixelDiff.isFlat(old, x, y, width: width, height: height)
                            let newFlat = PixelDiff.isFlat(new, x, y, width: width, height: height)
                            isAntiAliased = !(oldFlat && newFlat)
                                && (!oldFlat
                                        && PixelDiff.isAntiAliased(old, x, y, width: width, height: height, other: new)
                                    || !newFlat
                                        && PixelDiff.isAntiAliased(new, x, y, width: width, height: height, other: old)
                                    || detectEdgeShifts && !oldFlat && !newFlat
                                        && PixelDiff.isEdgeShift(
                                            old: old, new: new, x, y, width: width, height: height,
                                            tolerance: max(maxDelta, PixelDiff.minimumShiftTolerance)))
                        }
                        if isAntiAliased {
                            antiAliased += 1
                            if let out { put(antiAliasingColour, into: out) }
                        } else {
                            different += 1
                            if let out { put(changeColour, into: out) }
                        }
                    } else if let out {
                        fadePixel(old.bytes + old.offset(x, y), fade: fade, into: out)
                    }
                }
            }
            return (different, antiAliased)
        }
    }

    private struct OutputPointer: @unchecked Sendable { let pointer: UnsafeMutablePointer<UInt8>? }

    /// pixelmatch's `colorDelta`: the squared YIQ distance (Kotsarenko and Ramos, 2010), negative when the second
    /// pixel is darker; with `brightnessOnly`, the first pixel's Y less the second's. Translucent pixels are blended
    /// over white first.
    @inline(__always)
    static func colourDelta(_ a: UnsafePointer<UInt8>, _ k: Int, _ b: UnsafePointer<UInt8>, _ m: Int,
                            brightnessOnly: Bool) -> Double {
        if a[k] == b[m], a[k + 1] == b[m + 1], a[k + 2] == b[m + 2], a[k + 3] == b[m + 3] { return 0 }
        let first = overWhite(a + k), second = overWhite(b + m)
        if brightnessOnly { return luma(first.r, first.g, first.b) - luma(second.r, second.g, second.b) }
        return yiqDelta(first, second)
    }

    /// An opaque colour as doubles, for blending.
    typealias Colour3 = (r: Double, g: Double, b: Double)

    /// The pixel as it shows over white, as pixelmatch blends translucent pixels.
    @inline(__always)
    static func overWhite(_ pixel: UnsafePointer<UInt8>) -> Colour3 {
        let r = Double(pixel[0]), g = Double(pixel[1]), b = Double(pixel[2])
        guard pixel[3] < 255 else { return (r, g, b) }
        let alpha = Double(pixel[3]) / 255
        return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
    }

    /// The signed squared YIQ distance of two opaque colours: negative when the second is darker.
    @inline(__always)
    static func yiqDelta(_ first: Colour3, _ second: Colour3) -> Double {
        let y1 = luma(first.r, first.g, first.b), y2 = luma(second.r, second.g, second.b)
        let y = y1 - y2
        let dr = first.r - second.r, dg = first.g - second.g, db = first.b - second.b
        let i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    @inline(__always)
    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// pixelmatch's `antialiased` (after Vyšniauskas, 2009): the pixel has both darker and lighter neighbours,
    /// no more than two equal ones, and its darkest or lightest neighbour sits in a flat area in both images.
    static func isAntiAliased(_ image: View, _ x1: Int, _ y1: Int, width: Int, height: Int, other: View) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let centre = image.offset(x1, y1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = colourDelta(image.bytes, centre, image.bytes, image.offset(x, y), brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY, width: width, height: height)
                && hasManySiblings(other, minX, minY, width: width, height: height))
            || (hasManySiblings(image, maxX, maxY, width: width, height: height)
                    && hasManySiblings(other, maxX, maxY, width: width, height: height))
    }

    /// Three or more of the pixel's neighbours have exactly its colour.
    static func hasManySiblings(_ image: View, _ x1: Int, _ y1: Int, width: Int, height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = image.word(x1, y1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if image.word(x, y) == value {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }

    /// The least colour distance allowed between a pixel and the blend that explains it as an edge shift, so 8-bit
    /// rounding never decides: 5% of the largest YIQ distance.
    static let minimumShiftTolerance = maxYIQDelta * 0.05 * 0.05

    /// An edge moved by a fraction of a pixel across this pixel. Resampling an edge shifted by `s` along a direction
    /// `d` gives, roughly, `new(p) = (1 − s)·old(p) + s·old(p − d)` and
    /// `old(p) = (1 − s)·new(p) + s·new(p + d)`. So the pixel passes when, along one of the four directions of its
    /// 3×3 neighbourhood and one sense, its new colour is a blend of its old colour and the old colour behind it,
    /// its old colour a blend of its new colour and the new colour ahead, each within `tolerance` (a YIQ
    /// distance), and at least one blend strictly between its ends: a whole-pixel move (a stroke a pixel wider, a
    /// dot added beside a line) is a change, not a shift.
    static func isEdgeShift(old: View, new: View, _ x: Int, _ y: Int, width: Int, height: Int,
                            tolerance: Double) -> Bool {
        // A shift leaves a flat neighbourhood flat, so a changed pixel flat around in either image moved no edge.
        // This cheap test settles most pixels of a wholly different picture.
        if isFlat(old, x, y, width: width, height: height) || isFlat(new, x, y, width: width, height: height) {
            return false
        }
        let here = (old: overWhite(old.bytes + old.offset(x, y)), new: overWhite(new.bytes + new.offset(x, y)))
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for sense in [1, -1] {
                let behindX = x - sense * dx, behindY = y - sense * dy
                let aheadX = x + sense * dx, aheadY = y + sense * dy
                guard behindX >= 0, behindX < width, behindY >= 0, behindY < height,
                      aheadX >= 0, aheadX < width, aheadY >= 0, aheadY < height else { continue }
                let behind = overWhite(old.bytes + old.offset(behindX, behindY))
                let ahead = overWhite(new.bytes + new.offset(aheadX, aheadY))
                let forward = blend(here.new, between: here.old, and: behind)
                guard abs(forward.residual) <= tolerance else { continue }
                let backward = blend(here.old, between: here.new, and: ahead)
                guard abs(backward.residual) <= tolerance else { continue }
                if forward.isStrictlyBetween || backward.isStrictlyBetween { return true }
            }
            if isThinStrokeShift(old: old, new: new, x, y, dx, dy, width: width, height: height, tolerance: tolerance) {
                return true
            }
        }
        return false
    }

    /// A stroke thinner than two pixels that moved by a fraction of one: blending cannot explain it (a 1.3-pixel stroke
    /// spread over two pixels gathers into one), but the three pixels through the centre along `(dx, dy)` hold the
    /// same colour in sum, as a shift inside them keeps it, and the new three are not the old three moved by a whole
    /// pixel.
    static func isThinStrokeShift(old: View, new: View, _ x: Int, _ y: Int, _ dx: Int, _ dy: Int, width: Int,
                                  height: Int, tolerance: Double) -> Bool {
        let x0 = x - dx, y0 = y - dy, x2 = x + dx, y2 = y + dy
        guard x0 >= 0, x0 < width, y0 >= 0, y0 < height, x2 >= 0, x2 < width, y2 >= 0, y2 < height else { return false }
        let before = (overWhite(old.bytes + old.offset(x0, y0)), overWhite(old.bytes + old.offset(x, y)),
                      overWhite(old.bytes + old.offset(x2, y2)))
        let after = (overWhite(new.bytes + new.offset(x0, y0)), overWhite(new.bytes + new.offset(x, y)),
                     overWhite(new.bytes + new.offset(x2, y2)))
        func mean(_ c: (Colour3, Colour3, Colour3)) -> Colour3 {
            ((c.0.r + c.1.r + c.2.r) / 3, (c.0.g + c.1.g + c.2.g) / 3, (c.0.b + c.1.b + c.2.b) / 3)
        }
        guard abs(yiqDelta(mean(before), mean(after))) <= tolerance else { return false }
        func same(_ a: Colour3, _ b: Colour3) -> Bool { abs(yiqDelta(a, b)) <= tolerance }
        let movedForward = same(after.1, before.0) && same(after.2, before.1)
        let movedBackward = same(after.1, before.2) && same(after.0, before.1)
        return !movedForward && !movedBackward
    }

    /// Every neighbour of the pixel has exactly its colour.
    @inline(__always)
    static func isFlat(_ image: View, _ x: Int, _ y: Int, width: Int, height: Int) -> Bool {
        let value = image.word(x, y)
        if x > 0, y > 0, x < width - 1, y < height - 1 {
            // The usual case, unrolled: rows above and below, then the two beside.
            return image.word(x - 1, y - 1) == value && image.word(x, y - 1) == value
                && image.word(x + 1, y - 1) == value
                && image.word(x - 1, y + 1) == value && image.word(x, y + 1) == value
                    && image.word(x + 1, y + 1) == value
                && image.word(x - 1, y) == value && image.word(x + 1, y) == value
        }
        for ny in max(y - 1, 0)...min(y + 1, height - 1) {
            for nx in max(x - 1, 0)...min(x + 1, width - 1) where image.word(nx, ny) != value { return false }
        }
        return true
    }

    /// The blend of `start` and `end` closest to `colour` (the fraction `t` of `end`, clamped to 0…1), and how far
    /// `colour` is from it.
    @inline(__always)
    static func blend(_ colour: Colour3, between start: Colour3,
                      and end: Colour3) -> (residual: Double, isStrictlyBetween: Bool) {
        let span = (r: end.r - start.r, g: end.g - start.g, b: end.b - start.b)
        let length = span.r * span.r + span.g * span.g + span.b * span.b
        guard length > 0 else { return (yiqDelta(colour, start), false) }
        let t = max(0, min(1, ((colour.r - start.r) * span.r + (colour.g - start.g) * span.g
                               + (colour.b - start.b) * span.b) / length))
        let mixed = (r: start.r + t * span.r, g: start.g + t * span.g, b: start.b + t * span.b)
        // Strictly between: a few levels away from both ends, not a rounding of either.
        let margin = 3 / length.squareRoot()
        return (yiqDelta(colour, mixed), t > margin && t < 1 - margin)
    }

    @inline(__always)
    static func put(_ pixel: Colour, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = pixel.red; out[1] = pixel.green; out[2] = pixel.blue; out[3] = 255
    }

    /// The pixel's brightness, blended toward white: pixelmatch's `drawGrayPixel`.
    @inline(__always)
    static func fadePixel(_ source: UnsafePointer<UInt8>, fade: Double, into out: UnsafeMutablePointer<UInt8>) {
        let y = luma(Double(source[0]), Double(source[1]), Double(source[2]))
        let value = UInt8(max(0, min(255, 255 + (y - 255) * fade * Double(source[3]) / 255)))
        out[0] = value; out[1] = value; out[2] = value; out[3] = 255
    }

    static func fadeRows(_ rows: Range<Int>, of source: UnsafePointer<UInt8>, stride: Int, width: Int,
                         into output: UnsafeMutablePointer<UInt8>, outputStride: Int, fade: Double) {
        for y in rows {
            for x in 0..<width {
                fadePixel(source + (y * stride + x) * 4, fade: fade, into: output + (y * outputStride + x) * 4)
            }
        }
    }
}
