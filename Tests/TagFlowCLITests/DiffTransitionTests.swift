import Foundation
import Testing
@testable import TagFlowCLI
@testable import TagFlowPipeline
@testable import TagFlowInput
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowTestSupport

/// `tagflow diff OLD NEW -o change.gif|.apng|folder/`: the device view animated from the old layout to the new.
@Suite struct DiffTransitionTests {
    /// The demo with one tag renamed and one inserted, both in the last section, below the first screen.
    static func writeInputs(in folder: TemporaryFolder) throws -> (old: String, new: String) {
        let demo = try String(contentsOf: packageRoot.appendingPathComponent("Examples/demo.tags"), encoding: .utf8)
        let changed = demo.replacingOccurrences(of: "\nLambert10\n", with: "\nLambert 10\n")
            .replacingOccurrences(of: "\nCodeNinja14\n", with: "\nCodeNinja14\n新标签\n")
        #expect(changed != demo)
        return (try folder.write("old.tags", demo).path, try folder.write("new.tags", changed).path)
    }

    /// The scenes `render` and `scroll` draw, laid out from the same files and defaults as the command's.
    static func scene(_ path: String) throws -> Scene {
        let loaded = try LayoutInput().load(tagsPath: path)
        return try SceneLoader.scene(loaded, style: StyleSettings().style(config: loaded.config),
                                     console: Console(out: { _ in }, err: { _ in }, isInteractive: false))
    }

    static func pixels(_ image: RGBAImage) -> [UInt8] { image.pixels }

    /// The picture as the GIF encoder's palette has it: each colour replaced by the palette's nearest entry.
    static func quantised(_ image: RGBAImage, _ palette: GIFPalette) -> [RGB] {
        var memo = [RGB: RGB]()
        return stride(from: 0, to: image.pixels.count, by: 4).map { offset in
            #expect(image.pixels[offset + 3] == 255)
            let colour = RGB(r: image.pixels[offset], g: image.pixels[offset + 1], b: image.pixels[offset + 2])
            if let hit = memo[colour] { return hit }
            let entry = palette.colours[palette.nearestIndex(to: colour)]
            memo[colour] = entry
            return entry
        }
    }

