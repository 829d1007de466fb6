/// A phone or tablet to preview on: the width of its screen in points and how many pixels each point has.
///
/// A profile sets the viewport's width and the drawing scale; the viewport's height stays the chooser's own (the
/// collection view sits in a sheet, not on the whole screen).
///
/// ```swift
/// let phone = DeviceProfile.named("iphone-15")!   // 393 pt at @3x
/// var options = LayoutOptions()
/// options.width = phone.width
/// ```
public struct DeviceProfile: Hashable, Sendable, Codable {
    /// The name used on the command line, in configs and in snapshot file names: lowercase words joined by hyphens.
    public var name: String
    /// The name people know it by, as Apple writes it.
    public var displayName: String
    /// The screen's width in points, in portrait.
    public var width: Double
    /// Device pixels per point: 2 or 3 for the phones listed here.
    public var scale: Double
    /// Other devices with the same screen in points and scale, as Apple writes them: "iPhone 13" is the iPhone 14's.
    /// A profile answers to these names too.
    public var otherNames: [String]

    public init(name: String, displayName: String? = nil, width: Double, scale: Double, otherNames: [String] = []) {
        self.name = name
        self.displayName = displayName ?? name
        self.width = width
        self.scale = scale
        self.otherNames = otherNames
    }

    private enum CodingKeys: String, CodingKey { case name, displayName, width, scale, otherNames }

    /// Decodes what ``init(name:displayName:width:scale:otherNames:)`` takes; `otherNames` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
                  width: try container.decode(Double.self, forKey: .width),
                  scale: try container.decode(Double.self, forKey: .scale),
                  otherNames: try container.decodeIfPresent([String].self, forKey: .otherNames) ?? [])
    }

    /// The profiles tagflow knows, smallest first: every screen size of the iPhones Apple has sold since the
    /// first iPhone SE, each named after one phone that has it, and one iPad.
    public static let builtIn: [DeviceProfile] = [
        DeviceProfile(name: "iphone-se-1", displayName: "iPhone SE (1st generation)", width: 320, scale: 2),
        DeviceProfile(name: "iphone-se", displayName: "iPhone SE", width: 375, scale: 2,
                      otherNames: ["iPhone SE (2nd generation)", "iPhone SE (3rd generation)", "iPhone 8", "iPhone 7",
                                   "iPhone 6s"]),
        DeviceProfile(name: "iphone-13-mini", displayName: "iPhone 13 mini", width: 375, scale: 3,
                      otherNames: ["iPhone 12 mini", "iPhone X", "iPhone XS", "iPhone 11 Pro"]),
        DeviceProfile(name: "iphone-14", displayName: "iPhone 14", width: 390, scale: 3,
                      otherNames: ["iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 16e"]),
        DeviceProfile(name: "iphone-15", displayName: "iPhone 15", width: 393, scale: 3,
                      otherNames: ["iPhone 14 Pro", "iPhone 15 Pro", "iPhone 16"]),
        DeviceProfile(name: "iphone-16-pro", displayName: "iPhone 16 Pro", width: 402, scale: 3,
                      otherNames: ["iPhone 17", "iPhone 17 Pro"]),
        DeviceProfile(name: "iphone-11", displayName: "iPhone 11", width: 414, scale: 2, otherNames: ["iPhone XR"]),
        DeviceProfile(name: "iphone-11-pro-max", displayName: "iPhone 11 Pro Max", width: 414, scale: 3,
                      otherNames: ["iPhone XS Max", "iPhone 8 Plus", "iPhone 7 Plus", "iPhone 6s Plus"]),
        DeviceProfile(name: "iphone-air", displayName: "iPhone Air", width: 420, scale: 3),
        DeviceProfile(name: "iphone-14-plus", displayName: "iPhone 14 Plus", width: 428, scale: 3,
                      otherNames: ["iPhone 12 Pro Max", "iPhone 13 Pro Max"]),
        DeviceProfile(name: "iphone-15-pro-max", displayName: "iPhone 15 Pro Max", width: 430, scale: 3,
                      otherNames: ["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 16 Plus"]),
        DeviceProfile(name: "iphone-16-pro-max", displayName: "iPhone 16 Pro Max", width: 440, scale: 3,
                      otherNames: ["iPhone 17 Pro Max"]),
        DeviceProfile(name: "ipad-10", displayName: "iPad (10th generation)", width: 820, scale: 2),
    ]

    /// Every name the profile answers to: its own, its display name and its other names.
    public var allNames: [String] { [name, displayName] + otherNames }

    /// The profile called `name` among `profiles`, matched by any of its ``allNames``, ignoring case, spaces,
    /// hyphens and brackets: "iPhone 15", "iphone-15" and "IPHONE15" are the same device, and "iPhone 15 Pro" is it
    /// too.
    public static func named(_ name: String, in profiles: [DeviceProfile] = builtIn) -> DeviceProfile? {
        // A profile's own name first: a config's "iphone-13" is its own device, not the phone iphone-14 also is.
        named(name, in: profiles, includingOtherNames: false) ?? named(name, in: profiles, includingOtherNames: true)
    }

    /// The profile among `profiles` that `name` names by its name or display name, or also by its other names.
    package static func named(_ name: String, in profiles: [DeviceProfile],
                              includingOtherNames: Bool) -> DeviceProfile? {
        let key = normalized(name)
        return profiles.first { profile in
            (includingOtherNames ? profile.allNames : [profile.name, profile.displayName])
                .contains { normalized($0) == key }
        }
    }

    /// What names are compared by: lowercase letters and digits only.
    package static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars
            .filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            .map(Character.init))
    }
}
