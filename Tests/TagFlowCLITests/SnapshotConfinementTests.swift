import Foundation
import Testing
import TagFlowImage
import TagFlowTestSupport

/// A manifest, goldens folder or shard report from a pull request cannot make a snapshot run read, write or remove
/// anything outside its folders. Each project sits in `outer/repo`, so `outer` holds what must stay untouched.
@Suite(.serialized) struct SnapshotConfinementTests {
    struct Project {
        let outer: TemporaryFolder
        var repo: String { outer.path("repo") }
        func path(_ name: String) -> String { repo + "/" + name }
        func write(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: AtomicFile.folder(of: path(name)), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
    }

    func makeProject(manifest: String = #"{"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags"}]}"#)
        throws -> Project {
        let project = Project(outer: try TemporaryFolder())
        try project.write("tagflow.json", manifest)
        try project.write("chooser.tags", SnapshotEndToEndTests.chooserTags)
        return project
    }

    func snapshot(_ arguments: [String], in project: Project) throws -> RunResult {
        try ProcessRunner.run(tagflowExecutable, ["snapshot"] + arguments + ["--quiet"], in: URL(fileURLWithPath: project.repo),
                              environment: ["CI": ""], hangLimit: 600)
    }

    /// A picture whose bytes a test can recognise.
    func png(_ project: Project, _ name: String) throws {
        let image = RGBAImage(width: 2, height: 2, fill: Colour(red: 9, green: 9, blue: 9))
        try FileManager.default.createDirectory(atPath: AtomicFile.folder(of: project.path(name)), withIntermediateDirectories: true)
        try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: project.path(name)))
    }

