import Foundation
import Testing
import TagFlowImage
import TagFlowTestSupport

/// Builds and runs Examples/Consumer, a package that depends on tagflow's library products by path, as an
/// outside program would.
@Suite("Consumer package", .serialized)
struct ConsumerPackageTests {
    @Test("the consumer builds against the library products, lays out tags and writes a PNG of its content size")
    func consumerBuildsAndRenders() throws {
        let consumer = ProcessRunner.packageRoot.appendingPathComponent("Examples/Consumer").path
        // Its own scratch path, so it never waits on the lock of the build running these tests.
        let scratch = ProcessRunner.packageRoot.appendingPathComponent(".build/consumer").path
        let folder = try TemporaryFolder()
        let output = folder.path("consumer.png")
        // A cached build manifest misses source files added to tagflow since the last run; the plan is cheap to redo.
        let run = try ProcessRunner.runTool("swift", ["run", "--package-path", consumer, "--scratch-path", scratch,
                                                      "--disable-build-manifest-caching", "Consumer", output],
                                            hangLimit: 1800)
        try #require(run.status == 0, "swift run failed:\n\(run.stderr)")

        // "content: 320.0×230.0 pt": the PNG is drawn at 2×.
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("content: ") })
        let size = line.dropFirst("content: ".count).dropLast(" pt".count).split(separator: "×").compactMap { Double($0) }
        try #require(size.count == 2)
        #expect(run.stdout.contains("elements in the top 100 pt: "))
        let image = try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(image.width == Int((size[0] * 2).rounded(.up)))
        #expect(image.height == Int((size[1] * 2).rounded(.up)))
        #expect(image.width == 640)
    }
}
