import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowText

/// `tagflow render`: one picture of the whole content.
enum RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw the whole content to PNG, SVG or PDF.",
        discussion: "Draws every header, tag and footer as YLTagsChooser shows them, with the content inset around them. Text is drawn from the same shaped glyphs that measured it. The format follows the output's extension.",
        positionals: [PositionalSpec("tags-file", help: "A tags file, a tags JSON file, or '-' for standard input.")],
        optionGroups: LayoutInput.optionGroups + [("Picture", [
            OptionSpec(["--output", "-o"], value: "FILE", help: "The picture to write: .png, .svg or .pdf."),
            OptionSpec(["--scale"], value: "1|2|3", help: "Device pixels per point, for PNG.", default: "2"),
        ] + StyleSettings.options)],
        examples: [
            "tagflow render Examples/demo.tags --config Examples/demo.json -o demo.png",
            "tagflow render Examples/demo.tags --theme dark --scale 3 -o demo-dark.png",
            "tagflow render Examples/demo.tags -o demo.svg",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let outputText = arguments.value("--output") else {
            throw UsageError("missing --output", hint: "name the picture to write, e.g. -o demo.png")
        }
        let tagsPath = arguments.positionals[0]
        let output = try OutputPath(outputText, inputs: [tagsPath, arguments.value("--config")])
        guard let format = PictureFormat(pathExtension: output.pathExtension) else {
            throw InputError("cannot tell the format of '\(outputText)'", hint: "end the output's name in .png, .svg or .pdf")
        }
        let scale = try Self.scale(arguments)
        let loaded = try LayoutInput.load(tagsPath: tagsPath, arguments: arguments)
        let style = try StyleSettings.style(config: loaded.config, arguments: arguments)
        let scene = try SceneSetup.scene(loaded, style: style, console: console)
        let bytes: [UInt8]
        do {
            bytes = try ContentRenderer(scene: scene).render(format, scale: scale)
        } catch let error as RenderError {
            throw SceneSetup.inputError(error)
        }
        try output.write(bytes)
        return .success
    }

    /// `--scale`, or `defaultScale` when it is not given: 2 for a render, 1 for a scroll's many frames.
    static func scale(_ arguments: ParsedArguments, default defaultScale: Double = 2) throws(InputError) -> Double {
        guard let text = arguments.value("--scale") else { return defaultScale }
        guard let scale = Double(text), [1, 2, 3].contains(scale) else {
            throw InputError("--scale must be 1, 2 or 3, got '\(text)'", hint: "device pixels per point: 2 matches most phones")
        }
        return scale
    }
}

/// Turning loaded input into a scene to draw, shared by the commands that draw.
enum SceneSetup {
    static func scene(_ loaded: LayoutInput.Loaded, style: Style, console: Console) throws(InputError) -> Scene {
        let (engine, measurer) = try LayoutInput.measurer(for: loaded.options, caching: .shapedTexts)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        LayoutCommand.warnAboutTofu(in: layout, console: console)
        do {
            return try Scene(layout: layout, engine: engine, style: style)
        } catch {
            throw InputError("cannot load the fonts to draw with: \(error)")
        }
    }

    /// A picture too large for cairo, with the ways out.
    static func inputError(_ error: RenderError) -> InputError {
        switch error {
        case .surfaceTooLarge, .tooManyPixels:
            return InputError("\(error)", hint: "lower --scale, set --max-height (scroll), or split the tags into several files")
        case .cairo:
            return InputError("\(error)")
        }
    }
}
