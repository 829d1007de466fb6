import TagFlowLayout
import TagFlowRender
import TagFlowText

// What the commands share: the layout flags and how they become a layout, the text engine, the scene a drawing
// command draws, and the warning about tofu.

/// A readable table, or JSON for tools.
enum OutputFormat: String, CaseIterable {
    case text, json

    /// The `--format` option of a command that prints a table or JSON.
    static func option<Command: ParsableArguments>(_ keyPath: WritableKeyPath<Command, OutputFormat>) -> Argument<Command> {
        Argument.option(keyPath, "--format", help: "A readable table, or JSON for tools.", value: .choice)
    }
}

/// The options every command that lays out a tags file shares, and how they become a layout.
struct LayoutInput: ParsableArguments {
    var config: String?
    var inputFormat = TagsInputFormat.auto
    /// The device to preview on; its width and scale, below any `--width` given.
    var device: String?
    /// Fonts to use besides the installed ones, for this run only; they win over installed fonts of their family.
    var fontFiles: [String] = []
    var fontDirs: [String] = []
    /// The layout flags given, in order; they override the config.
    var overrides: [(setting: LayoutSetting, value: LayoutSetting.Value)] = []

    static var inputArguments: [Argument<Self>] { [
        .option(\.config, "--config", help: "A JSON file with any layout option and a style object; flags override it.",
                value: .path("FILE", extensions: ["json"])),
        .option(\.inputFormat, "--input-format", help: "How to read the tags input.", value: .choice,
                defaultDescription: "auto: .json files and stdin starting with '{' are JSON"),
        .option(\.device, "--device", help: "Preview on a device: its screen width, and for render its scale ('tagflow devices' lists them).",
                value: .text("NAME", completion: .choices(DeviceProfile.builtIn.map(\.name)))),
    ] + fontArguments }

    /// The fonts given by file or folder; `measure` takes them too.
    static var fontArguments: [Argument<Self>] { [
        .repeating(\.fontFiles, "--font-file", help: "A font file (TTF, OTF, TTC, WOFF, WOFF2) to use by its family name; repeatable.",
                   value: .path("FILE", extensions: ["ttf", "otf", "ttc", "woff", "woff2"])),
        .repeating(\.fontDirs, "--font-dir", help: "A folder of font files to use by family name; repeatable.", value: .path("DIR")),
    ] }

