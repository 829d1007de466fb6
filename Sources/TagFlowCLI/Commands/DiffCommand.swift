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
    enum Mode: Equatable {
        case folders
        case pixels
        /// Two layout JSON files from `tagflow layout --format json`.
        case layoutJSON
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

    var inputs: [String] = []
    var oldConfig: String?
    var newConfig: String?
    var input = LayoutInput()
    var pixels = PixelSettings()
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
          two tags files, or one with --old-config and --new-config   layout diff: tags added, removed, moved and resized
          two layout JSON files (tagflow layout --format json)        the same, from saved layouts
          two PNG files                                               pixel diff with pixelmatch's YIQ distance and anti-aliasing detection
          two folders                                                 every PNG paired by relative path: new, deleted, changed, unchanged
        The pixel diff counts what pixelmatch 5.x and 6.x count, with translucent pixels blended over white (pixelmatch 7.x
        blends them over a grey checkerboard). --edge-shifts also takes edges moved by a fraction of a pixel as anti-aliasing.
        Exits 0 when nothing differs (or the differences pass --max-diff-pixels/--max-diff-ratio), 1 when something does, 2 on an error.
        """,
        examples: [
            "tagflow diff before.tags after.tags",
            "tagflow diff demo.tags --old-config narrow.json --new-config wide.json --format markdown",
            "tagflow diff old-layout.json new-layout.json -o layout-diff.png",
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
            .option(\.output, "--output", "-o", help: "Write a diff picture: old and new side by side with an overlay, or the pixel diff.",
                    value: .path("FILE.png", extensions: ["png"])),
        ]
        return [ArgumentGroup("Arguments", inputs), ArgumentGroup("Layout diff", layoutDiff + layoutInput), ArgumentGroup("Layout", layout)]
            + pixels + [ArgumentGroup("Folders", folders), ArgumentGroup("Output", output)]
    }

    func validate() throws(CommandLineError) {
        if inputs.count > 2 { throw .tooManyInputs(command: Self.configuration.name, count: inputs.count) }
    }

    func run(console: Console) throws -> ExitStatus {
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
        if paths.allSatisfy({ $0.lowercased().hasSuffix(".json") }) {
            let layouts = try paths.map { path throws(InputError) in LayoutSnapshotJSON.isLayout(try JSONParser.parse(InputFiles.read(path), file: path)) }
            if layouts[0] && layouts[1] { return .layoutJSON }
            if layouts[0] || layouts[1] {
                throw RunError.layoutJSONAndOther(layout: layouts[0] ? paths[0] : paths[1], other: layouts[0] ? paths[1] : paths[0])
            }
        }
        return .tags
    }

    /// Options that mean nothing for a mode are refused rather than silently ignored.
    func checkOptions(for mode: Mode) throws(CommandLineError) {
        let layoutOption = given.first(of: [\.oldConfig, \.newConfig]) ?? given.first(inGroup: \.input)
        let pixelOption = given.first(inGroup: \.pixels)
        let folderOption = given.first(of: [\.report, \.accept])
        func refuse(_ option: String?, _ reason: String) throws(CommandLineError) {
            if let option { throw .notApplicable(option: option, because: reason) }
        }
        switch mode {
        case .folders:
            try refuse(layoutOption, "applies to layout diffs, not to folders of PNGs")
            try refuse(given.first(of: [\.output]), "is for one diff picture; with folders use --report DIR")
        case .pixels:
            try refuse(layoutOption, "applies to layout diffs, not to PNGs")
            try refuse(folderOption, "applies to folders")
        case .layoutJSON:
            try refuse(pixelOption ?? folderOption, "applies to PNG comparisons, not to layouts")
            try refuse(layoutOption, "lays out tags files; layout JSON files are already laid out")
        case .tags:
            try refuse(pixelOption ?? folderOption, "applies to PNG comparisons, not to layouts")
            if input.config != nil && (oldConfig != nil || newConfig != nil) { throw .configWithSideConfigs }
        }
        if accept && report == nil { throw .acceptWithoutReport }
    }

    // MARK: Layout diff

    func diffLayouts(_ paths: [String], mode: Mode, console: Console) throws -> ExitStatus {
        let oldPath = paths[0], newPath = paths.count == 2 ? paths[1] : paths[0]
        if paths.count == 2 && oldPath == "-" && newPath == "-" { throw RunError.bothStandardInput }
        let output = try self.output.map { path throws in
            try Self.pngOutput(path, inputs: paths + [input.config, oldConfig, newConfig])
        }
        let old: LayoutSnapshot, new: LayoutSnapshot
        var engine: TextEngine?
        var font = (family: LayoutOptions().font, size: LayoutOptions().fontSize)
        if mode == .layoutJSON {
            old = try LayoutSnapshotJSON.snapshot(JSONParser.parse(InputFiles.read(oldPath), file: oldPath))
            new = try LayoutSnapshotJSON.snapshot(JSONParser.parse(InputFiles.read(newPath), file: newPath))
        } else {
            // Standard input can be read only once: one input read as "-" serves both sides.
            let oldLayout = try layout(oldPath, config: oldConfig, console: console)
            let newLayout = paths.count == 1 && oldPath == "-"
                ? try layout(oldLayout.document, config: newConfig, console: console)
                : try layout(newPath, config: newConfig, console: console)
            old = LayoutSnapshot(oldLayout.layout, fontFiles: FontRecords.identities(engine: oldLayout.engine, layout: oldLayout.layout))
            new = LayoutSnapshot(newLayout.layout, fontFiles: FontRecords.identities(engine: newLayout.engine, layout: newLayout.layout))
            engine = newLayout.engine
            font = (newLayout.layout.options.font, newLayout.layout.options.textSize)
        }
        let diff = LayoutDiff(old: old, new: new)
        let report = LayoutDiffReport(diff: diff)
        if let output {
            let textEngine = try engine ?? LayoutInput.measurer(for: LayoutOptions(), fonts: input.fonts(config: ConfigFile()), caching: .shapedTexts).engine
            let png: [UInt8]
            do {
                png = try LayoutDiffImage(diff: diff, engine: textEngine, fontFamily: font.family, fontSize: font.size).png()
            } catch {
                throw RunError.diffImageFailed(reason: "\(error)")
            }
            try output.write(png)
        }
        switch format {
        case .text: console.out(report.text)
        case .markdown: console.out(report.markdown)
        case .json:
            var json = report.json
            if case var .object(members) = json {
                members.append(("diffImage", .optional(output?.path)))
                json = .object(members)
            }
            console.out(json.rendered() + "\n")
        }
        return diff.isIdentical ? .success : .failure
    }

    /// Lays out a tags file with one side's config: `--config` when that side has none of its own.
    private func layout(_ path: String, config: String?, console: Console) throws
    -> (layout: TagLayout, document: TagDocument, engine: TextEngine) {
        var side = input
        if let config { side.config = config }
        let loaded = try side.load(tagsPath: path)
        return try Self.layout(loaded.document, options: loaded.options, fonts: loaded.fonts, console: console)
    }

    /// Lays out an already read document with one side's config, for a single input on standard input.
    private func layout(_ document: TagDocument, config: String?, console: Console) throws
    -> (layout: TagLayout, document: TagDocument, engine: TextEngine) {
        let loaded = try input.loaded(document, config: ConfigFile.load(config))
        return try Self.layout(loaded.document, options: loaded.options, fonts: loaded.fonts, console: console)
    }

    private static func layout(_ document: TagDocument, options: LayoutOptions, fonts: FontSources, console: Console) throws(RunError)
    -> (layout: TagLayout, document: TagDocument, engine: TextEngine) {
        let (engine, measurer) = try LayoutInput.measurer(for: options, fonts: fonts, caching: .shapedTexts, console: console)
        let layout = TagLayout(document: document, options: options, measurer: measurer)
        warnAboutText(in: layout, measurer: measurer, console: console)
        return (layout, document, engine)
    }

    // MARK: Pixel diff

    func diffImages(_ oldPath: String, _ newPath: String, console: Console) throws -> ExitStatus {
        let output = try self.output.map { path throws in try Self.pngOutput(path, inputs: [oldPath, newPath]) }
        let (options, tolerance) = pixels.options(makeImage: output != nil)
        let (old, new) = try PixelDiffReport.decodePair(oldPath, newPath)
        let result = PixelDiff.compare(old, new, options: options)
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
        let reportDirectory = try report.map { path throws in try Self.checkReportDirectory(path, inputs: [oldDirectory, newDirectory]) }
        let (options, tolerance) = pixels.options(makeImage: true)
        let report = try FolderReport(oldDirectory: Self.trimmed(oldDirectory), newDirectory: Self.trimmed(newDirectory), options: options, tolerance: tolerance)
        if let reportDirectory { try report.write(to: reportDirectory, toolVersion: TagFlowCommand.version) }
        switch format {
        case .text:
            console.out(report.text + (reportDirectory.map { "report: \($0)/report.html\n" } ?? ""))
        case .markdown: console.out(report.markdown)
        case .json: console.out(report.json(reportDirectory: reportDirectory).rendered() + "\n")
        }
        if accept {
            let accepted = try report.accept()
            console.err("accepted \(accepted.count) file(s) as the new baselines in \(oldDirectory)\n")
            let deleted = report.items(.deleted)
            if !deleted.isEmpty {
                console.warn("\(deleted.count) baseline(s) have no new file and were kept: \(deleted.prefix(5).map(\.name).joined(separator: ", "))\(deleted.count > 5 ? ", …" : ""); remove them by hand if they are gone for good")
            }
            return .success
        }
        return report.failed ? .failure : .success
    }

    private static func trimmed(_ directory: String) -> String {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The report folder may be new, but not one of the compared folders or inside them, where its own images
    /// would be compared next time.
    static func checkReportDirectory(_ path: String, inputs: [String]) throws -> String {
        let target = OutputPath.canonical(path)
        for input in inputs {
            let folder = OutputPath.canonical(input)
            if target == folder || target.hasPrefix(folder + "/") {
                throw RunError.reportInsideInput(report: path, input: input)
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw RunError.reportIsAFile(path) }
            guard access(path, W_OK) == 0 else { throw RunError.reportNotWritable(path) }
        } else {
            _ = try OutputPath(trimmed(path), inputs: [])
        }
        return trimmed(path)
    }

    private static func pngOutput(_ path: String, inputs: [String?]) throws -> OutputPath {
        let output = try OutputPath(path, inputs: inputs)
        guard output.pathExtension == "png" else {
            throw RunError.diffPictureNotPNG(path)
        }
        return output
    }
}
