import CCairo
import TagFlowLayout

/// Image surfaces handed back once a frame is written, so a sequence of frames draws on the same memory instead of
/// fresh pages from the kernel for every frame.
package final class ImageSurfacePool: Sendable {
    private let spare = Locked<[CairoSurface]>([])

    package init() {}

    /// A transparent surface of `width`×`height` pixels: a spare one cleared, or a new one. `willBeCovered` says the
    /// caller's first drawing paints every pixel opaque, so a spare one need not be cleared.
    package func surface(width: Int, height: Int, willBeCovered: Bool) throws(CairoError) -> CairoSurface {
        let reused = spare.withLock { spare in
            spare.firstIndex { $0.pixelWidth == width && $0.pixelHeight == height }.map { spare.remove(at: $0) }
        }
        guard let reused else { return try .image(width: width, height: height) }
        if !willBeCovered { reused.clear() }
        return reused
    }

    /// Takes `surface` back once nothing reads or draws on it any more.
    package func recycle(_ surface: CairoSurface) {
        guard surface.kind == .image else { return }
        spare.withLock { $0.append(surface) }
    }
}

extension CairoSurface {
    /// Makes every pixel of an image transparent.
    fileprivate func clear() {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        data.update(repeating: 0, count: Int(cairo_image_surface_get_stride(pointer)) * pixelHeight)
        cairo_surface_mark_dirty(pointer)
    }
}
