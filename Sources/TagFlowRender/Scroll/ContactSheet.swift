import Foundation
import TagFlowLayout
import TagFlowImage

/// Every frame of a scroll, small, in a labelled grid: one picture a code review can diff.
public struct ContactSheet: Sendable {
    public let renderer: ScrollFrameRenderer
    public let columns: Int
    /// Points of sheet per point of frame.
    public let thumbnailScale: Double
    public let size: Size

    static let labelHeight = 18.0
    static let gap = 12.0

    /// `renderer`'s frames in `columns` columns (about a square grid unless given), shrunk so that the sheet is at
    /// most `maxWidth` points wide; frames are never drawn larger than they are.
    public init(renderer: ScrollFrameRenderer, columns: Int? = nil, maxWidth: Double = 2400) {
        self.renderer = renderer
        let count = renderer.plan.offsets.count
        let columns = max(1, min(count, columns ?? Int(Double(count).squareRoot().rounded(.up))))
        self.columns = columns
        let rows = (count + columns - 1) / columns
        let available = maxWidth - Double(columns + 1) * Self.gap
        thumbnailScale = min(1, available / Double(columns) / renderer.size.width)
        let cell = Size(width: renderer.size.width * thumbnailScale,
                        height: renderer.size.height * thumbnailScale + Self.labelHeight)
        size = Size(width: Double(columns) * cell.width + Double(columns + 1) * Self.gap,
                    height: Double(rows) * cell.height + Double(rows + 1) * Self.gap)
    }

    /// Draws every frame into one image, frame by frame, so only the sheet itself is held in memory.
    public func image(scale: Double, shouldStop: () -> Bool = { false }) throws -> RGBAImage? {
        let canvas = try Canvas(width: size.width, height: size.height, kind: .image(scale: scale))
        let context = canvas.context
        let drawer = SceneDrawer(scene: renderer.scene, context: context)
        drawer.painter.paintEverything(renderer.scene.style.background)
        let cellWidth = renderer.size.width * thumbnailScale
        let cellHeight = renderer.size.height * thumbnailScale + Self.labelHeight
        for index in renderer.plan.offsets.indices {
            if shouldStop() { return nil }
            let x = Self.gap + Double(index % columns) * (cellWidth + Self.gap)
            let y = Self.gap + Double(index / columns) * (cellHeight + Self.gap)
            let frame = renderer.frame(index)
            let missing = frame.audits.map(\.missing.count).reduce(0, +)
            let label = "#\(index + 1) · \(formatPoints(frame.offset.rounded(toPlaces: 1))) pt"
                + (missing > 0 ? " · \(missing) missing" : "")
            _ = drawer.drawLabel(label, at: Point(x: x, y: y + 12),
                                 colour: missing > 0 ? renderer.scene.style.missing : renderer.scene.style.captionText)
            context.save()
            context.translate(x: x, y: y + Self.labelHeight)
            context.scale(x: thumbnailScale, y: thumbnailScale)
            context.rectangle(x: 0, y: 0, width: renderer.size.width, height: renderer.size.height)
            context.clip()
            renderer.draw(frame, on: context)
            context.restore()
        }
        return try canvas.image()
    }

    /// Checks the sheet's size against cairo's limits before any work starts.
    public func checkSize(scale: Double) throws(RenderError) {
        _ = try Canvas.pixelSize(width: size.width, height: size.height, scale: scale)
    }
}
