import Foundation
import Testing
import TagFlowImage
import TagFlowLayout
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

    @Test("a program that depends on TagFlowLayout alone links with only the system's libm and lays out with its own widths")
    func geometryAloneBuildsAndLaysOut() throws {
        let consumer = ProcessRunner.packageRoot.appendingPathComponent("Examples/Consumer").path
        let scratch = ProcessRunner.packageRoot.appendingPathComponent(".build/consumer").path
        let run = try ProcessRunner.runTool("swift", ["run", "--package-path", consumer, "--scratch-path", scratch,
                                                      "--disable-build-manifest-caching", "Geometry"], hangLimit: 1800)
        try #require(run.status == 0, "swift run failed:\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // "item 0-1: x 101.0 y 58.0 width 95.0 height 30.0", for "football", "basketball", … at 8 pt a character.
        let items = lines.filter { $0.hasPrefix("item 0-") }
        let texts = ["football", "basketball", "tennis", "table tennis", "badminton"]
        try #require(items.count == texts.count, "\(run.stdout)")
        let widths = items.compactMap { line in line.components(separatedBy: " width ").last?.split(separator: " ").first.flatMap { Double($0) } }
        let padding = zip(widths, texts).map { $0 - Double($1.count * 8) }
        #expect(Set(padding).count == 1 && padding[0] > 0, "each tag is its text's width plus one padding: \(widths)")
        #expect(items[0].hasPrefix("item 0-0: x 12.0 y 58.0 "), "the first tag sits inside the section inset, under the header")
        #expect(lines.last == "content: 240.0×176.0 pt; 3 elements in the top 60 pt")
    }

    @Test("a program reads a tags file with tagflow's reader and no command line")
    func readerReadsATagsFile() throws {
        let consumer = ProcessRunner.packageRoot.appendingPathComponent("Examples/Consumer").path
        let scratch = ProcessRunner.packageRoot.appendingPathComponent(".build/consumer").path
        let tags = ProcessRunner.packageRoot.appendingPathComponent("Examples/interests.tags").path
        let run = try ProcessRunner.runTool("swift", ["run", "--package-path", consumer, "--scratch-path", scratch,
                                                      "--disable-build-manifest-caching", "Reader", tags],
                                            hangLimit: 1800)
        try #require(run.status == 0, "swift run failed:\n\(run.stderr)\n\(run.stdout)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "4 sections, 60 tags, 4 selected", "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("Food & Drink: Pizza, Sushi, Vegan, Ramen") })
    }

    /// The bytes of the regular files under `folder`.
    static func bytes(under folder: String) throws -> Int {
        try FileManager.default.subpathsOfDirectory(atPath: folder).reduce(0) { total, path in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)
            return total + (attributes[.type] as? FileAttributeType == .typeRegular ? attributes[.size] as! Int : 0)
        }
    }

    @Test("a program records and verifies goldens with tagflow's snapshot library and no command line")
    func snapshotsRecordAndVerifyThroughTheLibrary() throws {
        let consumer = ProcessRunner.packageRoot.appendingPathComponent("Examples/Consumer").path
        let scratch = ProcessRunner.packageRoot.appendingPathComponent(".build/consumer").path
        let project = try TemporaryFolder()
        try project.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags",
              "variants": {"themes": ["light", "dark"], "scales": [1]}}]}
            """)
        try project.write("chooser.tags", "# Sports\nbasketball\nfootball\n* tennis\n")
        func snapshots(_ action: String, _ more: [String] = []) throws -> ProcessResult {
            try ProcessRunner.runTool("swift", ["run", "--package-path", consumer, "--scratch-path", scratch,
                                                "--disable-build-manifest-caching", "Snapshots", action,
                                                project.path("tagflow.json")] + more, hangLimit: 1800)
        }
        let recorded = try snapshots("record")
        try #require(recorded.status == 0, "swift run failed:\n\(recorded.stderr)\n\(recorded.stdout)")
        #expect(FileManager.default.fileExists(atPath: project.path("goldens/chooser/@1x-dark.png")))
        let held = "; the goldens folder holds \(formatByteSize(try Self.bytes(under: project.path("goldens"))))\n"
        #expect(recorded.stdout == "2 goldens: 2 written" + held)
        let verified = try snapshots("verify")
        #expect(verified.status == 0 && verified.stdout == "2 goldens: 2 matched" + held, "\(verified.stdout)")
        try project.write("chooser.tags", "# Sports\nbasketball\ntable football\n* tennis\n")
        let changed = try snapshots("verify", [project.path("junit.xml")])
        #expect(changed.status == 1, "\(changed.stdout)")
        #expect(changed.stdout.split(separator: "\n").dropFirst()
                    == ["changed: chooser/@1x-dark.png", "changed: chooser/@1x-light.png"])
        // The comparison report, written by the program as JUnit XML: both goldens failed, in their screen's suite.
        let junit = try String(contentsOfFile: project.path("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="tagflow snapshots" tests="2" failures="2" errors="0">"#), "\(junit)")
        #expect(junit.contains(#"<testcase classname="chooser" name="@1x-dark.png">"#))
    }

    /// Every file of `folder` below it, with its bytes, leaving out build folders.
    static func files(in folder: URL) throws -> [String: Data] {
        var files = [String: Data]()
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where !path.hasPrefix(".build") {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("swift package tagflow runs tagflow in the consumer: verify passes, and record writes only goldens")
    func thePluginVerifiesAndRecordsTheConsumersGoldens() throws {
        let consumer = ProcessRunner.packageRoot.appendingPathComponent("Examples/Consumer")
        let scratch = ProcessRunner.packageRoot.appendingPathComponent(".build/consumer").path
        // A copy, so that a record writes nowhere in the repository; it depends on tagflow where it is.
        let copy = try TemporaryFolder()
        for name in ["Package.swift", "Sources", "tagflow.json", "chooser.tags", "snapshots"] {
            try FileManager.default.copyItem(at: consumer.appendingPathComponent(name),
                                             to: copy.url.appendingPathComponent(name))
        }
        let manifest = try String(contentsOf: copy.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        try copy.write("Package.swift", manifest.replacingOccurrences(of: #"path: "../..""#,
                                                                      with: "path: \"\(ProcessRunner.packageRoot.path)\""))
        let package = ["--package-path", copy.path(""), "--scratch-path", scratch]
        // On a terminal, as a developer runs it: SwiftPM asks once for the plugin's permission to write.
        let command = (["swift", "package"] + package + ["tagflow", "snapshot", "verify"]).joined(separator: " ")
        let verify = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                           stdin: Data("yes\n".utf8), hangLimit: 1800)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.contains("Allow this plugin to write to the package directory?"), "\(verify.stdout)")
        #expect(verify.stdout.contains("verify: 2 goldens: 2 matched"), "\(verify.stdout)")

        try copy.write("chooser.tags", "@section Sports\nbasketball\ntable football\n* tennis\n")
        let failing = try ProcessRunner.runTool("swift", ["package"] + package + ["--allow-writing-to-package-directory",
                                                                                 "tagflow", "snapshot", "verify"],
                                                hangLimit: 1800)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("error: tagflow snapshot verify exited with status 1"), "\(failing.stderr)")
        let before = try Self.files(in: copy.url)
        // Off a terminal, as a script runs it: the permission is given on the command line, after the package
        // options. CI is cleared, as on a developer's machine: on CI, record refuses without --force.
        let record = try ProcessRunner.runTool("swift", ["package"] + package + ["--allow-writing-to-package-directory",
                                                                                "tagflow", "snapshot", "record"],
                                               environment: ["CI": ""], hangLimit: 1800)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("record: 2 goldens: 2 written"), "\(record.stdout)")
        let after = try Self.files(in: copy.url)
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(changed.contains("snapshots/chooser/@1x-light.png") && changed.contains("snapshots/chooser/@1x-dark.png"))
        #expect(changed.allSatisfy { $0.hasPrefix("snapshots/") }, "record wrote outside the goldens: \(changed.sorted())")
    }
}