    @Test func theEndsAreTheOldAndNewDeviceViewsPixelForPixel() throws {
        let folder = try TemporaryFolder()
        let (oldPath, newPath) = try Self.writeInputs(in: folder)
        let gif = folder.path("change.gif"), apng = folder.path("change.apng"), frames = folder.path("frames")
        for output in [gif, apng, frames] {
            let run = try tagflow(["diff", oldPath, newPath, "-o", output])
            #expect(run.status == 1, "\(run.stderr)")
        }

        let old = try Self.scene(oldPath), new = try Self.scene(newPath)
        let diff = LayoutDiff(old: LayoutSnapshot(old.layout), new: LayoutSnapshot(new.layout))
        #expect(diff.added.map(\.text) == ["新标签"])
        #expect(diff.renamed.map { "\($0.oldText ?? "") → \($0.text)" } == ["Lambert10 → Lambert 10"])
        #expect(diff.removed.isEmpty)
        let offsets = LayoutTransition.offsets(old: old, new: new, diff: diff, requested: nil)
        // The change is below the first screen, so the view scrolls to it.
        let top = -old.layout.options.contentInset.top
        #expect(offsets.old > top && offsets.new > top)
        let oldView = try DeviceView.image(old, offset: offsets.old, scale: 1)
        let newView = try DeviceView.image(new, offset: offsets.new, scale: 1)
        #expect(oldView.pixels != newView.pixels)

        // 0.4 s at 30 fps: round(12) + 1 frames.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: frames + "/frames.json"))) as! [String: Any]
        let entries = manifest["frames"] as! [[String: Any]]
        #expect(entries.count == 13)
        // Times in whole microseconds, as written: 0.3, not 0.30000000000000004.
        let text = try String(contentsOfFile: frames + "/frames.json", encoding: .utf8)
        #expect(text.contains("\"time\": 0.3,") && !text.contains("0000000000"), "\(text.prefix(600))")
        #expect((manifest["offsets"] as! [String: Double]) == ["old": offsets.old, "new": offsets.new])
        let decoder = PNGDecoder()
        let first = try decoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: frames + "/frame-0001.png"))))
        let last = try decoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: frames + "/frame-0013.png"))))
        #expect(first.width == oldView.width && first.height == oldView.height)
        #expect(first.pixels == oldView.pixels)
        #expect(last.pixels == newView.pixels)
        let middle = try decoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: frames + "/frame-0007.png"))))
        #expect(middle.pixels != oldView.pixels && middle.pixels != newView.pixels)

        // The APNG's first frame is its default image, exact.
        let apngBytes = try Array(Data(contentsOf: URL(fileURLWithPath: apng)))
        #expect(try decoder.decode(apngBytes).pixels == oldView.pixels)
        #expect(try APNGFrames.last(of: apngBytes).pixels == newView.pixels)

        // The GIF's frames are the same pictures through the encoder's palette.
        let decoded = try DecodedGIF(Array(Data(contentsOf: URL(fileURLWithPath: gif))))
        #expect(decoded.frames.count == 13)
        let palette = try LayoutTransition(old: old, new: new, diff: diff, offsets: offsets, frameCount: 13).gifPalette()
        #expect(decoded.composited(upTo: 0) == Self.quantised(oldView, palette))
        #expect(decoded.composited() == Self.quantised(newView, palette))
        // The ends are held: 1/30 s plus --hold's 0.5 s.
        #expect(decoded.frames.map(\.delay) == [53] + Array(repeating: 3, count: 11) + [53])
    }

    /// Content that grows under pinned headers: the offsets differ, the offset moves between them, and the ends are
    /// still exactly the two device views.
    @Test func theOffsetMovesWhenTheContentGrowsAndPinnedHeadersStayExact() throws {
        let folder = try TemporaryFolder()
        let demo = try String(contentsOf: packageRoot.appendingPathComponent("Examples/demo.tags"), encoding: .utf8)
        let grown = demo.replacingOccurrences(of: "\nLambert19\n", with: "\nLambert19\n" + (1...24).map { "新\($0)\n" }.joined())
        let oldPath = try folder.write("old.tags", demo).path, newPath = try folder.write("new.tags", grown).path
        let config = try folder.write("pinned.json", #"{"pinHeaders": true}"#).path
        let frames = folder.path("frames")
        let run = try tagflow(["diff", oldPath, newPath, "--config", config, "-o", frames, "--fps", "10"])
        #expect(run.status == 1, "\(run.stderr)")

        func scene(_ path: String) throws -> Scene {
            var input = LayoutInput()
            input.config = config
            let loaded = try input.load(tagsPath: path)
            return try SceneLoader.scene(loaded, style: StyleSettings().style(config: loaded.config),
                                        console: Console(out: { _ in }, err: { _ in }, isInteractive: false))
        }
        let old = try scene(oldPath), new = try scene(newPath)
        #expect(old.layout.options.pinHeaders)
        let diff = LayoutDiff(old: LayoutSnapshot(old.layout), new: LayoutSnapshot(new.layout))
        let offsets = LayoutTransition.offsets(old: old, new: new, diff: diff, requested: nil)
        #expect(offsets.new > offsets.old)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: frames + "/frames.json"))) as! [String: Any]
        let entries = manifest["frames"] as! [[String: Any]]
        let shown = entries.map { $0["offset"] as! Double }
        #expect(shown.count == 5 && shown.first == offsets.old && shown.last == offsets.new)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })
        let decoder = PNGDecoder()
        func frame(_ number: Int) throws -> [UInt8] {
            try decoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: frames + String(format: "/frame-%04d.png", number))))).pixels
        }
        #expect(try frame(1) == DeviceView.image(old, offset: offsets.old, scale: 1).pixels)
        #expect(try frame(5) == DeviceView.image(new, offset: offsets.new, scale: 1).pixels)
    }

    @Test func aFolderOfSVGFramesHoldsTheTransitionsDrawings() throws {
        let folder = try TemporaryFolder()
        let (oldPath, newPath) = try Self.writeInputs(in: folder)
        let frames = folder.path("frames")
        let run = try tagflow(["diff", oldPath, newPath, "-o", frames, "--frame-format", "svg", "--duration", "0.2"])
        #expect(run.status == 1, "\(run.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: frames + "/frames.json"))) as! [String: Any]
        let files = (manifest["frames"] as! [[String: Any]]).map { $0["file"] as! String }
        #expect(files == (1...7).map { String(format: "frame-%04d.svg", $0) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == (files + ["frames.json"]).sorted())

        // One engine for both sides, as the command has when their fonts agree: an SVG embeds each font it draws with.
        let console = Console(out: { _ in }, err: { _ in }, isInteractive: false)
        let loadedOld = try LayoutInput().load(tagsPath: oldPath), loadedNew = try LayoutInput().load(tagsPath: newPath)
        let engine = try LayoutInput.engine(fonts: loadedOld.fonts, caching: .shapedTexts)
        let old = try SceneLoader.scene(SceneLoader.layout(loadedOld, engine: engine, console: console),
                                        style: StyleSettings().style(config: loadedOld.config))
        let new = try SceneLoader.scene(SceneLoader.layout(loadedNew, engine: engine, console: console),
                                        style: StyleSettings().style(config: loadedNew.config))
        let diff = LayoutDiff(old: LayoutSnapshot(old.layout), new: LayoutSnapshot(new.layout))
        let transition = LayoutTransition(old: old, new: new, diff: diff, offsets: LayoutTransition.offsets(old: old, new: new, diff: diff, requested: nil),
                                          frameCount: 7)
        for (index, file) in files.enumerated() {
            let written = try Array(Data(contentsOf: URL(fileURLWithPath: frames + "/" + file)))
            #expect(written == (try transition.svg(index)), "\(file) is not the transition's frame \(index + 1)")
        }
        let first = String(decoding: try Data(contentsOf: URL(fileURLWithPath: frames + "/" + files[0])), as: UTF8.self)
        let last = String(decoding: try Data(contentsOf: URL(fileURLWithPath: frames + "/" + files[6])), as: UTF8.self)
        let size = transition.view.size
        #expect(first.hasPrefix("<?xml") && first.contains("<svg") && first.hasSuffix("</svg>\n"))
        #expect(first.contains("viewBox=\"0 0 \(Int(size.width)) \(Int(size.height))\""))
        #expect(first != last, "the transition's ends are the same drawing")
    }

    @Test func theSameInputsWriteTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let (oldPath, newPath) = try Self.writeInputs(in: folder)
        for name in ["a.gif", "b.gif", "a.apng", "b.apng"] {
            let run = try tagflow(["diff", oldPath, newPath, "-o", folder.path(name), "--highlight-changes", "--duration", "0.2"])
            #expect(run.status == 1, "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("a.gif"))) == Data(contentsOf: URL(fileURLWithPath: folder.path("b.gif"))))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("a.apng"))) == Data(contentsOf: URL(fileURLWithPath: folder.path("b.apng"))))
    }

    @Test func highlightsMarkTheChangesInTheDiffPicturesColours() throws {
        let folder = try TemporaryFolder()
        let (oldPath, newPath) = try Self.writeInputs(in: folder)
        let plain = folder.path("plain"), marked = folder.path("marked")
        _ = try tagflow(["diff", oldPath, newPath, "-o", plain, "--fps", "10"])
        _ = try tagflow(["diff", oldPath, newPath, "-o", marked, "--fps", "10", "--highlight-changes"])
        let decoder = PNGDecoder()
        func frame(_ folder: String, _ number: Int) throws -> RGBAImage {
            try decoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: folder + String(format: "/frame-%04d.png", number)))))
        }
        // 0.4 s at 10 fps: 5 frames. The added tags' green stroke shows in the marked middle frame only.
        let green = RGB(r: 0x1a, g: 0x7f, b: 0x37)
        func hasGreen(_ image: RGBAImage) -> Bool {
            stride(from: 0, to: image.pixels.count, by: 4).contains {
                RGB(r: image.pixels[$0], g: image.pixels[$0 + 1], b: image.pixels[$0 + 2]) == green && image.pixels[$0 + 3] == 255
            }
        }
        #expect(try !hasGreen(frame(plain, 5)))
        #expect(try hasGreen(frame(marked, 5)))
        #expect(try frame(plain, 3).pixels != frame(marked, 3).pixels)

        // The tint is under the text, so a highlighted tag's text is as dark as an unmarked one's (#666666).
        let new = try Self.scene(newPath)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: marked + "/frames.json"))) as! [String: Any]
        let offset = try #require((manifest["offsets"] as? [String: Double])?["new"])
        let added = try #require(new.layout.flow.allElements.first { new.layout.tag($0.id)?.text == "Lambert 10" }).frame
        func darkest(_ image: RGBAImage) -> Int {
            var darkest = 255
            for y in Int(added.minY - offset) + 4..<Int(added.maxY - offset) - 4 {
                // Between the rounded ends, where the outline is not.
                for x in Int(added.minX + added.height / 2)..<Int(added.maxX - added.height / 2) {
                    let i = (y * image.width + x) * 4
                    darkest = min(darkest, (Int(image.pixels[i]) + Int(image.pixels[i + 1]) + Int(image.pixels[i + 2])) / 3)
                }
            }
            return darkest
        }
        let unmarked = try darkest(frame(plain, 5)), highlighted = try darkest(frame(marked, 5))
        #expect(unmarked <= 0x70, "the tag's text is not where it was looked for")
        #expect(abs(highlighted - unmarked) <= 8, "highlighted text \(highlighted) against \(unmarked) unmarked")
    }

    @Test func badTransitionRequestsExitTwoAndWriteNothing() throws {
        let folder = try TemporaryFolder()
        let (oldPath, newPath) = try Self.writeInputs(in: folder)
        let gif = folder.path("change.gif")
        let cases: [(arguments: [String], says: String)] = [
            (["--fps", "0"], "--fps"),
            (["--duration", "-1"], "--duration"),
            (["--duration", "100"], "lower --duration or --fps"),
        ]
        for (arguments, says) in cases {
            let run = try tagflow(["diff", oldPath, newPath, "-o", gif] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(says), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: gif))
        }
        // Timing without an animation to time.
        let alone = try tagflow(["diff", oldPath, newPath, "--fps", "10"])
        #expect(alone.status == 2 && alone.stderr.contains("animated transition"), "\(alone.stderr)")

        // PNGs, folders and layout JSON files have nothing to animate.
        let pngA = folder.path("a.png"), pngB = folder.path("b.png")
        _ = try tagflow(["render", oldPath, "--scale", "1", "-o", pngA])
        _ = try tagflow(["render", newPath, "--scale", "1", "-o", pngB])
        let pixels = try tagflow(["diff", pngA, pngB, "-o", gif])
        #expect(pixels.status == 2 && pixels.stderr.contains("from two layouts"), "\(pixels.stderr)")
        try FileManager.default.createDirectory(atPath: folder.path("x"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.path("y"), withIntermediateDirectories: false)
        let folders = try tagflow(["diff", folder.path("x"), folder.path("y"), "-o", gif])
        #expect(folders.status == 2 && folders.stderr.contains("from two layouts"), "\(folders.stderr)")
        let jsonA = folder.path("a.json"), jsonB = folder.path("b.json")
        _ = try tagflow(["layout", oldPath, "--format", "json", "-o", jsonA])
        _ = try tagflow(["layout", newPath, "--format", "json", "-o", jsonB])
        let layouts = try tagflow(["diff", jsonA, jsonB, "-o", gif])
        #expect(layouts.status == 2 && layouts.stderr.contains("layout JSON"), "\(layouts.stderr)")
        #expect(!FileManager.default.fileExists(atPath: gif))

        // The static diff picture is still a PNG of old, new and the overlay.
        let picture = try tagflow(["diff", oldPath, newPath, "-o", folder.path("diff.png")])
        #expect(picture.status == 1)
        let image = try PNGDecoder().decode(Array(Data(contentsOf: URL(fileURLWithPath: folder.path("diff.png")))))
        #expect(image.width > 3 * 375)
    }
}

