import Foundation
import TagFlowLayout
import TagFlowImage

/// A cairo surface and its context, sized in points, that ends as an image or as SVG or PDF bytes.
package final class Canvas {
    package enum Kind: Equatable {
        /// Pixels at `scale` device pixels a point.
        case image(scale: Double)
        case svg
        case pdf
    }

    /// Cairo's largest image surface side.
    package static let maxSide = 32_767
    /// The most pixels one picture may have, as many as the PNG reader reads back.
    package static let maxPixels = PNGDecoder.Limits.largestPicture

    let kind: Kind
    package let context: CairoContext
    let widthPixels: Int
    let heightPixels: Int

    /// The pixel size a picture of `width`×`height` points has at `scale`, checked against cairo's limits.
    static func pixelSize(width: Double, height: Double,
                          scale: Double) throws(RenderError) -> PixelSize {
        let pixelWidth = Int((width * scale).rounded(.up))
        let pixelHeight = Int((height * scale).rounded(.up))
        guard pixelWidth <= maxSide, pixelHeight <= maxSide else {
            throw .surfaceTooLarge(widthPixels: pixelWidth, heightPixels: pixelHeight, limit: maxSide)
        }
        guard pixelWidth * pixelHeight <= maxPixels else {
            throw .tooManyPixels(pixels: pixelWidth * pixelHeight, limit: maxPixels)
        }
        return PixelSize(width: max(1, pixelWidth), height: max(1, pixelHeight))
    }

    /// Where the surface goes back when the canvas goes; nil when it is freed.
    private let pool: ImageSurfacePool?

    /// A picture of `width`×`height` points at `scale` pixels a point, drawn on a surface from `pool`, which gets it
    /// back when the canvas goes. `firstFill` is the colour the first drawing fills the whole picture with, if it
    /// does: opaque, on whole pixels, it covers whatever a reused surface held, which then need not be cleared.
    package convenience init(width: Double, height: Double, scale: Double, pool: ImageSurfacePool,
                             firstFill: Colour?) throws(RenderError) {
        let covers = firstFill.map {
            $0.alpha == 255 && Self.isWholePixels(width: width, height: height, scale: scale)
        } ?? false
        try self.init(width: width, height: height, kind: .image(scale: scale), pool: (pool, covers))
    }

    /// A picture of `kind`; a PDF is dated `creationDate`, by default ``documentDate(environment:)``.
    package convenience init(width: Double, height: Double, kind: Kind,
                             creationDate: String? = nil) throws(RenderError) {
        try self.init(width: width, height: height, kind: kind, creationDate: creationDate, pool: nil)
    }

    private init(width: Double, height: Double, kind: Kind, creationDate: String? = nil,
                 pool: (ImageSurfacePool, willBeCovered: Bool)?) throws(RenderError) {
        self.kind = kind
        self.pool = pool?.0
        switch kind {
        case let .image(scale):
            let size = try Canvas.pixelSize(width: width, height: height, scale: scale)
            (widthPixels, heightPixels) = (size.width, size.height)
        case .svg, .pdf:
            _ = try Canvas.pixelSize(width: width, height: height, scale: 1)
            (widthPixels, heightPixels) = (Int(width.rounded(.up)), Int(height.rounded(.up)))
        }
        do throws(CairoError) {
            let surface = switch kind {
            case .image:
                if let (pool, willBeCovered) = pool {
                    try pool.surface(width: widthPixels, height: heightPixels, willBeCovered: willBeCovered)
                } else {
                    try CairoSurface.image(width: widthPixels, height: heightPixels)
                }
            case .svg: try CairoSurface.svg(width: width, height: height)
            case .pdf: try CairoSurface.pdf(width: width, height: height,
                                            creationDate: creationDate ?? Canvas.documentDate())
            }
            context = try CairoContext(surface: surface)
        } catch {
            throw .cairo(error)
        }
        if case let .image(scale) = kind { context.scale(x: scale, y: scale) }
    }

    // The context lets go of the surface just after; it only drops its reference, which cairo counts atomically,
    // so another canvas may already be drawing on the surface by then.
    deinit { pool?.recycle(context.surface) }

    /// Whether a picture of `width`×`height` points at `scale` is whole pixels, so that filling it fills every pixel
    /// entirely.
    private static func isWholePixels(width: Double, height: Double, scale: Double) -> Bool {
        (width * scale).rounded() == width * scale && (height * scale).rounded() == height * scale
    }

    /// The drawn pixels, straight RGBA. Only for `.image`.
    package func image() throws(RenderError) -> RGBAImage {
        try withPixels { RGBAImage($0) }
    }

    /// The finished picture as cairo holds it, kept alive by this canvas, which must not be drawn to any more.
    /// Only for `.image`.
    package func finishedFrame() throws(RenderError) -> PremultipliedFrame {
        try withPixels { PremultipliedFrame($0, owner: self) }
    }

    /// Lends the drawn pixels, as cairo holds them, to `body`. Only for `.image`.
    package func withPixels<R>(_ body: (PremultipliedARGB32) -> R) throws(RenderError) -> R {
        let (widthPixels, heightPixels) = (widthPixels, heightPixels)
        let lent: Result<R, ImageError>
        do {
            try context.check()
            lent = try context.surface.withPixels { data, stride in
                Result { () throws(ImageError) -> R in
                    body(try PremultipliedARGB32(data: data, width: widthPixels, height: heightPixels, stride: stride))
                }
            }
        } catch {
            throw .cairo(error)
        }
        do {
            return try lent.get()
        } catch {
            throw .cairo(.unreadablePixels(reason: "\(error)"))
        }
    }

    /// The finished document's bytes. Only for `.svg` and `.pdf`; SVG ids are renumbered so equal drawings give equal
    /// bytes.
    func documentBytes() throws(RenderError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            try context.check()
            bytes = try context.surface.finishDocument()
        } catch {
            throw .cairo(error)
        }
        switch kind {
        case .svg: return SVGIdentifiers.renumber(bytes)
        case .pdf: return PDFDates.addPrefix(bytes)
        case .image: return bytes
        }
    }

    /// The date written into PDFs: `SOURCE_DATE_EPOCH` when set, as reproducible builds expect, else a fixed one.
    static func documentDate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) } ?? 0
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
