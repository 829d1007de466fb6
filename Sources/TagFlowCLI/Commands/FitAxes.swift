import TagFlowLayout
import TagFlowSnapshot

/// The axes a fit varies; an axis left `nil` takes the input's one value (`--device`, `--content-size`, …).
struct FitAxes {
    /// Device names, or `["all"]` for every built-in one.
    var devices: [String]?
    /// Widths in points, for each device (or alone), as a manifest's `widths` axis gives them.
    var widths: [Double]?
    var contentSizes: [ContentSizeCategory]?
    /// The catalog's languages, or `["all"]` for every one it has.
    var locales: [String]?
    var pseudos: [FitCommand.PseudoValue]?
    var weights: [LegibilityWeight]?

    /// The axes a manifest's screen varies along that change a layout; themes, scales and directions do not.
    init(_ matrix: SnapshotMatrix) {
        func given<T>(_ values: [T]) -> [T]? { values.isEmpty ? nil : values }
        devices = given(matrix.devices)
        widths = given(matrix.widths)
        contentSizes = given(matrix.contentSizes)
        locales = given(matrix.locales)
        pseudos = given(matrix.pseudo.compactMap { FitCommand.PseudoValue(rawValue: $0.rawValue) })
        weights = given(matrix.legibilityWeights)
    }

    init(devices: [String]? = nil, contentSizes: [ContentSizeCategory]? = nil, locales: [String]? = nil,
         pseudos: [FitCommand.PseudoValue]? = nil, weights: [LegibilityWeight]? = nil) {
        (self.devices, self.contentSizes, self.locales) = (devices, contentSizes, locales)
        (self.pseudos, self.weights) = (pseudos, weights)
    }

    /// These axes with each axis `flags` gives in its place.
    func overridden(by flags: FitAxes) -> FitAxes {
        var axes = self
        axes.devices = flags.devices ?? devices
        axes.widths = flags.devices == nil ? widths : nil
        axes.contentSizes = flags.contentSizes ?? contentSizes
        axes.locales = flags.locales ?? locales
        axes.pseudos = flags.pseudos ?? pseudos
        axes.weights = flags.weights ?? weights
        return axes
    }
}