/// Reads an APNG's frames back: each frame's region, from its fcTL and fdAT chunks, pasted over the one before.
enum APNGFrames {
    struct Chunk { var type: String; var data: [UInt8] }

    static func chunks(_ bytes: [UInt8]) -> [Chunk] {
        var chunks = [Chunk]()
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(uint32(bytes, offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init)
        let crc = withUnsafeBytes(of: crc32(typeBytes + data).bigEndian, Array.init)
        return length + typeBytes + data + crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The canvas after the last frame. Frames after the first are opaque and replace their region.
    static func last(of bytes: [UInt8]) throws -> RGBAImage {
        let all = chunks(bytes)
        let header = all.first { $0.type == "IHDR" }!.data
        var canvas = try PNGDecoder().decode(bytes)
        var region: (x: Int, y: Int, width: Int, height: Int)?
        var data = [UInt8]()
        func paste() throws {
            guard let region, !data.isEmpty else { return }
            var ihdr = header
            ihdr.replaceSubrange(0..<8, with: withUnsafeBytes(of: UInt32(region.width).bigEndian, Array.init)
                                 + withUnsafeBytes(of: UInt32(region.height).bigEndian, Array.init))
            let png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + chunk("IHDR", ihdr) + chunk("IDAT", data) + chunk("IEND", [])
            let part = try PNGDecoder().decode(png)
            var pixels = canvas.pixels
            for row in 0..<region.height {
                let from = row * region.width * 4
                let to = ((region.y + row) * canvas.width + region.x) * 4
                pixels.replaceSubrange(to..<to + region.width * 4, with: part.pixels[from..<from + region.width * 4])
            }
            canvas = try RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
        }
        var sawFirstFrame = false
        for chunk in all {
            switch chunk.type {
            case "fcTL":
                try paste()
                data = []
                region = sawFirstFrame ? (Int(uint32(chunk.data, 12)), Int(uint32(chunk.data, 16)),
                                          Int(uint32(chunk.data, 4)), Int(uint32(chunk.data, 8))) : nil
                sawFirstFrame = true
            case "fdAT": data += chunk.data.dropFirst(4)
            default: break
            }
        }
        try paste()
        return canvas
    }
}
