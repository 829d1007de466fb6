import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput

/// A layout transition as frames for the writer: its ends held, and a frames.json in the spirit of scroll's.
struct TransitionFrames: FrameSource {
    let transition: LayoutTransition
    let settings: DiffCommand.TransitionSettings
    let names: (old: String, new: String)

    var frameCount: Int { transition.frameCount }

    func pixelSize(scale: Double) throws(RenderError) -> PixelSize {
        try transition.pixelSize(scale: scale)
    }
    func frame(_ index: Int) -> Int { index }
    func premultiplied(_ index: Int, scale: Double) throws -> PremultipliedFrame {
        try transition.premultiplied(index, scale: scale)
    }
    func svg(_ index: Int) throws -> [UInt8] { try transition.svg(index) }
    func gifPalette() throws -> GIFPalette { try transition.gifPalette() }
    var scenes: [Scene] { [transition.old, transition.new] }

    func hold(_ index: Int) -> Double { index == 0 || index == frameCount - 1 ? settings.hold : 0 }

    func manifestHeader(scale: Double, sourceName: String) -> [(String, JSONOutput)] {
        let size = transition.view.size
        return [
            ("old", .string(names.old)), ("new", .string(names.new)), ("view", .string(ScrollView.device.rawValue)),
            ("curve", .string("ease-in-out: cubic Bézier (0.42, 0), (0.58, 1)")),
            ("duration", .number(settings.duration)), ("fps", .number(settings.fps)), ("hold", .number(settings.hold)),
            ("highlightChanges", .bool(settings.highlightChanges)), ("scale", .number(scale)),
            ("frameSize", .object([("width", .number(size.width)), ("height", .number(size.height))])),
            ("offsets", .object([("old", .number(transition.oldOffset)), ("new", .number(transition.newOffset))])),
        ]
    }

    func frameJSON(_ index: Int, file: String) -> JSONOutput {
        let progress = transition.progress(index)
        return .object([
            ("index", .integer(index + 1)), ("file", .string(file)),
            // In whole microseconds: 0.3, not 0.30000000000000004.
            ("time", .number((settings.duration * Double(index) / Double(frameCount - 1) * 1e6).rounded() / 1e6)),
            ("progress", .number(progress)), ("offset", .number(transition.offset(at: progress))),
            ("holdSeconds", .number(hold(index))),
        ])
    }
}
