/// A measurer whose widths and line heights are rounded by a ``TextRounding``.
struct RoundingMeasurer<Base: TextMeasuring>: TextMeasuring {
    let base: Base
    let rounding: TextRounding
    let scale: Double

    func measure(_ text: String) -> TextMeasurement { rounded(base.measure(text)) }
    func measureAll(_ texts: [String]) -> [TextMeasurement] { base.measureAll(texts).map(rounded) }
    var lineHeight: Double? { base.lineHeight.map { rounding.round($0, scale: scale) } }

    private func rounded(_ measurement: TextMeasurement) -> TextMeasurement {
        var measurement = measurement
        measurement.width = rounding.round(measurement.width, scale: scale)
        measurement.lineHeight = measurement.lineHeight.map { rounding.round($0, scale: scale) }
        return measurement
    }
}
