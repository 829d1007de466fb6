import Foundation
import TagFlowCLI
import TagFlowImage
import TagFlowInput
import TagFlowLayout
import TagFlowRender
import TagFlowText

/// Drawing: a 1,000-tag render against a Chromium screenshot of the same tags, and a 120-frame scroll against
/// encoding its PNGs alone. Whole-process rows run the release `tagflow` built beside this program.
enum RenderBenchmarks {
    static let tagCount = 1_000
    static let frameCount = 120

    static let group = BenchmarkGroup(
        name: "render",
        summary: "1,000 tags to PNG against Chromium, where the time goes, PNG sizes; "
            + "a 120-frame scroll at scale 2 against its PNG encoding alone",
        run: run)

    static func run(_ report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tags = tagTexts()
        let tagsFile = folder.appendingPathComponent("tags.tags")
        try tags.joined(separator: "\n").write(to: tagsFile, atomically: true, encoding: .utf8)

        let engine = try TextEngine()
        let options = LayoutOptions()
        let measurer = try Measurer(engine: engine, options: options)
        let document = TagDocument(sections: [TagSection(tags: tags.map { Tag($0) })])
        let scene = try Scene(layout: try TagLayout(document: document, options: options, measurer: measurer),
                              engine: engine, style: .light)
        let renderer = ContentRenderer(scene: scene)
        let inProcess = try inProcessRows(&report, renderer: renderer)
        let parts = try whereTheTimeGoesRows(&report, renderer: renderer, document: document, options: options)
        // What the process is made of, each part warm: no whole render can cost less, however its parts overlap.
        let floor = parts.startup + parts.layout + inProcess

        let tagflow = try tagflowExecutable()
        try pngSizeRows(&report, tagflow: tagflow, folder: folder, tags: renderer)
        try againstChromiumRows(&report, tagflow: tagflow, folder: folder, tagsFile: tagsFile, scene: scene,
                                floor: floor)
        try scrollRows(&report, tagflow: tagflow, folder: folder)
    }

    /// The render in process at scales 1 and 2; returns the time at scale 1.
    static func inProcessRows(_ report: inout Report, renderer: ContentRenderer) throws -> Double {
        var atScaleOne = 0.0
        for scale in [1.0, 2.0] {
            var bytes = 0
            let time = try medianSeconds { bytes = try renderer.render(.png, scale: scale).count }
            if scale == 1 { atScaleOne = time }
            report.row("render to PNG, in process", size: "\(formatCount(tagCount)) tags, scale \(Int(scale))",
                       time: time,
                       rate: "\(bytes / 1024) KiB")
        }
        return atScaleOne
    }

    /// Where a 1,000-tag render's time goes, at scale 1; returns the process start's time and the layout's.
    static func whereTheTimeGoesRows(_ report: inout Report, renderer: ContentRenderer, document: TagDocument,
                                     options: LayoutOptions) throws -> (startup: Double, layout: Double) {
        let startup = try medianSeconds { try runProgram(try tagflowExecutable(), ["--version"]) }
        report.row("where it goes: process start and exit", size: "tagflow --version", time: startup, rate: "")
        let engineStart = try medianSeconds { _ = try TextEngine() }
        report.row("where it goes: loading fontconfig's configuration", size: "TextEngine()", time: engineStart,
                   rate: "")
        let layoutTime = try medianSeconds {
            let engine = try TextEngine()
            let measurer = try Measurer(engine: engine, options: options)
            _ = try TagLayout(document: document, options: options, measurer: measurer)
        }
        report.row("where it goes: fontconfig, shaping and layout", size: "\(formatCount(tagCount)) tags",
                   time: layoutTime, rate: "")
        var drawn = RGBAImage(width: 1, height: 1)
        let drawing = try medianSeconds { drawn = try renderer.image(scale: 1) }
        report.row("where it goes: drawing and converting to RGBA", size: "\(formatCount(tagCount)) tags, scale 1",
                   time: drawing, rate: "")
        let encodingOnce = try medianSeconds { _ = try PNGEncoder().encode(drawn) }
        report.row("where it goes: PNG encoding", size: "\(formatCount(tagCount)) tags, scale 1", time: encodingOnce,
                   rate: "")

        // The drawing a render cannot do without, on every core as a render draws: with the text, and cairo's fills
        // and borders alone.
        let drawingAlone = try medianSeconds { try renderer.drawWithoutEncoding(scale: 1) }
        report.row("where it goes: drawing alone, every core, nothing encoded",
                   size: "\(formatCount(tagCount)) tags, scale 1",
                   time: drawingAlone, rate: "")
        let cellShapes = try medianSeconds { try renderer.drawWithoutEncoding(scale: 1, cellText: false) }
        report.row("where it goes: cairo's cell fills and borders alone, every core",
                   size: "\(formatCount(tagCount)) tags, scale 1",
                   time: cellShapes, rate: "")
        return (startup, layoutTime)
    }

