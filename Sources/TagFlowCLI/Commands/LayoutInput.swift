import TagFlowLayout
import TagFlowText

/// The options every command that lays out a tags file shares, and how they become a layout.
enum LayoutInput {
    static let inputOptions: [OptionSpec] = [
        OptionSpec(["--config"], value: "FILE", help: "A JSON file with any layout option and a style object; flags override it."),
        OptionSpec(["--input-format"], value: "auto|tags|json", help: "How to read the tags input.", default: "auto: .json files and stdin starting with '{' are JSON"),
    ]

    /// A flag for every layout option, with its default from ``LayoutOptions``.
    static let layoutOptions: [OptionSpec] = LayoutSetting.all.map { setting in
        OptionSpec([setting.flag], value: setting.valueName, help: setting.help, default: setting.current(LayoutOptions()))
    }

    static var optionGroups: [(title: String, options: [OptionSpec])] {
        [("Input", inputOptions), ("Layout", layoutOptions)]
    }

    /// The document, its options, and the style section of the config, all checked.
    struct Loaded {
        var document: TagDocument
        var options: LayoutOptions
        var config: ConfigFile
    }

    static func load(tagsPath: String, arguments: ParsedArguments) throws(InputError) -> Loaded {
        let config = try arguments.value("--config").map { path throws(InputError) in try ConfigFile.load(path) } ?? ConfigFile()
        let options = try options(from: arguments, config: config)
        let format = try choice(TagsInputFormat.self, arguments.value("--input-format"), flag: "--input-format") ?? .auto
        let document = try TagsInputFormat.document(at: tagsPath, format: format)
        try check(options, for: document)
        return Loaded(document: document, options: options, config: config)
    }

    /// Checks that a layout of `document` with `options` is possible.
    static func check(_ options: LayoutOptions, for document: TagDocument) throws(InputError) {
        do {
            try options.validate(selectedCount: document.selectedCount)
        } catch {
            throw error.inputError
        }
    }

    /// The options from defaults, then the config file, then the flags.
    static func options(from arguments: ParsedArguments, config: ConfigFile) throws(InputError) -> LayoutOptions {
        var options = LayoutOptions()
        for (setting, value) in config.layout { setting.apply(&options, value) }
        for setting in LayoutSetting.all {
            guard let text = arguments.value(setting.flag) else { continue }
            setting.apply(&options, try setting.value(fromArgument: text, flag: setting.flag))
        }
        return options
    }

    /// Parses an enum flag or config value, suggesting the closest choice.
    static func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ text: String?, flag: String,
                                                           at location: SourceSpan? = nil) throws(InputError) -> T?
    where T.RawValue == String {
        guard let text else { return nil }
        if let value = T(rawValue: text) { return value }
        throw invalidChoice(text, names: T.allCases.map(\.rawValue), what: flag, at: location)
    }

    /// A text engine and a measurer for the options' font, failing with close matches when fontconfig lacks the family.
    ///
    /// Commands that draw want `.shapedTexts`, so each text is shaped once for both its measurement and its glyphs;
    /// commands that only lay out want `.measurements`, which keeps no glyphs.
    static func measurer(for options: LayoutOptions, caching: TextCaching) throws(InputError) -> (engine: TextEngine, measurer: Measurer) {
        let engine: TextEngine
        do {
            engine = try TextEngine(caching: caching)
        } catch {
            throw InputError("cannot start the font system: \(error)", hint: "install fontconfig and at least one font (apt-get install fonts-dejavu-core)")
        }
        do {
            let font = try engine.font(family: options.font, size: options.textSize)
            return (engine, Measurer(engine: engine, font: font))
        } catch let FontError.familyNotFound(family, suggestions) {
            throw InputError("font family '\(family)' not found by fontconfig",
                             hint: suggestions.isEmpty ? "list the installed families with fc-list : family"
                                                       : "close matches: \(suggestions.joined(separator: ", "))")
        } catch {
            throw InputError("cannot load font '\(options.font)': \(error)")
        }
    }
}
