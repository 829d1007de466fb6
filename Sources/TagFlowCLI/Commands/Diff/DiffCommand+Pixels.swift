import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// Two PNGs, pixel by pixel.
extension DiffCommand {
    func diffImages(_ oldPath: String, _ newPath: String, console: Console) throws -> ExitStatus {
        let output = try self.output.map { path throws in try Self.pngOutput(path, inputs: [oldPath, newPath]) }
        let (options, tolerance) = pixels.options(makeImage: output != nil)
        let (old, new) = try PixelDiffReport.decodePair(oldPath, newPath)
        let result = PixelDiff.compare(old, new, options: options)
        // A pass that compared nothing would read as two matching pictures.
        if result.comparedPixels == 0 && !result.sizeChanged {
            throw RunError.nothingCompared(ignored: result.ignoredPixels, file: nil)
        }
        let report = PixelDiffReport(oldPath: oldPath, newPath: newPath, result: result, options: options,
                                     tolerance: tolerance)
        if let output, let image = result.image {
            let png: [UInt8]
            do { png = try PNGEncoder().encode(image) } catch { throw RunError.encodeFailed(reason: "\(error)") }
            try output.write(png)
        }
        switch format {
        case .text: console.out(report.text)
        case .markdown: console.out(report.markdown)
        case .json: console.out(report.json(diffImage: output?.path).rendered() + "\n")
        }
        return report.status == .failed ? .failure : .success
    }
}
