import Foundation
import TagFlowImage
import TagFlowTestSupport
import Testing

/// `--png-compression small` writes the same pixels as the default in smaller files, and `fastest` the same pixels
/// in other files, for every PNG a render or a scroll writes.
@Suite(.serialized) struct PNGCompressionEndToEndTests {
    /// Each command's arguments, writing to `out` plus the extension given.
    static let outputs: [(name: String, arguments: [String], path: String)] = [
        ("render", ["render", "Examples/demo.tags", "--scale", "1"], "demo.png"),
        ("sheet", ["scroll", "Examples/demo.tags", "--compare", "--frames", "4", "--sheet", "--quiet"], "sheet.png"),
        ("apng", ["scroll", "Examples/demo.tags", "--frames", "3", "--apng", "--quiet"], "scroll.png"),
        ("frames", ["scroll", "Examples/demo.tags", "--frames", "3", "--quiet"], "frames"),
    ]

    @Test(arguments: outputs.indices)
    func everySettingGivesTheSamePixels(_ index: Int) throws {
        let (name, arguments, path) = Self.outputs[index]
        let folder = try TemporaryFolder()
        var files: [String: [String]] = [:]
        for setting in ["fastest", "fast", "small"] {
            let output = folder.path(setting + "-" + path)
            let result = try tagflow(arguments + ["--png-compression", setting, "-o", output])
            try #require(result.status == 0, "\(name) \(setting): \(result.stderr)")
            files[setting] = path == "frames"
                ? try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".png") }.sorted().map { output + "/" + $0 }
                : [output]
        }
        let fast = try #require(files["fast"]), small = try #require(files["small"]), fastest = try #require(files["fastest"])
        try #require(fast.count == small.count && fast.count == fastest.count && !fast.isEmpty)
        var fastBytes = 0, smallBytes = 0, fastestDiffers = false
        for (a, (b, c)) in zip(fast, zip(small, fastest)) {
            let x = Array(try Data(contentsOf: URL(fileURLWithPath: a))), y = Array(try Data(contentsOf: URL(fileURLWithPath: b)))
            let z = Array(try Data(contentsOf: URL(fileURLWithPath: c)))
            fastBytes += x.count
            smallBytes += y.count
            fastestDiffers = fastestDiffers || z != x
            // An APNG's default image, its first frame, is what a PNG decoder reads.
            let decoder = PNGDecoder()
            #expect(try decoder.decode(x) == decoder.decode(y), "\(name): \(b) has other pixels than \(a)")
            #expect(try decoder.decode(x) == decoder.decode(z), "\(name): \(c) has other pixels than \(a)")
        }
        #expect(smallBytes < fastBytes, "\(name): small wrote \(smallBytes) bytes, fast \(fastBytes)")
        // The demo has more than 256 colours, so its pictures are RGB, which fastest deflates with igzip.
        #expect(fastestDiffers, "\(name): fastest wrote the same files as fast")
    }

    @Test func anUnknownSettingIsRefused() throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["render", "Examples/demo.tags", "--png-compression", "tiny", "-o", folder.path("x.png")])
        #expect(result.status == 2 && result.stderr.contains("fastest") && result.stderr.contains("small"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.png")))
    }
}
