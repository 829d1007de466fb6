import TagFlowInput
import TagFlowRender

/// The style flags, over a config's style object.
extension StyleSettings: ParsableArguments {
    static var options: [Argument<Self>] { [
        .option(\.theme, "--theme", help: "Colours; light is YLTagsChooser's.", value: .choice,
                defaultDescription: defaultTheme.rawValue),
        .option(\.background, "--background",
                help: "Background colour; the config's style object sets every other colour.", value: .colour),
    ] }

    static var arguments: [ArgumentGroup<Self>] { [ArgumentGroup("Style", options)] }
}
