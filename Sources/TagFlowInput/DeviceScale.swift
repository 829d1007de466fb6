/// The device scales tagflow draws at, as iOS screens have them: `--scale`, a device profile's `scale` and a
/// manifest's `scales` all take these.
package enum DeviceScale {
    package static func isAllowed(_ scale: Double) -> Bool { [1, 2, 3].contains(scale) }

    /// What a config or manifest is told when its scale is another.
    package static let allowed = "1, 2 or 3, as --scale"
}
