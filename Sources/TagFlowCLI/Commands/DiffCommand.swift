import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText

/// `tagflow diff`: what changed between two layouts, two PNGs, or two folders of PNGs.
enum DiffCommand: Command {
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

    static let pixelFlags = ["--threshold", "--include-aa", "--pixelmatch-aa", "--ignore", "--max-diff-pixels", "--max-diff-ratio"]
    static let layoutFlags = ["--old-config", "--new-config", "--config", "--input-format"] + LayoutInput.layoutOptions.map(\.name)

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two layouts, two PNGs, or two folders of PNGs.",
        discussion: """
        The inputs decide the comparison:
          two tags files, or one with --old-config and --new-config   layout diff: tags added, removed, moved and resized
          two layout JSON files (tagflow layout --format json)        the same, from saved layouts
          two PNG files                                               pixel diff with pixelmatch's YIQ distance and anti-aliasing detection
          two folders                                                 every PNG paired by relative path: new, deleted, changed, unchanged
        Exits 0 when nothing differs (or the differences pass --max-diff-pixels/--max-diff-ratio), 1 when something does, 2 on an error.
        """,
        positionals: [PositionalSpec("inputs", help: "OLD NEW (files or folders), or one tags file with --old-config and --new-config.", repeats: true)],
        optionGroups: [
            ("Layout diff", [
                OptionSpec(["--old-config"], value: "FILE", help: "The config the old layout uses (a JSON file as for --config)."),
                OptionSpec(["--new-config"], value: "FILE", help: "The config the new layout uses."),
            ] + LayoutInput.inputOptions),
            ("Layout", LayoutInput.layoutOptions),
            ("Pixel diff", [
                OptionSpec(["--threshold"], value: "0…1", help: "How different a pixel's colour must be to count; 0 counts any change.", default: "0.1"),
                OptionSpec(["--include-aa"], help: "Count anti-aliased pixels as changes instead of reporting them apart."),
                OptionSpec(["--pixelmatch-aa"], help: "Detect anti-aliasing only as pixelmatch does, without the test for edges moved by a fraction of a pixel (text shifted by a subpixel then counts as changed)."),
                OptionSpec(["--ignore"], value: "X,Y,W,H", help: "A rectangle of pixels to leave out; repeat for more.", repeats: true),
                OptionSpec(["--max-diff-pixels"], value: "N", help: "Pass when at most N pixels differ."),
                OptionSpec(["--max-diff-ratio"], value: "R", help: "Pass when at most this share of the pixels differ: 0.001 or 0.1%."),
            ]),
            ("Folders", [
                OptionSpec(["--report"], value: "DIR", help: "Write report.json, report.md, report.html and diff/ images to DIR."),
                OptionSpec(["--accept"], help: "After the report, copy new and changed files over the old ones, to take them as baselines."),
            ]),
            ("Output", [
                OptionSpec(["--format"], value: "text|json|markdown", help: "A summary and table, JSON for tools, or Markdown for a pull-request comment.", default: "text"),
                OptionSpec(["--output", "-o"], value: "FILE.png", help: "Write a diff picture: old and new side by side with an overlay, or the pixel diff."),
            ]),
        ],
        examples: [
            "tagflow diff before.tags after.tags",
            "tagflow diff demo.tags --old-config narrow.json --new-config wide.json --format markdown",
            "tagflow diff old-layout.json new-layout.json -o layout-diff.png",
            "tagflow diff golden.png actual.png --threshold 0.05 --ignore 0,0,375,44 -o diff.png",
            "tagflow diff golden/ actual/ --report out/visual --max-diff-ratio 0.1%",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try LayoutInput.choice(Format.self, arguments.value("--format"), flag: "--format") ?? .text
        let paths = arguments.positionals
        guard paths.count <= 2 else { throw UsageError("diff takes two inputs, got \(paths.count)", hint: "write tagflow diff OLD NEW") }
        let mode = try detectMode(paths, arguments: arguments)
        try checkFlags(for: mode, arguments: arguments)
        switch mode {
        case .folders: return try diffFolders(paths[0], paths[1], format: format, arguments: arguments, console: console)
        case .pixels: return try diffImages(paths[0], paths[1], format: format, arguments: arguments, console: console)
        case .layoutJSON, .tags: return try diffLayouts(paths, mode: mode, format: format, arguments: arguments, console: console)
        }
    }

