import Foundation
import Testing
import TagFlowPreview

/// The watch sees a file saved in place and saved by renaming a new file over it, a folder's contents changing,
/// and nothing of files it was not asked about.
@Suite struct FileWatchTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filewatch-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        try "a\n".write(toFile: folder + "/a.tags", atomically: false, encoding: .utf8)
        try "b\n".write(toFile: folder + "/b.tags", atomically: false, encoding: .utf8)
    }

    @Test func seesWritesInPlaceAndRenamesOverAndFolders() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try FileWatch(files: [folder + "/a.tags", folder + "/b.tags"], folders: [folder + "/fonts"])
        try "a2\n".write(toFile: folder + "/a.tags", atomically: false, encoding: .utf8)
        #expect(watch.next() == [folder + "/a.tags"])
        // An editor's save: a new file beside the old, renamed over it.
        try "b2\n".write(toFile: folder + "/.b.tags.swp", atomically: false, encoding: .utf8)
        #expect(rename(folder + "/.b.tags.swp", folder + "/b.tags") == 0)
        #expect(watch.next() == [folder + "/b.tags"])
        try "x".write(toFile: folder + "/unrelated.txt", atomically: false, encoding: .utf8)
        try "font".write(toFile: folder + "/fonts/new.ttf", atomically: false, encoding: .utf8)
        #expect(watch.next() == [folder + "/fonts"])
        #expect(unlink(folder + "/a.tags") == 0)
        #expect(watch.next() == [folder + "/a.tags"])
    }

    @Test func stopWakesTheWait() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try FileWatch(files: [folder + "/a.tags"], folders: [])
        watch.stop()
        #expect(watch.next() == nil)
    }

    @Test func aMissingFolderIsSaid() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FileWatchError.self) { try FileWatch(files: [folder + "/none/a.tags"], folders: []) }
    }
}