    /// A flag for every layout option, with its default from ``LayoutOptions``.
    static var layoutArguments: [Argument<Self>] {
        LayoutSetting.all.map { setting in
            setting.argument(keyPath: \Self.overrides) { (input: inout Self, setting, value) in input.overrides.append((setting, value)) }
        }
    }

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Input", inputArguments, shared: true),
         ArgumentGroup("Layout", layoutArguments, page: .layoutOptions)]
    }

    /// The positional every such command takes.
    static func tagsFile<Root: ParsableArguments>(_ keyPath: WritableKeyPath<Root, String>) -> Argument<Root> {
        .positional(keyPath, "tags-file", help: "A tags file, a tags JSON file, or '-' for standard input.",
                    completion: .files(extensions: ["tags", "json", "txt"]))
    }

    /// The document, its options, and the style section of the config, all checked.
    struct Loaded {
        var document: TagDocument
        var options: LayoutOptions
        var config: ConfigFile
        /// The fonts given by the config and the flags.
        var fonts: FontSources
        /// Where the config names the font and its variations, when no flag overrides them.
        var fontPlaces = FontPlaces()
    }

    /// Where a config names the tags' font (`"font"`) and its axes (`"fontVariations"`), for a font error to point at.
    struct FontPlaces {
        var font: SourceSpan?
        var variations: SourceSpan?
    }

    /// Where `config` sets `key`, unless a flag of these overrides it.
    func place(of key: LayoutOptionKey, in config: ConfigFile) -> SourceSpan? {
        overrides.contains { $0.setting.key == key } ? nil : config.settingLocations[key.rawValue]
    }

    /// The config's fonts, then the flags'.
    func fonts(config: ConfigFile) -> FontSources {
        FontSources(files: config.fontFiles + fontFiles, directories: config.fontDirs + fontDirs)
    }

    func load(tagsPath: String) throws -> Loaded {
        try InputFiles.checkStandardInputOnce([tagsPath, self.config])
        let config = try ConfigFile.load(self.config)
        // Options first, so a bad flag or config value is reported before the tags are read.
        let options = try options(config: config)
        return try loaded(TagsInputFormat.document(at: tagsPath, format: inputFormat), config: config, options: options)
    }

    /// A document and config already read, with these flags' options on top, checked.
    func loaded(_ document: TagDocument, config: ConfigFile, options: LayoutOptions? = nil) throws -> Loaded {
        let options = try options ?? self.options(config: config)
        try Self.check(options, for: document)
        return Loaded(document: document, options: options, config: config, fonts: fonts(config: config),
                      fontPlaces: FontPlaces(font: place(of: .font, in: config),
                                            variations: place(of: .fontVariations, in: config)))
    }

    /// The options from defaults, then the config file, then the flags; at each level a device comes first, so a
    /// width given beside it wins.
    func options(config: ConfigFile) throws(InputError) -> LayoutOptions {
        var options = LayoutOptions()
        if let device = config.device {
            DeviceSettings.apply(try DeviceSettings.profile(named: device.value, config: config, at: device.location), to: &options)
        }
        for (setting, value) in config.layout { setting.apply(&options, value) }
        if let device {
            DeviceSettings.apply(try DeviceSettings.profile(named: device, config: config), to: &options)
        }
        for (setting, value) in overrides { setting.apply(&options, value) }
        return options
    }

    /// Checks that a layout of `document` with `options` is possible.
    static func check(_ options: LayoutOptions, for document: TagDocument) throws(RunError) {
        do {
            try options.validate(selectedCount: document.selectedCount)
        } catch {
            throw .layoutOptions(error)
        }
    }

    /// A text engine and a measurer for the options' font, failing with close matches when fontconfig lacks the family.
    ///
    /// Commands that draw want `.shapedTexts`, so each text is shaped once for both its measurement and its glyphs;
    /// commands that only lay out want `.measurements`, which keeps no glyphs. A named chain's stand-ins and the
    /// families of a chain that are not installed are each said once.
    static func measurer(for options: LayoutOptions, fonts: FontSources, caching: TextCaching, console: Console? = nil,
                         places: FontPlaces = FontPlaces()) throws(RunError) -> (engine: TextEngine, measurer: Measurer) {
        let engine = try self.engine(fonts: fonts, caching: caching)
        return (engine, try measurer(for: options, engine: engine, console: console, places: places))
    }

    /// A text engine with `fonts` besides the installed ones.
    static func engine(fonts: FontSources, caching: TextCaching) throws(RunError) -> TextEngine {
        do {
            return try TextEngine(caching: caching, fonts: fonts)
        } catch {
            throw .fontSourcesUnusable(error)
        }
    }

    /// A measurer for the options' font on an engine already made, which may serve several layouts.
    static func measurer(for options: LayoutOptions, engine: TextEngine, console: Console? = nil,
                         places: FontPlaces = FontPlaces()) throws(RunError) -> Measurer {
        do {
            let font = try engine.tagFont(for: options)
            if let console {
                let report = engine.report(for: font)
                if let standIn = report.standIn { console.warn("\(standIn); these fonts are not installed, so the preview uses stand-ins: give the real ones with --font-file or --font-dir") }
                if !report.skipped.isEmpty, report.standIn == nil {
                    console.warn("font chain '\(options.font)': \(report.skipped.joined(separator: ", ")) not found, skipped")
                }
                for variation in report.clampedVariations {
                    console.warn("font '\(font.family)': \(variation)")
                }
            }
            return Measurer(engine: engine, font: font)
        } catch let FontError.familyNotFound(family, suggestions) {
            throw .fontFamilyNotFound(family, suggestions: suggestions, at: places.font)
        } catch let FontError.noFamilyOfListFound(_, families, suggestions) {
            throw .noFontFamilyOfListFound(families, suggestions: suggestions, at: places.font)
        } catch let FontError.unknownAxis(axis, family, available) {
            throw .fontAxisUnknown(axis, family: family, available: available, at: places.variations)
        } catch let FontError.invalidVariations(settings, reason) {
            throw .fontVariationsInvalid(settings, reason: "\(reason)", at: places.variations)
        } catch {
            throw .fontUnloadable(options.font, reason: "\(error)")
        }
    }
}