    // MARK: Modes

    static func detectMode(_ paths: [String], arguments: ParsedArguments) throws -> Mode {
        func isDirectory(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }
        if paths.count == 1 {
            if isDirectory(paths[0]) { throw UsageError("a folder needs another folder to compare with", hint: "write tagflow diff OLD_DIR NEW_DIR") }
            guard arguments.has("--old-config") && arguments.has("--new-config") else {
                throw UsageError("one input needs --old-config and --new-config", hint: "give two inputs, or one tags file with --old-config A --new-config B")
            }
            return .tags
        }
        let directories = paths.map(isDirectory)
        if directories[0] && directories[1] { return .folders }
        if directories[0] || directories[1] {
            let folder = directories[0] ? paths[0] : paths[1]
            throw InputError("'\(folder)' is a folder but the other input is a file", hint: "compare two folders, or two files")
        }
        let pngs = paths.map { $0.lowercased().hasSuffix(".png") }
        if pngs[0] && pngs[1] { return .pixels }
        if pngs[0] || pngs[1] {
            throw InputError("cannot compare a PNG with '\(pngs[0] ? paths[1] : paths[0])'", hint: "a pixel diff takes two .png files")
        }
        if paths.allSatisfy({ $0.lowercased().hasSuffix(".json") }) {
            let layouts = try paths.map { path throws(InputError) in LayoutSnapshotJSON.isLayout(try JSONParser.parse(InputFiles.read(path), file: path)) }
            if layouts[0] && layouts[1] { return .layoutJSON }
            if layouts[0] || layouts[1] {
                throw InputError("'\(layouts[0] ? paths[0] : paths[1])' is a layout JSON file but '\(layouts[0] ? paths[1] : paths[0])' is not",
                                 hint: "compare two layout files (tagflow layout --format json), or two tags files")
            }
        }
        return .tags
    }

    /// Flags that mean nothing for a mode are refused rather than silently ignored.
    static func checkFlags(for mode: Mode, arguments: ParsedArguments) throws {
        let given = Set(arguments.order)
        func refuse(_ flags: [String], _ reason: String) throws {
            if let flag = flags.first(where: given.contains) { throw UsageError("\(flag) \(reason)") }
        }
        switch mode {
        case .folders:
            try refuse(layoutFlags, "applies to layout diffs, not to folders of PNGs")
            try refuse(["--output"], "is for one diff picture; with folders use --report DIR")
        case .pixels:
            try refuse(layoutFlags, "applies to layout diffs, not to PNGs")
            try refuse(["--report", "--accept"], "applies to folders")
        case .layoutJSON:
            try refuse(pixelFlags + ["--report", "--accept"], "applies to PNG comparisons, not to layouts")
            try refuse(layoutFlags, "lays out tags files; layout JSON files are already laid out")
        case .tags:
            try refuse(pixelFlags + ["--report", "--accept"], "applies to PNG comparisons, not to layouts")
            if given.contains("--config") && (given.contains("--old-config") || given.contains("--new-config")) {
                throw UsageError("--config cannot be combined with --old-config or --new-config", hint: "give each side its own config")
            }
        }
        if arguments.has("--accept") && !arguments.has("--report") {
            throw UsageError("--accept needs --report", hint: "write the report first: --report DIR --accept")
        }
    }

    // MARK: Layout diff

