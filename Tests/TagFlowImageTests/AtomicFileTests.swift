#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Testing
@testable import TagFlowImage
import TagFlowTestSupport

@Suite("Encoding: AtomicFile")
struct EncodingAtomicFileTests {
    /// A fresh directory, removed with its contents when `body` returns.
    func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder()
        try body(folder.url.path)
    }

    static func listing(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func aPathsFolderIsFoundForEveryShapeOfName() {
        let cases: [(String, String)] = [("c", "."), (".", "."), ("g/", "."), ("a/b", "a"), ("x/yy", "x"), ("/a", "/"),
                                         ("/", "/"), ("a/b/", "a"), ("/tmp/out/frames", "/tmp/out"), ("..", ".")]
        for (path, folder) in cases { #expect(AtomicFile.folder(of: path) == folder, "\(path)") }
    }

    @Test("directory flushes left to the end: each file is in place at once, and each directory is flushed once")
    func deferredDirectoryFlushes() throws {
        try withTemporaryDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: false)
            let directories = DeferredDirectoryFlushes()
            let paths = [dir + "/a/one", dir + "/a/two", dir + "/three", dir + "/a/one"]
            for (index, path) in paths.enumerated() {
                try AtomicFile.write([UInt8(index), 7, 7], to: path, directories: directories)
                #expect(Self.read(path) == [UInt8(index), 7, 7], "\(path) in place before any directory is flushed")
            }
            #expect(Self.listing(dir + "/a") == ["one", "two"])
            #expect(Self.listing(dir) == ["a", "three"])
            #expect(directories.flush() == 2, "two directories, each once")
            #expect(directories.flush() == 0, "nothing left to flush")
            // Without flushing to disk there is no directory to flush either.
            try AtomicFile.write([1], to: dir + "/four", flushToDisk: false, directories: directories)
            #expect(directories.flush() == 0)
        }
    }

    @Test("write then read back; no temporary file is left")
    func writeAndRead() throws {
        try withTemporaryDirectory { dir in
            let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try AtomicFile.write(bytes, to: dir + "/out.png")
            #expect(Self.read(dir + "/out.png") == bytes)
            #expect(Self.listing(dir) == ["out.png"])
            // Non-contiguous collections work too.
            try AtomicFile.write(bytes.lazy.map { $0 ^ 0xFF }, to: dir + "/inverted")
            #expect(Self.read(dir + "/inverted") == bytes.map { $0 ^ 0xFF })
            try AtomicFile.write([UInt8](), to: dir + "/empty")
            #expect(Self.read(dir + "/empty") == [])
        }
    }

    @Test("an existing file is replaced whole and keeps its mode")
    func replace() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/file.gif"
            try AtomicFile.write(Array("old content that is longer".utf8), to: path)
            chmod(path, 0o640)
            try AtomicFile.write(Array("new".utf8), to: path)
            #expect(Self.read(path) == Array("new".utf8))
            #expect(Self.mode(path) == 0o640)
            #expect(Self.listing(dir) == ["file.gif"])
        }
    }

    @Test("a missing directory throws with the path and the system's reason")
    func missingDirectory() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/no/such/dir/out.png"
            #expect(throws: AtomicFileError.createTemporary(path: path, errno: ENOENT)) {
                try AtomicFile.write([1, 2, 3], to: path)
            }
            let error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1, 2, 3], to: path) }
            #expect(error.path == path)
            #expect(error.errno == ENOENT)
            #expect(error.description.contains(path))
            #expect(error.description.contains(String(cString: strerror(ENOENT))))
            #expect(Self.listing(dir).isEmpty)
        }
    }

    @Test("a failed rename removes the temporary file and leaves the target alone")
    func renameFailure() throws {
        try withTemporaryDirectory { dir in
            let target = dir + "/target"
            #expect(mkdir(target, 0o755) == 0)  // renaming a file over a directory fails with EISDIR
            let error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1, 2, 3], to: target) }
            guard case let .rename(from, to, code) = error else {
                Issue.record("expected a rename error, got \(error)")
                return
            }
            #expect(to == target)
            #expect(code == EISDIR)
            #expect(from.hasPrefix(dir + "/.target.tmp-\(getpid())-"))
            #expect(Self.listing(dir) == ["target"])
            #expect(!AtomicFile.pendingPaths.contains(from))
        }
    }

    @Test("a unwritable place (a file used as a directory) throws and leaves nothing")
    func notADirectory() throws {
        try withTemporaryDirectory { dir in
            try AtomicFile.write([0], to: dir + "/plain")
            #expect(throws: AtomicFileError.createTemporary(path: dir + "/plain/out", errno: ENOTDIR)) {
                try AtomicFile.write([1], to: dir + "/plain/out")
            }
            #expect(Self.listing(dir) == ["plain"])
        }
    }

    @Test("the streaming writer: hidden temporary until commit, then in place")
    func streaming() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/stream.apng"
            let writer = try AtomicFile.Writer(path: path)
            #expect(writer.temporaryPath.hasPrefix(dir + "/.stream.apng.tmp-"))
            try writer.write([1, 2, 3])
            try writer.write(Array(repeating: 9, count: 70_000))
            #expect(Self.read(path) == nil)
            #expect(AtomicFile.pendingPaths.contains(writer.temporaryPath))
            #expect(Self.listing(dir).count == 1 && Self.listing(dir)[0].hasPrefix(".stream.apng.tmp-"))
            try writer.commit()
            #expect(Self.read(path) == [1, 2, 3] + Array(repeating: 9, count: 70_000))
            #expect(Self.listing(dir) == ["stream.apng"])
            #expect(!AtomicFile.pendingPaths.contains(writer.temporaryPath))
            #expect(throws: AtomicFileError.notOpen(path: path)) { try writer.write([1]) }
            #expect(throws: AtomicFileError.notOpen(path: path)) { try writer.commit() }
        }
    }

    @Test("discard, and dropping an uncommitted writer, remove the temporary file and keep the old file")
    func discard() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/kept"
            try AtomicFile.write(Array("old".utf8), to: path)
            let writer = try AtomicFile.Writer(path: path)
            try writer.write(Array("new".utf8))
            writer.discard()
            writer.discard()
            #expect(Self.listing(dir) == ["kept"])
            do {
                let dropped = try AtomicFile.Writer(path: path)
                try dropped.write(Array("newer".utf8))
                #expect(Self.listing(dir).count == 2)
            }
            #expect(Self.listing(dir) == ["kept"])
            #expect(Self.read(path) == Array("old".utf8))
        }
    }

    @Test("a batch puts nothing in place until it is committed, then everything, the last write of a path winning")
    func batchCommits() throws {
        try withTemporaryDirectory { dir in
            try AtomicFile.write(Array("old".utf8), to: dir + "/kept")
            let batch = AtomicFileBatch()
            try batch.write(Array("new".utf8), to: dir + "/kept")
            try batch.write([1], to: dir + "/deep/er/one")
            try batch.write([2], to: dir + "/deep/er/one")
            #expect(Self.read(dir + "/kept") == Array("old".utf8))
            #expect(Self.read(dir + "/deep/er/one") == nil)
            #expect(Self.listing(dir + "/deep/er").count == 1, "the first write of the path was removed")
            #expect(AtomicFile.pendingPaths.filter { $0.hasPrefix(dir + "/") }.count == 2)
            #expect(batch.paths == [dir + "/kept", dir + "/deep/er/one"])
            let directories = DeferredDirectoryFlushes()
            try batch.commit(directories: directories)
            #expect(Self.read(dir + "/kept") == Array("new".utf8))
            #expect(Self.read(dir + "/deep/er/one") == [2])
            #expect(Self.listing(dir) == ["deep", "kept"])
            #expect(Self.listing(dir + "/deep/er") == ["one"])
            #expect(AtomicFile.pendingPaths.filter { $0.hasPrefix(dir + "/") }.isEmpty)
            #expect(directories.flush() == 2)
            batch.discard()
            #expect(Self.listing(dir + "/deep/er") == ["one"], "a discard after the commit removes nothing")
        }
    }

    @Test("a discarded or dropped batch leaves every path and folder as it was")
    func batchDiscards() throws {
        try withTemporaryDirectory { dir in
            try AtomicFile.write(Array("old".utf8), to: dir + "/kept")
            try FileManager.default.createDirectory(atPath: dir + "/there", withIntermediateDirectories: false)
            let batch = AtomicFileBatch()
            try batch.write(Array("new".utf8), to: dir + "/kept")
            try batch.write([1], to: dir + "/there/made/one")
            batch.discard()
            #expect(Self.listing(dir) == ["kept", "there"])
            #expect(Self.listing(dir + "/there").isEmpty, "the folder the batch made is removed, the one it found is not")
            #expect(Self.read(dir + "/kept") == Array("old".utf8))
            do {
                let dropped = AtomicFileBatch()
                try dropped.write([1], to: dir + "/new/one")
                #expect(Self.listing(dir) == ["kept", "new", "there"])
            }
            #expect(Self.listing(dir) == ["kept", "there"])
            #expect(AtomicFile.pendingPaths.filter { $0.hasPrefix(dir + "/") }.isEmpty)
        }
    }

    @Test("a batch whose rename fails keeps the files before it and removes the rest")
    func batchRenameFailure() throws {
        try withTemporaryDirectory { dir in
            #expect(mkdir(dir + "/b", 0o755) == 0)  // renaming a file over a directory fails with EISDIR
            let batch = AtomicFileBatch()
            try batch.write([1], to: dir + "/a")
            try batch.write([2], to: dir + "/b")
            try batch.write([3], to: dir + "/c")
            let error = try #require(throws: AtomicFileError.self) { try batch.commit() }
            #expect(error.path == dir + "/b" && error.errno == EISDIR)
            #expect(Self.listing(dir) == ["a", "b"])
            #expect(Self.read(dir + "/a") == [1])
            #expect(AtomicFile.pendingPaths.filter { $0.hasPrefix(dir + "/") }.isEmpty)
        }
    }

    @Test("a batch cannot make a folder where a file is, and says which")
    func batchFolderOverAFile() throws {
        try withTemporaryDirectory { dir in
            try AtomicFile.write([0], to: dir + "/plain")
            let batch = AtomicFileBatch()
            #expect(throws: AtomicFileError.createTemporary(path: dir + "/plain/out", errno: ENOTDIR)) {
                try batch.write([1], to: dir + "/plain/out")
            }
            #expect(throws: AtomicFileError.createFolder(path: dir + "/plain/sub", errno: ENOTDIR)) {
                try batch.write([1], to: dir + "/plain/sub/out")
            }
            #expect(Self.listing(dir) == ["plain"])
        }
    }

    @Test("pending temporary files can be removed, as an interrupt handler would")
    func removePending() throws {
        try withTemporaryDirectory { dir in
            let a = try AtomicFile.Writer(path: dir + "/a")
            let b = try AtomicFile.Writer(path: dir + "/b")
            try a.write([1])
            #expect(Self.listing(dir).count == 2)
            // Only this test's files: other tests in the process may have writers open.
            let removed = AtomicFile.removePending { $0.hasPrefix(dir + "/") }
            #expect(removed == 2)
            #expect(Self.listing(dir).isEmpty)
            #expect(!AtomicFile.pendingPaths.contains(a.temporaryPath))
            // Committing a writer whose file was removed fails cleanly.
            #expect(throws: AtomicFileError.rename(from: a.temporaryPath, to: dir + "/a", errno: ENOENT)) { try a.commit() }
            b.discard()
            #expect(Self.listing(dir).isEmpty)
        }
    }

    @Test("a FIFO is written through and stays a FIFO, with no temporary file beside it")
    func aPipeIsWrittenThrough() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/pipe"
            try #require(mkfifo(fifo, 0o600) == 0)
            #expect(AtomicFile.isStream(fifo) && !AtomicFile.isStream(directory))
            // The reader opens the other end; opening for writing waits for it.
            nonisolated(unsafe) var received: [UInt8]?
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                received = Self.read(fifo)
                done.signal()
            }
            try AtomicFile.write(Array("through the pipe".utf8), to: fifo)
            #expect(done.wait(timeout: .now() + 60) == .success, "the reader never finished")
            #expect(received == Array("through the pipe".utf8))
            var status = stat()
            #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
            #expect(Self.listing(directory) == ["pipe"])
        }
    }

    @Test("writing to /dev/null leaves it the null device")
    func theNullDeviceStaysADevice() throws {
        try AtomicFile.write(Array(repeating: 7, count: 1000), to: "/dev/null")
        let writer = try AtomicFile.Writer(path: "/dev/null")
        try writer.reserve(100)
        try writer.write([1, 2, 3])
        try writer.commit()
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a device")
    }
}
