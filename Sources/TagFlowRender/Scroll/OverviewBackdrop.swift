import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// The overview's unchanging part (every element, faded) as pixels, drawn once per device scale and shared by every
/// frame and thread.
final class OverviewBackdrop: Sendable {
    // Each surface is created under the lock and never drawn to again; cairo allows many threads to read one
    // image surface as a source.
    private let surfaces = Locked<[Double: CairoSurface]>([:])
    private let placedBackdrops = Locked<[PlacedKey: Placed?]>([:])

    /// The backdrop as a frame shows it in one column: pixels to copy to (`x`, `y`) of the frame.
    struct Placed: @unchecked Sendable {
        let pixels: CairoSurface
        let x: Int
        let y: Int
        /// The tags drawn over the backdrop, for frames to copy; nil for short scrolls.
        let tags: OverviewCells?
    }

    private struct PlacedKey: Hashable {
        let scale: Double
        let column: Int
    }

    /// The backdrop placed in `column` of a frame at `scale`; nil if making it failed, when frames paint the backdrop
    /// themselves. The first call at a scale makes every one of the `columns` columns' with `make`.
    func placed(scale: Double, column: Int, columns: Int,
                make: @Sendable (Int) throws(RenderError) -> Placed) -> Placed? {
        placedBackdrops.withLock { cache in
            if let placed = cache[PlacedKey(scale: scale, column: column)] { return placed }
            // A frame needs every column's: they are made together, one per core.
            let made = Locked<[Int: Placed]>([:])
            DispatchQueue.concurrentPerform(iterations: columns) { index in
                if let placed = try? make(index) { made.withLock { $0[index] = placed } }
            }
            let placed = made.withLock { $0 }
            for index in 0..<columns { cache[PlacedKey(scale: scale, column: index)] = .some(placed[index]) }
            return placed[column]
        }
    }

    /// Paints the backdrop for the context's current transform; false when drawing to a vector surface,
    /// where the elements are drawn instead.
    func paint(on context: CairoContext, bounds: Rect, drawContent: (CairoContext) -> Void) -> Bool {
        guard context.surface.kind == .image else { return false }
        let unit = context.userToDeviceDistance(x: 1, y: 0)
        let scale = (unit.x * 1024).rounded() / 1024
        guard scale > 0 else { return false }
        let surface: CairoSurface
        do throws(CairoError) {
            surface = try surfaces.withLock { cache throws(CairoError) -> CairoSurface in
                if let surface = cache[scale] { return surface }
                let surface = try CairoSurface.image(width: max(1, Int((bounds.width * scale).rounded(.up))),
                                                     height: max(1, Int((bounds.height * scale).rounded(.up))))
                try Self.draw(on: surface, scale: scale, bounds: bounds, drawContent: drawContent)
                surface.flush()
                cache[scale] = surface
                return surface
            }
        } catch {
            context.record(error)
            return true
        }
        context.save()
        context.translate(x: bounds.x, y: bounds.y)
        context.scale(x: 1 / scale, y: 1 / scale)
        context.paint(surface, x: 0, y: 0)
        context.restore()
        return true
    }

    /// Draws the content on `surface` through a context that ends when this returns, before the surface is shared.
    private static func draw(on surface: CairoSurface, scale: Double, bounds: Rect,
                             drawContent: (CairoContext) -> Void) throws(CairoError) {
        let context = try CairoContext(surface: surface)
        context.scale(x: scale, y: scale)
        context.translate(x: -bounds.x, y: -bounds.y)
        drawContent(context)
        try context.check()
    }
}
