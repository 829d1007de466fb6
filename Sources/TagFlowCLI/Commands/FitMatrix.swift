import TagFlowLayout
import TagFlowText
import TagFlowInput
import TagFlowPipeline
import TagFlowReview

/// The variants a `fit` lays out, and how each is laid out: the input loaded once per locale and pseudolanguage
/// through the one pipeline every command takes, one engine for all, one measurer per font and size.
final class FitMatrix {
    /// The manifest's screen the variants are of; `nil` for a tags file fitted alone.
    let screen: String?
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

    /// The matrix of `tagsPath` with `input` along `axes`; its variants are `screen`'s, for a manifest's screen.
    init(tagsPath: String, input: LayoutInput, axes: FitAxes, screen: String? = nil) throws {
        var input = input
        self.screen = screen
        let (document, config, base) = try input.read(tagsPath: tagsPath)
        let locales = try Self.locales(axes.locales, input: input, config: config)
        let pseudos = axes.pseudos ?? [input.pseudo.flatMap { FitCommand.PseudoValue(rawValue: $0.rawValue) }
            ?? .none]
        let (devices, profiles) = try Self.devices(axes, input: input, config: config, width: base.width)
        engine = try LayoutInput.engine(fonts: input.fonts(config: config), caching: .measurements)
        self.profiles = profiles
        var variants = [FitVariant]()
        for locale in locales {
            for pseudo in pseudos {
                input.locale = locale
                input.pseudo = pseudo.pseudolanguage
                let key = LoadKey(locale: locale, pseudo: pseudo.pseudolanguage?.rawValue)
                let loaded = try input.loaded(document, config: config, options: base,
                                              tagsName: InputFiles.displayName(tagsPath))
                if let warning = loaded.catalogWarning, !warnings.contains(warning) { warnings.append(warning) }
                self.loaded[key] = loaded
                for weight in axes.weights ?? [base.legibilityWeight] {
                    for size in axes.contentSizes ?? [base.contentSize] {
                        for device in devices {
                            var variant = FitVariant(device: device.name, width: device.width, contentSize: size,
                                                     locale: locale, pseudo: key.pseudo, legibilityWeight: weight,
                                                     screen: screen)
                            variant.isDevicesWidth = axes.widths == nil
                            variants.append(variant)
                        }
                    }
                }
            }
        }
        self.variants = variants
    }

    /// The locales to fit: those asked for, or all of the catalog's, or the input's one.
    private static func locales(_ wanted: [String]?, input: LayoutInput,
                                config: ConfigFile) throws -> [String?] {
        guard let wanted else { return [input.locale ?? config.locale] }
        guard let catalogPath = input.catalog ?? config.catalog else {
            throw InputError.catalog(.localeWithoutCatalog(wanted.joined(separator: ",")))
        }
        return wanted == ["all"] ? try StringCatalog.load(catalogPath).languages : wanted
    }

    /// Each device to fit on, by name and width, and the profiles to lay out with; a width alone has no name.
    private static func devices(_ axes: FitAxes, input: LayoutInput, config: ConfigFile, width: Double) throws
        -> (devices: [(name: String, width: Double)], profiles: [String: DeviceProfile]) {
        var profiles = [String: DeviceProfile]()
        var devices = [(name: String, width: Double)]()
        let names = axes.devices == ["all"] ? DeviceProfile.builtIn.map(\.name)
            : axes.devices ?? (input.device ?? config.device?.value).map { [$0] } ?? []
        for name in names {
            let profile = try DeviceSettings.profile(named: name, config: config)
            profiles[profile.name] = profile
            devices.append((profile.name, profile.width))
        }
        if devices.isEmpty { devices = [("", width)] }
        if let widths = axes.widths {
            devices = devices.flatMap { device in widths.map { (device.name, $0) } }
        }
        return (devices, profiles)
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
