import TagFlowLayout
import TagFlowRender
import TagFlowText
import TagFlowInput

/// What every command that lays out a tags file is given besides the tags, and how it becomes a layout. The
/// command line's flags for it are declared in TagFlowCLI (LayoutInput+Arguments.swift).
package struct LayoutInput {
    package var config: String?
    package var inputFormat = TagsInputFormat.auto
    /// The device to preview on; its width and scale, below any `--width` given.
    package var device: String?
    /// Fonts to use besides the installed ones, for this run only; they win over installed fonts of their family.
    package var fontFiles: [String] = []
    package var fontDirs: [String] = []
    /// A string catalog, its language, and the values its plurals and format specifiers are filled with.
    package var catalog: String?
    package var locale: String?
    package var count: Int?
    package var formatArguments: [String] = []
    /// A pseudolanguage the tags, titles and footers are shown in.
    package var pseudo: Pseudolanguage?
    /// The layout flags given, in order; they override the config.
    package var overrides: [(setting: LayoutSetting, value: LayoutSetting.Value)] = []

    package init() {}

    /// The document, its options, and the style section of the config, all checked.
    package struct Loaded {
        package var document: TagDocument
        package var options: LayoutOptions
        package var config: ConfigFile
        /// The fonts given by the config and the flags.
        package var fonts: FontSources
        /// Where the config names the font and its variations, when no flag overrides them.
        var fontPlaces = FontPlaces()
        /// Catalog strings shown in the source language for want of a translation, said once.
        package var catalogWarning: String?
    }

    /// Where a config names the tags' font (`"font"`) and its axes (`"fontVariations"`), for a font error to point at.
    package struct FontPlaces {
        var font: SourceSpan?
        var variations: SourceSpan?
    }

    /// Where `config` sets `key`, unless a flag of these overrides it.
    package func place(of key: LayoutOptionKey, in config: ConfigFile) -> SourceSpan? {
        overrides.contains { $0.setting.key == key } ? nil : config.settingLocations[key.rawValue]
    }

    /// The config's fonts, then the flags'.
    package func fonts(config: ConfigFile) -> FontSources {
        FontSources(files: config.fontFiles + fontFiles, directories: config.fontDirs + fontDirs)
    }

    package func load(tagsPath: String) throws -> Loaded {
        let (document, config, options) = try read(tagsPath: tagsPath)
        return try loaded(document, config: config, options: options, tagsName: InputFiles.displayName(tagsPath))
    }

    /// The config, these flags' options over it, and the tags, read once each, before any catalog lookup: what a
    /// command that lays the tags out in several variants starts from.
    package func read(tagsPath: String) throws -> (document: TagDocument, config: ConfigFile, options: LayoutOptions) {
        try InputFiles.checkStandardInputOnce([tagsPath, self.config])
        let config = try ConfigFile.load(self.config)
        // Options first, so a bad flag or config value is reported before the tags are read.
        let options = try options(config: config)
        return (try TagsInputFormat.document(at: tagsPath, format: inputFormat), config, options)
    }

    /// A document and config already read, with these flags' options on top; the layout checks the options. Its
    /// catalog strings are looked up here, in the locale's language, which also sets the text's language and, for a
    /// right-to-left one, the direction, unless the config or a flag sets it.
    package func loaded(_ document: TagDocument, config: ConfigFile, options: LayoutOptions? = nil,
                tagsName: String = "the tags") throws -> Loaded {
        var options = try options ?? self.options(config: config)
        var document = document
        var warning: String?
        let setsDirection = config.layout.contains { $0.setting.key == .direction }
            || overrides.contains { $0.setting.key == .direction }
        if let catalogPath = catalog ?? config.catalog {
            let catalog = try StringCatalog.load(catalogPath)
            let resolution = try CatalogResolution(document, catalog: catalog, settings: catalogSettings(config),
                                                   file: tagsName)
            document = resolution.document
            warning = resolution.fallbackWarning
            options.language = resolution.language
            if !setsDirection, TextDirection.isRightToLeft(resolution.language) { options.direction = .rtl }
        } else if let locale = locale ?? config.locale {
            throw InputError.catalog(.localeWithoutCatalog(locale))
        } else if let reference = Self.firstReference(in: document) {
            throw InputError.catalog(.noCatalog(key: reference.key, at: SourceSpan(
                file: tagsName, line: reference.location?.line ?? 1, column: reference.location?.column ?? 1)))
        }
        if let pseudo {
            document = pseudo.apply(to: document)
            if pseudo.isRightToLeft, !setsDirection { options.direction = .rtl }
        }
        return Loaded(document: document, options: options, config: config, fonts: fonts(config: config),
                      fontPlaces: FontPlaces(font: place(of: .font, in: config),
                                            variations: place(of: .fontVariations, in: config)),
                      catalogWarning: warning)
    }

    /// How the catalog's strings are looked up: the flags', then the config's locale.
    package func catalogSettings(_ config: ConfigFile) -> CatalogSettings {
        CatalogSettings(locale: locale ?? config.locale, count: count, arguments: formatArguments)
    }

    /// The first text a document names by key, for the error of a document with no catalog.
    private static func firstReference(in document: TagDocument) -> StringKey? {
        for section in document.sections {
            if let key = section.titleKey ?? section.footerKey { return key }
            if let tag = section.tags.first(where: { $0.reference != nil }) {
                return StringKey(tag.text, location: tag.location)
            }
        }
        return nil
    }

    /// The options from defaults, then the config file, then the flags; at each level a device comes first, so a
    /// width given beside it wins.
    package func options(config: ConfigFile) throws(InputError) -> LayoutOptions {
        var options = LayoutOptions()
        if let device = config.device {
            DeviceSettings.apply(try DeviceSettings.profile(named: device.value, config: config, at: device.location),
                                 to: &options)
        }
        for (setting, value) in config.layout { setting.apply(&options, value) }
        if let device {
            DeviceSettings.apply(try DeviceSettings.profile(named: device, config: config), to: &options)
        }
        for (setting, value) in overrides { setting.apply(&options, value) }
        return options
    }


    /// A text engine and a measurer for the options' font, failing with close matches when fontconfig lacks the family.
    ///
    /// Commands that draw want `.shapedTexts`, so each text is shaped once for both its measurement and its glyphs;
    /// commands that only lay out want `.measurements`, which keeps no glyphs. A named chain's stand-ins and the
    /// families of a chain that are not installed are each said once.
    package static func measurer(for options: LayoutOptions, fonts: FontSources, caching: TextCaching,
                                 console: Console? = nil, places: FontPlaces = FontPlaces())
        throws(RunError) -> (engine: TextEngine, measurer: Measurer) {
        let engine = try self.engine(fonts: fonts, caching: caching)
        return (engine, try measurer(for: options, engine: engine, console: console, places: places))
    }

    /// A text engine with `fonts` besides the installed ones.
    package static func engine(fonts: FontSources, caching: TextCaching) throws(RunError) -> TextEngine {
        do {
            return try TextEngine(caching: caching, fonts: fonts)
        } catch {
            throw .fontSourcesUnusable(error)
        }
    }

    /// A measurer for the options' font on an engine already made, which may serve several layouts.
    package static func measurer(for options: LayoutOptions, engine: TextEngine, console: Console? = nil,
                                 places: FontPlaces = FontPlaces()) throws(RunError) -> Measurer {
        do {
            let font = try engine.tagFont(for: options)
            if let console {
                let report = engine.report(for: font)
                if let standIn = report.standIn {
                    console.warn("\(standIn); these fonts are not installed, so the preview uses stand-ins: give the "
                        + "real ones with --font-file or --font-dir")
                }
                if !report.skipped.isEmpty, report.standIn == nil {
                    console.warn("font chain '\(options.font)': \(report.skipped.joined(separator: ", ")) not found, "
                        + "skipped")
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