/// Tofu and clipped text should never slip by unseen. Each is said once, not once per tag: missing characters
/// once per kind of font that would draw them (CJK, emoji, other scripts), with the Debian packages to install.
struct TextWarnings {
    /// A line for each kind of character no installed font can draw.
    var missingGlyphs: [String] = []
    /// A line for text taller than its cell, which the cell clips.
    var clippedText: String?
    /// A line for selected tags that `maxLines` hides, which a person can then neither see nor unselect.
    var hiddenSelection: String?

    var all: [String] { missingGlyphs + [clippedText, hiddenSelection].compactMap { $0 } }

    init(layout: TagLayout, measurer: Measurer) {
        func place(_ id: ElementID) -> String {
            layout.document.sections[id.section].tags[id.item].location.map { "line \($0.line)" } ?? "\(id)"
        }
        // Tags, then the section titles and footers, which the tags' family draws too (bold, for titles).
        let tags = layout.tagsWithMissingGlyphs.map { (text: $0.tag.text, place: place($0.id)) }
        let titles = layout.document.sections.enumerated().flatMap { index, section in
            [section.title, section.footer].compactMap { $0 }.map { (text: $0, place: "section \(index + 1)") }
        }
        missingGlyphs = Self.missingGlyphLines(tags, what: ("tag", "tags"), engine: measurer.engine, font: measurer.font)
            + Self.missingGlyphLines(titles, what: ("section title or footer", "section titles or footers"), engine: measurer.engine, font: measurer.font)
        let options = layout.options
        let clipped = layout.tagsWithClippedText
        if let first = clipped.first {
            let tallest = clipped.compactMap(\.tag.measurement.lineHeight).max() ?? 0
            // An automatic height is the tag font's own line; a fallback font's (CJK, emoji) can be taller. The padding
            // is above and below, so half the shortfall on each side fits it, and the cells still grow with the text.
            let padding = options.verticalPadding + ((tallest - options.itemHeight) / 2 * 100).rounded(.up) / 100
            let remedy = options.itemHeightFitsText
                ? "the cells fit the tag font's line, and a fallback font's is taller: set verticalPadding to \(formatDecimal(padding)) "
                    + "(--vertical-padding \(formatDecimal(padding))) to fit it"
                : "set itemHeight to auto (--item-height auto) to grow the cells with the text"
            clippedText = "\(clipped.count) of \(layout.document.tagCount) tags' text is taller than the \(formatDecimal(options.itemHeight)) pt cell "
                + "at content size \(options.contentSize.rawValue) (\(formatDecimal(options.textSize)) pt text, lines up to \(formatDecimal(tallest)) pt), "
                + "so the cell clips it, first '\(first.tag.text)' at \(place(first.id)): " + remedy
        }
        // maxLines hides the last tags of a section; selected ones among them are chosen out of sight.
        let hiddenSelected = zip(layout.flow.sections, layout.document.sections).enumerated().flatMap { index, pair in
            let (laidOut, section) = pair
            return section.tags.indices.suffix(laidOut.hiddenCount).filter { section.tags[$0].isSelected }.map { ElementID.item(index, $0) }
        }
        if let first = hiddenSelected.first {
            let count = hiddenSelected.count
            hiddenSelection = "\(count) selected tag\(count == 1 ? " is" : "s are") past the \(options.maxLines) line\(options.maxLines == 1 ? "" : "s") "
                + "maxLines shows (--max-lines), so a person can neither see nor unselect \(count == 1 ? "it" : "them")"
                + (options.showsMoreTag ? ", and the more tag counts \(count == 1 ? "it" : "them") as any hidden tag" : "")
                + ": first '\(layout.document.sections[first.section].tags[first.item].text)' at \(place(first))"
        }
    }
}

