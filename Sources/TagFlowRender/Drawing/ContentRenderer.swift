import CCairo
import TagFlowLayout

/// What a picture becomes.
public enum PictureFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    /// The format an output path's extension names, if any.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}

/// Draws a whole scene: every element of the content, with the content inset around it.
public struct ContentRenderer: Sendable {
    public let scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// The content as a file of `format`; `scale` applies to PNG.
    public func render(_ format: PictureFormat, scale: Double, png: PNGEncoder = PNGEncoder()) throws -> [UInt8] {
        switch format {
        case .png: return try png.encode(image(scale: scale))
        case .svg: return try document(.svg)
        case .pdf: return try document(.pdf)
        }
    }

    public func image(scale: Double) throws -> RGBAImage {
        let bounds = scene.contentBounds
        let canvas = try Canvas(width: bounds.width, height: bounds.height, kind: .image(scale: scale))
        draw(on: canvas, bounds: bounds)
        return try canvas.image()
    }

    private func document(_ kind: Canvas.Kind) throws -> [UInt8] {
        let bounds = scene.contentBounds
        let canvas = try Canvas(width: bounds.width, height: bounds.height, kind: kind)
        draw(on: canvas, bounds: bounds)
        return try canvas.documentBytes()
    }

    private func draw(on canvas: Canvas, bounds: Rect) {
        let drawer = SceneDrawer(scene: scene, context: canvas.context)
        cairo_translate(canvas.context, -bounds.x, -bounds.y)
        drawer.fill(bounds, scene.style.background)
        for element in scene.layout.flow.allElements {
            drawer.draw(element.id, frame: element.frame)
        }
    }
}