    @Test func mergeRefusesAReportThatNamesAPictureOutsideItsFolder() throws {
        let project = try makeProject(manifest: """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags",
              "variants": {"themes": ["light", "dark"]}}]}
            """)
        #expect(try snapshot(["record"], in: project).status == 0)
        try project.write("chooser.tags", SnapshotEndToEndTests.chooserTags.replacingOccurrences(of: "足球", with: "足球运动"))
        for folder in ["a/b/c", "out"] {
            try FileManager.default.createDirectory(atPath: project.path(folder), withIntermediateDirectories: true)
        }
        for shard in 1...2 {
            #expect(try snapshot(["verify", "--shard", "\(shard)/2", "--report", "a/b/c/s\(shard)"], in: project).status == 1)
        }
        // The shard's report names a picture four folders up, which the merged report would then hold four folders up.
        let json = project.path("a/b/c/s1/report.json")
        let text = try String(contentsOfFile: json, encoding: .utf8)
        let planted = try #require(text.range(of: #""golden": "images/[^"]*""#, options: .regularExpression))
        try Data(text.replacingCharacters(in: planted, with: #""golden": "../../../../merge-escape.txt""#).utf8)
            .write(to: URL(fileURLWithPath: json))
        try project.write("merge-escape.txt", "escaped")

        let merge = try snapshot(["merge", "a/b/c/s1", "a/b/c/s2", "--report", "out/merged"], in: project)
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("a/b/c/s1/report.json: the item 'chooser/"), "\(merge.stderr)")
        #expect(merge.stderr.contains("names the picture '../../../../merge-escape.txt'"), "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.outer.path("merge-escape.txt")))
        #expect(!project.exists("out/merged"), "a refused merge writes nothing")
    }

    @Test func pruneRefusesAGoldensFolderThatHoldsTheManifest() throws {
        let project = try makeProject(manifest: #"{"goldens": ".", "screens": [{"name": "chooser", "tags": "chooser.tags"}]}"#)
        #expect(try snapshot(["record"], in: project).status == 0)
        try png(project, "docs/diagram.png")
        try png(project, ".build/debug/icon.png")
        let prune = try snapshot(["verify", "--prune"], in: project)
        #expect(prune.status == 2)
        #expect(prune.stderr.contains("--prune refuses the goldens folder '.'"), "\(prune.stderr)")
        #expect(project.exists("docs/diagram.png") && project.exists(".build/debug/icon.png"))
    }

    @Test func pruneRemovesOnlyWhatTagflowCouldHaveWritten() throws {
        let project = try makeProject()
        #expect(try snapshot(["record"], in: project).status == 0)
        try png(project, "goldens/chooser/old.png")
        try png(project, "goldens/chooser/.hidden.png")
        try png(project, "goldens/.cache/thumb.png")
        try png(project, "goldens/chooser/deeper/nested.png")
        try png(project, "goldens/top.png")
        try png(project, "elsewhere/linked.png")
        try FileManager.default.createSymbolicLink(atPath: project.path("goldens/chooser/link.png"),
                                                   withDestinationPath: project.path("elsewhere/linked.png"))
        try FileManager.default.createSymbolicLink(atPath: project.path("goldens/linked-screen"),
                                                   withDestinationPath: project.path("elsewhere"))
        let prune = try snapshot(["verify", "--prune"], in: project)
        #expect(prune.status == 0, "\(prune.stdout)\(prune.stderr)")
        #expect(prune.stdout.contains("removed  chooser/old.png"), "\(prune.stdout)")
        #expect(!project.exists("goldens/chooser/old.png"))
        for kept in ["goldens/chooser/.hidden.png", "goldens/.cache/thumb.png", "goldens/chooser/deeper/nested.png",
                     "goldens/top.png", "elsewhere/linked.png", "goldens/chooser/link.png"] {
            #expect(project.exists(kept), "\(kept)")
        }
    }

    @Test func aSequenceFolderThatIsALinkIsNotWrittenThrough() throws {
        let project = try makeProject(manifest: """
            {"goldens": "goldens", "screens": [{"name": "s", "tags": "chooser.tags",
              "scroll": [{"output": "sequence", "frames": 3}]}]}
            """)
        for frame in 0..<10 { try png(project, "outside/" + String(format: "frame-%04d.png", frame)) }
        try FileManager.default.createDirectory(atPath: project.path("goldens/s"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("goldens/s/default.scroll"),
                                                   withDestinationPath: project.path("outside"))
        let record = try snapshot(["record"], in: project)
        #expect(record.status == 2)
        #expect(record.stderr.contains("goldens/s/default.scroll' is a symbolic link inside the goldens folder"),
                "\(record.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: project.path("outside"))
        #expect(frames.count == 10, "the linked folder keeps its frames: \(frames.sorted())")
    }

    @Test func aScreenFolderThatIsALinkIsNotWrittenThrough() throws {
        let project = try makeProject()
        try FileManager.default.createDirectory(atPath: project.path("goldens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project.outer.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("goldens/chooser"),
                                                   withDestinationPath: project.outer.path("elsewhere"))
        let record = try snapshot(["record"], in: project)
        #expect(record.status == 2)
        #expect(record.stderr.contains("is a symbolic link inside the goldens folder"), "\(record.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.outer.path("elsewhere")).isEmpty)
    }

    @Test func aPlantedReportDoesNotRemoveFilesThroughALinkedImagesFolder() throws {
        let project = try makeProject()
        #expect(try snapshot(["record"], in: project).status == 0)
        try png(project, "victims/victim.png")
        try FileManager.default.createDirectory(atPath: project.path("report"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("report/images"),
                                                   withDestinationPath: project.path("victims"))
        // An earlier report naming the victim as one of its pictures, which a new report removes when it names none.
        try project.write("report/report.json", """
            {"action": "verify", "shard": "1/1", "filter": [], "passed": false, "fontNotes": [], "items": [
              {"name": "chooser/victim.png", "screen": "chooser", "kind": "render", "status": "changed", "detail": "",
               "differentPixels": 1, "changedSteps": [], "images": {"golden": "images/victim.png"}}]}
            """)
        let verify = try snapshot(["verify", "--report", "report"], in: project)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(project.exists("victims/victim.png"))
    }

    @Test(arguments: ["absolute", "../.."])
    func aGoldensFolderOutsideTheManifestsFolderIsRefused(_ kind: String) throws {
        let project = try makeProject()
        let outside = kind == "absolute" ? project.outer.path("absolute-goldens") : "../.."
        try project.write("tagflow.json", #"{"goldens": "\#(outside)", "screens": [{"name": "chooser", "tags": "chooser.tags"}]}"#)
        let record = try snapshot(["record"], in: project)
        #expect(record.status == 2)
        #expect(record.stderr.contains("tagflow.json:1:13: error: the goldens folder, '"), "\(record.stderr)")
        #expect(record.stderr.contains("lies outside the manifest's folder"), "\(record.stderr)")
        #expect(record.stderr.contains("--allow-outside"), "\(record.stderr)")
        let written = try FileManager.default.subpathsOfDirectory(atPath: project.outer.path(""))
        #expect(!written.contains { $0.hasSuffix("chooser/default.png") || $0.hasSuffix("fonts.json") }, "\(written)")
        // Asked for on purpose, it is allowed.
        if kind == "absolute" {
            #expect(try snapshot(["record", "--allow-outside"], in: project).status == 0)
            #expect(FileManager.default.fileExists(atPath: outside + "/chooser/default.png"))
        }
    }

    @Test func aManifestCannotDrawAFileOutsideItsFolder() throws {
        let project = try makeProject(manifest: #"{"screens": [{"name": "leak", "tags": "/etc/passwd"}]}"#)
        let verify = try snapshot(["verify", "--report", "report"], in: project)
        #expect(verify.status == 2)
        #expect(verify.stderr.contains("the tags of the screen 'leak', '/etc/passwd', lies outside the manifest's folder"),
                "\(verify.stderr)")
        #expect(!project.exists("report"), "no report, so no picture of the file")
        // Nor through a link inside the folder, nor through a config's fonts.
        try FileManager.default.createSymbolicLink(atPath: project.path("passwd.tags"), withDestinationPath: "/etc/passwd")
        try project.write("tagflow.json", #"{"screens": [{"name": "leak", "tags": "passwd.tags"}]}"#)
        let linked = try snapshot(["verify"], in: project)
        #expect(linked.status == 2 && linked.stderr.contains("(it resolves to '/etc/passwd')"), "\(linked.stderr)")
        try project.write("fonts.json", #"{"fontDirs": ["/usr/share/fonts"]}"#)
        try project.write("tagflow.json", #"{"screens": [{"name": "s", "tags": "chooser.tags", "config": "fonts.json"}]}"#)
        let fonts = try snapshot(["verify"], in: project)
        #expect(fonts.status == 2, "\(fonts.stderr)")
        #expect(fonts.stderr.contains("a font the config of the screen 's' names, '/usr/share/fonts', lies outside"),
                "\(fonts.stderr)")
    }

    @Test(arguments: ["a\\u0000b", "line\\nbreak", "tab\\there"])
    func aScreenNameWithAControlCharacterIsRefused(_ escaped: String) throws {
        let project = try makeProject(manifest: #"{"screens": [{"name": "\#(escaped)", "tags": "chooser.tags"}]}"#)
        let record = try snapshot(["record"], in: project)
        #expect(record.status == 2)
        #expect(record.stderr.contains("cannot name a folder"), "\(record.stderr)")
        #expect(record.stderr.contains("no control characters"), "\(record.stderr)")
        #expect(!record.stderr.dropLast().contains("\n\n") && !record.stderr.contains("\0"))
        #expect(!project.exists("snapshots"))
    }

    /// Records that run at once each add their fonts to `fonts.json`: a record waits for the lock another run holds,
    /// then merges with what that run wrote meanwhile, instead of writing the list it read when it started.
    @Test func aRecordMergesFontsWrittenWhileItWaitedForTheLock() throws {
        let project = try makeProject()
        try project.write("chooser.tags", "Remember me\n")
        #expect(try snapshot(["record"], in: project).status == 0)
        let fontsPath = project.path("goldens/fonts.json")
        let recorded = try String(contentsOfFile: fontsPath, encoding: .utf8)
        // A second screen whose Han text adds a font, so its record updates the file.
        try project.write("han.tags", "标签选择器\n")
        try project.write("tagflow.json", """
            {"goldens": "goldens", "screens": [{"name": "chooser", "tags": "chooser.tags"}, {"name": "b", "tags": "han.tags"}]}
            """)
        let lock = open(project.path("goldens/.tagflow.lock"), O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let errors = try TemporaryFolder()
        let run = try ProcessRunner.start(tagflowExecutable, ["snapshot", "record", "--filter", "b/*", "--quiet"],
                                          in: URL(fileURLWithPath: project.repo), environment: ["CI": ""],
                                          standardError: errors.path("err"))
        let waiting = run.waitUntil(watching: [errors.path("err")]) {
            (try? String(contentsOfFile: errors.path("err"), encoding: .utf8))?
                .contains("waiting for another tagflow run that is recording in 'goldens'") == true
        }
        #expect(waiting, "the record waits for the lock")
        // What another run recorded while this one drew: a font of its own.
        let other = #"{"family": "Other Sans", "style": "Book", "fileName": "OtherSans.ttf", "version": "1", "contentHash": "x"}"#
        try Data(recorded.replacingOccurrences(of: "[\n", with: "[\n  " + other + ",\n").utf8)
            .write(to: URL(fileURLWithPath: fontsPath))
        #expect(flock(lock, LOCK_UN) == 0)
        #expect(run.wait() == 0)
        let merged = try String(contentsOfFile: fontsPath, encoding: .utf8)
        #expect(merged.contains("Other Sans"), "\(merged)")
        #expect(merged.contains("DejaVu Sans") && merged.contains("WenQuanYi Zen Hei"), "\(merged)")
    }

    /// Two filtered records of one goldens folder at once keep each other's fonts.
    @Test func concurrentRecordsKeepEveryFont() throws {
        let project = try makeProject(manifest: """
            {"goldens": "goldens", "screens": [{"name": "latin", "tags": "latin.tags"}, {"name": "han", "tags": "han.tags"}]}
            """)
        try project.write("latin.tags", "Remember me\n")
        try project.write("han.tags", "标签选择器\n")
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: project.path("goldens"))
            let errors = try TemporaryFolder()
            let runs = try ["latin/*", "han/*"].enumerated().map { index, filter in
                try ProcessRunner.start(tagflowExecutable, ["snapshot", "record", "--filter", filter, "--quiet"],
                                        in: URL(fileURLWithPath: project.repo), environment: ["CI": ""],
                                        standardError: errors.path("err\(index)"))
            }
            #expect(runs.map { $0.wait() } == [0, 0])
            let fonts = try String(contentsOfFile: project.path("goldens/fonts.json"), encoding: .utf8)
            #expect(fonts.contains("DejaVu Sans") && fonts.contains("WenQuanYi Zen Hei"), "\(fonts)")
        }
    }

    /// A report that cannot be written, on a full disk, leaves no folder behind that the run made for it.
    @Test(.enabled(if: SmallDisk.canMount, "needs root to mount a tmpfs"))
    func aReportThatFailsOnAFullDiskLeavesNoFolder() throws {
        let disk = try SmallDisk(kilobytes: 400)
        defer { disk.unmount() }
        let repo = disk.url
        try Data(#"{"goldens": "goldens", "screens": [{"name": "c", "tags": "c.tags"}]}"#.utf8)
            .write(to: repo.appendingPathComponent("tagflow.json"))
        try Data("Remember me\n".utf8).write(to: repo.appendingPathComponent("c.tags"))
        let record = try ProcessRunner.run(tagflowExecutable, ["snapshot", "record", "--quiet"], in: repo,
                                           environment: ["CI": ""], hangLimit: 600)
        #expect(record.status == 0, "\(record.stderr)")
        // Fill what is left.
        FileManager.default.createFile(atPath: repo.appendingPathComponent("filler").path, contents: nil)
        let filler = try FileHandle(forWritingTo: repo.appendingPathComponent("filler"))
        while (try? filler.write(contentsOf: Data(count: 4096))) != nil {}
        try? filler.close()
        let verify = try ProcessRunner.run(tagflowExecutable, ["snapshot", "verify", "--quiet", "--report", "report"], in: repo,
                                           environment: ["CI": ""], hangLimit: 600)
        #expect(verify.status == 2)
        #expect(verify.stderr.contains("No space left on device"), "\(verify.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("report").path))
    }
}