extension TextWarnings {
    /// A line for each kind of character (CJK, emoji, other scripts) in `texts` that no installed font can draw,
    /// with the Debian packages to install, a line for each choice of packages; `what` names one text and several.
    static func missingGlyphLines(_ texts: [(text: String, place: String)], what: (one: String, many: String),
                                  engine: TextEngine, font: FontSpec) -> [String] {
        struct Kind: Hashable { var bucket: ScriptBucket, packages: [String] }
        var missing: [Kind: (count: Int, first: (text: String, place: String), scalars: [Unicode.Scalar])] = [:]
        // The kinds in the order they were first met.
        var order = [Kind]()
        for text in texts {
            var seenInText = Set<Kind>()
            for scalar in engine.missingScalars(in: text.text, font: font) {
                let suggestion = missingFontSuggestion(for: scalar)
                let kind = Kind(bucket: suggestion.bucket, packages: suggestion.packages)
                if missing[kind] == nil { order.append(kind) }
                var entry = missing[kind] ?? (0, text, [])
                if seenInText.insert(kind).inserted { entry.count += 1 }
                if !entry.scalars.contains(scalar) { entry.scalars.append(scalar) }
                missing[kind] = entry
            }
        }
        // By bucket (CJK, emoji, other), each bucket's kinds as they were met.
        return ScriptBucket.allCases.flatMap { bucket in order.filter { $0.bucket == bucket } }.map { kind in
            let entry = missing[kind]!
            let words = switch kind.bucket {
            case .cjk: "Chinese, Japanese or Korean"
            case .emoji: "emoji"
            case .other: "some"
            }
            let characters = entry.scalars.prefix(5).map { String(Character($0)) }.joined(separator: " ") + (entry.scalars.count > 5 ? " …" : "")
            return "\(entry.count) \(entry.count == 1 ? what.one + " has" : what.many + " have") \(words) characters no installed font can draw "
                + "(\(characters)), first '\(entry.first.text)' at \(entry.first.place); they will show as boxes: \(Self.remedy(kind.packages))"
        }
    }

    /// What to do about characters the `packages` would draw.
    static func remedy(_ packages: [String]) -> String {
        packages.isEmpty ? "no Debian package has a font for them; give one that has with --font-file or fontDirs"
            : "install \(packages.joined(separator: " or "))"
    }
}

func warnAboutText(in layout: TagLayout, measurer: Measurer, console: Console) {
    for warning in TextWarnings(layout: layout, measurer: measurer).all { console.warn(warning) }
}

/// Turning loaded input into a scene to draw, shared by the commands that draw.
enum SceneSetup {
    static func scene(_ loaded: LayoutInput.Loaded, style: Style, console: Console) throws(RunError) -> Scene {
        try scene(loaded, style: style, engine: LayoutInput.engine(fonts: loaded.fonts, caching: .shapedTexts), console: console)
    }

    /// The scene on an engine already made: variants of one screen share its engine, and so its shapes.
    static func scene(_ loaded: LayoutInput.Loaded, style: Style, engine: TextEngine, console: Console) throws(RunError) -> Scene {
        let (scene, warnings) = try sceneAndTextWarnings(loaded, style: style, engine: engine, console: console)
        for warning in warnings.all { console.warn(warning) }
        return scene
    }

    /// The scene, and what its text warns of, for a caller that says it its own way.
    static func sceneAndTextWarnings(_ loaded: LayoutInput.Loaded, style: Style, engine: TextEngine,
                                     console: Console) throws(RunError) -> (Scene, TextWarnings) {
        let measurer = try LayoutInput.measurer(for: loaded.options, engine: engine, console: console, places: loaded.fontPlaces)
        let layout = TagLayout(document: loaded.document, options: loaded.options, measurer: measurer)
        let warnings = TextWarnings(layout: layout, measurer: measurer)
        do {
            return (try Scene(layout: layout, engine: engine, style: style), warnings)
        } catch {
            throw .drawingFontsUnloadable(reason: "\(error)")
        }
    }
}
