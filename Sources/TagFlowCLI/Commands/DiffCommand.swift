import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText

/// `tagflow diff`: what changed between two layouts, two PNGs, or two folders of PNGs.
struct DiffCommand: ParsableCommand {
    enum Format: String, CaseIterable { case text, json, markdown }

    /// What the two inputs are, decided from the paths and, for JSON, from the content.
    enum Mode {
        case folders
        case pixels
        /// Two layout JSON files from `tagflow layout --format json`, as read to tell what they are.
        case layoutJSON(old: Located<JSONValue>, new: Located<JSONValue>)
        /// Tags files (or tags JSON), laid out here; one file when `--old-config` and `--new-config` differ.
        case tags
    }

    /// How two pictures are compared, and how much difference passes.
    struct PixelSettings: ParsableArguments {
        var threshold = PixelDiff.Options(makeImage: false).threshold
        var includeAntiAliasing = false
        var edgeShifts = false
        var ignore: [PixelDiff.Region] = []
        var maxDiffPixels: Int?
        var maxDiffRatio: Double?

        static var arguments: [ArgumentGroup<Self>] { [
            ArgumentGroup("Pixel diff", [
                .option(\.threshold, "--threshold", help: "How different a pixel's colour must be to count; 0 counts any change.", value: .share),
                .flag(\.includeAntiAliasing, "--include-aa", help: "Count anti-aliased pixels as changes instead of reporting them apart."),
                .flag(\.edgeShifts, "--edge-shifts", help: "Also take edges moved by a fraction of a pixel as anti-aliasing, so text shifted by a subpixel is not counted (pixelmatch counts it)."),
                .repeating(\.ignore, "--ignore", help: "A rectangle of pixels to leave out; repeat for more.", value: .region),
                .option(\.maxDiffPixels, "--max-diff-pixels", help: "Pass when at most N pixels differ.", value: .count),
                .option(\.maxDiffRatio, "--max-diff-ratio", help: "Pass when at most this share of the pixels differ: 0.001 or 0.1%.", value: .ratio),
            ]),
        ] }

