import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowText
import TagFlowInput
import TagFlowPipeline

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
                        defaultDescription: "the device's, else \(formatPoints(LayoutOptions().displayScale))"),
                .pngCompression(\.pngCompression),
            ] + StyleSettings.options.map { $0.lifted(into: \.style) })]
    }

    func validate() throws(CommandLineError) {
        if output == nil { throw .missingOutput(example: "name the picture to write, e.g. -o demo.png") }
    }

    func run(console: Console) throws -> ExitStatus {
        let outputText = output ?? ""
        let output = try OutputPath(outputText, inputs: [tagsPath, input.config])
        let format = try pictureFormat(of: output)
        if output.isTerminal, format != .svg { throw RunError.pictureToTerminal(format: format.rawValue) }
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