    /// Whole `tagflow render` processes at scales 1 and 2, in turn with a Chromium screenshot of the same tags.
    static func againstChromiumRows(_ report: inout Report, tagflow: URL, folder: URL, tagsFile: URL, scene: Scene,
                                    floor: Double) throws {
        let output = folder.appendingPathComponent("render.png").path
        func tagflowRender(scale: Int) throws -> Double {
            try seconds { try runProgram(tagflow, ["render", tagsFile.path, "--scale", "\(scale)", "-o", output]) }
        }
        let chromium = executable(named: "chromium")
        var timings: [() throws -> Double] = [{ try tagflowRender(scale: 1) }, { try tagflowRender(scale: 2) }]
        if let chromium {
            let page = folder.appendingPathComponent("tags.html")
            let options = scene.layout.options
            try flexWrapPage(tagTexts(), options: options, style: .light)
                .write(to: page, atomically: true, encoding: .utf8)
            let height = Int(scene.contentBounds.height.rounded(.up))
            let shot = folder.appendingPathComponent("chromium.png").path
            timings.append {
                try seconds {
                    try runProgram(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                              "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                                              "--window-size=\(Int(options.width)),\(height)", "--screenshot=\(shot)",
                                              page.absoluteString])
                }
            }
        }
        // In turn, since tagflow is held against Chromium.
        let times = try TimesInTurn(timings)
        for (index, scale) in [1, 2].enumerated() {
            report.row("tagflow render, whole process", size: "\(formatCount(tagCount)) tags, scale \(scale)",
                       time: times.medianTime(index), rate: "")
        }
        guard chromium != nil else {
            report.row("Chromium screenshot", size: "", rate: "skipped: no chromium on PATH")
            return
        }
        report.row("Chromium screenshot, flex-wrap, whole process", size: "\(formatCount(tagCount)) tags, scale 1",
                   time: times.medianTime(2), rate: "")
        let speedup = times.ratio(2, to: 0)
        report.row("tagflow render against Chromium", size: "scale 1",
                   rate: "\(formatSignificant(speedup))× faster",
                   bar: Bar(target: "≥ 50×", isMet: speedup >= 50))
        // What 50× leaves, against the process's parts, each measured warm above.
        report.row("Chromium's time / 50", size: "scale 1", time: times.medianTime(2) / 50, rate: "")
        report.row("process start + layout + render in process, summed", size: "scale 1", time: floor,
                   rate: "at most \(formatSignificant(times.medianTime(2) / floor))× faster than Chromium")
    }

    /// A 120-frame scroll of the example at scale 2, to a folder and to a GIF, beside encoding the same frames alone.
    static func scrollRows(_ report: inout Report, tagflow: URL, folder: URL) throws {
        let example = "Examples/demo.tags"
        guard FileManager.default.fileExists(atPath: example) else {
            report.row("scroll", size: "", rate: "skipped: run from the package root, where \(example) is")
            return
        }
        let scroll = ScrollRun(tagflow: tagflow, folder: folder, example: example)
        let renderer = try scroll.renderer()
        /// Each frame drawn, then encoded on the clock.
        func encodingAlone() throws -> Double {
            var encoding = 0.0
            for index in 0..<frameCount {
                let image = try renderer.image(index, scale: 2)
                encoding += try seconds { _ = try PNGEncoder().encode(image) }
            }
            return encoding
        }

        // In turn, since the three are compared.
        let times = try TimesInTurn([{
            try? FileManager.default.removeItem(atPath: scroll.frames)
            return try seconds { try scroll.run(frames: frameCount, to: scroll.frames) }
        }, {
            try seconds { try scroll.run(frames: frameCount, to: scroll.gif) }
        }, encodingAlone, {
            try? FileManager.default.removeItem(atPath: scroll.fastestFrames)
            return try seconds {
                try scroll.run(frames: frameCount, to: scroll.fastestFrames, ["--png-compression", "fastest"])
            }
        }])
        let (toFolder, toGIF) = (times.medianTime(0), times.medianTime(1))
        report.row("tagflow scroll to a folder, whole process", size: "\(frameCount) frames, scale 2", time: toFolder,
                   rate: "\(formatDuration(toFolder / Double(frameCount)))/frame")
        report.row("tagflow scroll to a GIF, whole process", size: "\(frameCount) frames, scale 2", time: toGIF,
                   rate: "\(formatDuration(toGIF / Double(frameCount)))/frame")
        let gifRatio = times.ratio(1, to: 0)
        report.row("GIF frame against PNG frame", size: "whole process", rate: "\(formatSignificant(gifRatio))×",
                   bar: Bar(target: "≤ 1.0×", isMet: gifRatio <= 1.0))

        report.row("tagflow scroll to a folder, --png-compression fastest", size: "\(frameCount) frames, scale 2",
                   time: times.medianTime(3),
                   rate: "\(formatDuration(times.medianTime(3) / Double(frameCount)))/frame")
        report.row("fastest against the default, to a folder", size: "whole process",
                   rate: "\(formatSignificant(times.ratio(3, to: 0)))×")
        try scrollSizeRows(&report, renderer: renderer, times: times)
        try scrollMemoryRows(&report, scroll: scroll)
    }

    /// The scroll's frames, encoded alone and at each compression: sizes, and the frame cost against encoding alone
    /// (`times`' third timing).
    static func scrollSizeRows(_ report: inout Report, renderer: ScrollFrameRenderer, times: TimesInTurn) throws {
        // Sizes: every frame with the default, fastest and libdeflate level 2; every 30th also with the small setting.
        var fastBytes = 0, fastestBytes = 0, libdeflateBytes = 0, smallBytes = 0, sampledBytes = 0
        for index in 0..<frameCount {
            let image = try renderer.image(index, scale: 2)
            let fast = try PNGEncoder().encode(image).count
            fastBytes += fast
            fastestBytes += try PNGEncoder(options: .fastest).encode(image).count
            libdeflateBytes += try PNGEncoder(options: libdeflate2).encode(image).count
            if index % 30 == 0 {
                smallBytes += try PNGEncoder(options: .small).encode(image).count
                sampledBytes += fast
            }
        }
        let encoding = times.medianTime(2)
        report.row("PNG encoding alone, the same frames", size: "\(frameCount) frames, scale 2", time: encoding,
                   rate: "\(formatDuration(encoding / Double(frameCount)))/frame")
        let ratio = times.ratio(0, to: 2)
        report.row("frame cost against encoding alone", size: "to a folder", rate: "\(formatSignificant(ratio))×",
                   bar: Bar(target: "≤ 1.15×", isMet: ratio <= 1.15))
        sizeRows(&report, "scroll frames", fast: fastBytes, fastest: fastestBytes, libdeflate: libdeflateBytes,
                 zlib: fastBytes,
                 small: Double(smallBytes) / Double(sampledBytes))
    }

    /// Peak memory of whole runs with more and more frames, to a folder and to a GIF: it should not grow. The
    /// median of five runs of each length, the three lengths in turn in each round: how many frames are in flight
    /// at the peak depends on the machine's speed at the time.
    static func scrollMemoryRows(_ report: inout Report, scroll: ScrollRun) throws {
        let counts = [30, 120, 480]
        for (destination, output) in [("a folder", scroll.frames), ("a GIF", scroll.gif)] {
            var runs = Array(repeating: [Double](), count: counts.count)
            for _ in 0..<5 {
                for (index, count) in counts.enumerated() {
                    try? FileManager.default.removeItem(atPath: output)
                    runs[index].append(Double(try peakKilobytes(scroll.tagflow,
                                                                scroll.arguments(frames: count, to: output,
                                                                                 ["--force"]))))
                }
            }
            let peaks = runs.map(median)
            for (count, peak) in zip(counts, peaks) {
                report.row("tagflow scroll to \(destination), peak RSS", size: "\(count) frames, scale 2",
                           rate: "\(Int(peak) / 1024) MiB")
            }
            let growth = peaks.last! / peaks.first!
            report.row("peak RSS growth, to \(destination)", size: "30 → 480 frames",
                       rate: "\(formatSignificant(growth))×",
                       bar: Bar(target: "flat: ≤ 1.2×", isMet: growth <= 1.2))
        }
    }

    /// The example's scroll as the benchmark runs it: the command line, where it writes, and its frames drawn in
    /// process.
    struct ScrollRun {
        let tagflow: URL
        let folder: URL
        let example: String

        var frames: String { folder.appendingPathComponent("frames").path }
        var fastestFrames: String { folder.appendingPathComponent("frames-fastest").path }
        var gif: String { folder.appendingPathComponent("scroll.gif").path }

        func arguments(frames count: Int, to output: String, _ extra: [String] = []) -> [String] {
            ["scroll", example, "--config", "Examples/demo.json", "--compare", "--view", "both", "--scale", "2",
             "--quiet", "--frames", "\(count)"] + extra + ["-o", output]
        }

        func run(frames count: Int, to output: String, _ extra: [String] = []) throws {
            try runProgram(tagflow, arguments(frames: count, to: output, extra))
        }

        /// The same frames, drawn in process: the floor a frame sequence is held against.
        func renderer() throws -> ScrollFrameRenderer {
            let engine = try TextEngine()
            let options = LayoutOptions()
            let document = try TagsFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: example))),
                                              file: example)
            let measurer = try Measurer(engine: engine, options: options)
            let scene = try Scene(layout: try TagLayout(document: document, options: options, measurer: measurer),
                                  engine: engine, style: .light)
            let range = options.offsetRange(contentSize: scene.layout.flow.contentSize)
            return ScrollFrameRenderer(scene: scene, strategies: [.naiveSuper, .cached], view: .both,
                                       maxOverviewHeight: 640, plan: ScrollPlan(range: range,
                                                                                spacing: .frames(frameCount)))
        }
    }

    /// libdeflate at level 2, weighed against the default (igzip or zlib, in pieces on every core).
    static let libdeflate2 = PNGEncoder.Options(compressionLevel: 2, deflater: .libdeflate)

    /// The 1,000 tags at ×1 and ×2 (written with a palette) and the demo at ×1, ×2 and ×3 (RGB): time and size of
    /// the default, of libdeflate level 2 and of the small setting. The size bar holds the default within 10% of
    /// zlib level 3's bytes, what tagflow wrote before.
    static func pngSizeRows(_ report: inout Report, tagflow: URL, folder: URL, tags: ContentRenderer) throws {
        var pictures: [(name: String, image: RGBAImage)] = try [1, 2].map { scale in
            ("\(formatCount(tagCount)) tags ×\(scale)", try tags.image(scale: Double(scale)))
        }
        if FileManager.default.fileExists(atPath: "Examples/demo.tags") {
            for scale in 1...3 {
                let path = folder.appendingPathComponent("demo.png").path
                try runProgram(tagflow,
                               ["render", "Examples/demo.tags", "--config", "Examples/demo.json", "--scale", "\(scale)",
                                "-o", path])
                pictures.append(("demo ×\(scale)",
                                 try PNGDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))))
            }
        }
        let zlib3 = PNGEncoder.Options(compressionLevel: 3, deflater: .zlib)
        for (name, image) in pictures {
            var sizes: [Int] = []
            for (setting, options) in [("default", PNGEncoder.Options.fast),
                                       ("libdeflate level 2, one core", libdeflate2),
                                       ("zlib level 3, every core (before)", zlib3)] {
                var bytes = 0
                let time = try medianSeconds { bytes = try PNGEncoder(options: options).encode(image).count }
                report.row("PNG encoding, \(setting)", size: name, time: time, rate: "\(bytes / 1024) KiB")
                sizes.append(bytes)
            }
            let small = try PNGEncoder(options: .small).encode(image).count
            let fastest = try PNGEncoder(options: .fastest).encode(image).count
            sizeRows(&report, name, fast: sizes[0], fastest: fastest, libdeflate: sizes[1], zlib: sizes[2],
                     small: Double(small) / Double(sizes[2]))
        }
    }

    /// The default's size against zlib level 3's (bar: at most 10% larger), and the fastest setting's, libdeflate
    /// level 2's and the small setting's.
    static func sizeRows(_ report: inout Report, _ what: String, fast: Int, fastest: Int, libdeflate: Int, zlib: Int,
                         small smallRatio: Double) {
        let ratio = Double(fast) / Double(zlib)
        report.row("PNG size against zlib level 3", size: what, rate: "\(formatSignificant(ratio))×",
                   bar: Bar(target: "≤ 1.10×", isMet: ratio <= 1.1))
        report.row("PNG size, --png-compression fastest, against zlib level 3", size: what,
                   rate: "\(formatSignificant(Double(fastest) / Double(zlib)))×")
        report.row("PNG size, libdeflate level 2, against zlib level 3", size: what,
                   rate: "\(formatSignificant(Double(libdeflate) / Double(zlib)))×")
        report.row("PNG size, --png-compression small, against zlib level 3", size: what,
                   rate: "\(formatSignificant(smallRatio))×")
    }

    /// The bench's tags: texts of the text benchmark, so they mix Latin and CJK.
    static func tagTexts() -> [String] {
        var random = SeededGenerator(seed: 0x1000)
        return (0..<tagCount).map { _ in TextBenchmarks.text(using: &random) }
    }

    /// The page a user would otherwise script: the same tags with CSS flex-wrap, in the seed's look.
    static func flexWrapPage(_ tags: [String], options: LayoutOptions, style: Style) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let inset = options.sectionInset
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><style>
            body { margin: 0; background: \(style.background); }
            .tags { width: \(options.lineWidth)px; \
            padding: \(inset.top)px \(inset.right)px \(inset.bottom)px \(inset.left)px;
                    display: flex; flex-wrap: wrap; column-gap: \(options.interitemSpacing)px; \
            row-gap: \(options.lineSpacing)px;
                    font: \(options.fontSize)px 'DejaVu Sans', 'WenQuanYi Zen Hei'; }
            .tag { box-sizing: border-box; height: \(options.itemHeight)px; line-height: \(options.itemHeight - 2)px;
                   padding: 0 \(options.padding - 1)px; border: 1px solid \(style.cellBorder); \
            border-radius: \(options.itemHeight / 2)px;
                   color: \(style.text); white-space: pre; }
            </style></head><body><div class="tags">
            \(tags.map { "<div class=\"tag\">\(escape($0))</div>" }.joined(separator: "\n"))
            </div></body></html>
            """
    }
}

extension ContentRenderer {
    /// Draws the content as a PNG render does, in bands of about ``bandBytes`` on every core, and keeps nothing:
    /// the drawing a render cannot do without. With `cellText` false, cells get only their fills and borders,
    /// which is cairo's rasteriser alone.
    func drawWithoutEncoding(scale: Double, cellText: Bool = true) throws {
        let size = try pixelSize(scale: scale)
        let (width, height) = (size.width, size.height)
        let bands = Self.bands(height: height, rows: Self.bandRows(width: width))
        let surfaces = ImageSurfacePool()
        let renderer = self
        let drawn = resultsByIndex(count: bands.count) { index in
            Result { () throws -> Void in
                let canvas = try renderer.drawBand(bands[index], scale: scale, pool: surfaces, cellText: cellText)
                _ = try canvas.withPixels { _ in true }
            }
        }
        for result in drawn { try result.get() }
    }
}