        func options(makeImage: Bool) -> (PixelDiff.Options, PixelDiff.Tolerance) {
            var options = PixelDiff.Options(makeImage: makeImage)
            options.threshold = threshold
            options.includeAntiAliasing = includeAntiAliasing
            options.detectEdgeShifts = edgeShifts
            options.ignore = ignore
            return (options, PixelDiff.Tolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio))
        }
    }

    /// How a layout diff is animated on the device: timing, framing and marks.
    struct TransitionSettings: ParsableArguments {
        var duration = 0.4
        var fps = 30.0
        var hold = 0.5
        var highlightChanges = false
        var offset: Double?
        /// One device pixel per point, as `scroll`: an animation has many frames.
        var scale = 1.0
        var frameFormat = FrameFormat.png

        static var arguments: [ArgumentGroup<Self>] { [
            ArgumentGroup("Transition", [
                .option(\.duration, "--duration", help: "Seconds the transition takes, as UIKit's batch updates (about 0.3 to 0.4).",
                        value: .number(.positive, valueName: "SECONDS")),
                .option(\.fps, "--fps", help: "Frames per second; the frames are round(duration × fps) + 1, both ends included.",
                        value: .number(.positive, valueName: "N")),
                .option(\.hold, "--hold", help: "Seconds the first and last frames are held, so a looping animation reads well.",
                        value: .number(.nonNegative, valueName: "SECONDS")),
                .flag(\.highlightChanges, "--highlight-changes", help: "Tint added, removed, renamed, moved and resized tags in the diff picture's colours."),
                .option(\.offset, "--offset", help: "The scroll offset to show, clamped to each layout's range.", value: .number(.any),
                        defaultDescription: "where the first change shows"),
                .option(\.scale, "--scale", help: "Device pixels per point, whatever the device's.", value: .scale),
                .option(\.frameFormat, "--frame-format", help: "The frames written to a folder.", value: .choice),
            ]),
        ] }
    }

    /// What `-o` names: the pixel diff's picture, or an animated transition of the device view.
    enum Picture {
        case png(OutputPath)
        case gif(OutputPath)
        case apng(OutputPath)
        case folder(String)

        var isAnimation: Bool { if case .png = self { false } else { true } }

        var path: String {
            switch self {
            case let .png(output), let .gif(output), let .apng(output): output.path
            case let .folder(path): path
            }
        }
    }

    /// More frames than this is a mistake in --duration or --fps.
    static let maxTransitionFrames = 1000

    var inputs: [String] = []
    var oldConfig: String?
    var newConfig: String?
    var input = LayoutInput()
    var pixels = PixelSettings()
    var transition = TransitionSettings()
    /// The diff picture's and the transition's colours, over each side's config.
    var style = StyleSettings()
    var report: String?
    var accept = false
    var format = Format.text
    var output: String?
    var given = Given<Self>()

    static let configuration = CommandConfiguration(
        name: "diff",
        abstract: "Compare two layouts, two PNGs, or two folders of PNGs.",
        discussion: """
        The inputs decide the comparison:
          two tags files, or one with --old-config and --new-config   layout diff: tags added, removed, moved, resized and reselected
          two layout JSON files (tagflow layout --format json)        the same, from saved layouts
          two PNG files                                               pixel diff with pixelmatch's YIQ distance and anti-aliasing detection
          two folders                                                 every PNG paired by relative path: new, deleted, changed, unchanged
        The pixel diff counts what pixelmatch 5.x and 6.x count, with translucent pixels blended over white (pixelmatch 7.x
        blends them over a grey checkerboard). --edge-shifts also takes edges moved by a fraction of a pixel as anti-aliasing.
        With tags inputs, -o NAME.gif, NAME.apng or a folder animates the device view from the old layout to the new: paired tags
        slide, removed ones fade out and added ones fade in, along UIKit's ease-in-out curve; the first and last frames are exactly
        the two layouts' device views.
        Exits 0 when nothing differs (or the differences pass --max-diff-pixels/--max-diff-ratio), 1 when something does, 2 on an error.
        """,
        failure: "the two differ, beyond --max-diff-pixels or --max-diff-ratio when given",
        examples: [
            "tagflow diff before.tags after.tags",
            "tagflow diff demo.tags --old-config narrow.json --new-config wide.json --format markdown",
            "tagflow diff old-layout.json new-layout.json -o layout-diff.png",
            "tagflow diff before.tags after.tags -o change.gif --highlight-changes",
            "tagflow diff golden.png actual.png --threshold 0.05 --ignore 0,0,375,44 -o diff.png",
            "tagflow diff golden/ actual/ --report out/visual --max-diff-ratio 0.1%",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        let configFile = ValueParser<String>.path("FILE", extensions: ["json"])
        let inputs: [Argument<Self>] = [
            .positionals(\.inputs, "inputs", help: "OLD NEW (files or folders), or one tags file with --old-config and --new-config.",
                         completion: .files(extensions: ["tags", "json", "png"])),
        ]
        let layoutDiff: [Argument<Self>] = [
            .option(\.oldConfig, "--old-config", help: "The config the old layout uses (a JSON file as for --config).", value: configFile),
            .option(\.newConfig, "--new-config", help: "The config the new layout uses.", value: configFile),
        ]
        let layoutInput: [Argument<Self>] = LayoutInput.inputArguments.map { $0.lifted(into: \.input) }
        let layout: [Argument<Self>] = LayoutInput.layoutArguments.map { $0.lifted(into: \.input) }
        let pixels: [ArgumentGroup<Self>] = PixelSettings.arguments.map { $0.lifted(into: \.pixels) }
        let folders: [Argument<Self>] = [
            .option(\.report, "--report", help: "Write report.json, report.md, report.html and diff/ images to DIR.", value: .path("DIR")),
            .flag(\.accept, "--accept", help: "After the report, copy new and changed files over the old ones, to take them as baselines."),
        ]
        let output: [Argument<Self>] = [
            .option(\.format, "--format", help: "A summary and table, JSON for tools, or Markdown for a pull-request comment.", value: .choice),
            .option(\.output, "--output", "-o", help: "Write a diff picture (NAME.png: old and new side by side with an overlay, or the pixel diff), or animate a layout diff on the device: NAME.gif, NAME.apng, or a folder of frames.",
                    value: .path("OUT", extensions: ["png", "gif", "apng"])),
        ]
        let transition: [ArgumentGroup<Self>] = TransitionSettings.arguments.map { $0.lifted(into: \.transition) }
        let style: [ArgumentGroup<Self>] = StyleSettings.arguments.map { $0.lifted(into: \.style) }
        return [ArgumentGroup("Arguments", inputs), ArgumentGroup("Layout diff", layoutDiff),
                ArgumentGroup("Input", layoutInput, shared: true),
                ArgumentGroup("Layout", layout, page: .layoutOptions)]
            + pixels + [ArgumentGroup("Folders", folders), ArgumentGroup("Output", output)] + transition + style
    }

    func validate() throws(CommandLineError) {
        if inputs.count > 2 { throw .tooManyInputs(command: Self.configuration.name, count: inputs.count) }
    }

    func run(console: Console) throws -> ExitStatus {
        try InputFiles.checkStandardInputOnce(inputs + [input.config, oldConfig, newConfig])
        let mode = try detectMode(inputs)
        try checkOptions(for: mode)
        switch mode {
        case .folders: return try diffFolders(inputs[0], inputs[1], console: console)
        case .pixels: return try diffImages(inputs[0], inputs[1], console: console)
        case .layoutJSON, .tags: return try diffLayouts(inputs, mode: mode, console: console)
        }
    }

    // MARK: Modes

    func detectMode(_ paths: [String]) throws -> Mode {
        func isDirectory(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }
        if paths.count == 1 {
            if isDirectory(paths[0]) { throw CommandLineError.folderWithoutPartner }
            guard oldConfig != nil && newConfig != nil else { throw CommandLineError.oneInputWithoutConfigs }
            return .tags
        }
        let directories = paths.map(isDirectory)
        if directories[0] && directories[1] { return .folders }
        if directories[0] || directories[1] { throw RunError.folderAndFile(folder: directories[0] ? paths[0] : paths[1]) }
        let pngs = paths.map { $0.lowercased().hasSuffix(".png") }
        if pngs[0] && pngs[1] { return .pixels }
        if pngs[0] || pngs[1] { throw RunError.pngAndOther(pngs[0] ? paths[1] : paths[0]) }
        // A layout JSON is told by what it holds, so it may come from standard input or have any name.
        // Each input's JSON when it is a layout JSON, kept so that it is read and parsed once.
        let layoutJSONs = try paths.map { path throws(InputError) -> Located<JSONValue>? in
            let bytes = try InputFiles.read(path)
            let json: Located<JSONValue>? = if path.lowercased().hasSuffix(".json") { try JSONParser.parse(bytes, file: InputFiles.displayName(path)) }
                else if TagsInputFormat.startsLikeJSON(bytes) { try? JSONParser.parse(bytes, file: InputFiles.displayName(path)) }
                else { nil }
            return json.flatMap { LayoutSnapshotJSON.isLayout($0) ? $0 : nil }
        }
        if let old = layoutJSONs[0], let new = layoutJSONs[1] { return .layoutJSON(old: old, new: new) }
        let layouts = layoutJSONs.map { $0 != nil }
        if layouts[0] || layouts[1] {
            throw RunError.layoutJSONAndOther(layout: InputFiles.displayName(layouts[0] ? paths[0] : paths[1]),
                                              other: InputFiles.displayName(layouts[0] ? paths[1] : paths[0]))
        }
        return .tags
    }

    /// Why a pixel diff refuses the style's options: the pixels are the PNGs' own.
    private static let pixelsNeedNoStyle = "applies to layout diffs, which draw their pictures; a pixel diff compares the PNGs' own pixels"

    /// Options that mean nothing for a mode are refused rather than silently ignored.
    func checkOptions(for mode: Mode) throws {
        // Standard output carries the report, so no picture goes there.
        if output == OutputPath.standardOutputName { throw RunError.diffPictureToStandardOutput }
        let layoutOption = given.first(of: [\.oldConfig, \.newConfig]) ?? given.first(inGroup: \.input)
        let pixelOption = given.first(inGroup: \.pixels)
        let folderOption = given.first(of: [\.report, \.accept])
        let animates = output.map { Self.namesAnimation($0) } ?? false
        if let option = given.first(inGroup: \.transition), !animates {
            throw CommandLineError.notApplicable(option: option, because: "applies to an animated transition: -o NAME.gif, NAME.apng or a folder")
        }
        func refuse(_ option: String?, _ reason: String) throws(CommandLineError) {
            if let option { throw .notApplicable(option: option, because: reason) }
        }
        if let output, Self.pictureKind(output) != .folder {
            try refuse(given.first(of: [\.transition.frameFormat]), "applies to frames written to a folder")
        }
        // A transition is drawn from two laid-out documents with their fonts and style.
        if animates, let output {
            switch mode {
            case .folders, .pixels: throw RunError.transitionNeedsLayouts(output: output)
            case .layoutJSON: throw RunError.transitionOfLayoutJSON(output: output)
            case .tags: break
            }
        }
        switch mode {
        case .folders:
            try refuse(given.first(inGroup: \.style), Self.pixelsNeedNoStyle)
            try refuse(layoutOption, "applies to layout diffs, not to folders of PNGs")
            try refuse(given.first(of: [\.output]), "is for one diff picture; with folders use --report DIR")
        case .pixels:
            try refuse(given.first(inGroup: \.style), Self.pixelsNeedNoStyle)
            try refuse(layoutOption, "applies to layout diffs, not to PNGs")
            try refuse(folderOption, "applies to folders")
        case .layoutJSON:
            try refuse(pixelOption ?? folderOption, "applies to PNG comparisons, not to layouts")
            try refuse(layoutOption, "lays out tags files; layout JSON files are already laid out")
        case .tags:
            try refuse(pixelOption ?? folderOption, "applies to PNG comparisons, not to layouts")
            if input.config != nil && (oldConfig != nil || newConfig != nil) { throw CommandLineError.configWithSideConfigs }
        }
        if accept && report == nil { throw CommandLineError.acceptWithoutReport }
    }

    // MARK: Layout diff

    func diffLayouts(_ paths: [String], mode: Mode, console: Console) throws -> ExitStatus {
        let oldPath = paths[0], newPath = paths.count == 2 ? paths[1] : paths[0]
        if paths.count == 2 && oldPath == "-" && newPath == "-" { throw RunError.bothStandardInput }
        let picture = try self.output.map { path throws in
            try Self.picture(path, inputs: paths + [input.config, oldConfig, newConfig])
        }
        // Watching SIGINT from here, so an early Ctrl-C also stops an animation with 130.
        let interruption = picture?.isAnimation == true ? Interruption() : nil
        var sides: (old: Side, new: Side)?
        let old: LayoutSnapshot, new: LayoutSnapshot
        var engine: TextEngine?
        if case let .layoutJSON(oldJSON, newJSON) = mode {
            old = try LayoutSnapshotJSON.snapshot(oldJSON)
            new = try LayoutSnapshotJSON.snapshot(newJSON)
        } else {
            // Standard input can be read only once: one input read as "-" serves both sides.
            let oldLayout = try layout(oldPath, config: oldConfig, console: console)
            let newLayout = paths.count == 1 && oldPath == "-"
                ? try layout(oldLayout.document, config: newConfig, console: console, sharingWith: oldLayout)
                : try layout(newPath, config: newConfig, console: console, sharingWith: oldLayout)
            func snapshot(_ side: Side) throws -> LayoutSnapshot {
                LayoutSnapshot(side.layout, fontFiles: FontRecords.identities(engine: side.engine, layout: side.layout,
                                                                              style: try style.style(config: side.config)))
            }
            old = try snapshot(oldLayout)
            new = try snapshot(newLayout)
            engine = newLayout.engine
            sides = (oldLayout, newLayout)
        }
        let diff = LayoutDiff(old: old, new: new)
        let report = LayoutDiffReport(diff: diff)
        if case let .png(output)? = picture {
            let textEngine = try engine ?? LayoutInput.measurer(for: LayoutOptions(), fonts: input.fonts(config: ConfigFile()), caching: .shapedTexts).engine
            // Selected tags are drawn in the new side's style, as the text in its font; layout JSON carries no style.
            let style = try self.style.style(config: sides?.new.config ?? ConfigFile())
            let png: [UInt8]
            do {
                // The tags in the new side's tag font, as it was measured; saved layouts carry no options.
                let picture = if let options = sides?.new.layout.options { LayoutDiffImage(diff: diff, engine: textEngine, options: options, style: style) }
                              else { LayoutDiffImage(diff: diff, engine: textEngine, style: style) }
                let scale = picture.drawnScale()
                if scale < 2 {
                    console.warn("the diff picture of \(formatPoints(picture.size.width.rounded()))×\(formatPoints(picture.size.height.rounded())) pt is drawn at "
                                 + "\(formatDecimal(scale)) px a point, not 2, to stay within cairo's \(Canvas.maxSide) px a side"
                                 + (scale < 1 ? ", too small to read its tags; diff fewer tags, or read the table" : ""))
                }
                png = try picture.png()
            } catch {
                throw RunError.diffImageFailed(reason: "\(error)")
            }
            try output.write(png)
        }
        if let picture, picture.isAnimation, let sides, let interruption {
            try writeTransition(picture, old: sides.old, new: sides.new, diff: diff, names: (oldPath, newPath),
                                console: console, interruption: interruption)
        }
        switch format {
        case .text: console.out(report.text)
        case .markdown: console.out(report.markdown)
        case .json:
            var json = report.json
            if case var .object(members) = json {
                let image: String? = if case let .png(output)? = picture { output.path } else { nil }
                members.append(("diffImage", .optional(image)))
                if let picture, picture.isAnimation { members.append(("transition", .string(picture.path))) }
                json = .object(members)
            }
            console.out(json.rendered() + "\n")
        }
        return diff.isIdentical ? .success : .failure
    }

    /// One side of a layout diff of tags: its layout, the engine that measured it with the fonts it was given, and
    /// the config it was read with.
    typealias Side = (layout: TagLayout, document: TagDocument, engine: TextEngine, fonts: FontSources, config: ConfigFile)

    /// Lays out a tags file with one side's config: `--config` when that side has none of its own.
    private func layout(_ path: String, config: String?, console: Console, sharingWith other: Side? = nil) throws -> Side {
        var side = input
        if let config { side.config = config }
        let loaded = try side.load(tagsPath: path)
        return try Self.layout(loaded, console: console, sharingWith: other)
    }

    /// Lays out an already read document with one side's config, for a single input on standard input.
    private func layout(_ document: TagDocument, config: String?, console: Console, sharingWith other: Side) throws -> Side {
        let loaded = try input.loaded(document, config: ConfigFile.load(config))
        return try Self.layout(loaded, console: console, sharingWith: other)
    }

    /// Lays out with `other`'s text engine when `other` has the same fonts, so fontconfig's configuration is loaded
    /// once and the texts both sides hold are shaped once.
    private static func layout(_ loaded: LayoutInput.Loaded, console: Console, sharingWith other: Side?) throws(RunError) -> Side {
        let engine: TextEngine
        if let other, other.fonts == loaded.fonts {
            engine = other.engine
        } else {
            engine = try LayoutInput.engine(fonts: loaded.fonts, caching: .shapedTexts)
        }
        let measurer = try LayoutInput.measurer(for: loaded.options, engine: engine, console: console, places: loaded.fontPlaces)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        warnAboutText(in: layout, measurer: measurer, console: console)
        return (layout, loaded.document, engine, loaded.fonts, loaded.config)
    }

    // MARK: Transition

    /// The diff picture's colours in `style` for each change, for --highlight-changes.
    static func highlightColours(in style: Style) -> [TransitionChange: DeviceView.Highlight] {
        let palette = LayoutDiffImage.Palette(for: style)
        func colours(_ mark: LayoutDiffImage.Mark) -> DeviceView.Highlight { DeviceView.Highlight(fill: palette[mark].fill, stroke: palette[mark].stroke) }
        return [.added: colours(.added), .removed: colours(.removed), .renamed: colours(.renamed),
                .moved: colours(.moved), .resized: colours(.resized)]
    }

    /// Animates the device view from the old layout to the new one into `picture`.
    private func writeTransition(_ picture: Picture, old: Side, new: Side, diff: LayoutDiff, names: (old: String, new: String),
                                 console: Console, interruption: Interruption) throws {
        func scene(_ side: Side) throws -> Scene {
            let style = try self.style.style(config: side.config)
            do {
                return try Scene(layout: side.layout, engine: side.engine, style: style)
            } catch {
                throw RunError.drawingFontsUnloadable(reason: "\(error)")
            }
        }
        let (oldScene, newScene) = (try scene(old), try scene(new))
        let oldScreen = DeviceView(scene: oldScene).size, newScreen = DeviceView(scene: newScene).size
        guard oldScreen == newScreen else { throw RunError.transitionScreensDiffer(old: oldScreen, new: newScreen) }
        let count = LayoutTransition.frameCount(duration: transition.duration, fps: transition.fps)
        guard count <= Self.maxTransitionFrames else { throw RunError.tooManyTransitionFrames(count, cap: Self.maxTransitionFrames) }
        let animation = LayoutTransition(old: oldScene, new: newScene, diff: diff,
                                         offsets: LayoutTransition.offsets(old: oldScene, new: newScene, diff: diff, requested: transition.offset),
                                         frameCount: count, highlights: transition.highlightChanges ? Self.highlightColours(in: newScene.style) : [:])
        let frames = TransitionFrames(transition: animation, settings: transition, names: names)
        let writer = FrameWriter(source: frames, scale: transition.scale, fps: transition.fps, pipeline: OrderedPipeline(),
                                  console: console, quiet: false, interruption: interruption)
        do {
            switch picture {
            case let .gif(output): try writer.writeGIF(output)
            case let .apng(output): try writer.writeAPNG(output)
            case let .folder(path): try writer.writeFolder(path, format: transition.frameFormat, sourceName: names.new)
            case .png: break
            }
        } catch let error as RenderError {
            throw RunError.render(error)
        }
    }

    // MARK: Pixel diff

    func diffImages(_ oldPath: String, _ newPath: String, console: Console) throws -> ExitStatus {
        let output = try self.output.map { path throws in try Self.pngOutput(path, inputs: [oldPath, newPath]) }
        let (options, tolerance) = pixels.options(makeImage: output != nil)
        let (old, new) = try PixelDiffReport.decodePair(oldPath, newPath)
        let result = PixelDiff.compare(old, new, options: options)
        // A pass that compared nothing would read as two matching pictures.
        if result.comparedPixels == 0 && !result.sizeChanged { throw RunError.nothingCompared(ignored: result.ignoredPixels, file: nil) }
        let report = PixelDiffReport(oldPath: oldPath, newPath: newPath, result: result, options: options, tolerance: tolerance)
        if let output, let image = result.image {
            let png: [UInt8]
            do { png = try PNGEncoder().encode(image) } catch { throw RunError.encodeFailed(reason: "\(error)") }
            try output.write(png)
        }
        switch format {
        case .text: console.out(report.text)
        case .markdown: console.out(report.markdown)
        case .json: console.out(report.json(diffImage: output?.path).rendered() + "\n")
        }
        return report.status == .failed ? .failure : .success
    }

    // MARK: Folders

    func diffFolders(_ oldDirectory: String, _ newDirectory: String, console: Console) throws -> ExitStatus {
        let reportDirectory = try report.map { path throws in try OutputPath.checkReportFolder(path, outside: [oldDirectory, newDirectory]) }
        let (options, tolerance) = pixels.options(makeImage: true)
        let report = try FolderReport(oldDirectory: OutputPath.trimmingSlashes(oldDirectory), newDirectory: OutputPath.trimmingSlashes(newDirectory), options: options, tolerance: tolerance)
        // As for two pictures: a file whose every pixel is ignored was not compared, and must not pass as if it were.
        for item in report.items {
            if let result = item.result, result.comparedPixels == 0, !result.sizeChanged {
                throw RunError.nothingCompared(ignored: result.ignoredPixels, file: item.name)
            }
        }
        if let reportDirectory { try report.write(to: reportDirectory, toolVersion: TagFlowCommand.version) }
        switch format {
        case .text:
            console.out(report.text + (reportDirectory.map { "report: \($0)/report.html\n" } ?? ""))
        case .markdown: console.out(report.markdown)
        case .json: console.out(report.json(reportDirectory: reportDirectory).rendered() + "\n")
        }
        let unreadable = report.items(.unreadable)
        if let first = unreadable.first {
            throw RunError.picturesUnreadable(count: unreadable.count, firstProblem: first.problem ?? first.name, report: reportDirectory)
        }
        if accept {
            let accepted = try report.accept()
            console.err("accepted \(accepted.count) file(s) as the new baselines in \(oldDirectory)\n")
            let deleted = report.items(.deleted)
            if !deleted.isEmpty {
                console.warn("\(deleted.count) baseline(s) have no new file and were kept: \(deleted.prefix(5).map(\.name).joined(separator: ", "))\(deleted.count > 5 ? ", …" : ""); remove them by hand if they are gone for good")
            }
            // Kept baselines still differ from the new folder, as the next run would say.
            return deleted.isEmpty ? .success : .failure
        }
        return report.failed ? .failure : .success
    }

    private static func pngOutput(_ path: String, inputs: [String?]) throws -> OutputPath {
        let output = try OutputPath(path, inputs: inputs)
        guard output.pathExtension == "png" else {
            throw RunError.diffPictureNotPNG(path)
        }
        return output
    }

    /// What `-o` names, from its extension alone: NAME.gif, NAME.apng, a folder (a name without an extension), or
    /// otherwise the diff picture.
    enum PictureKind { case png, gif, apng, folder }

    static func pictureKind(_ path: String) -> PictureKind {
        switch (path as NSString).pathExtension.lowercased() {
        case "gif": .gif
        case "apng": .apng
        case "": .folder
        default: .png
        }
    }

    /// Whether `-o` names an animation.
    static func namesAnimation(_ path: String) -> Bool { pictureKind(path) != .png }

    /// What `-o` asks for, checked before any work starts.
    private static func picture(_ path: String, inputs: [String?]) throws -> Picture {
        switch pictureKind(path) {
        case .gif: return .gif(try OutputPath(path, inputs: inputs))
        case .apng: return .apng(try OutputPath(path, inputs: inputs))
        case .folder:
            try FrameFolder.check(path)
            return .folder(path)
        case .png: return .png(try pngOutput(path, inputs: inputs))
        }
    }
}

