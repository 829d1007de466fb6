import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender

/// How two PNGs compared, and how that reads as text, JSON or Markdown.
public struct PixelDiffReport {
    /// The verdict, in the words the reports use.
    public enum Status: String, Sendable {
        /// The decoded pixels are equal.
        case identical
        /// They differ, within `--max-diff-pixels` and `--max-diff-ratio`.
        case passed
        case failed
    }

    public let oldPath: String
    public let newPath: String
    public let result: PixelDiff.Result
    public let options: PixelDiff.Options
    public let tolerance: PixelDiff.Tolerance

    /// A report of `result`, the comparison of the PNGs at `oldPath` and `newPath` made with `options`.
    public init(oldPath: String, newPath: String, result: PixelDiff.Result, options: PixelDiff.Options,
                tolerance: PixelDiff.Tolerance) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.result = result
        self.options = options
        self.tolerance = tolerance
    }

    /// Identical, or a difference that `tolerance` accepts or refuses.
    public var status: Status {
        if result.identical { return .identical }
        return tolerance.accepts(result) ? .passed : .failed
    }

    /// Decodes a PNG with libpng, naming the file in any error.
    public static func decode(_ path: String) throws(ReviewError) -> RGBAImage {
        let bytes = try readFile(path)
        do { return try PNGDecoder().decode(bytes) } catch { throw .notAPNG(path: path, error) }
    }

    /// Decodes two PNGs at once, one on each core; the first error wins.
    public static func decodePair(_ oldPath: String,
                                  _ newPath: String) throws(ReviewError) -> (old: RGBAImage, new: RGBAImage) {
        let paths = [oldPath, newPath]
        let decoded = resultsByIndex(count: 2) { index in
            Result { () throws(ReviewError) -> RGBAImage in try decode(paths[index]) }
        }
        return (try decoded[0].get(), try decoded[1].get())
    }

    /// The size of the new image, or how the size changed.
    public var sizeText: String {
        result.sizeChanged
            ? "size changed \(result.oldWidth)×\(result.oldHeight) → \(result.newWidth)×\(result.newHeight)"
                           : "\(result.newWidth)×\(result.newHeight)"
    }

    /// How many pixels differ, and how many were anti-aliased or ignored.
    public var countsText: String {
        var text = "\(result.differentPixels) of \(result.comparedPixels) pixels differ (\(Self.percent(result.ratio)))"
        text += options.includeAntiAliasing
            ? ", anti-aliasing counted" : ", \(result.antiAliasedPixels) anti-aliased (not counted)"
        if result.ignoredPixels > 0 { text += ", \(result.ignoredPixels) ignored" }
        return text
    }

    /// One line for a terminal.
    public var text: String {
        switch status {
        case .identical: return "images are identical (\(sizeText))\n"
        case .passed: return "images differ within tolerance: \(countsText); \(sizeText)\n"
        case .failed: return "images differ: \(countsText); \(sizeText)\n"
        }
    }

    /// A verdict and a table, for a pull-request comment.
    public var markdown: String {
        let verdict = switch status {
        case .identical: "✅ identical"
        case .passed: "✅ within tolerance"
        case .failed: result.sizeChanged ? "❌ size changed" : "❌ changed"
        }
        var lines = ["**tagflow pixel diff** — \(verdict): `\(MarkdownText.cell(newPath))`", ""]
        guard status != .identical else { return lines.joined(separator: "\n") + "\n" }
        lines += ["| Pixels differing | Anti-aliased | Ignored | Size |", "| --- | --- | --- | --- |",
                  "| \(result.differentPixels) (\(Self.percent(result.ratio))) | "
                    + "\(options.includeAntiAliasing ? "counted" : String(result.antiAliasedPixels)) | "
                    + "\(result.ignoredPixels) | \(sizeText) |"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every count and option, for tools; `diffImage` is where the diff image was written, if it was.
    public func json(diffImage: String?) -> JSONOutput {
        .object([
            ("mode", .string("pixel")),
            ("status", .string(status.rawValue)),
            ("identical", .bool(result.identical)),
            ("sizeChanged", .bool(result.sizeChanged)),
            ("old",
             .object([("path", .string(oldPath)), ("width", .integer(result.oldWidth)),
                      ("height", .integer(result.oldHeight))])),
            ("new",
             .object([("path", .string(newPath)), ("width", .integer(result.newWidth)),
                      ("height", .integer(result.newHeight))])),
            ("differentPixels", .integer(result.differentPixels)),
            ("antiAliasedPixels", .integer(result.antiAliasedPixels)),
            ("ignoredPixels", .integer(result.ignoredPixels)),
            ("comparedPixels", .integer(result.comparedPixels)),
            ("percentage", Self.percentageJSON(result.ratio)),
            ("options", Self.optionsJSON(options, tolerance)),
            ("diffImage", .optional(diffImage)),
        ])
    }

    /// The comparison's options and tolerance, as the JSON reports give them.
    public static func optionsJSON(_ options: PixelDiff.Options, _ tolerance: PixelDiff.Tolerance) -> JSONOutput {
        .object([
            ("threshold", .number(options.threshold)),
            ("includeAA", .bool(options.includeAntiAliasing)),
            ("edgeShifts", .bool(options.detectEdgeShifts)),
            ("ignore", .array(options.ignore.map {
                .array([.integer($0.x), .integer($0.y), .integer($0.width), .integer($0.height)])
            })),
            ("maxDiffPixels", tolerance.maxDiffPixels.map(JSONOutput.integer) ?? .null),
            ("maxDiffRatio", tolerance.maxDiffRatio.map(JSONOutput.number) ?? .null),
        ])
    }

    /// A ratio as a percentage with six decimals, as the JSON reports give it.
    static func percentageJSON(_ ratio: Double) -> JSONOutput {
        .number((ratio * 100_000_000).rounded() / 1_000_000)
    }

    /// `0.77%`, and `<0.01%` rather than a misleading `0.00%`.
    public static func percent(_ ratio: Double) -> String {
        if ratio == 0 { return "0%" }
        if ratio < 0.0001 { return "<0.01%" }
        return String(format: "%.2f%%", ratio * 100)
    }
}