    static func diffLayouts(_ paths: [String], mode: Mode, format: Format, arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let oldPath = paths[0], newPath = paths.count == 2 ? paths[1] : paths[0]
        if paths.count == 2 && oldPath == "-" && newPath == "-" { throw InputError("only one input can be standard input") }
        let output = try arguments.value("--output").map { path throws(InputError) in
            try pngOutput(path, inputs: paths + [arguments.value("--config"), arguments.value("--old-config"), arguments.value("--new-config")])
        }
        let old: LayoutSnapshot, new: LayoutSnapshot
        var engine: TextEngine?
        var font = (family: LayoutOptions().font, size: LayoutOptions().fontSize)
        if mode == .layoutJSON {
            old = try LayoutSnapshotJSON.snapshot(JSONParser.parse(InputFiles.read(oldPath), file: oldPath))
            new = try LayoutSnapshotJSON.snapshot(JSONParser.parse(InputFiles.read(newPath), file: newPath))
        } else {
            // Standard input can be read only once: one input read as "-" serves both sides.
            let oldLayout = try layout(oldPath, config: arguments.value("--old-config"), arguments: arguments, console: console)
            let newLayout = paths.count == 1 && oldPath == "-"
                ? try layout(oldLayout.document, config: arguments.value("--new-config"), arguments: arguments, console: console)
                : try layout(newPath, config: arguments.value("--new-config"), arguments: arguments, console: console)
            old = LayoutSnapshot(oldLayout.layout)
            new = LayoutSnapshot(newLayout.layout)
            engine = newLayout.engine
            font = (newLayout.layout.options.font, newLayout.layout.options.textSize)
        }
        let diff = LayoutDiff(old: old, new: new)
        let report = LayoutDiffReport(diff: diff)
        if let output {
            let textEngine = try engine ?? LayoutInput.measurer(for: LayoutOptions(), caching: .shapedTexts).engine
            let png: [UInt8]
            do {
                png = try LayoutDiffImage(diff: diff, engine: textEngine, fontFamily: font.family, fontSize: font.size).png()
            } catch {
                throw InputError("cannot draw the layout diff: \(error)")
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
    private static func layout(_ path: String, config: String?, arguments: ParsedArguments, console: Console) throws(InputError)
    -> (layout: TagLayout, document: TagDocument, engine: TextEngine) {
        var sideArguments = arguments
        if let config { sideArguments.values["--config"] = [config] }
        let loaded = try LayoutInput.load(tagsPath: path, arguments: sideArguments)
        return try layout(loaded.document, options: loaded.options, console: console)
    }

    /// Lays out an already read document with one side's config, for a single input on standard input.
    private static func layout(_ document: TagDocument, config: String?, arguments: ParsedArguments, console: Console) throws(InputError)
    -> (layout: TagLayout, document: TagDocument, engine: TextEngine) {
        let configFile = try config.map { path throws(InputError) in try ConfigFile.load(path) } ?? ConfigFile()
        let options = try LayoutInput.options(from: arguments, config: configFile)
        try LayoutInput.check(options, for: document)
        return try layout(document, options: options, console: console)
    }

    private static func layout(_ document: TagDocument, options: LayoutOptions, console: Console) throws(InputError)
    -> (layout: TagLayout, document: TagDocument, engine: TextEngine) {
        let (engine, measurer) = try LayoutInput.measurer(for: options, caching: .shapedTexts)
        let layout = TagLayout(document: document, options: options, measurer: measurer)
        LayoutCommand.warnAboutTofu(in: layout, console: console)
        return (layout, document, engine)
    }

    // MARK: Pixel diff

    static func pixelOptions(_ arguments: ParsedArguments, makeImage: Bool) throws -> (PixelDiff.Options, PixelDiff.Tolerance) {
        var options = PixelDiff.Options(makeImage: makeImage)
        if let text = arguments.value("--threshold") {
            guard let value = Double(text), value >= 0, value <= 1 else {
                throw InputError("--threshold must be a number from 0 to 1; got '\(text)'", hint: "0 counts any change; pixelmatch's default is 0.1")
            }
            options.threshold = value
        }
        options.includeAntiAliasing = arguments.has("--include-aa")
        options.detectEdgeShifts = !arguments.has("--pixelmatch-aa")
        options.ignore = try arguments.all("--ignore").map(region)
        var tolerance = PixelDiff.Tolerance()
        if let text = arguments.value("--max-diff-pixels") {
            guard let value = Int(text), value >= 0 else { throw InputError("--max-diff-pixels must be a whole number of pixels, 0 or more; got '\(text)'") }
            tolerance.maxDiffPixels = value
        }
        if let text = arguments.value("--max-diff-ratio") {
            let isPercent = text.hasSuffix("%")
            guard let number = Double(isPercent ? String(text.dropLast()) : text), number >= 0, number <= (isPercent ? 100 : 1) else {
                throw InputError("--max-diff-ratio must be a share from 0 to 1, or a percentage; got '\(text)'", hint: "write 0.001 or 0.1%")
            }
            tolerance.maxDiffRatio = isPercent ? number / 100 : number
        }
        return (options, tolerance)
    }

    /// `x,y,w,h` in pixels.
    static func region(_ text: String) throws(InputError) -> PixelDiff.Region {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              x >= 0, y >= 0, w > 0, h > 0, x <= 1 << 20, y <= 1 << 20, w <= 1 << 20, h <= 1 << 20 else {
            throw InputError("--ignore takes X,Y,W,H in whole pixels, with W and H above 0; got '\(text)'", hint: "e.g. --ignore 0,0,375,44")
        }
        return PixelDiff.Region(x: x, y: y, width: w, height: h)
    }

    static func diffImages(_ oldPath: String, _ newPath: String, format: Format, arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let output = try arguments.value("--output").map { path throws(InputError) in try pngOutput(path, inputs: [oldPath, newPath]) }
        let (options, tolerance) = try pixelOptions(arguments, makeImage: output != nil)
        let (old, new) = try PixelDiffReport.decodePair(oldPath, newPath)
        let result = PixelDiff.compare(old, new, options: options)
        let report = PixelDiffReport(oldPath: oldPath, newPath: newPath, result: result, options: options, tolerance: tolerance)
        if let output, let image = result.image {
            do { try output.write(PNGEncoder().encode(image)) } catch let error as InputError { throw error } catch {
                throw InputError("cannot encode the diff image: \(error)")
            }
        }
        switch format {
        case .text: console.out(report.text)
        case .markdown: console.out(report.markdown)
        case .json: console.out(report.json(diffImage: output?.path).rendered() + "\n")
        }
        return report.status == .failed ? .failure : .success
    }

    // MARK: Folders

    static func diffFolders(_ oldDirectory: String, _ newDirectory: String, format: Format, arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let reportDirectory = try arguments.value("--report").map { path throws(InputError) in
            try checkReportDirectory(path, inputs: [oldDirectory, newDirectory])
        }
        let (options, tolerance) = try pixelOptions(arguments, makeImage: true)
        let report = try FolderReport(oldDirectory: trimmed(oldDirectory), newDirectory: trimmed(newDirectory), options: options, tolerance: tolerance)
        if let reportDirectory { try report.write(to: reportDirectory) }
        switch format {
        case .text:
            console.out(report.text + (reportDirectory.map { "report: \($0)/report.html\n" } ?? ""))
        case .markdown: console.out(report.markdown)
        case .json: console.out(report.json(reportDirectory: reportDirectory).rendered() + "\n")
        }
        if arguments.has("--accept") {
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
    static func checkReportDirectory(_ path: String, inputs: [String]) throws(InputError) -> String {
        let target = OutputPath.canonical(path)
        for input in inputs {
            let folder = OutputPath.canonical(input)
            if target == folder || target.hasPrefix(folder + "/") {
                throw InputError("the report folder '\(path)' is inside '\(input)', which is compared",
                                 hint: "write the report outside both folders, e.g. --report out/visual-diff")
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw InputError("--report '\(path)' is a file", hint: "name a folder; it is created if missing") }
            guard access(path, W_OK) == 0 else { throw InputError("cannot write to the report folder '\(path)'") }
        } else {
            _ = try OutputPath(trimmed(path), inputs: [])
        }
        return trimmed(path)
    }

    private static func pngOutput(_ path: String, inputs: [String?]) throws(InputError) -> OutputPath {
        let output = try OutputPath(path, inputs: inputs)
        guard output.pathExtension == "png" else {
            throw InputError("the diff picture '\(path)' must be a .png file", hint: "write -o diff.png")
        }
        return output
    }
}
