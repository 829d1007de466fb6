import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview

/// How two PNGs compared, and how that reads as text, JSON or Markdown.
struct PixelDiffReport {
    /// The verdict, in the words the reports use.
    enum Status: String {
        /// The decoded pixels are equal.
        case identical
        /// They differ, within `--max-diff-pixels` and `--max-diff-ratio`.
        case passed
        case failed
    }

    let oldPath: String
    let newPath: String
    let result: PixelDiff.Result
    let options: PixelDiff.Options
    let tolerance: PixelDiff.Tolerance

    var status: Status {
        if result.identical { return .identical }
        return tolerance.accepts(result) ? .passed : .failed
    }

    /// Decodes a PNG with libpng, naming the file in any error.
    static func decode(_ path: String) throws(InputError) -> RGBAImage {
        let bytes = try InputFiles.read(path)
        do {
            return try PNGDecoder().decode(bytes)
        } catch {
            throw InputError("cannot read '\(path)' as a PNG: \(error)", hint: "pixel diffs compare two PNG files")
        }
    }

    /// Decodes two PNGs at once, one on each core; the first error wins.
    static func decodePair(_ oldPath: String, _ newPath: String) throws(InputError) -> (old: RGBAImage, new: RGBAImage) {
        let paths = [oldPath, newPath]
        let decoded = resultsByIndex(count: 2) { index in
            Result { () throws(InputError) -> RGBAImage in try decode(paths[index]) }
        }
        return (try decoded[0].get(), try decoded[1].get())
    }

    var sizeText: String {
        result.sizeChanged ? "size changed \(result.oldWidth)×\(result.oldHeight) → \(result.newWidth)×\(result.newHeight)"
                           : "\(result.newWidth)×\(result.newHeight)"
    }

    var countsText: String {
        var text = "\(result.differentPixels) of \(result.comparedPixels) pixels differ (\(Self.percent(result.ratio)))"
        text += options.includeAntiAliasing ? ", anti-aliasing counted" : ", \(result.antiAliasedPixels) anti-aliased (not counted)"
        if result.ignoredPixels > 0 { text += ", \(result.ignoredPixels) ignored" }
        return text
    }

    var text: String {
        switch status {
        case .identical: return "images are identical (\(sizeText))\n"
        case .passed: return "images differ within tolerance: \(countsText); \(sizeText)\n"
        case .failed: return "images differ: \(countsText); \(sizeText)\n"
        }
    }

    var markdown: String {
        let verdict = switch status {
        case .identical: "✅ identical"
        case .passed: "✅ within tolerance"
        case .failed: result.sizeChanged ? "❌ size changed" : "❌ changed"
        }
        var lines = ["**tagflow pixel diff** — \(verdict): `\(MarkdownText.cell(newPath))`", ""]
        guard status != .identical else { return lines.joined(separator: "\n") + "\n" }
        lines += ["| Pixels differing | Anti-aliased | Ignored | Size |", "| --- | --- | --- | --- |",
                  "| \(result.differentPixels) (\(Self.percent(result.ratio))) | \(options.includeAntiAliasing ? "counted" : String(result.antiAliasedPixels)) | \(result.ignoredPixels) | \(sizeText) |"]
        return lines.joined(separator: "\n") + "\n"
    }

    func json(diffImage: String?) -> JSONOutput {
        .object([
            ("mode", .string("pixel")),
            ("status", .string(status.rawValue)),
            ("identical", .bool(result.identical)),
            ("sizeChanged", .bool(result.sizeChanged)),
            ("old", .object([("path", .string(oldPath)), ("width", .integer(result.oldWidth)), ("height", .integer(result.oldHeight))])),
            ("new", .object([("path", .string(newPath)), ("width", .integer(result.newWidth)), ("height", .integer(result.newHeight))])),
            ("differentPixels", .integer(result.differentPixels)),
            ("antiAliasedPixels", .integer(result.antiAliasedPixels)),
            ("ignoredPixels", .integer(result.ignoredPixels)),
            ("comparedPixels", .integer(result.comparedPixels)),
            ("percentage", .number((result.ratio * 100_000_000).rounded() / 1_000_000)),
            ("options", Self.optionsJSON(options, tolerance)),
            ("diffImage", .optional(diffImage)),
        ])
    }

    static func optionsJSON(_ options: PixelDiff.Options, _ tolerance: PixelDiff.Tolerance) -> JSONOutput {
        .object([
            ("threshold", .number(options.threshold)),
            ("includeAA", .bool(options.includeAntiAliasing)),
            ("edgeShifts", .bool(options.detectEdgeShifts)),
            ("ignore", .array(options.ignore.map { .array([.integer($0.x), .integer($0.y), .integer($0.width), .integer($0.height)]) })),
            ("maxDiffPixels", tolerance.maxDiffPixels.map(JSONOutput.integer) ?? .null),
            ("maxDiffRatio", tolerance.maxDiffRatio.map(JSONOutput.number) ?? .null),
        ])
    }

    /// `0.77%`, and `<0.01%` rather than a misleading `0.00%`.
    static func percent(_ ratio: Double) -> String {
        if ratio == 0 { return "0%" }
        if ratio < 0.0001 { return "<0.01%" }
        return String(format: "%.2f%%", ratio * 100)
    }
}
