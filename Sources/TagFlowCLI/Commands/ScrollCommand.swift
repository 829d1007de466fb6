import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender

/// `tagflow scroll`: a picture per scroll step, as frames, a GIF, an APNG or a contact sheet.
enum ScrollCommand: Command {
    /// More frames than this need `--force`: a typo in `--step` should not start hours of work.
    static let defaultFrameCap = 1000
    static let defaultStep = 20.0
    static let defaultPair: [QueryStrategy] = [.naiveSuper, .cached]

    enum FrameFormat: String, CaseIterable { case png, svg }

    static let spec = CommandSpec(
        name: "scroll",
        abstract: "Draw each step of a scroll and which elements a query strategy returns.",
        discussion: """
            Scrolls from the top (-contentInset.top) to the bottom end. At each offset the strategy is asked for the \
            elements in the viewport. The overview shows the whole content with the visible window; elements that \
            intersect it but were not returned are red dashed ghosts (the cells that vanish), and returned elements \
            outside it are marked as extra. The device view shows what the phone would.
            The output decides the form: a folder gets numbered frames and frames.json; NAME.gif an animated GIF; \
            NAME.apng (or NAME.png with --apng) an animated PNG; NAME.png with --sheet one contact sheet.
            """,
        positionals: [PositionalSpec("tags-file", help: "A tags file, a tags JSON file, or '-' for standard input.")],
        optionGroups: LayoutInput.optionGroups + [
            ("Scroll", [
                OptionSpec(["--step"], value: "PT", help: "Points between frames.", default: formatPoints(defaultStep)),
                OptionSpec(["--frames"], value: "N", help: "N frames spread evenly, instead of --step."),
                OptionSpec(["--strategy"], value: QueryStrategy.allCases.map(\.rawValue).joined(separator: "|"),
                           help: "How the layout answers element queries.", default: QueryStrategy.cached.rawValue),
                OptionSpec(["--compare"], value: "A,B", help: "Two strategies side by side, labelled before and after.",
                           default: defaultPair.map(\.rawValue).joined(separator: ","), valueIsOptional: true),
                OptionSpec(["--super-item-size"], value: "WxH", help: "The itemSize naive-super's stock flow layout uses.", default: "50x50"),
                OptionSpec(["--max-frames"], value: "N", help: "Refuse more frames than this unless --force.", default: String(defaultFrameCap)),
                OptionSpec(["--force"], help: "Render even when the frames exceed --max-frames."),
            ]),
            ("Picture", [
                OptionSpec(["--output", "-o"], value: "OUT", help: "A folder, NAME.gif, NAME.apng, or NAME.png with --sheet or --apng."),
                OptionSpec(["--view"], value: "overview|device|both", help: "What each frame shows.", default: "overview"),
                OptionSpec(["--max-height"], value: "PT", help: "Scale the overview down to this height.", default: "640"),
                OptionSpec(["--scale"], value: "1|2|3", help: "Device pixels per point.", default: "1"),
                OptionSpec(["--fps"], value: "N", help: "Frames per second of a GIF or APNG.", default: "10"),
                OptionSpec(["--sheet"], help: "Write one contact sheet of every frame (OUT.png)."),
                OptionSpec(["--sheet-columns"], value: "N", help: "Columns of the contact sheet.", default: "√frames"),
                OptionSpec(["--apng"], help: "Write an animated PNG to OUT.png."),
                OptionSpec(["--frame-format"], value: "png|svg", help: "The frames written to a folder.", default: "png"),
                OptionSpec(["--threads"], value: "N", help: "Threads that render frames; the output is the same for any number.", default: "all cores"),
                OptionSpec(["--quiet", "-q"], help: "No progress line."),
            ] + StyleSettings.options),
        ],
        examples: [
            "tagflow scroll Examples/demo.tags --compare -o out/compare.gif",
            "tagflow scroll Examples/demo.tags --strategy naive-super --view both -o out/frames",
            "tagflow scroll Examples/demo.tags --compare --frames 24 --sheet -o out/sheet.png",
        ])

    enum Destination {
        case folder(String, FrameFormat)
        case gif(OutputPath)
        case apng(OutputPath)
        case sheet(OutputPath)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let interruption = Interruption()
        let tagsPath = arguments.positionals[0]
        let inputs = [tagsPath, arguments.value("--config")]
        let destination = try Self.destination(arguments, inputs: inputs)
        let strategies = try Self.strategies(arguments)
        let stockItemSize = try Self.size(arguments.value("--super-item-size"), flag: "--super-item-size") ?? StockFlowLayout.defaultItemSize
        let view = try LayoutInput.choice(ScrollView.self, arguments.value("--view"), flag: "--view") ?? .overview
        let maxHeight = try positiveNumber(arguments.value("--max-height"), flag: "--max-height") ?? 640
        let scale = try RenderCommand.scale(arguments, default: 1)
        let fps = try positiveNumber(arguments.value("--fps"), flag: "--fps") ?? 10
        let frameCap = try count(arguments.value("--max-frames"), flag: "--max-frames") ?? defaultFrameCap
        let threads = try count(arguments.value("--threads"), flag: "--threads") ?? ProcessInfo.processInfo.activeProcessorCount
        let spacing = try Self.spacing(arguments)

