import Foundation
import Testing
import TagFlowTestSupport

/// FIFOs, sockets and devices named as inputs, run end to end through the binary: each is refused unread, by a
/// message naming it and what it is, with status 2, nothing on standard output and no file written.
///
/// Opening a FIFO that nobody writes to waits forever, which is what these runs used to do. Each run has a hang
/// limit, so a regression fails instead of stalling the suite; it is never a measure of speed.
@Suite struct SpecialFileInputTests {
    /// Generous: a refused run takes a few milliseconds, and the limit only turns a hang into a failure.
    static let hangLimit: Double = 120

    /// What a case puts in its folder before running, made in this order: folders, files, FIFOs, sockets, links.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var folders: [String] = []
        var files: [String: String] = [:]
        /// Copies of the test font 'TagFlowTest-DejaVuShadow.ttf', so a font folder holds a real font besides.
        var fonts: [String] = []
        var fifos: [String] = []
        var sockets: [String] = []
        /// Symbolic links: name → target.
        var links: [String: String] = [:]
        var arguments: [String]
        /// Words the message on standard error must hold.
        var stderr: [String]
        var description: String { name }
    }

    static let tags = ["a.tags": "篮球\n足球\n"]

    static let cases: [Case] = [
        Case(name: "a FIFO as --font-file", files: tags, fifos: ["f.ttf"],
             arguments: ["render", "a.tags", "--font-file", "f.ttf", "-o", "out.png"],
             stderr: ["error: 'f.ttf' is a FIFO, not a regular file", "help: fonts are read from regular files"]),
        Case(name: "a character device as --font-file", files: tags,
             arguments: ["render", "a.tags", "--font-file", "/dev/null", "-o", "out.png"],
             stderr: ["error: '/dev/null' is a character device, not a regular file"]),
        Case(name: "a FIFO in a config's fontFiles", files: tags.merging(["c.json": #"{"fontFiles": ["f.ttf"]}"#]) { $1 },
             fifos: ["f.ttf"], arguments: ["render", "a.tags", "--config", "c.json", "-o", "out.png"],
             stderr: ["f.ttf' is a FIFO, not a regular file"]),
        Case(name: "a FIFO in a config's fontDirs", folders: ["fonts"],
             files: tags.merging(["c.json": #"{"fontDirs": ["fonts"]}"#]) { $1 }, fonts: ["fonts/shadow.ttf"],
             fifos: ["fonts/pipe.ttf"], arguments: ["render", "a.tags", "--config", "c.json", "-o", "out.png"],
             stderr: ["fonts/pipe.ttf' in the font folder", "is a FIFO, not a regular file",
                      "help: move it out of the folder, or give the fonts one by one with --font-file"]),
        Case(name: "a FIFO in a subfolder of --font-dir", folders: ["fonts", "fonts/more"], files: tags,
             fonts: ["fonts/shadow.ttf"], fifos: ["fonts/more/pipe.otf"],
             arguments: ["render", "a.tags", "--font-dir", "fonts", "-o", "out.png"],
             stderr: ["error: 'fonts/more/pipe.otf' in the font folder 'fonts' is a FIFO, not a regular file"]),
        Case(name: "a link to a FIFO inside --font-dir", folders: ["fonts"], files: tags, fonts: ["fonts/shadow.ttf"],
             fifos: ["pipe"], links: ["fonts/linked.ttf": "../pipe"],
             arguments: ["layout", "a.tags", "--font-dir", "fonts"],
             stderr: ["error: 'fonts/linked.ttf' in the font folder 'fonts' is a FIFO, not a regular file"]),
        Case(name: "a socket inside --font-dir", folders: ["fonts"], files: tags, fonts: ["fonts/shadow.ttf"],
             sockets: ["fonts/s.ttf"], arguments: ["layout", "a.tags", "--font-dir", "fonts"],
             stderr: ["error: 'fonts/s.ttf' in the font folder 'fonts' is a socket, not a regular file"]),
        Case(name: "a FIFO as the tags file", fifos: ["p.tags"], arguments: ["layout", "p.tags"],
             stderr: ["error: cannot read 'p.tags': it is a FIFO, not a regular file",
                      "help: name a regular file; where a command reads standard input, '-' reads a pipe"]),
        Case(name: "a socket as the tags file", sockets: ["s.tags"], arguments: ["render", "s.tags", "-o", "out.png"],
             stderr: ["error: cannot read 's.tags': it is a socket, not a regular file"]),
        Case(name: "a FIFO as the config", files: tags, fifos: ["c.json"],
             arguments: ["render", "a.tags", "--config", "c.json", "-o", "out.png"],
             stderr: ["error: cannot read 'c.json': it is a FIFO, not a regular file"]),
        Case(name: "a FIFO as the new PNG of a diff", fifos: ["new.png"], arguments: ["diff", "old.png", "new.png"],
             stderr: ["error: cannot read 'new.png': it is a FIFO, not a regular file", "help: name a regular PNG file"]),
        Case(name: "a FIFO as the old PNG of a diff drawn to a file", fifos: ["old.png"],
             arguments: ["diff", "old.png", "new.png", "-o", "d.png"],
             stderr: ["error: cannot read 'old.png': it is a FIFO, not a regular file"]),
        Case(name: "a FIFO as the snapshot manifest", fifos: ["tagflow.json"], arguments: ["snapshot", "verify"],
             stderr: ["error: cannot read 'tagflow.json': it is a FIFO, not a regular file"]),
        Case(name: "a FIFO as a screen's tags in the manifest",
             files: ["tagflow.json": #"{"goldens": "goldens", "screens": [{"name": "s", "tags": "p.tags"}]}"#],
             fifos: ["p.tags"], arguments: ["snapshot", "verify"],
             stderr: ["cannot read 'p.tags': it is a FIFO, not a regular file"]),
    ]

    @Test(arguments: cases)
    func refusedUnread(_ testCase: Case) throws {
        let folder = try TemporaryFolder()
        try make(testCase, in: folder)
        let before = listing(folder.url.path)
        let result = try ProcessRunner.run(tagflowExecutable, testCase.arguments, in: folder.url,
                                           environment: ["CI": ""], hangLimit: Self.hangLimit)
        #expect(!result.wasKilledAsHung, "\(testCase.name): still running after \(Self.hangLimit) s; killed as hung")
        #expect(result.status == 2, "\(testCase.name): exit \(result.status), expected 2:\n\(result.stderr)")
        for words in testCase.stderr {
            #expect(result.stderr.contains(words), "\(testCase.name): expected '\(words)' in:\n\(result.stderr)")
        }
        #expect(result.stdout.isEmpty, "\(testCase.name) printed on standard output:\n\(result.stdout)")
        #expect(listing(folder.url.path) == before, "\(testCase.name) wrote files")
    }

    /// A font whose table directory claims 65,535 tables: fontconfig and FreeType open it, HarfBuzz finds no glyphs
    /// in it, and FreeType cannot load the tables it lists. The message names the file and the problem in words,
    /// and says what to check, where it used to say only "error 142".
    @Test func aFontThatListsTablesItDoesNotHoldIsNamedAndExplained() throws {
        let folder = try TemporaryFolder()
        var font = try Data(contentsOf: Self.shadowFont)
        #expect(font.prefix(4) == Data([0, 1, 0, 0]), "not a TrueType font")
        font[4] = 0xFF  // numTables, big-endian, after the 4-byte sfnt version
        font[5] = 0xFF
        try folder.write("broken.ttf", font)
        try folder.write("a.tags", "篮球\n")
        let before = listing(folder.url.path)
        let result = try ProcessRunner.run(tagflowExecutable,
                                           ["render", "a.tags", "--font-file", "broken.ttf", "--font", "DejaVu Sans",
                                            "-o", "out.png"], in: folder.url, hangLimit: Self.hangLimit)
        #expect(result.status == 2, "exit \(result.status):\n\(result.stderr)")
        for words in ["FreeType could not read the tables that the table directory of 'broken.ttf' (face 0) lists",
                      "a table is missing (FreeType error 142)",
                      "check the file: it should be a complete TrueType or OpenType font", "not cut off"] {
            #expect(result.stderr.contains(words), "expected '\(words)' in:\n\(result.stderr)")
        }
        #expect(result.stdout.isEmpty)
        #expect(listing(folder.url.path) == before, "wrote files")
    }

    /// `-` still reads standard input when it is a pipe: the one place a pipe is read.
    @Test func standardInputIsStillReadFromAPipe() throws {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", #"printf '篮球\n足球\n' | "$0" layout -"#, tagflowExecutable.path],
                                           hangLimit: Self.hangLimit)
        #expect(result.status == 0, "exit \(result.status):\n\(result.stderr)")
        #expect(result.stdout.contains("2 tag(s)"), "\(result.stdout)")
    }

    // MARK: - Making the special files

    static let shadowFont = packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-DejaVuShadow.ttf")

    /// A 1×1 PNG, for the side of a diff that is not special.
    static let onePixelPNG = Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    private func make(_ testCase: Case, in folder: TemporaryFolder) throws {
        for name in testCase.folders {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        }
        for (name, text) in testCase.files { try folder.write(name, text) }
        for name in testCase.fonts { try FileManager.default.copyItem(at: Self.shadowFont, to: folder.url.appendingPathComponent(name)) }
        for name in ["old.png", "new.png"] where testCase.arguments.contains(name) && !testCase.fifos.contains(name) {
            try folder.write(name, Self.onePixelPNG)
        }
        for name in testCase.fifos { try #require(mkfifo(folder.path(name), 0o600) == 0, "mkfifo \(name)") }
        for name in testCase.sockets { try makeSocket(at: folder.path(name)) }
        for (name, target) in testCase.links {
            try FileManager.default.createSymbolicLink(atPath: folder.path(name), withDestinationPath: target)
        }
    }

    /// Binds a Unix socket at `path`, which leaves it on disk once the socket is closed.
    private func makeSocket(at path: String) throws {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0, "socket")
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
    }

    /// Every path below `root`, sorted: proof that a refused run wrote nothing anywhere in the folder.
    private func listing(_ root: String) -> [String] {
        ((FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []).sorted()
    }
}
