import TagFlowLayout
import TagFlowInput
import TagFlowPipeline

/// The flags of ``LayoutInput``: the input, the fonts, and one for every layout option.
extension LayoutInput: ParsableArguments {
    static var inputArguments: [Argument<Self>] { [
        .option(\.config, "--config", help: "A JSON file with any layout option and a style object; flags override it.",
                value: .path("FILE", extensions: ["json"])),
        .option(\.inputFormat, "--input-format", help: "How to read the tags input.", value: .choice,
                defaultDescription: "auto: .json files and stdin starting with '{' are JSON"),
        .option(\.device, "--device",
                help: "Preview on a device: its screen width, and for render its scale ('tagflow devices' lists them).",
                value: .text("NAME", completion: .choices(DeviceProfile.builtIn.map(\.name)))),
    ] + fontArguments }

    /// The fonts given by file or folder; `measure` takes them too.
    static var fontArguments: [Argument<Self>] { [
        .repeating(\.fontFiles, "--font-file",
                   help: "A font file (TTF, OTF, TTC, WOFF, WOFF2) to use by its family name; repeatable.",
                   value: .path("FILE", extensions: ["ttf", "otf", "ttc", "woff", "woff2"])),
        .repeating(\.fontDirs, "--font-dir", help: "A folder of font files to use by family name; repeatable.",
                   value: .path("DIR")),
    ] }

    /// A flag for every layout option, with its default from ``LayoutOptions``.
    static var layoutArguments: [Argument<Self>] {
        LayoutSetting.all.map { setting in
            setting.argument(keyPath: \Self.overrides) { (input: inout Self, setting, value) in
                input.overrides.append((setting, value))
            }
        }
    }

    /// The string catalog that `@key` lines and `"key"` name, and how its strings are looked up.
    static var stringArguments: [Argument<Self>] { [
        .option(\.catalog, "--catalog",
                help: "A string catalog (.xcstrings, .strings, or a folder of *.lproj folders) for @key tags.",
                value: .path("PATH", extensions: ["xcstrings", "strings"]), defaultDescription: "the config's"),
        .option(\.locale, "--locale",
                help: "The catalog's language; right to left ones (ar, he…) mirror the layout unless direction is "
                    + "set.",
                value: .text("LANG"), defaultDescription: "the catalog's source language"),
        .option(\.count, "--count", help: "The number plural strings are chosen by, and %d and %lld show.",
                value: .count, defaultDescription: "plural 'other', and 3"),
        .repeating(\.formatArguments, "--format-argument",
                   help: "A value for the next %@ or %1$@ argument of catalog strings; repeatable.",
                   value: .text("VALUE")),
        .option(\.pseudo, "--pseudo",
                help: "Show every text in a pseudolanguage: twice as long, accented, bounded, mirrored, or expanded.",
                value: .choice, defaultDescription: "none"),
    ] }

    static var arguments: [ArgumentGroup<Self>] {
        // The strings' options are input too: one group, one line of --help.
        [ArgumentGroup("Input", inputArguments + stringArguments, shared: true),
         ArgumentGroup("Layout", layoutArguments, page: .layoutOptions)]
    }

    /// The positional every such command takes.
    static func tagsFile<Root: ParsableArguments>(_ keyPath: WritableKeyPath<Root, String>) -> Argument<Root> {
        .positional(keyPath, "tags-file", help: "A tags file or tags JSON; '-' for standard input.",
                    completion: .files(extensions: ["tags", "json", "txt"]))
    }
}
