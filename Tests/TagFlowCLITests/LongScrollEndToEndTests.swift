import Foundation
import TagFlowImage
import Testing
import TagFlowTestSupport

/// `tagflow scroll` through 1,200 tags, as a person runs it: the overview shows the window's neighbourhood.
@Suite(.serialized) struct LongScrollEndToEndTests {
    /// Twelve sections of a hundred tags, written as a tags file.
    static func writeLongTags(in folder: TemporaryFolder) throws -> String {
        let lines = (0..<12).flatMap { section in
            ["@section Section \(section + 1)"] + (0..<100).map { item in "tag \(section * 100 + item)" }
        }
        return try folder.write("long.tags", lines.joined(separator: "\n") + "\n").path
    }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func rect(_ value: Any?) throws -> (minY: Double, maxY: Double) {
        let object = try #require(value as? [String: Any])
        let y = try #require(object["y"] as? Double), height = try #require(object["height"] as? Double)
        return (y, y + height)
    }

    @Test func framesShowTheWindowsNeighbourhoodAndAreTheSameOnOneThreadOrTwo() throws {
        let folder = try TemporaryFolder()
        let tags = try Self.writeLongTags(in: folder)
        let common = ["scroll", tags, "--compare", "--view", "both", "--frames", "5", "--quiet"]
        let one = try tagflow(common + ["--threads", "1", "-o", folder.path("one")])
        let two = try tagflow(common + ["--threads", "2", "-o", folder.path("two")])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("one")).sorted()
        #expect(names == (1...5).map { "frame-000\($0).png" } + ["frames.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("two")).sorted() == names)
        for name in names {
            #expect(try bytes(folder.path("one/\(name)")) == bytes(folder.path("two/\(name)")), "\(name) differs between 1 and 2 threads")
        }

        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes(folder.path("one/frames.json")))) as? [String: Any])
        let frameSize = try #require(json["frameSize"] as? [String: Any])
        let height = try #require(frameSize["height"] as? Int), width = try #require(frameSize["width"] as? Int)
        // Three 412 pt screens in --max-height 640, and the captions: not 20,000 pt squeezed into a strip.
        #expect(height < 800, "frames are \(height) pt tall")
        let first = try PNGDecoder().decode(try bytes(folder.path("one/frame-0001.png")))
        #expect(first.width == width && first.height == height)

        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 5)
        var previousTop = -Double.infinity
        for frame in frames {
            let viewport = try Self.rect(frame["viewport"])
            let extent = try Self.rect(frame["overviewExtent"])
            #expect(extent.minY <= viewport.minY && viewport.maxY <= extent.maxY, "the window \(viewport) is outside the overview \(extent)")
            #expect(extent.maxY - extent.minY == 3 * 412)
            #expect(extent.minY >= previousTop, "the overview moves back up")
            previousTop = extent.minY
        }
    }

    @Test func aSheetOfALongScrollIsTheSameOnOneThreadOrTwo() throws {
        let folder = try TemporaryFolder()
        let tags = try Self.writeLongTags(in: folder)
        let common = ["scroll", tags, "--compare", "--frames", "4", "--sheet", "--quiet"]
        let one = try tagflow(common + ["--threads", "1", "-o", folder.path("one.png")])
        let two = try tagflow(common + ["--threads", "2", "-o", folder.path("two.png")])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        #expect(try bytes(folder.path("one.png")) == bytes(folder.path("two.png")))
    }

    @Test func theDemosFramesListNoOverviewExtent() throws {
        let folder = try TemporaryFolder()
        let demo = packageRoot.appendingPathComponent("Examples/demo.tags").path
        let result = try tagflow(["scroll", demo, "--frames", "2", "--quiet", "-o", folder.path("frames")])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(decoding: bytes(folder.path("frames/frames.json")), as: UTF8.self)
        #expect(!manifest.contains("overviewExtent"), "the demo fits: its overview is the whole content")
    }
}
