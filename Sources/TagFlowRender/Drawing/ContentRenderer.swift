import TagFlowLayout
import TagFlowImage

/// Draws a whole scene: every element of the content, with the content inset around it.
public struct ContentRenderer: Sendable {
    public let scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// The content as a file of `format`; `scale` applies to PNG.
    public func render(_ format: PictureFormat, scale: Double, png: PNGEncoder = PNGEncoder()) throws -> [UInt8] {
        switch format {
        case .png: return try pngBands(scale: scale, encoder: png)
        case .svg: return try document(.svg)
        case .pdf: return try document(.pdf)
        }
    }

    /// The content as a PNG drawn in bands of rows, each drawn, indexed and deflated on its own core.
    /// A band clips the same geometry as one whole canvas, so the pixels are the same as ``image(scale:)``'s.
    private func pngBands(scale: Double, encoder: PNGEncoder) throws -> [UInt8] {
        let size = try pixelSize(scale: scale)
        let (width, height) = (size.width, size.height)
        let renderer = self
        // Bands draw on the surfaces of bands already encoded.
        let surfaces = ImageSurfacePool()
        let isOpaque = scene.style.background.alpha == 255
        return try encoder.encode(width: width, height: height, isOpaque: isOpaque, premultipliedBand: { rows, encode in
            try renderer.drawBand(rows, scale: scale, pool: surfaces).withPixels(encode)
        })
    }

    /// The pixel size of `bounds` at `scale`: some area, under cairo's side limit across, and under the pixel cap in
    /// all.
    static func checkedPixelSize(_ bounds: Rect, scale: Double) throws(RenderError) -> PixelSize {
        guard bounds.width > 0,
              bounds.height > 0 else { throw .emptyContent(width: bounds.width, height: bounds.height) }
        let width = Int((bounds.width * scale).rounded(.up))
        let height = Int((bounds.height * scale).rounded(.up))
        guard width <= Canvas.maxSide else {
            throw .surfaceTooLarge(widthPixels: width, heightPixels: height, limit: Canvas.maxSide)
        }
        guard width * height <= Canvas.maxPixels else {
            throw .tooManyPixels(pixels: width * height, limit: Canvas.maxPixels)
        }
        return PixelSize(width: width, height: height)
    }

    /// Pixels of the content. Content taller than cairo's 32,767 px is drawn in strips and joined, so only
    /// the pixel cap limits a PNG; each strip clips the same geometry, so the seams are invisible.
    public func image(scale: Double, stripRows: Int = ContentRenderer.stripRows) throws -> RGBAImage {
        let bounds = scene.contentBounds
        let size = try Self.checkedPixelSize(bounds, scale: scale)
        let (width, height) = (size.width, size.height)
        if height <= min(Canvas.maxSide, stripRows) {
            let canvas = try Canvas(width: bounds.width, height: bounds.height, kind: .image(scale: scale))
            draw(on: canvas, bounds: bounds)
            return try canvas.image()
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        let surfaces = ImageSurfacePool()
        for rows in Self.bands(height: height, rows: stripRows) {
            pixels += try drawBand(rows, scale: scale, pool: surfaces).image().pixels
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Draws the content a band of rows at a time, top to bottom on this thread, and lends each band's pixels to
    /// `body` until it returns false; false then. The pixels are ``image(scale:)``'s, and only one band's are held at
    /// a time, on one surface reused for the next: a check of every row against a golden reads them from the cache,
    /// where a whole picture would go out to memory and back. A band is `bandRows` rows, by default as many as
    /// make about ``bandBytes``.
    public func drawBands(scale: Double, bandRows: Int? = nil, _ body: (PremultipliedARGB32) -> Bool) throws -> Bool {
        let size = try pixelSize(scale: scale)
        let (width, height) = (size.width, size.height)
        let surfaces = ImageSurfacePool()
        for rows in Self.bands(height: height, rows: bandRows ?? Self.bandRows(width: width)) {
            guard try drawBand(rows, scale: scale, pool: surfaces).withPixels(body) else { return false }
        }
        return true
    }

    /// Pixel rows `rows` of the content at `scale`, drawn on a surface from `pool` that the band's first drawing
    /// fills with the background. A band clips the same geometry as one whole canvas, so its pixels are those rows
    /// of ``image(scale:stripRows:)``'s. With `cellText` false, cells get only their fills and borders: cairo's
    /// rasteriser alone, which the benchmark measures apart.
    package func drawBand(_ rows: Range<Int>, scale: Double, pool: ImageSurfacePool,
                          cellText: Bool = true) throws(RenderError) -> Canvas {
        let band = Self.band(rows, of: scene.contentBounds, scale: scale)
        let canvas = try Canvas(width: band.width, height: band.height, scale: scale, pool: pool,
                                firstFill: scene.style.background)
        draw(on: canvas, bounds: band, cellText: cellText)
        return canvas
    }

    /// Rows `0..<height` in bands of `rows` rows each (at least one), top to bottom.
    package static func bands(height: Int, rows: Int) -> [Range<Int>] {
        let rows = max(1, rows)
        return stride(from: 0, to: height, by: rows).map { $0..<min(height, $0 + rows) }
    }

    /// The rows of a band of about ``bandBytes`` in a picture `width` pixels wide.
    package static func bandRows(width: Int) -> Int {
        Self.bandBytes / (width * 4)
    }

    /// About the pixel bytes of a band ``drawBands(scale:bandRows:_:)`` draws: well inside a core's cache, and large
    /// enough that drawing the tags a band crosses twice costs little (a 640-px-wide picture in bands of 32 rows
    /// verified 1.35× slower than in bands of 256, and whole 1.18× slower).
    public static let bandBytes = 640 << 10

    /// The size in pixels of the content at `scale`.
    public func pixelSize(scale: Double) throws -> PixelSize {
        try Self.checkedPixelSize(scene.contentBounds, scale: scale)
    }

    /// The part of `bounds` that pixel rows `rows` cover at `scale`.
    static func band(_ rows: Range<Int>, of bounds: Rect, scale: Double) -> Rect {
        Rect(x: bounds.x, y: bounds.y + Double(rows.lowerBound) / scale, width: bounds.width,
             height: Double(rows.count) / scale)
    }

    /// The height of one strip of a tall image: whole pixels, well inside cairo's limit.
    public static let stripRows = 8192

    private func document(_ kind: Canvas.Kind) throws -> [UInt8] {
        let bounds = scene.contentBounds
        _ = try Self.checkedPixelSize(bounds, scale: 1)
        let canvas = try Canvas(width: bounds.width, height: bounds.height, kind: kind)
        draw(on: canvas, bounds: bounds)
        return try canvas.documentBytes()
    }

    /// Draws the part of the content inside `bounds`, with `bounds`' corner at the canvas's origin.
    private func draw(on canvas: Canvas, bounds: Rect, cellText: Bool = true) {
        var drawer = SceneDrawer(scene: scene, context: canvas.context)
        drawer.isOverBackground = true
        drawer.drawsCellText = cellText
        canvas.context.translate(x: -bounds.x, y: -bounds.y)
        // Every pixel, not only the content's points (333 pt at 1.5×).
        drawer.painter.paintEverything(scene.style.background)
        // A little beyond the bounds, so anti-aliasing that reaches over a strip's edge is drawn on both sides.
        for element in scene.layout.flow.elements(in: Rect(x: bounds.x, y: bounds.y - 2, width: bounds.width,
                                                           height: bounds.height + 4)) {
            drawer.draw(element.id, frame: element.frame)
        }
    }
}