/// A layout transition as frames for the writer: its ends held, and a frames.json in the spirit of scroll's.
struct TransitionFrames: FrameSource {
    let transition: LayoutTransition
    let settings: DiffCommand.TransitionSettings
    let names: (old: String, new: String)

    var frameCount: Int { transition.frameCount }

    func pixelSize(scale: Double) throws(RenderError) -> (width: Int, height: Int) { try transition.pixelSize(scale: scale) }
    func frame(_ index: Int) -> Int { index }
    func premultiplied(_ index: Int, scale: Double) throws -> PremultipliedFrame { try transition.premultiplied(index, scale: scale) }
    func svg(_ index: Int) throws -> [UInt8] { try transition.svg(index) }
    func gifPalette() throws -> GIFPalette { try transition.gifPalette() }
    var scenes: [Scene] { [transition.old, transition.new] }

    func hold(_ index: Int) -> Double { index == 0 || index == frameCount - 1 ? settings.hold : 0 }

    func manifestHeader(scale: Double, sourceName: String) -> [(String, JSONOutput)] {
        let size = transition.view.size
        return [
            ("old", .string(names.old)), ("new", .string(names.new)), ("view", .string(ScrollView.device.rawValue)),
            ("curve", .string("ease-in-out: cubic Bézier (0.42, 0), (0.58, 1)")),
            ("duration", .number(settings.duration)), ("fps", .number(settings.fps)), ("hold", .number(settings.hold)),
            ("highlightChanges", .bool(settings.highlightChanges)), ("scale", .number(scale)),
            ("frameSize", .object([("width", .number(size.width)), ("height", .number(size.height))])),
            ("offsets", .object([("old", .number(transition.oldOffset)), ("new", .number(transition.newOffset))])),
        ]
    }

    func frameJSON(_ index: Int, file: String) -> JSONOutput {
        let progress = transition.progress(index)
        return .object([
            ("index", .integer(index + 1)), ("file", .string(file)),
            // In whole microseconds: 0.3, not 0.30000000000000004.
            ("time", .number((settings.duration * Double(index) / Double(frameCount - 1) * 1e6).rounded() / 1e6)),
            ("progress", .number(progress)), ("offset", .number(transition.offset(at: progress))),
            ("holdSeconds", .number(hold(index))),
        ])
    }
}
