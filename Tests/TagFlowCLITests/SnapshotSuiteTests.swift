import Foundation
import Testing
import TagFlowPipeline
import TagFlowSnapshot
@testable import TagFlowInput
import TagFlowLayout
import TagFlowTestSupport

/// Snapshots through the public API alone, as a package's test target would keep its goldens.
@Suite(.serialized) struct SnapshotSuiteTests {
    static let manifest = """
    {
      "goldens": "goldens",
      "screens": [
        {"name": "chooser", "tags": "chooser.tags", "variants": {"themes": ["light", "dark"], "scales": [1]}}
      ]
    }
    """
    static let tags = "# Sports\nbasketball\nfootball\n* tennis\n"

    func makeProject() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("tagflow.json", Self.manifest)
        try folder.write("chooser.tags", Self.tags)
        return folder
    }

    @Test func recordThenVerifyPassesAndAChangedTagFailsWithAReport() throws {
        let folder = try makeProject()
        let suite = try SnapshotSuite(manifest: folder.path("tagflow.json"))
        #expect(suite.screenNames == ["chooser"])
        #expect(suite.goldensFolder == folder.path("goldens"))

        let recorded = try suite.record()
        #expect(recorded.action == .record)
        #expect(recorded.items.map(\.name) == ["chooser/@1x-dark.png", "chooser/@1x-light.png"])
        #expect(recorded.items.allSatisfy { $0.status == .written && $0.kind == .render })
        #expect(FileManager.default.fileExists(atPath: folder.path("goldens/chooser/@1x-light.png")))

        let verified = try suite.verify()
        #expect(verified.passed)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path("goldens")).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.path("goldens/" + path), isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        let bytes = try files.reduce(0) { total, path in
            total + (try FileManager.default.attributesOfItem(atPath: folder.path("goldens/" + path))[.size] as! Int)
        }
        #expect(files.contains("chooser/@1x-dark.png") && verified.goldensSize == bytes)
        #expect(verified.summaryLine == "2 goldens: 2 matched; the goldens folder holds \(formatByteSize(bytes))")

        try folder.write("chooser.tags", Self.tags.replacingOccurrences(of: "football", with: "table football"))
        let changed = try suite.verify(SnapshotRun(reportFolder: folder.path("report")))
        #expect(!changed.passed)
        #expect(changed.failures.map(\.name) == ["chooser/@1x-dark.png", "chooser/@1x-light.png"])
        #expect(changed.failures.allSatisfy { $0.status == .changed && ($0.differentPixels ?? 0) > 0 })
        #expect(try String(contentsOfFile: folder.path("report/report.json"), encoding: .utf8) == changed.jsonText)
        for file in ["report.json", "report.md", "junit.xml", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("report/" + file)), "\(file)")
        }
        let diffImages = changed.failures.flatMap(\.images).filter { $0.role == .diff }
        #expect(diffImages.count == 2)
        for image in diffImages { #expect(FileManager.default.fileExists(atPath: folder.path("report/" + image.path))) }
        // Verify wrote no golden: recording what changed makes it pass again.
        #expect(try suite.verify().passed == false)
        #expect(try suite.record(mode: .failed).count(.written) == 2)
        #expect(try suite.verify().passed)
    }

    @Test func aShardAndAFilterDrawOnlyTheirVariants() throws {
        let folder = try makeProject()
        let suite = try SnapshotSuite(manifest: folder.path("tagflow.json"))
        let first = try suite.record(mode: .all, SnapshotRun(shard: try #require(Shard("1/2"))))
        let second = try suite.record(mode: .all, SnapshotRun(shard: try #require(Shard(index: 2, count: 2))))
        #expect(first.items.map(\.name) + second.items.map(\.name) == ["chooser/@1x-dark.png", "chooser/@1x-light.png"])
        let dark = try suite.verify(SnapshotRun(filters: ["*-dark"], threads: 1))
        #expect(dark.items.map(\.name) == ["chooser/@1x-dark.png"])
        #expect(dark.passed)
    }

    @Test func aShardOutsideItsCountIsNone() {
        #expect(Shard(index: 0, count: 2) == nil)
        #expect(Shard(index: 3, count: 2) == nil)
        #expect(Shard("2/3")?.description == "2/3")
        #expect(Shard("3/2") == nil)
        #expect(Shard.whole.count == 1)
    }

    @Test func badInputIsAnErrorWithTheCommandLinesWordsAndWritesNothing() throws {
        let folder = try makeProject()
        try folder.write("tagflow.json", Self.manifest.replacingOccurrences(of: "\"light\"", with: "\"sepia\""))
        let error = try #require(throws: TagFlowError.self) { try SnapshotSuite(manifest: folder.path("tagflow.json")) }
        #expect(error.location?.line == 4)
        #expect(error.exitStatus == .usage)
        #expect(error.description.hasPrefix("\(folder.path("tagflow.json")):4:"), "\(error)")
        #expect(error.description.contains("sepia"), "\(error)")

        try folder.write("tagflow.json", Self.manifest)
        let suite = try SnapshotSuite(manifest: folder.path("tagflow.json"))
        let unmatched = try #require(throws: TagFlowError.self) { try suite.record(mode: .all, SnapshotRun(filters: ["chooserr/*"])) }
        #expect(unmatched.message.contains("chooserr/*"), "\(unmatched)")
        #expect(unmatched.hint?.contains("chooser/*") == true, "\(unmatched)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("goldens")))

        let missing = try #require(throws: TagFlowError.self) { try SnapshotSuite(manifest: folder.path("nowhere.json")) }
        #expect(missing.description.contains("nowhere.json"), "\(missing)")
    }
}
