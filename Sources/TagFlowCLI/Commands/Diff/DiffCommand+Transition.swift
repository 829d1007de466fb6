import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// The device view animated from the old layout to the new.
extension DiffCommand {
    /// The diff picture's colours in `style` for each change, for --highlight-changes.
    static func highlightColours(in style: Style) -> [TransitionChange: DeviceView.Highlight] {
        let palette = LayoutDiffImage.Palette(for: style)
        func colours(_ mark: LayoutDiffImage.Mark) -> DeviceView.Highlight {
            DeviceView.Highlight(fill: palette[mark].fill, stroke: palette[mark].stroke)
        }
        return [.added: colours(.added), .removed: colours(.removed), .renamed: colours(.renamed),
                .moved: colours(.moved), .resized: colours(.resized)]
    }

    /// Animates the device view from the old layout to the new one into `picture`.
    func writeTransition(_ picture: Picture, old: Side, new: Side, diff: LayoutDiff, names: (old: String, new: String),
                                 console: Console, interruption: Interruption) throws {
        func scene(_ side: Side) throws -> Scene {
            let style = try self.style.style(config: side.config)
            do {
                return try Scene(layout: side.layout, engine: side.engine, style: style)
            } catch {
                throw RunError.drawingFontsUnloadable(reason: "\(error)")
            }
        }
        let (oldScene, newScene) = (try scene(old), try scene(new))
        let oldScreen = DeviceView(scene: oldScene).size, newScreen = DeviceView(scene: newScene).size
        guard oldScreen == newScreen else { throw RunError.transitionScreensDiffer(old: oldScreen, new: newScreen) }
        let count = LayoutTransition.frameCount(duration: transition.duration, fps: transition.fps)
        guard count <= Self.maxTransitionFrames else {
            throw RunError.tooManyTransitionFrames(count, cap: Self.maxTransitionFrames)
        }
        let animation = LayoutTransition(old: oldScene, new: newScene, diff: diff,
                                         offsets: LayoutTransition.offsets(old: oldScene, new: newScene, diff: diff,
                                                                           requested: transition.offset),
                                         frameCount: count,
                                         highlights: transition.highlightChanges
                                             ? Self.highlightColours(in: newScene.style) : [:])
        let frames = TransitionFrames(transition: animation, settings: transition, names: names)
        let writer = FrameWriter(source: frames, scale: transition.scale, fps: transition.fps,
                                 pipeline: OrderedPipeline(),
                                  console: console, quiet: false, interruption: interruption)
        do {
            switch picture {
            case let .gif(output): try writer.writeGIF(output)
            case let .apng(output): try writer.writeAPNG(output)
            case let .folder(path): try writer.writeFolder(path, format: transition.frameFormat, sourceName: names.new)
            case .png: break
            }
        } catch let error as RenderError {
            throw RunError.render(error)
        }
    }
}
