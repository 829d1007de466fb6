import TagFlowImage

/// Which pixels the ignore regions cover, one byte each, over the whole output area.
struct IgnoreMask: @unchecked Sendable {
    // @unchecked: built once, then only read.
    private let mask: [Bool]
    private let width: Int

    init?(_ regions: [PixelRegion], width: Int, height: Int) {
        guard !regions.isEmpty, width > 0, height > 0 else { return nil }
        var mask = [Bool](repeating: false, count: width * height)
        for region in regions {
            let x0 = max(0, region.x), y0 = max(0, region.y)
            let x1 = min(width, region.x + region.width), y1 = min(height, region.y + region.height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 { mask[y * width + x] = true }
            }
        }
        self.mask = mask
        self.width = width
    }

    @inline(__always) func contains(_ x: Int, _ y: Int) -> Bool { mask[y * width + x] }

    /// Ignored pixels that either image covers.
    func countCovered(old: (width: Int, height: Int), new: (width: Int, height: Int)) -> Int {
        var covered = 0
        for (index, ignored) in mask.enumerated() where ignored {
            let x = index % width, y = index / width
            if (x < old.width && y < old.height) || (x < new.width && y < new.height) { covered += 1 }
        }
        return covered
    }

    /// Ignored pixels show faded and tinted blue, so the regions are visible in the diff image.
    @inline(__always)
    static func tint(_ source: UnsafePointer<UInt8>, fade: Double, into out: UnsafeMutablePointer<UInt8>) {
        PixelDiff.fadePixel(source, fade: fade, into: out)
        out[0] = UInt8(Double(out[0]) * 0.78)
        out[1] = UInt8(Double(out[1]) * 0.86)
    }

    static func tint(_ pixel: Colour, fade: Double, into out: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: (pixel.red, pixel.green, pixel.blue, pixel.alpha)) { raw in
            tint(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), fade: fade, into: out)
        }
    }
}
