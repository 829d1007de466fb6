import Foundation
import Testing
import TagFlowImage
@testable import TagFlowReview

/// pixelmatch's own test pictures (Fixtures/pixelmatch, from mapbox/pixelmatch v6.0.0, ISC licence) and the counts its
/// test file expects of them: the default options must count exactly what pixelmatch counts.
@Suite struct PixelmatchFixtureTests {
    /// One `diffTest` line of pixelmatch 6.0.0's test/test.js: the pair, the threshold, and the expected count.
    struct Case: CustomTestStringConvertible, Sendable {
        var old: String
        var new: String
        var threshold: Double
        var differentPixels: Int
        /// pixelmatch's diff image for the pair, when it was drawn with the default colours and fade.
        var diffImage: String?

        var testDescription: String { "\(old)/\(new)" }
    }

    static let cases = [
        Case(old: "1a", new: "1b", threshold: 0.05, differentPixels: 143, diffImage: "1diff"),
        Case(old: "2a", new: "2b", threshold: 0.05, differentPixels: 12437),
        Case(old: "3a", new: "3b", threshold: 0.05, differentPixels: 212, diffImage: "3diff"),
        Case(old: "4a", new: "4b", threshold: 0.05, differentPixels: 36049),
        Case(old: "5a", new: "5b", threshold: 0.05, differentPixels: 0, diffImage: "5diff"),
        Case(old: "6a", new: "6b", threshold: 0.05, differentPixels: 51, diffImage: "6diff"),
        Case(old: "7a", new: "7b", threshold: 0.1, differentPixels: 2448),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pixelmatch")

    static func image(_ name: String) throws -> RGBAImage {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).png"))
        return try PNGDecoder().decode([UInt8](data))
    }

    @Test(arguments: cases) func theDefaultsCountWhatPixelmatchCounts(_ fixture: Case) throws {
        let old = try Self.image(fixture.old), new = try Self.image(fixture.new)
        let result = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: fixture.threshold))
        #expect(result.differentPixels == fixture.differentPixels)
        let withoutImage = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: fixture.threshold, makeImage: false))
        #expect(withoutImage.differentPixels == fixture.differentPixels)
        if let diffImage = fixture.diffImage {
            let expected = try Self.image(diffImage)
            let drawn = try #require(result.image)
            let mismatches = stride(from: 0, to: expected.pixels.count, by: 4).filter { offset in
                expected.pixels[offset..<offset + 4] != drawn.pixels[offset..<offset + 4]
            }
            #expect(mismatches.isEmpty, "\(mismatches.count) pixels of the diff image differ from pixelmatch's \(diffImage).png")
        }
    }

    @Test func edgeShiftDetectionCountsFewerOfTheMovedEdges() throws {
        let old = try Self.image("1a"), new = try Self.image("1b")
        let pixelmatch = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: 0.05, makeImage: false))
        let edgeShifts = PixelDiff.compare(old, new, options: PixelDiff.Options(threshold: 0.05, detectEdgeShifts: true, makeImage: false))
        #expect(edgeShifts.differentPixels < pixelmatch.differentPixels)
        // What edge-shift detection stops counting, it reports as anti-aliasing: every pixel over the threshold is one or the other.
        #expect(edgeShifts.differentPixels + edgeShifts.antiAliasedPixels == pixelmatch.differentPixels + pixelmatch.antiAliasedPixels)
    }
}
