import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// `tagflow diff`: what changed between two layouts, two PNGs, or two folders of PNGs.
/// The modes, each in a file of its own: `DiffCommand+Layouts`, `+Transition`, `+Pixels` and `+Folders`.
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

        enum Kind { case folders, pixels, layoutJSON, tags }

        var kind: Kind {
            switch self {
            case .folders: .folders
            case .pixels: .pixels
            case .layoutJSON: .layoutJSON
            case .tags: .tags
            }
        }
    }

    /// How two pictures are compared, and how much difference passes.
    struct PixelSettings: ParsableArguments {
        var threshold = PixelDiff.Options(makeImage: false).threshold
        var includeAntiAliasing = false
        var edgeShifts = false
        var ignore: [PixelRegion] = []
        var maxDiffPixels: Int?
        var maxDiffRatio: Double?

        static var arguments: [ArgumentGroup<Self>] { [
            ArgumentGroup("Pixel diff", [
                .option(\.threshold, "--threshold",
                        help: "The colour distance that counts; 0 counts any change.", value: .share),
                .flag(\.includeAntiAliasing, "--include-aa",
                      help: "Count anti-aliased pixels as changes; by default they are reported apart."),
                .flag(\.edgeShifts, "--edge-shifts",
                      help: "Take sub-pixel edge shifts as anti-aliasing; text moved by a fraction of a pixel is then "
                          + "not counted (pixelmatch counts it)."),
                .repeating(\.ignore, "--ignore", help: "A rectangle of pixels to leave out; repeat for more.",
                           value: .region),
                .option(\.maxDiffPixels, "--max-diff-pixels", help: "Pass when at most N pixels differ.",
                        value: .count),
                .option(\.maxDiffRatio, "--max-diff-ratio",
                        help: "Pass when at most this share differs; 0.001 or 0.1% of the pixels.", value: .ratio),
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
                .option(\.duration, "--duration",
                        help: "Seconds the transition takes; UIKit's batch updates take about 0.3 to 0.4.",
                        value: .number(.positive, valueName: "SECONDS")),
                .option(\.fps, "--fps",
                        help: "Frames per second; the frames are round(duration × fps) + 1, both ends included.",
                        value: .number(.positive, valueName: "N")),
                .option(\.hold, "--hold",
                        help: "Seconds the ends are held; the first and last frames, so a looping animation reads "
                            + "well.",
                        value: .number(.nonNegative, valueName: "SECONDS")),
                .flag(\.highlightChanges, "--highlight-changes",
                      help: "Tint changed tags in the diff picture's colours; added, removed, renamed, moved, "
                          + "resized."),
                .option(\.offset, "--offset", help: "The scroll offset shown; clamped to each layout's range.",
                        value: .number(.any),
                        defaultDescription: "where the first change shows"),
                .option(\.scale, "--scale", help: "Pixels per point; whatever the device's.", value: .scale),
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
          two tags files          tags added, removed, moved, resized, reselected
          one tags file           the same, between --old-config and --new-config
          two layout JSON files   the same, from saved layouts
          two PNG files           the pixels that differ, as pixelmatch counts them
          two folders             every PNG paired by relative path
        """,
        details: """
        A layout diff names tags added, removed, moved, resized and reselected; layout JSON files come from tagflow \
        layout --format json. A pixel diff uses pixelmatch's YIQ distance and anti-aliasing detection. Two folders \
        pair every PNG by relative path: new, deleted, changed, unchanged.
        The pixel diff counts what pixelmatch 5.x and 6.x count, with translucent pixels blended over white \
        (pixelmatch 7.x blends them over a grey checkerboard). --edge-shifts also takes edges moved by a fraction of \
        a pixel as anti-aliasing.
        With tags inputs, -o NAME.gif, NAME.apng or a folder animates the device view from the old layout to the \
        new: paired tags slide, removed ones fade out and added ones fade in, along UIKit's ease-in-out curve; the \
        first and last frames are exactly the two layouts' device views.
        Exits 0 when nothing differs (or the differences pass --max-diff-pixels/--max-diff-ratio), 1 when something \
        does, 2 on an error.
        """,
        failure: "the two differ, beyond --max-diff-pixels or --max-diff-ratio when given",
        examples: [
            "tagflow diff before.tags after.tags -o change.gif --highlight-changes",
            "tagflow diff demo.tags --old-config narrow.json --new-config wide.json",
            "tagflow diff golden.png actual.png --threshold 0.05 -o diff.png",
            "tagflow diff golden/ actual/ --report out/visual --max-diff-ratio 0.1%",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        let configFile = ValueParser<String>.path("FILE", extensions: ["json"])
        let inputs: [Argument<Self>] = [
            .positionals(\.inputs, "inputs",
                         help: "OLD NEW: two files or folders, or one tags file.",
                         completion: .files(extensions: ["tags", "json", "png"])),
        ]
        let layoutDiff: [Argument<Self>] = [
            .option(\.oldConfig, "--old-config", help: "The old layout's config; a JSON file as for --config.",
                    value: configFile),
            .option(\.newConfig, "--new-config", help: "The new layout's config.", value: configFile),
        ]
        let layoutInput: [Argument<Self>] = LayoutInput.inputArguments.map { $0.lifted(into: \.input) }
        let layout: [Argument<Self>] = LayoutInput.layoutArguments.map { $0.lifted(into: \.input) }
        let pixels: [Argument<Self>] = PixelSettings.arguments.flatMap(\.arguments).map { $0.lifted(into: \.pixels) }
        let folders: [Argument<Self>] = [
            .option(\.report, "--report",
                    help: "Write the report and its pictures to DIR; report.json, report.md, junit.xml, "
                        + "report.html and diff/.",
                    value: .path("DIR")),
            .flag(\.accept, "--accept",
                  help: "Copy new and changed files over the old ones; after the report, to take them as baselines."),
        ]
        let output: [Argument<Self>] = [
            .option(\.format, "--format",
                    help: "How the result is written; a summary and table, JSON for tools, or Markdown for a "
                        + "pull-request comment.",
                    value: .choice),
            .option(\.output, "--output", "-o",
                    help: "A diff picture (NAME.png) or a transition (NAME.gif, NAME.apng, a folder); the picture "
                        + "shows old and new side by side with an overlay, or the pixel diff; the transition animates "
                        + "a layout diff on the device.",
                    value: .path("OUT", extensions: ["png", "gif", "apng"])),
        ]
        let transition: [Argument<Self>] = TransitionSettings.arguments.flatMap(\.arguments)
            .map { $0.lifted(into: \.transition) }
        let style: [Argument<Self>] = StyleSettings.options.map { $0.lifted(into: \.style) }
        // The transition animates a layout diff; the folder diff is the pixel diff of each pair.
        return [ArgumentGroup("Arguments", inputs), ArgumentGroup("Layout diff", layoutDiff + transition),
                ArgumentGroup("Pixel and folder diff", pixels + folders), ArgumentGroup("Output", output + style),
                ArgumentGroup("Input", layoutInput, shared: true),
                ArgumentGroup("Layout", layout, page: .layoutOptions)]
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
            return path != "-" && FileManager.default.fileExists(atPath: path,
                                                                 isDirectory: &directory) && directory.boolValue
        }
        if paths.count == 1 {
            if isDirectory(paths[0]) { throw CommandLineError.folderWithoutPartner }
            guard oldConfig != nil && newConfig != nil else { throw CommandLineError.oneInputWithoutConfigs }
            return .tags
        }
        let directories = paths.map(isDirectory)
        if directories[0] && directories[1] { return .folders }
        if directories[0] || directories[1] {
            throw RunError.folderAndFile(folder: directories[0] ? paths[0] : paths[1])
        }
        let pngs = paths.map { $0.lowercased().hasSuffix(".png") }
        if pngs[0] && pngs[1] { return .pixels }
        if pngs[0] || pngs[1] { throw RunError.pngAndOther(pngs[0] ? paths[1] : paths[0]) }
        // A layout JSON is told by what it holds, so it may come from standard input or have any name.
        // Each input's JSON when it is a layout JSON, kept so that it is read and parsed once.
        let layoutJSONs = try paths.map { path throws(InputError) -> Located<JSONValue>? in
            let bytes = try InputFiles.read(path)
            let json: Located<JSONValue>? = if path.lowercased().hasSuffix(".json") {
                try JSONParser.parse(bytes, file: InputFiles.displayName(path))
            }
                else if TagsInputFormat.startsLikeJSON(bytes) {
                    try? JSONParser.parse(bytes, file: InputFiles.displayName(path))
                }
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

    /// The options a mode can refuse, by what they are for.
    enum OptionKind {
        /// The diff picture's colours: `--theme`, `--background`.
        case style
        /// Laying out tags files: `--config`, `--old-config`, the layout flags.
        case layout
        /// Comparing pixels: `--threshold`, `--ignore`, …
        case pixels
        /// A folder diff's `--report` and `--accept`.
        case folders
        /// `-o`.
        case output
    }

    /// What each mode refuses, and why, in the order checked: an option that means nothing for a mode is refused
    /// rather than ignored. Each row's first option given is the one named.
    static let refusals: [Mode.Kind: [(options: [OptionKind], reason: String)]] = {
        let pixelsNeedNoStyle = "applies to layout diffs, which draw their pictures; a pixel diff compares the PNGs' "
            + "own pixels"
        let notForLayouts = "applies to PNG comparisons, not to layouts"
        return [
            .folders: [([.style], pixelsNeedNoStyle), ([.layout], "applies to layout diffs, not to folders of PNGs"),
                       ([.output], "is for one diff picture; with folders use --report DIR")],
            .pixels: [([.style], pixelsNeedNoStyle), ([.layout], "applies to layout diffs, not to PNGs"),
                      ([.folders], "applies to folders")],
            .layoutJSON: [([.pixels, .folders], notForLayouts),
                          ([.layout], "lays out tags files; layout JSON files are already laid out")],
            .tags: [([.pixels, .folders], notForLayouts)],
        ]
    }()

    /// The first option of `kind` the command line gave.
    private func given(option kind: OptionKind) -> String? {
        switch kind {
        case .style: given.first(inGroup: \.style)
        case .layout: given.first(of: [\.oldConfig, \.newConfig]) ?? given.first(inGroup: \.input)
        case .pixels: given.first(inGroup: \.pixels)
        case .folders: given.first(of: [\.report, \.accept])
        case .output: given.first(of: [\.output])
        }
    }

    /// Options that mean nothing for a mode are refused rather than silently ignored.
    func checkOptions(for mode: Mode) throws {
        // Standard output carries the report, so no picture goes there.
        if output == OutputPath.standardOutputName { throw RunError.diffPictureToStandardOutput }
        let animates = output.map { Self.namesAnimation($0) } ?? false
        if let option = given.first(inGroup: \.transition), !animates {
            throw CommandLineError.notApplicable(option: option,
                                                 because: "applies to an animated transition: -o NAME.gif, NAME.apng "
                                                     + "or a folder")
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
        for (options, reason) in Self.refusals[mode.kind] ?? [] {
            if let option = options.lazy.compactMap({ self.given(option: $0) }).first {
                throw CommandLineError.notApplicable(option: option, because: reason)
            }
        }
        if mode.kind == .tags, input.config != nil && (oldConfig != nil || newConfig != nil) {
            throw CommandLineError.configWithSideConfigs
        }
        if accept && report == nil { throw CommandLineError.acceptWithoutReport }
    }

    // MARK: What -o names

    static func pngOutput(_ path: String, inputs: [String?]) throws -> OutputPath {
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
    static func picture(_ path: String, inputs: [String?]) throws -> Picture {
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
