import TagFlowLayout
import TagFlowRender
import TagFlowInput
import TagFlowSnapshot

extension ValueParser where Value == GridAxis {
    /// `SETTING=VALUE,…`: a setting by its manifest name, and its values as that axis of the manifest takes them;
    /// `all` for every device, text size, pseudolanguage, direction or weight.
    static var gridAxis: Self {
        let settings = GridAxis.Setting.allCases.map(\.rawValue)
        return ValueParser(valueName: "SETTING=VALUE,…", completion: .choices(settings.map { $0 + "=" }),
                           parse: { text throws(ValueError) in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .notASettingList(text, settings: settings) }
            guard let setting: GridAxis.Setting = chosenCase(parts[0]) else {
                throw .notAChoice(parts[0], choices: settings)
            }
            return GridAxis(setting: setting, values: try values(of: setting, parts[1]))
        }, describe: { $0.setting.rawValue + "=" + $0.labels.joined(separator: ",") })
    }

    private static func values(of setting: GridAxis.Setting,
                               _ text: String) throws(ValueError) -> [SnapshotVariant.Settings] {
        typealias Settings = SnapshotVariant.Settings
        func list<T>(_ parser: ValueParser<T>, all: [T]? = nil) throws(ValueError) -> [T] {
            try parser.commaSeparated(all: all).parse(text)
        }
        return switch setting {
        case .devices: try list(.text("NAME"), all: DeviceProfile.builtIn.map(\.name)).map { Settings(device: $0) }
        case .widths: try list(.number(.positive)).map { Settings(width: $0) }
        case .locales: try list(.text("LANG")).map { Settings(locale: $0) }
        case .pseudo: try list(.choice, all: Pseudolanguage.allCases).map { Settings(pseudo: $0) }
        case .themes: try list(ValueParser<Style.Theme>.choice, all: Style.Theme.allCases)
            .map { Settings(theme: $0.rawValue) }
        case .directions: try list(.choice, all: Direction.allCases).map { Settings(direction: $0) }
        case .contentSizes: try list(.choice, all: ContentSizeCategory.allCases).map { Settings(contentSize: $0) }
        case .legibilityWeights: try list(.choice, all: LegibilityWeight.allCases)
            .map { Settings(legibilityWeight: $0) }
        }
    }
}
