import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowText
import TagFlowInput
import TagFlowPipeline
import TagFlowSnapshot

/// `tagflow render`: one picture of the whole content.
struct RenderCommand: ParsableCommand {
    var tagsPath = ""
    var input = LayoutInput()
    var output: String?
    /// The picture's format when the output's name does not say it.
    var format: PictureFormat?
    /// Device pixels per point; by default the device's (`--device`), else 2, which matches most phones.
    var scale: Double?
    var pngCompression = PNGEncoder.Compression.fast
    var style = StyleSettings()
    /// The settings a grid varies: the first's values are its rows, a second's its columns.
    var grid: [GridAxis] = []
    var gridView = SceneGrid.View.content
    var marksFindings = false

    static let configuration = CommandConfiguration(
        name: "render",
        abstract: "Draw the whole content to PNG, SVG or PDF.",
        discussion: "Draws every header, tag and footer as YLTagsChooser shows them, with the content inset around "
            + "them. Text is drawn from the same shaped glyphs that measured it. The format follows the output's "
            + "extension, or --format; -o - writes to standard output.",
        examples: [
            "tagflow render Examples/demo.tags --config Examples/demo.json -o demo.png",
            "tagflow render Examples/demo.tags --theme dark --scale 3 -o demo-dark.png",
            "tagflow render Examples/demo.tags -o demo.svg",
            "tagflow render Examples/demo.tags -o - | base64",
            "tagflow render Examples/sports.tags --config Examples/sports.json --grid locales=en,de,ja,ar "
                + "--grid contentSizes=L,AX3 --mark-findings -o grid.png",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [LayoutInput.tagsFile(\.tagsPath)])]
            + LayoutInput.arguments.map { $0.lifted(into: \.input) }
            + [ArgumentGroup("Picture", [
                .option(\.output, "--output", "-o",
                        help: "The picture to write: .png, .svg or .pdf, or - for standard output.",
                        value: .path(extensions: PictureFormat.allCases.map(\.rawValue))),
                .option(\.format, "--format",
                        help: "The picture's format, for an output whose name does not end in it.", value: .choice,
                        defaultDescription: "the output's extension; png for -o -"),
                .option(\.scale, "--scale", help: "Device pixels per point, for PNG.", value: .scale,
                        defaultDescription: "the device's, else \(formatPoints(LayoutOptions().displayScale)); "
                            + "a grid's at most 2"),
                .pngCompression(\.pngCompression),
            ] + StyleSettings.options.map { $0.lifted(into: \.style) }),
               ArgumentGroup("Grid", [
                .repeating(\.grid, "--grid",
                           help: "Draw the screen once for each value of a setting, side by side: the first --grid "
                            + "gives the rows, a second the columns. Settings as tagflow.json's variants name them.",
                           value: .gridAxis),
                .option(\.gridView, "--grid-view",
                        help: "What each cell shows: the whole content, or the device's screen at the top.",
                        value: .choice),
                .flag(\.marksFindings, "--mark-findings",
                      help: "Outline in each cell what tagflow fit finds there, and count it under the cell."),
               ])]
    }

    func validate() throws(CommandLineError) {
        if output == nil { throw .missingOutput(example: "name the picture to write, e.g. -o demo.png") }
        let settings = grid.map(\.setting.rawValue)
        if settings.count > 2 || Set(settings).count < settings.count { throw .gridAxes(settings) }
        if grid.isEmpty, gridView != .content {
            throw .notApplicable(option: "--grid-view", because: "says what a grid's cells show; add --grid")
        }
        if grid.isEmpty, marksFindings {
            throw .notApplicable(option: "--mark-findings", because: "marks a grid's cells; add --grid")
        }
    }

    func run(console: Console) throws -> ExitStatus {
        let outputText = output ?? ""
        let output = try OutputPath(outputText, inputs: [tagsPath, input.config])
        let format = try pictureFormat(of: output)
        if output.isTerminal, format != .svg { throw RunError.pictureToTerminal(format: format.rawValue) }
        if !grid.isEmpty { return try renderGrid(to: output, format: format, console: console) }
        let loaded = try input.load(tagsPath: tagsPath)
        let style = try self.style.style(config: loaded.config)
        let scene = try SceneLoader.scene(loaded, style: style, console: console)
        if format == .pdf, scene.drawsVariedFaces {
            console.warn("a PDF shows a variable font at its default outlines: cairo embeds the font file, not the "
                         + "axis values the text was measured and drawn at (fontVariations, a title's or Bold Text's "
                         + "weight, an automatic opsz), so such text looks of the wrong weight or spacing; write "
                         + "\(output.replacingExtension(with: "svg")) or a PNG to see it")
        }
        let bytes: [UInt8]
        do {
            bytes = try ContentRenderer(scene: scene).render(format, scale: scale ?? loaded.options.displayScale,
                                                               png: PNGEncoder(options: pngCompression.options))
        } catch let error as RenderError {
            throw RunError.render(error)
        }
        try output.write(bytes)
        return .success
    }

    /// The screen once for each cell of `--grid`, drawn the way a snapshot variant with the cell's settings is.
    private func renderGrid(to output: OutputPath, format: PictureFormat, console: Console) throws -> ExitStatus {
        let (document, config, _) = try input.read(tagsPath: tagsPath)
        let engine = try LayoutInput.engine(fonts: input.fonts(config: config), caching: .shapedTexts)
        let variantGrid = VariantGrid(rows: grid.count == 2 ? grid[0] : nil, columns: grid[grid.count - 1],
                                      view: gridView, marksFindings: marksFindings)
        let drawn = try variantGrid.draw(input, document: document, config: config, engine: engine,
                                         tagsName: InputFiles.displayName(tagsPath), style: style)
        for warning in drawn.warnings { console.warn(warning) }
        let scale = scale ?? drawn.defaultScale
        let bytes: [UInt8]
        do {
            try drawn.grid.checkSize(scale: format == .png ? scale : 1)
            bytes = try drawn.grid.render(format, scale: scale, png: PNGEncoder(options: pngCompression.options))
        } catch let error as RenderError {
            throw RunError.render(error)
        }
        try output.write(bytes)
        return .success
    }

    /// `--format`, else the output's extension; a picture to standard output is a PNG unless `--format` says otherwise.
    private func pictureFormat(of output: OutputPath) throws(RunError) -> PictureFormat {
        let named = PictureFormat(pathExtension: output.pathExtension)
        if let format {
            if let named, named != format {
                throw .pictureFormatMismatch(path: output.path, format: format.rawValue,
                                             suggestion: output.replacingExtension(with: format.rawValue))
            }
            return format
        }
        if let named { return named }
        if output.isStandardOutput { return .png }
        throw .pictureFormatUnknown(path: output.path)
    }
}
