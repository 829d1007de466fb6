import Foundation
import TagFlowLayout

/// `tagflow fit` over the 6,240 variants of the localized sports section (13 devices × 12 text sizes × 5 locales
/// × 4 pseudolanguages × 2 Bold Text settings), against drawing the same variants with `tagflow render`, a sample
/// of them drawn and the time scaled to all: both whole processes, in turn.
enum FitBenchmarks {
    static let locales = ["en", "de", "ja", "zh-Hans", "ar"]
    static let pseudos = ["none", "double", "accented", "expanded"]
    /// Drawn one picture each, spread over the matrix.
    static let sampleSize = 24

    static let group = BenchmarkGroup(
        name: "fit",
        summary: "tagflow fit over 6,240 variants, against rendering a sample of them scaled to all",
        run: run)

    static func run(_ report: inout Report) throws {
        // From the repository's root, as make bench runs it.
        let tags = "Examples/sports.tags"
        let catalog = "Examples/interests.xcstrings"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-fit-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tagflow = try tagflowExecutable()
        let devices = DeviceProfile.builtIn.map(\.name)
        let sizes = ContentSizeCategory.allCases.map(\.rawValue)
        let weights = LegibilityWeight.allCases.map(\.rawValue)
        let variantCount = devices.count * sizes.count * locales.count * pseudos.count * weights.count
        let fit = ["fit", tags, "--catalog", catalog, "--devices", "all", "--content-sizes", "all",
                   "--locales", locales.joined(separator: ","), "--pseudos", pseudos.joined(separator: ","),
                   "--legibility-weights", "all", "--format", "json"]
        // Every 260th variant of the matrix, in the order fit lays them out, so each axis value is drawn.
        let sample = (0..<sampleSize).map { index -> [String] in
            var rest = index * (variantCount / sampleSize) + index
            func pick(_ values: [String]) -> String {
                defer { rest /= values.count }
                return values[rest % values.count]
            }
            let device = pick(devices), size = pick(sizes), weight = pick(weights)
            let pseudo = pick(pseudos), locale = pick(locales)
            return ["render", tags, "--catalog", catalog, "--locale", locale, "--device", device, "--content-size",
                    size, "--legibility-weight", weight, "-o", folder.appendingPathComponent("v\(index).png").path]
                + (pseudo == "none" ? [] : ["--pseudo", pseudo])
        }
        let times = try TimesInTurn([
            { try seconds { try runProgram(tagflow, fit) } },
            { try seconds { for arguments in sample { try runProgram(tagflow, arguments) } } },
        ])
        let fitTime = times.medianTime(0)
        let renderAll = times.medianTime(1) * Double(variantCount) / Double(sampleSize)
        let ratio = times.ratio(1, to: 0) * Double(variantCount) / Double(sampleSize)
        let size = "\(formatCount(variantCount)) variants"
        report.row("tagflow fit, whole process", size: size, time: fitTime,
                   rate: "\(formatRate(Double(variantCount) / fitTime)) variants/s",
                   bar: Bar(target: "≤ 5 s", isMet: fitTime <= 5))
        report.row("tagflow render, one process a picture (\(sampleSize) drawn, scaled)", size: size,
                   time: renderAll, rate: "\(formatRate(Double(variantCount) / renderAll)) variants/s")
        report.row("fit against rendering the same variants", size: size,
                   rate: "\(formatSignificant(ratio))× faster", bar: Bar(target: "≥ 50×", isMet: ratio >= 50))
    }
}
