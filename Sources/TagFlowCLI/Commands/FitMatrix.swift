import TagFlowLayout
import TagFlowText
import TagFlowInput
import TagFlowPipeline
import TagFlowReview

/// The variants a `fit` lays out, and how each is laid out: the input loaded once per locale and pseudolanguage
/// through the one pipeline every command takes, one engine for all, one measurer per font and size.
final class FitMatrix {
    let variants: [FitVariant]
    /// The catalog's fallback warnings, each once.
    private(set) var warnings: [String] = []
    private let engine: TextEngine
    private var loaded: [LoadKey: LayoutInput.Loaded] = [:]
    private var measurers: [MeasurerKey: Measurer] = [:]
    private let profiles: [String: DeviceProfile]

    private struct LoadKey: Hashable { var locale: String?, pseudo: String? }
    private struct MeasurerKey: Hashable {
        var language: String, size: ContentSizeCategory, weight: LegibilityWeight
    }

    init(command: FitCommand) throws {
        var input = command.input
        try InputFiles.checkStandardInputOnce([command.tagsPath, input.config])
        let config = try ConfigFile.load(input.config)
        let base = try input.options(config: config)
        let document = try TagsInputFormat.document(at: command.tagsPath, format: input.inputFormat)
        let catalogPath = input.catalog ?? config.catalog
        var locales: [String?] = [input.locale ?? config.locale]
        if let wanted = command.locales {
            guard let catalogPath else {
                throw InputError.catalog(.localeWithoutCatalog(wanted.joined(separator: ",")))
            }
            locales = wanted == ["all"] ? try StringCatalog.load(catalogPath).languages : wanted
        }
        let pseudos = command.pseudos ?? [input.pseudo.flatMap { FitCommand.PseudoValue(rawValue: $0.rawValue) }
            ?? .none]
        var profiles = [String: DeviceProfile]()
        var devices = [(name: String, width: Double)]()
        let names = command.devices == ["all"] ? DeviceProfile.builtIn.map(\.name)
            : command.devices ?? (input.device ?? config.device?.value).map { [$0] } ?? []
        for name in names {
            let profile = try DeviceSettings.profile(named: name, config: config)
            profiles[profile.name] = profile
            devices.append((profile.name, profile.width))
        }
        if devices.isEmpty { devices = [("", base.width)] }
        engine = try LayoutInput.engine(fonts: input.fonts(config: config), caching: .measurements)
        self.profiles = profiles
        var variants = [FitVariant]()
        for locale in locales {
            for pseudo in pseudos {
                input.locale = locale
                input.pseudo = pseudo.pseudolanguage
                let key = LoadKey(locale: locale, pseudo: pseudo.pseudolanguage?.rawValue)
                let loaded = try input.loaded(document, config: config, options: base,
                                              tagsName: InputFiles.displayName(command.tagsPath))
                if let warning = loaded.catalogWarning, !warnings.contains(warning) { warnings.append(warning) }
                self.loaded[key] = loaded
                for weight in command.weights ?? [base.legibilityWeight] {
                    for size in command.contentSizes ?? [base.contentSize] {
                        for device in devices {
                            variants.append(FitVariant(device: device.name, width: device.width, contentSize: size,
                                                       locale: locale, pseudo: key.pseudo, legibilityWeight: weight))
                        }
                    }
                }
            }
        }
        self.variants = variants
    }

    /// The variant's layout: its locale's document, its device's width, its text size and weight.
    func layout(_ variant: FitVariant) throws -> FitRun.Measured {
        let loaded = loaded[LoadKey(locale: variant.locale, pseudo: variant.pseudo)]!
        var options = loaded.options
        if let profile = profiles[variant.device] { DeviceSettings.apply(profile, to: &options) }
        options.width = variant.width
        options.contentSize = variant.contentSize
        options.legibilityWeight = variant.legibilityWeight
        let key = MeasurerKey(language: options.language, size: variant.contentSize, weight: variant.legibilityWeight)
        let measurer = try measurers[key] ?? LayoutInput.measurer(for: options, engine: engine)
        measurers[key] = measurer
        let layout: TagLayout
        do throws(LayoutOptionsError) {
            layout = try TagLayout(document: loaded.document, options: options, measurer: measurer)
        } catch {
            throw RunError.layoutOptions(error)
        }
        return FitRun.Measured(layout: layout, engine: engine, font: measurer.font)
    }
}
