import Foundation
import TagFlowRender
import TagFlowImage
import Testing
import TagFlowTestSupport

/// `render` and `scroll` run as a person runs them: through the binary.
@Suite(.serialized) struct RenderEndToEndTests {
    static let demo = packageRoot.appendingPathComponent("Examples/demo.tags").path
    static let demoConfig = packageRoot.appendingPathComponent("Examples/demo.json").path

    // MARK: Animations read back

    /// A GIF's 256 colours change an emoji's: the run says so, and names the APNG that keeps them; text without
    /// emoji gets no such word.
    @Test func aGIFOfEmojiSaysAnAPNGKeepsTheirColours() throws {
        let folder = try TemporaryFolder()
        try folder.write("emoji.tags", "🎉 Party\n🇯🇵 Japan\n")
        let emoji = try tagflow(["scroll", folder.path("emoji.tags"), "--frames", "2", "-o", folder.path("e.gif")])
        #expect(emoji.status == 0)
        #expect(emoji.stderr.contains("warning: a GIF draws colour emoji in the style's palette of 256 colours, so they change colour: "
                                      + "write \(folder.path("e.apng")) for their own colours"), "\(emoji.stderr)")
        let plain = try tagflow(["scroll", Self.demo, "--frames", "2", "-o", folder.path("d.gif")])
        #expect(plain.status == 0 && !plain.stderr.contains("GIF"), "\(plain.stderr)")
    }

    /// Cairo's PDF embeds a variable font's file without its variations: a render to PDF of text drawn at axis values
    /// of its own says so, whether they are fontVariations or the automatic opsz of the text's size.
    @Test func aPDFOfAVariedFontSaysItShowsTheDefaultOutlines() throws {
        let folder = try TemporaryFolder()
        try folder.write("v.tags", "Design systems\n")
        let font = packageRoot.appendingPathComponent("Tests/TagFlowTextTests/Fonts/TagFlowTest-Opsz.ttf").path
        let common = ["render", folder.path("v.tags"), "--font-file", font, "--font", "TagFlow Test Opsz"]
        let warning = "warning: a PDF shows a variable font at its default outlines"
        let varied = try tagflow(common + ["--font-variations", "wght=600", "-o", folder.path("v.pdf")])
        #expect(varied.status == 0)
        #expect(varied.stderr.contains(warning), "\(varied.stderr)")
        // At 14 pt the face's opsz axis is set to 14, not its default 8.
        let automatic = try tagflow(common + ["-o", folder.path("a.pdf")])
        #expect(automatic.status == 0 && automatic.stderr.contains(warning), "\(automatic.stderr)")
        #expect(try tagflow(common + ["-o", folder.path("a.svg")]).stderr.isEmpty, "an SVG draws the variations")
        let plain = try tagflow(["render", folder.path("v.tags"), "-o", folder.path("p.pdf")])
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
    }

    @Test func gifFramesDelaysAndSizeFollowTheOptions() throws {
        let folder = try TemporaryFolder()
        let common = ["scroll", Self.demo, "--compare", "--frames", "4", "--view", "both", "--quiet"]
        let frames = try tagflow(common + ["-o", folder.path("frames")])
        let gif = try tagflow(common + ["--fps", "25", "-o", folder.path("scroll.gif")])
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(gif.status == 0, "\(gif.stderr)")
        let first = try PNGDecoder().decode(try bytes(folder.path("frames/frame-0001.png")))

        let decoded = try DecodedGIF(try bytes(folder.path("scroll.gif")))
        #expect(decoded.width == first.width && decoded.height == first.height)
        #expect(decoded.frames.count == 4)
        #expect(decoded.frames.map(\.delay) == [4, 4, 4, 4], "25 fps is 4 hundredths of a second a frame")
        #expect(decoded.loopCount == 0)
        let opening = try #require(decoded.frames.first)
        #expect(opening.left == 0 && opening.top == 0 && opening.width == first.width && opening.height == first.height)
        for frame in decoded.frames {
            #expect(frame.left + frame.width <= decoded.width && frame.top + frame.height <= decoded.height)
        }
        // The first frame is the first PNG frame through a palette: close, pixel for pixel.
        var total = 0
        for y in 0..<first.height {
            for x in 0..<first.width {
                let png = first[x, y], index = Int(opening.indices[y * opening.width + x])
                let colour = decoded.palette[index]
                total += abs(Int(png.red) - Int(colour.r)) + abs(Int(png.green) - Int(colour.g))
                    + abs(Int(png.blue) - Int(colour.b))
            }
        }
        let mean = Double(total) / Double(3 * first.width * first.height)
        #expect(mean < 2, "the GIF's first frame differs from the PNG frame by \(mean) per channel")

        let slow = try tagflow(["scroll", Self.demo, "--frames", "2", "--fps", "3", "--quiet", "-o", folder.path("slow.gif")])
        #expect(slow.status == 0, "\(slow.stderr)")
        #expect(try DecodedGIF(try bytes(folder.path("slow.gif"))).frames.map(\.delay) == [33, 33])
    }

    @Test func apngFramesDelaysAndSizeFollowTheOptions() throws {
        let folder = try TemporaryFolder()
        let common = ["scroll", Self.demo, "--compare", "--frames", "3", "--view", "both", "--quiet"]
        let frames = try tagflow(common + ["-o", folder.path("frames")])
        let apng = try tagflow(common + ["--fps", "8", "-o", folder.path("scroll.apng")])
        let asPNG = try tagflow(common + ["--fps", "8", "--apng", "-o", folder.path("scroll.png")])
        #expect(frames.status == 0 && apng.status == 0 && asPNG.status == 0, "\(frames.stderr)\(apng.stderr)\(asPNG.stderr)")
        let firstFrame = try PNGDecoder().decode(try bytes(folder.path("frames/frame-0001.png")))
        let file = try bytes(folder.path("scroll.apng"))
        #expect(try bytes(folder.path("scroll.png")) == file, "--apng to .png writes the same animation as .apng")

        let chunks = try PNGChunks.read(file)
        #expect(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND")
        let header = try #require(chunks.first { $0.type == "IHDR" })
        #expect(PNGChunks.uint32(header.data, 0) == UInt32(firstFrame.width) && PNGChunks.uint32(header.data, 4) == UInt32(firstFrame.height))
        let control = try #require(chunks.first { $0.type == "acTL" })
        #expect(PNGChunks.uint32(control.data, 0) == 3, "acTL num_frames")
        #expect(PNGChunks.uint32(control.data, 4) == 0, "acTL num_plays: loop forever")
        let frameControls = chunks.filter { $0.type == "fcTL" }
        #expect(frameControls.count == 3)
        for fctl in frameControls {
            #expect(PNGChunks.uint16(fctl.data, 20) == 1 && PNGChunks.uint16(fctl.data, 22) == 8, "each frame shows 1/8 s")
            let (width, height) = (PNGChunks.uint32(fctl.data, 4), PNGChunks.uint32(fctl.data, 8))
            let (x, y) = (PNGChunks.uint32(fctl.data, 12), PNGChunks.uint32(fctl.data, 16))
            #expect(x + width <= UInt32(firstFrame.width) && y + height <= UInt32(firstFrame.height))
        }
        let opening = try #require(frameControls.first)
        #expect(PNGChunks.uint32(opening.data, 4) == UInt32(firstFrame.width) && PNGChunks.uint32(opening.data, 8) == UInt32(firstFrame.height))
        #expect(PNGChunks.uint32(opening.data, 12) == 0 && PNGChunks.uint32(opening.data, 16) == 0)
        // Sequence numbers of fcTL and fdAT run 0, 1, 2, ... in file order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { PNGChunks.uint32($0.data, 0) }
        #expect(sequence == (0..<UInt32(sequence.count)).map { $0 })
        // A reader that knows nothing of APNG sees the first frame.
        #expect(try PNGDecoder().decode(file) == firstFrame)
    }

    // MARK: Read by others

    /// Plain tags make a palette PNG, which the default deflates with igzip; the demo's RGB one it deflates with zlib.
    /// ImageMagick must read each to the pixels it reads from the same picture written `small`, by libdeflate.
    @Test(.enabled(if: toolAvailable("convert"))) func defaultPNGsReadInImageMagickAsTheSmallOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write("plain.tags", (1...60).map { "tag \($0)" }.joined(separator: "\n"))
        for (name, input, colourType) in [("plain", folder.path("plain.tags"), UInt8(3)), ("demo", Self.demo, UInt8(2))] {
            var pixels: [Data] = []
            for compression in ["fast", "small"] {
                let output = folder.path("\(name)-\(compression).png")
                let run = try tagflow(["render", input, "--png-compression", compression, "-o", output])
                #expect(run.status == 0, "\(run.stderr)")
                #expect(try bytes(output)[25] == colourType, "\(name): colour type")
                // To a file: binary standard output would be decoded as text, a million repairs at a time.
                let raw = folder.path("\(name)-\(compression).rgba")
                let magick = try ProcessRunner.runTool("convert", [output, "-depth", "8", "rgba:" + raw])
                #expect(magick.status == 0, "\(magick.stderr)")
                pixels.append(try Data(contentsOf: URL(fileURLWithPath: raw)))
            }
            let differentFiles = try bytes(folder.path("\(name)-fast.png")) != bytes(folder.path("\(name)-small.png"))
            let samePixels = pixels[0].count > 100_000 && pixels[0] == pixels[1]
            #expect(differentFiles, "\(name): the two settings wrote the same file")
            #expect(samePixels, "\(name): ImageMagick's pixels differ between the settings")
        }
    }

    // MARK: Determinism

    @Test func picturesAreByteIdenticalAcrossProcesses() throws {
        let folder = try TemporaryFolder()
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        for name in ["a", "b"] {
            for ext in ["png", "svg"] {
                let run = try tagflow(["render", Self.demo, "-o", folder.path("\(name).\(ext)")])
                #expect(run.status == 0, "\(run.stderr)")
            }
            let dated = try tagflow(["render", Self.demo, "-o", folder.path("\(name)-epoch.pdf")], environment: epoch)
            #expect(dated.status == 0, "\(dated.stderr)")
            let undated = try runWithout("SOURCE_DATE_EPOCH", ["render", Self.demo, "-o", folder.path("\(name).pdf")])
            #expect(undated == 0)
            for ext in ["gif", "apng"] {
                let run = try tagflow(["scroll", Self.demo, "--compare", "--frames", "3", "--quiet", "-o", folder.path("\(name).\(ext)")])
                #expect(run.status == 0, "\(run.stderr)")
            }
        }
        for file in ["png", "svg", "pdf", "gif", "apng"].map({ ".\($0)" }) + ["-epoch.pdf"] {
            let a = try bytes(folder.path("a" + file)), b = try bytes(folder.path("b" + file))
            #expect(!a.isEmpty && a == b, "a\(file) and b\(file) differ")
        }

        let dated = String(decoding: try bytes(folder.path("a-epoch.pdf")), as: UTF8.self)
        let undated = String(decoding: try bytes(folder.path("a.pdf")), as: UTF8.self)
        let datedInfo = Self.infoLines(dated), undatedInfo = Self.infoLines(undated)
        // SOURCE_DATE_EPOCH=1700000000 is 2023-11-14 22:13:20 UTC; without it, the epoch itself.
        let carriesEpochDate = datedInfo.filter { $0.contains("20231114221320") }.count == 2
        let undatedCarriesIt = undated.contains("20231114221320")
        let carriesZeroDate = undatedInfo.filter { $0.contains("19700101000000") }.count == 2
        #expect(carriesEpochDate && !undatedCarriesIt, "\(datedInfo)")
        #expect(carriesZeroDate, "\(undatedInfo)")
        // PDF dates are written D:YYYYMMDDHHmmSS (ISO 32000-1, 7.9.4).
        let creationDate = dated.contains("/CreationDate (D:20231114221320"), modDate = dated.contains("/ModDate (D:20231114221320")
        #expect(creationDate, "\(datedInfo)")
        #expect(modDate, "\(datedInfo)")
    }

    /// `-o -` writes the picture to standard output: a PNG unless `--format` says otherwise, with the bytes a file of
    /// that format gets; `--format` also names the format of an output whose name has no extension.
    @Test func picturesGoToStandardOutputAndToNamesWithoutAnExtension() throws {
        let folder = try TemporaryFolder()
        for format in ["png", "svg"] {
            #expect(try tagflow(["render", Self.demo, "-o", folder.path("file.\(format)")]).status == 0)
            let file = try bytes(folder.path("file.\(format)"))
            let piped = try tagflow(["render", Self.demo, "-o", "-"] + (format == "png" ? [] : ["--format", format]))
            #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
            #expect(Array(piped.stdoutBytes) == file, "\(format) on standard output")
            #expect(try tagflow(["render", Self.demo, "-o", folder.path("bare-\(format)"), "--format", format]).status == 0)
            #expect(try bytes(folder.path("bare-\(format)")) == file)
        }
        #expect(!FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("-").path))
        // `layout -o -` is standard output too, not a file named "-".
        let layout = try tagflow(["layout", Self.demo, "-o", "-"], in: folder.url)
        #expect(layout.status == 0 && layout.stdout.hasPrefix("viewport 375×412"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("-")))
    }

    /// A PNG or PDF is not written to a terminal, an SVG (text) is: `script` gives tagflow one as standard output.
    @Test(.enabled(if: toolAvailable("script"))) func aPictureIsNotWrittenToATerminal() throws {
        let command = "\(tagflowExecutable.path) render \(Self.demo) -o -"
        let run = try ProcessRunner.runTool("script", ["-qec", command, "/dev/null"])
        #expect(run.status == 2)
        #expect(run.stdout.contains("error: standard output is a terminal, and a PNG picture is not text"), "\(run.stdout)")
        #expect(!run.stdout.contains("IHDR"), "no picture bytes reached the terminal")
        let svg = try ProcessRunner.runTool("script", ["-qec", command + " --format svg", "/dev/null"])
        #expect(svg.status == 0 && svg.stdout.contains("<svg"), "\(svg.stdout.prefix(200))")
    }

    /// The lines of a PDF's document information that hold dates.
    static func infoLines(_ pdf: String) -> [String] {
        pdf.split(separator: "\n").filter { $0.contains("Date (") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func framesAreTheSameWithOneThreadOrTwo() throws {
        let folder = try TemporaryFolder()
        for threads in ["1", "2"] {
            let run = try tagflow(["scroll", Self.demo, "--compare", "--frames", "5", "--view", "both", "--threads", threads,
                                   "--quiet", "-o", folder.path("threads-\(threads)")])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let one = try snapshot(folder.url.appendingPathComponent("threads-1"))
        let two = try snapshot(folder.url.appendingPathComponent("threads-2"))
        #expect(one.keys.sorted() == (1...5).map { String(format: "frame-%04d.png", $0) } + ["frames.json"])
        #expect(one == two)
    }

    // MARK: Bad options

    struct BadOption: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Every one of these appears in standard error.
        var message: [String]
        var testDescription: String { name }
    }

    static let badOptions: [BadOption] = [
        BadOption(name: "--step 0", arguments: ["scroll", "DEMO", "--step", "0", "-o", "frames"], message: ["--step must be greater than 0"]),
        BadOption(name: "--step -5", arguments: ["scroll", "DEMO", "--step", "-5", "-o", "frames"], message: ["--step must be greater than 0, got -5"]),
        BadOption(name: "--frames 0", arguments: ["scroll", "DEMO", "--frames", "0", "-o", "frames"], message: ["--frames must be at least 1"]),
        BadOption(name: "render over the pixel cap", arguments: ["render", "DEMO", "--item-height", "1000", "--scale", "3", "-o", "big.png"],
                  message: ["cap of 100000000 pixels", "--scale"]),
        BadOption(name: "render wider than cairo's limit", arguments: ["render", "DEMO", "--width", "12000", "--scale", "3", "-o", "wide.png"],
                  message: ["32767", "help: lower --scale, or the width (--width"]),
        BadOption(name: "scroll over cairo's limit", arguments: ["scroll", "DEMO", "--view", "device", "--height", "12000", "--scale", "3", "-o", "frames"],
                  message: ["32767", "--scale"]),
        BadOption(name: "sheet over cairo's limit", arguments: ["scroll", "DEMO", "--view", "device", "--height", "12000", "--scale", "3", "--sheet", "-o", "sheet.png"],
                  message: ["32767", "--scale"]),
        BadOption(name: "more frames than the cap", arguments: ["scroll", "DEMO", "--step", "0.01", "-o", "frames"],
                  message: ["over the cap of 1000", "--force"]),
        BadOption(name: "more frames than --max-frames", arguments: ["scroll", "DEMO", "--frames", "30", "--max-frames", "20", "-o", "anim.gif"],
                  message: ["30 frames, over the cap of 20", "--force"]),
        BadOption(name: "render into a missing folder", arguments: ["render", "DEMO", "-o", "missing/x.png"], message: ["missing", "does not exist"]),
        BadOption(name: "GIF into a missing folder", arguments: ["scroll", "DEMO", "-o", "missing/x.gif"], message: ["missing", "does not exist"]),
        BadOption(name: "frames into a missing folder", arguments: ["scroll", "DEMO", "-o", "missing/frames"], message: ["missing", "does not exist"]),
        BadOption(name: "render over its input", arguments: ["render", "doc.png", "-o", "doc.png"], message: ["is also an input"]),
        BadOption(name: "scroll over its input", arguments: ["scroll", "doc.gif", "-o", "./doc.gif"], message: ["is also an input"]),
        BadOption(name: "render --scale 4", arguments: ["render", "DEMO", "--scale", "4", "-o", "x.png"], message: ["--scale must be 1, 2 or 3"]),
        BadOption(name: "scroll --scale 4", arguments: ["scroll", "DEMO", "--scale", "4", "-o", "frames"], message: ["--scale must be 1, 2 or 3"]),
        BadOption(name: ".png without --sheet or --apng", arguments: ["scroll", "DEMO", "-o", "x.png"], message: ["--sheet", "--apng"]),
        BadOption(name: "--compare=A,B with an unknown strategy", arguments: ["scroll", "DEMO", "--compare=naive-super,bogus", "-o", "frames"],
                  message: ["--compare must be one of", "'bogus'"]),
        BadOption(name: "--compare A,B with an unknown strategy", arguments: ["scroll", "DEMO", "--compare", "naive-super,bogus", "-o", "frames"],
                  message: ["naive-super,bogus"]),
    ]

    @Test(arguments: badOptions)
    func badOptionsFailClearlyAndWriteNothing(_ bad: BadOption) throws {
        let folder = try TemporaryFolder()
        let tags = try String(contentsOfFile: Self.demo, encoding: .utf8)
        try folder.write("keep.txt", "kept\n")
        try folder.write("doc.png", tags)
        try folder.write("doc.gif", tags)
        try FileManager.default.createDirectory(atPath: folder.path("frames"), withIntermediateDirectories: false)
        try folder.write("frames/frame-0001.png", "an earlier run's frame")
        let before = try snapshot(folder.url)

        let result = try tagflow(bad.arguments.map { $0 == "DEMO" ? Self.demo : $0 }, in: folder.url)
        #expect(result.status == 2, "exit status \(result.status): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        for part in bad.message {
            #expect(result.stderr.contains(part), "'\(part)' is not in: \(result.stderr)")
        }
        #expect(result.stdout.isEmpty)
        #expect(try snapshot(folder.url) == before, "the folder changed")
    }

    // MARK: Interruption

    /// Ctrl-C, a CI system cancelling the job, and a terminal going away all stop a scroll the same way: with the
    /// finished frames, a manifest that says it is incomplete, no temporary file, and 128 + the signal.
    @Test(arguments: [(SIGINT, "interrupted: kept"), (SIGTERM, "interrupted by SIGTERM: kept"), (SIGHUP, "interrupted by SIGHUP: kept")])
    func aSignalKeepsWholeFramesAndAManifestMarkedIncomplete(_ signal: Int32, _ message: String) throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("frames")
        let run = try ProcessRunner.start(tagflowExecutable, ["scroll", Self.demo, "--step", "1", "--scale", "2",
                                                              "--view", "both", "--force", "-o", output.path],
                                          standardError: folder.path("stderr.txt"))
        func frameFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter { $0.hasPrefix("frame-") }.sorted()
        }
        _ = run.waitUntil(watching: [output.path], hangLimit: 120) { frameFiles().count >= 2 }
        guard run.isRunning else {
            Issue.record("tagflow ended before it could be interrupted: \(run.wait())")
            return
        }
        run.send(signal)
        guard run.waitForExit(hangLimit: 60) else {
            run.send(SIGKILL)
            _ = run.wait()
            Issue.record("tagflow did not stop within a minute of signal \(signal)")
            return
        }
        let status = run.wait()
        let stderr = try String(contentsOfFile: folder.path("stderr.txt"), encoding: .utf8)
        #expect(run.exited)
        #expect(status == 128 + signal, "\(stderr)")
        #expect(stderr.contains(message), "\(stderr)")
        let manifest = try expectConsistentFrameFolder(output)
        #expect((manifest["frames"] as? [Any])?.count ?? 0 >= 2, "the frames finished before the signal are kept")
    }

    /// A command that cannot stop between steps is stopped where it is, and replaces nothing.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringALargeLayoutLeavesNoTemporaryFile(_ signal: Int32) throws {
        let folder = try TemporaryFolder()
        let tags = (0..<200_000).map { "t\($0)" }.joined(separator: "\n")
        try folder.write("big.tags", tags)
        try folder.write("layout.json", "the old layout\n")
        let run = try ProcessRunner.start(tagflowExecutable, ["layout", folder.path("big.tags"), "--format", "json",
                                                              "-o", folder.path("layout.json")], standardError: nil)
        // Stop it while it works: once it has made its temporary file, or at once if it is quicker than that.
        func madeItsTemporaryFile() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
                .contains { $0.hasPrefix(".layout.json.tmp") }
        }
        _ = run.waitUntil(watching: [folder.url.path], hangLimit: 60, madeItsTemporaryFile)
        guard run.isRunning else {
            Issue.record("tagflow ended before it could be stopped: \(run.wait())")
            return
        }
        run.send(signal)
        #expect(run.wait() == 128 + signal)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == ["big.tags", "layout.json"], "\(names)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("layout.json"), encoding: .utf8) == "the old layout\n")
    }

    /// A full disk part way through a scroll: the frames that fit are kept, frames.json lists exactly them and says
    /// it is incomplete, and the exit status is 2 with the reason. The disk is a small tmpfs.
    @Test(.enabled(if: SmallDisk.canMount, "needs root to mount a tmpfs"))
    func aFullDiskDuringAScrollLeavesTheFinishedFramesAndAnIncompleteManifest() throws {
        let disk = try SmallDisk(kilobytes: 400)
        defer { disk.unmount() }
        let output = disk.url.appendingPathComponent("frames")
        let result = try tagflow(["scroll", Self.demo, "--config", Self.demoConfig, "--view", "both", "--scale", "2", "-o", output.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(result.stderr.contains("frames.json says \"complete\": false"), "\(result.stderr)")
        let manifest = try expectConsistentFrameFolder(output)
        #expect((manifest["frames"] as? [Any])?.isEmpty == false, "at least one frame fits in 400 KB")
    }

    /// Four columns shrink the frames so that the sheet's height ends part way through a pixel; its last row is
    /// background all the same, so the sheet is opaque, and written without alpha.
    @Test(arguments: [1, 2])
    func aContactSheetIsOpaqueToItsLastPixelRow(scale: Int) throws {
        let folder = try TemporaryFolder()
        let result = try tagflow(["scroll", Self.demo, "--config", Self.demoConfig, "--compare", "--frames", "12", "--sheet-columns", "4",
                                  "--sheet", "--scale", "\(scale)", "-o", folder.path("sheet.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = Array(try Data(contentsOf: folder.url.appendingPathComponent("sheet.png")))
        #expect(bytes[25] == 2, "colour type RGB")
        let image = try PNGDecoder().decode(bytes)
        #expect(image.height == 2281 * scale)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    /// Standard output that cannot be written (`>/dev/full`) ends the run with status 2 and the reason, not a crash;
    /// a standard error that cannot be written changes nothing.
    @Test func standardOutputThatCannotBeWrittenIsAnErrorAndStandardErrorIsIgnored() throws {
        func run(_ arguments: [String], redirect: String) throws -> RunResult {
            try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" \"$@\" \(redirect)", tagflowExecutable.path] + arguments)
        }
        for arguments in [["--version"], ["layout", Self.demo], ["diff", Self.demo, Self.demo], ["render", Self.demo, "--scale", "1", "-o", "-"]] {
            let full = try run(arguments, redirect: ">/dev/full")
            #expect(full.status == 2, "\(arguments): \(full.stderr)")
            #expect(full.stderr == "error: cannot write 'standard output': No space left on device\n", "\(arguments)")
        }
        let quietErrors = try run(["layout", Self.demo], redirect: "2>/dev/full")
        #expect(quietErrors.status == 0)
        #expect(quietErrors.stdout.hasPrefix("viewport 375×412"))
        #expect(try run(["layout", "nowhere.tags"], redirect: "2>/dev/full").status == 2)
    }

    /// A picture that does not fit on the disk leaves the old one whole and no temporary file, and says so once.
    @Test(.enabled(if: SmallDisk.canMount, "needs root to mount a tmpfs"))
    func aFullDiskDuringARenderKeepsTheOldPicture() throws {
        let disk = try SmallDisk(kilobytes: 400)
        defer { disk.unmount() }
        let output = disk.url.appendingPathComponent("demo.png")
        try Data("the old picture".utf8).write(to: output)
        let result = try tagflow(["render", Self.demo, "--config", Self.demoConfig, "--scale", "3", "-o", output.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: cannot write \(output.path): No space left on device\n"), "\(result.stderr)")
        #expect(result.stderr.contains("help: '\(output.path)' is as it was; free some disk space and run again"), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: output.path).count == 3, "the path is named once in the error and once in the help")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["demo.png"])
        #expect(try Data(contentsOf: output) == Data("the old picture".utf8))
    }

    /// The folder holds whole frames numbered from 1 without gaps, no hidden temporary file, and a frames.json that
    /// lists exactly those frames, says it is incomplete, and gives their size.
    @discardableResult
    private func expectConsistentFrameFolder(_ output: URL) throws -> [String: Any] {
        func frameFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter { $0.hasPrefix("frame-") }.sorted()
        }

        // Only whole files: no hidden temporary files, every frame a complete PNG, numbered from 1 without gaps.
        let everything = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(everything.allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(everything)")
        let frames = frameFiles()
        #expect(frames == (1...max(1, frames.count)).map { String(format: "frame-%04d.png", $0) })
        #expect(Set(everything) == Set(frames + ["frames.json"]))
        var sizes = Set<[Int]>()
        for name in frames {
            let image = try PNGDecoder().decode(try bytes(output.appendingPathComponent(name).path))
            sizes.insert([image.width, image.height])
        }
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("frames.json"))) as? [String: Any])
        #expect(manifest["complete"] as? Bool == false)
        let listed = try #require(manifest["frames"] as? [[String: Any]])
        #expect(listed.compactMap { $0["file"] as? String } == frames)
        let frameSize = try #require(manifest["frameSize"] as? [String: Double])
        #expect(sizes.count <= 1)
        if let size = sizes.first { #expect(size == [Int(frameSize["width"]! * 2), Int(frameSize["height"]! * 2)]) }
        return manifest
    }

    // MARK: Helpers

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Every file under `folder`, hidden ones included, by relative path, with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files = [String: Data]()
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            files[relative + (isDirectory.boolValue ? "/" : "")] = isDirectory.boolValue ? Data() : try Data(contentsOf: url)
        }
        return files
    }

    /// Runs tagflow with `variable` removed from the environment; returns the exit status.
    private func runWithout(_ variable: String, _ arguments: [String]) throws -> Int32 {
        try ProcessRunner.run(tagflowExecutable, arguments, unsetting: [variable]).status
    }
}

/// PNG chunks, read independently of libpng.
enum PNGChunks {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    struct Malformed: Error {}

    static func read(_ bytes: [UInt8]) throws -> [Chunk] {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Malformed() }
        var chunks = [Chunk]()
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Malformed() }
            let length = Int(uint32(bytes, offset))
            guard offset + 12 + length <= bytes.count else { throw Malformed() }
            chunks.append(Chunk(type: String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
                                data: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }
}

