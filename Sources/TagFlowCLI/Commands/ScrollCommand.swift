import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowInput
import TagFlowPipeline

/// `tagflow scroll`: a picture per scroll step, as frames, a GIF, an APNG, a contact sheet or an HTML player.
struct ScrollCommand: ParsableCommand {
    /// The pair `--compare` alone shows: the seed's bug before its fix.
    static let defaultPair: [QueryStrategy] = [.naiveSuper, .cached]

    var tagsPath = ""
    var input = LayoutInput()
    var step = 20.0
    var frames: Int?
    var strategy = QueryStrategy.cached
    var compare: [QueryStrategy]?
    var superItemSize = StockFlowLayout.defaultItemSize
    /// More frames than this need `--force`: a typo in `--step` should not start hours of work.
    var maxFrames = 1000
    var force = false
    var output: String?
    var view = ScrollView.overview
    var maxHeight = ScrollFrameRenderer.defaultMaxOverviewHeight
    var scale = ScrollFrameRenderer.defaultScale
    var fps = 10.0
    var sheet = false
    var sheetColumns: Int?
    var apng = false
    var frameFormat = FrameFormat.png
    var pngCompression = PNGEncoder.Compression.fast
    var threads: Int?
    var quiet = false
    var style = StyleSettings()
    var given = Given<Self>()

