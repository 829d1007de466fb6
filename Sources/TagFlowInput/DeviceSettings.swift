import TagFlowLayout

/// Which device a layout previews on: `--device`, or a config's `"device"`, looked up among the built-in profiles
/// and the config's own `"devices"`.
///
/// ```json
/// {"device": "kiosk", "devices": [{"name": "kiosk", "displayName": "Shop kiosk", "width": 600, "scale": 1}]}
/// ```
package enum DeviceSettings {
    /// The config keys this reads.
    package static let keys = ["device", "devices"]

    /// The profiles a config can choose from: the built-in ones, then its own.
    package static func profiles(config: ConfigFile) -> [DeviceProfile] {
        DeviceProfile.builtIn + config.devices
    }

    /// The profile `name` names, or an error listing the names there are.
    package static func profile(named name: String, config: ConfigFile,
                                at location: SourceSpan? = nil) throws(InputError) -> DeviceProfile {
        let profiles = profiles(config: config)
        guard let profile = DeviceProfile.named(name, in: profiles) else {
            throw .unknownDevice(name, known: profiles.map { "\($0.name) (\(formatPoints($0.width)) pt)" },
                                 suggestion: closestProfile(to: name,
                                                            in: profiles).map { "'\($0.name)' "
                                                                + "(\(formatPoints($0.width)) pt)" },
                                 at: location)
        }
        return profile
    }

    /// Sets the viewport width and the device scale from `profile`.
    package static func apply(_ profile: DeviceProfile, to options: inout LayoutOptions) {
        options.width = profile.width
        options.displayScale = profile.scale
    }

    /// The profile one of whose names is closest to `name` as names are compared (letters and digits, ignoring
    /// case), so that `iphone-15-pri`, `"iPhone 15 Pri"` and `iphone15pri` get the same suggestion.
    private static func closestProfile(to name: String, in profiles: [DeviceProfile]) -> DeviceProfile? {
        let keys = profiles.flatMap { profile in
            profile.allNames.map { (key: DeviceProfile.normalized($0), profile: profile) }
        }
        guard let match = closestMatch(to: DeviceProfile.normalized(name), in: keys.map(\.key)) else { return nil }
        return keys.first { $0.key == match }?.profile
    }

    /// Reads a config's `"devices"`: an array of `{"name", "displayName"?, "width", "scale"}`.
    package static func devices(fromJSON json: Located<JSONValue>) throws(InputError) -> [DeviceProfile] {
        var devices = [DeviceProfile]()
        for element in try json.array("\"devices\"") {
            let reader = try JSONObjectReader(element, context: "a device")
            try reader.rejectUnknownKeys(allowed: ["name", "displayName", "width", "scale"])
            let nameValue = try reader.required("name", kind: .device)
            let name = try nameValue.string("\"name\"")
            guard !name.isEmpty else { throw .emptyValue(key: "the \"name\" of a device", at: nameValue.location) }
            // Names match loosely ("iPhone 15" is iphone-15), so a name another profile is called would be hidden by
            // it. One a built-in only shares its screen with ("iPhone 13") is the config's own: own names are looked up
            // first.
            if let taken = DeviceProfile.named(name, in: DeviceProfile.builtIn + devices, includingOtherNames: false) {
                throw .deviceNameTaken(name, by: taken.name, isBuiltIn: DeviceProfile.builtIn.contains(taken),
                                       at: nameValue.location)
            }
            func positive(_ key: String) throws(InputError) -> Double {
                let value = try reader.required(key, kind: .device)
                let number = try value.number("\"\(key)\"")
                guard number.isFinite, number > 0 else {
                    throw .numberOutOfRange(key: "\"\(key)\" of device '\(name)'", value: number,
                                            allowed: "greater than 0", at: value.location)
                }
                return number
            }
            let scaleValue = try reader.required("scale", kind: .device)
            let scale = try scaleValue.number("\"scale\"")
            guard DeviceScale.isAllowed(scale) else {
                throw .numberOutOfRange(key: "\"scale\" of device '\(name)'", value: scale,
                                        allowed: DeviceScale.allowed, at: scaleValue.location)
            }
            devices.append(DeviceProfile(name: name, displayName: try reader["displayName"]?.string("\"displayName\""),
                                         width: try positive("width"), scale: scale))
        }
        return devices
    }
}