        let loaded = try LayoutInput.load(tagsPath: tagsPath, arguments: arguments)
        let style = try StyleSettings.style(config: loaded.config, arguments: arguments)
        let scene = try SceneSetup.scene(loaded, style: style, console: console)
        if interruption.wasRequested { throw interruption.stop(completed: "nothing written") }
        let range = loaded.options.offsetRange(contentHeight: scene.layout.flow.contentSize.height)
        let frameCount = ScrollPlan.count(range: range, spacing: spacing)
        if frameCount > frameCap && !arguments.has("--force") {
            throw InputError("the scroll would make \(frameCount) frames, over the cap of \(frameCap)",
                             hint: "raise --step, use --frames N, raise --max-frames, or pass --force")
        }
        let renderer = ScrollFrameRenderer(scene: scene, strategies: strategies, stockItemSize: stockItemSize, view: view,
                                           maxOverviewHeight: maxHeight, plan: ScrollPlan(range: range, spacing: spacing))
        let writer = ScrollWriter(renderer: renderer, scale: scale, fps: fps, pipeline: OrderedPipeline(workers: threads),
                                  console: console, quiet: arguments.has("--quiet"), interruption: interruption)
        do {
            switch destination {
            case let .folder(path, format): try writer.writeFolder(path, format: format, sourceName: tagsPath)
            case let .gif(output): try writer.writeGIF(output)
            case let .apng(output): try writer.writeAPNG(output)
            case let .sheet(output):
                let columns = try count(arguments.value("--sheet-columns"), flag: "--sheet-columns")
                try writer.writeSheet(output, columns: columns)
            }
        } catch let error as RenderError {
            throw SceneSetup.inputError(error)
        }
        return .success
    }

    static func destination(_ arguments: ParsedArguments, inputs: [String?]) throws(InputError) -> Destination {
        guard let text = arguments.value("--output") else {
            throw InputError("missing --output", hint: "name a folder for frames, or NAME.gif, NAME.apng, or NAME.png with --sheet")
        }
        let sheet = arguments.has("--sheet"), apng = arguments.has("--apng")
        if sheet && apng { throw InputError("--sheet and --apng both want the .png output", hint: "choose one") }
        let ext = (text as NSString).pathExtension.lowercased()
        switch ext {
        case "gif": return .gif(try OutputPath(text, inputs: inputs))
        case "apng": return .apng(try OutputPath(text, inputs: inputs))
        case "png":
            if sheet { return .sheet(try OutputPath(text, inputs: inputs)) }
            if apng { return .apng(try OutputPath(text, inputs: inputs)) }
            throw InputError("a .png output needs --sheet (a contact sheet) or --apng (an animation)",
                             hint: "or name a folder, such as -o frames/, for numbered frames")
        case "":
            let format = try LayoutInput.choice(FrameFormat.self, arguments.value("--frame-format"), flag: "--frame-format") ?? .png
            try FrameFolder.check(text)
            return .folder(text, format)
        default:
            throw InputError("cannot tell what to write to '\(text)'", hint: "name a folder, NAME.gif, NAME.apng, or NAME.png with --sheet")
        }
    }

    static func strategies(_ arguments: ParsedArguments) throws(InputError) -> [QueryStrategy] {
        guard let compare = arguments.value("--compare") else {
            return [try LayoutInput.choice(QueryStrategy.self, arguments.value("--strategy"), flag: "--strategy") ?? .cached]
        }
        if arguments.has("--strategy") { throw InputError("--strategy and --compare both choose strategies", hint: "use one") }
        if compare.isEmpty { return defaultPair }
        let names = compare.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        guard names.count == 2 else { throw InputError("--compare takes two strategies A,B, got '\(compare)'", hint: "for example --compare=naive-super,cached") }
        var result = [QueryStrategy]()
        for name in names { result.append(try LayoutInput.choice(QueryStrategy.self, name, flag: "--compare")!) }
        return result
    }

    static func spacing(_ arguments: ParsedArguments) throws(InputError) -> ScrollPlan.Spacing {
        if arguments.has("--step") && arguments.has("--frames") { throw InputError("--step and --frames both space the frames", hint: "use one") }
        if let frames = try count(arguments.value("--frames"), flag: "--frames") {
            guard frames > 0 else { throw InputError("--frames must be at least 1, got 0") }
            return .frames(frames)
        }
        return .step(try positiveNumber(arguments.value("--step"), flag: "--step") ?? defaultStep)
    }

    static func positiveNumber(_ text: String?, flag: String) throws(InputError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite else { throw InputError("\(flag) expects a number, got '\(text)'") }
        guard value > 0 else { throw InputError("\(flag) must be greater than 0, got \(text)") }
        return value
    }

    static func count(_ text: String?, flag: String) throws(InputError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 0 else { throw InputError("\(flag) expects a whole number of at least 0, got '\(text)'") }
        return value
    }

    static func size(_ text: String?, flag: String) throws(InputError) -> Size? {
        guard let text else { return nil }
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw InputError("\(flag) expects WIDTHxHEIGHT in points, got '\(text)'", hint: "for example \(flag) 50x50")
        }
        return Size(width: parts[0], height: parts[1])
    }
}