    static let configuration = CommandConfiguration(
        name: "scroll",
        abstract: "Draw each step of a scroll and which elements a query strategy returns.",
        discussion: """
            The output decides the form: a folder gets numbered frames and frames.json; NAME.gif an animated GIF; \
            NAME.apng (or NAME.png with --apng) an animated PNG; NAME.png with --sheet one contact sheet; NAME.html \
            one self-contained page with a slider through the steps, drawn from the layout and each step's answers.
            """,
        details: """
            Scrolls from the top (-contentInset.top) to the bottom end. At each offset the strategy is asked for the \
            elements in the viewport. The overview shows the whole content with the visible window; elements that \
            intersect it but were not returned are red dashed ghosts (the cells that vanish), and returned elements \
            outside it are marked as extra. Content over three times --max-height is too long to read scaled to fit: \
            the overview then shows the window with a screen above and one or two below, beside a minimap of the \
            whole. \
            The device view shows what the phone would.
            """,
        examples: [
            "tagflow scroll Examples/demo.tags --compare -o out/compare.gif",
            "tagflow scroll Examples/demo.tags --view both -o out/frames",
            "tagflow scroll Examples/demo.tags --compare --sheet -o out/sheet.png",
            "tagflow scroll Examples/demo.tags --compare -o out/player.html",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        let pair: ValueParser<[QueryStrategy]> = ValueParser<QueryStrategy>.choice.list(count: 2).named("A,B")
        let scroll: [Argument<Self>] = [
            .option(\.step, "--step", help: "Points between frames.", value: .positiveNumber),
            .option(\.frames, "--frames", help: "N frames spread evenly, instead of --step.", value: .positiveCount),
            .option(\.strategy, "--strategy", help: "How elements are queried; how the layout answers them.",
                    value: .choice),
            .optionalValue(\.compare, "--compare", help: "Two strategies side by side; labelled before and after.",
                           value: pair, whenAlone: defaultPair),
            .superItemSize(\.superItemSize),
            .option(\.maxFrames, "--max-frames", help: "Refuse more frames unless --force.", value: .count),
            .flag(\.force, "--force",
                  help: "Render even when the frames exceed --max-frames, or the HTML player's page "
                    + "\(formatByteSize(ScrollPlayer.maxPageBytes))."),
        ]
        let picture: [Argument<Self>] = [
            .option(\.output, "--output", "-o",
                    help: "A folder, NAME.gif, NAME.apng, NAME.html, or NAME.png with --sheet or --apng.",
                    value: .path("OUT", extensions: ["gif", "apng", "png", "html"])),
            .option(\.view, "--view", help: "What each frame shows.", value: .choice),
            .option(\.maxHeight, "--max-height",
                    help: "The overview's height; it is scaled down to it (its width, scrolling horizontally), and "
                        + "content over three times longer shows the window's neighbourhood and a minimap.",
                    value: .positiveNumber),
            .option(\.scale, "--scale", help: "Pixels per point; whatever the device's.", value: .scale),
            .option(\.fps, "--fps", help: "Frames per second of a GIF or APNG.",
                    value: .number(.positive, valueName: "N")),
            .flag(\.sheet, "--sheet", help: "Write one contact sheet of every frame (OUT.png)."),
            .option(\.sheetColumns, "--sheet-columns", help: "Columns of the contact sheet.", value: .count,
                    defaultDescription: "√frames"),
            .flag(\.apng, "--apng", help: "Write an animated PNG to OUT.png."),
            .option(\.frameFormat, "--frame-format", help: "The frames written to a folder.", value: .choice),
            .pngCompression(\.pngCompression),
            .option(\.threads, "--threads", help: "Threads that render frames; the output is the same for any number.",
                    value: .positiveCount, defaultDescription: "all cores"),
            .flag(\.quiet, "--quiet", "-q", help: "No progress line."),
        ]
        let style: [Argument<Self>] = StyleSettings.options.map { $0.lifted(into: \.style) }
        let input: [ArgumentGroup<Self>] = LayoutInput.arguments.map { $0.lifted(into: \.input) }
        return [ArgumentGroup("Arguments", [LayoutInput.tagsFile(\.tagsPath)])] + input
            + [ArgumentGroup("Scroll", scroll), ArgumentGroup("Picture", picture + style)]
    }

    func validate() throws(CommandLineError) {
        if output == nil {
            throw .missingOutput(example: "name a folder for frames, or NAME.gif, NAME.apng, NAME.html, or NAME.png "
                + "with --sheet")
        }
        if sheet && apng { throw .exclusive("--sheet", "--apng", because: "both want the .png output") }
        if compare != nil && given.contains(\.strategy) {
            throw .exclusive("--strategy", "--compare", because: "both choose strategies")
        }
        if frames != nil && given.contains(\.step) {
            throw .exclusive("--step", "--frames", because: "both space the frames")
        }
    }

    var strategies: [QueryStrategy] { compare ?? [strategy] }

    var spacing: ScrollPlan.Spacing { frames.map { .frames($0) } ?? .step(step) }

    func run(console: Console) throws -> ExitStatus {
        let interruption = Interruption()
        let destination = try self.destination(inputs: [tagsPath, input.config])
        try checkOptions(for: destination)
        let threads = self.threads ?? ProcessInfo.processInfo.activeProcessorCount

        let loaded = try input.load(tagsPath: tagsPath)
        let style = try self.style.style(config: loaded.config)
        let scene = try SceneLoader.scene(loaded, style: style, console: console)
        if interruption.wasRequested { throw interruption.stop(completed: "nothing written") }
        let range = loaded.options.offsetRange(contentSize: scene.layout.flow.contentSize)
        let frameCount = ScrollPlan.count(range: range, spacing: spacing)
        // The player draws no frames: the size of its page caps it instead.
        let drawsFrames = if case .player = destination { false } else { true }
        if drawsFrames, frameCount > maxFrames, !force { throw RunError.tooManyFrames(frameCount, cap: maxFrames) }
        let renderer = ScrollFrameRenderer(scene: scene, strategies: strategies, stockItemSize: superItemSize,
                                           view: view,
                                           maxOverviewHeight: maxHeight,
                                           plan: ScrollPlan(options: loaded.options,
                                                            contentSize: scene.layout.flow.contentSize,
                                                            spacing: spacing))
        let writer = FrameWriter(source: renderer, scale: scale, fps: fps, pipeline: OrderedPipeline(workers: threads),
                                  console: console, quiet: quiet, interruption: interruption,
                                  pngCompression: pngCompression)
        do {
            switch destination {
            case let .folder(path, format): try writer.writeFolder(path, format: format, sourceName: tagsPath)
            case let .gif(output): try writer.writeGIF(output)
            case let .apng(output): try writer.writeAPNG(output)
            case let .sheet(output): try writer.writeSheet(output, columns: sheetColumns)
            case let .player(output):
                let player = ScrollPlayer(renderer: renderer, fonts: loaded.fonts)
                try output.write(player.html(cap: ScrollPlayer.maxPageBytes, force: force))
            }
        } catch let error as RenderError {
            throw RunError.render(error)
        }
        return .success
    }

    /// Options that mean nothing for the output are refused rather than silently ignored.
    func checkOptions(for destination: Destination) throws(CommandLineError) {
        let fps = given.first(of: [\.fps]), frameFormat = given.first(of: [\.frameFormat])
        let sheetOption = given.first(of: [\.sheet, \.sheetColumns])
        func refuse(_ option: String?, _ reason: String) throws(CommandLineError) {
            if let option { throw .notApplicable(option: option, because: reason) }
        }
        let animationOnly = "applies to a GIF or an APNG", folderOnly = "applies to frames written to a folder"
        let sheetOnly = sheetOption == "--sheet" ? "draws a contact sheet, which is written to -o NAME.png"
            : "applies to a contact sheet: -o NAME.png --sheet"
        switch destination {
        case .folder: try refuse(fps, animationOnly); try refuse(sheetOption, sheetOnly)
        case .gif, .apng: try refuse(frameFormat, folderOnly); try refuse(sheetOption, sheetOnly)
        case .sheet: try refuse(fps, animationOnly); try refuse(frameFormat, folderOnly)
        case .player:
            try refuse(fps, animationOnly); try refuse(frameFormat, folderOnly); try refuse(sheetOption, sheetOnly)
            try refuse(given.first(of: [\.view, \.scale]),
                       "does not apply to the HTML player, which the browser draws at its own scale with both views")
            try refuse(given.first(of: [\.maxFrames]), "caps drawn frames, and the HTML player draws none: its page "
                + "is capped at \(formatByteSize(ScrollPlayer.maxPageBytes)) instead (--force writes more)")
        }
        let apngOption = given.first(of: [\.apng])
        switch destination {
        case .folder, .gif, .player: try refuse(apngOption, "applies to -o NAME.png, which it makes an animated PNG")
        case .apng, .sheet: break  // --apng with --sheet is refused as exclusive
        }
    }

    enum Destination {
        case folder(String, FrameFormat)
        case gif(OutputPath)
        case apng(OutputPath)
        case sheet(OutputPath)
        /// One HTML page that plays the scroll.
        case player(OutputPath)
    }

    /// What the output's name asks for, checked before any work starts.
    func destination(inputs: [String?]) throws -> Destination {
        let text = output ?? ""
        // A scroll is many pictures or a file built as it goes: nothing to pour into standard output.
        if text == OutputPath.standardOutputName { throw RunError.scrollOutputUnknown(path: text) }
        let ext = (text as NSString).pathExtension.lowercased()
        switch ext {
        case "gif": return .gif(try OutputPath(text, inputs: inputs))
        case "apng": return .apng(try OutputPath(text, inputs: inputs))
        case "html": return .player(try OutputPath(text, inputs: inputs))
        case "png":
            if sheet { return .sheet(try OutputPath(text, inputs: inputs)) }
            if apng { return .apng(try OutputPath(text, inputs: inputs)) }
            throw RunError.pngNeedsSheetOrAPNG
        case "":
            try FrameFolder.check(text)
            return .folder(text, frameFormat)
        default:
            throw RunError.scrollOutputUnknown(path: text)
        }
    }
}
