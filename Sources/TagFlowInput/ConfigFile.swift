import Foundation
import TagFlowLayout
import TagFlowImage

/// A `--config` JSON file: any layout option by its key, and a `style` object for drawing.
///
/// ```json
/// {"width": 375, "sectionInset": [10, 10, 10, 10], "alignment": "left",
///  "style": {"selectedBorder": "#ffb400"}}
/// ```
package struct ConfigFile: Sendable {
    package var layout: [(setting: LayoutSetting, value: LayoutSetting.Value)] = []
    /// Read by the renderer, which knows the style keys.
    package var style: Located<JSONValue>?
    /// The device to preview on, by name.
    package var device: Located<String>?
    /// Device profiles of the config's own, besides the built-in ones.
    package var devices: [DeviceProfile] = []
    /// Font files and folders to use besides the installed fonts, resolved against the config's folder.
    package var fontFiles: [String] = []
    package var fontDirs: [String] = []
    /// The string catalog that `@key` tags name, resolved against the config's folder, and its language.
    package var catalog: String?
    package var locale: String?
    /// Where each key's value is in the file, for an error about a value only found wrong later, such as a font.
    package var settingLocations: [String: SourceSpan] = [:]

    /// No file: every option at its default.
    package init() {}

    package static let sectionKeys = ["style", "fontFiles", "fontDirs", "catalog", "locale"] + DeviceSettings.keys
    /// Every key a config may have at its top level.
    package static let keys = LayoutSetting.all.map(\.key.rawValue) + sectionKeys

    /// The config at `path`, or an empty one when no config is given.
    package static func load(_ path: String?) throws(InputError) -> ConfigFile {
        guard let path else { return ConfigFile() }
        return try load(path)
    }

    package static func load(_ path: String) throws(InputError) -> ConfigFile {
        try parse(InputFiles.read(path), file: InputFiles.displayName(path))
    }

    /// Reads a config from its bytes; `name` is what errors call the file.
    package static func parse(_ bytes: [UInt8], file name: String) throws(InputError) -> ConfigFile {
        if bytes.starts(with: [0xEF, 0xBB,
                               0xBF]) {
                                   try validateUTF8(bytes.dropFirst(3), file: name)
                               } else { try validateUTF8(bytes[...], file: name) }
        let reader = try JSONObjectReader(JSONParser.parse(bytes, file: name), context: "the config")
        try reader.rejectUnknownKeys(allowed: keys)
        var config = ConfigFile()
        for (key, value) in reader.members {
            config.settingLocations[key.value] = value.location
            if key.value == "style" {
                _ = try JSONObjectReader(value, context: "\"style\"")
                config.style = value
            } else if key.value == "device" {
                config.device = Located(value: try value.string("\"device\""), location: value.location)
            } else if key.value == "devices" {
                config.devices = try DeviceSettings.devices(fromJSON: value)
            } else if key.value == "catalog" {
                config.catalog = relativeToConfig(try value.string("\"catalog\""), config: name)
            } else if key.value == "locale" {
                config.locale = try value.string("\"locale\"")
            } else if key.value == "fontFiles" || key.value == "fontDirs" {
                let paths = try value.array("\"\(key.value)\"").map { element throws(InputError) -> String in
                    relativeToConfig(try element.string("a path in \"\(key.value)\""), config: name)
                }
                if key.value == "fontFiles" { config.fontFiles = paths } else { config.fontDirs = paths }
            } else if let setting = LayoutSetting.all.first(where: { $0.key.rawValue == key.value }) {
                config.layout.append((setting, try setting.value(fromJSON: value)))
            }
        }
        // The style is read here too, so every command refuses a config that render would: layout in CI checks it.
        _ = try StyleSettings().style(config: config)
        return config
    }

    /// A path a config names, relative to the config's folder, so a project's config works from any working folder.
    package static func relativeToConfig(_ path: String, config name: String) -> String {
        let folder = AtomicFile.folder(of: name)
        return path.hasPrefix("/") || folder == "." || name == "<stdin>"
            ? path : (folder as NSString).appendingPathComponent(path)
    }
}
