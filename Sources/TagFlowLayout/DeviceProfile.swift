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

    public init(name: String, displayName: String? = nil, width: Double, scale: Double) {
        self.name = name
        self.displayName = displayName ?? name
        self.width = width
        self.scale = scale
    }

    /// The profiles tagflow knows, smallest first.
    public static let builtIn: [DeviceProfile] = [
        DeviceProfile(name: "iphone-se", displayName: "iPhone SE", width: 375, scale: 2),
        DeviceProfile(name: "iphone-15", displayName: "iPhone 15", width: 393, scale: 3),
        DeviceProfile(name: "iphone-16-pro", displayName: "iPhone 16 Pro", width: 402, scale: 3),
        DeviceProfile(name: "iphone-15-pro-max", displayName: "iPhone 15 Pro Max", width: 430, scale: 3),
        DeviceProfile(name: "iphone-16-pro-max", displayName: "iPhone 16 Pro Max", width: 440, scale: 3),
        DeviceProfile(name: "ipad-10", displayName: "iPad (10th generation)", width: 820, scale: 2),
    ]

    /// The profile called `name` among `profiles`, matched by `name` or by display name, ignoring case, spaces,
    /// hyphens and brackets: "iPhone 15", "iphone-15" and "IPHONE15" are the same device.
    public static func named(_ name: String, in profiles: [DeviceProfile] = builtIn) -> DeviceProfile? {
        let key = normalized(name)
        return profiles.first { normalized($0.name) == key || normalized($0.displayName) == key }
    }

    /// What names are compared by: lowercase letters and digits only.
    package static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }
}
