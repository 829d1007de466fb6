import TagFlowLayout
import TagFlowImage

/// What the phone shows at one scroll offset: the viewport's window onto the content, on the background, clipped to
/// the screen, with pinned headers above the tags (UIKit's zIndex). The scroll's device panel and the diff's
/// transitions draw through it.
public struct DeviceView: Sendable {
    /// One element as drawn: an element of a scene, at a frame, with an opacity.
    public struct Layer: Sendable {
        public var scene: Scene
        public var id: ElementID
        public var frame: Rect
        /// Multiplies every colour's alpha, as UIKit's `alpha` attribute does; 1 draws it as a render does.
        public var alpha: Double
        /// Colours marking the element as changed, or nil.
        public var highlight: Highlight?

        public init(scene: Scene, id: ElementID, frame: Rect, alpha: Double = 1, highlight: Highlight? = nil) {
            self.scene = scene
            self.id = id
            self.frame = frame
            self.alpha = alpha
            self.highlight = highlight
        }
    }

    /// A tint and an outline over an element, as the layout diff image marks a change.
    public struct Highlight: Sendable, Hashable {
        public var fill: Colour
        public var stroke: Colour

        public init(fill: Colour, stroke: Colour) {
            self.fill = fill
            self.stroke = stroke
        }
    }

    /// The opacity of a highlight's tint.
    public static let highlightTint = 0.45

    /// The screen, in points: the layout's `width` × `height`.
    public let size: Size

    public init(size: Size) { self.size = size }

    public init(scene: Scene) {
        size = scene.layout.options.viewportSize
    }

    /// `returned` (a strategy's answer) as layers of `scene`, in drawing order.
    public static func layers(_ scene: Scene, returned: [LayoutElement]) -> [Layer] {
        drawingOrder(returned, layout: scene.layout.flow).map { Layer(scene: scene, id: $0.id, frame: $0.frame) }
    }

    /// In `zIndex` order, as UIKit composites cells and supplementary views: pinned headers above the tags scrolling
    /// under them. Elements of equal zIndex keep their order.
    public static func drawingOrder(_ elements: [LayoutElement], layout: FlowLayout) -> [LayoutElement] {
        elements.enumerated()
            .sorted {
                (layout.zIndex(of: $0.element.id.kind), $0.offset) < (layout.zIndex(of: $1.element.id.kind), $1.offset)
            }
            .map(\.element)
    }

    /// What the cached strategy returns for the window at `offset`: every element in it, headers pinned.
    public static func cachedAnswer(_ scene: Scene, offset: Double) -> [LayoutElement] {
        let window = scene.layout.options.visibleRect(offset: offset)
        return ElementQuery(.cached, layout: scene.layout.flow).elements(in: window, visibleRect: window)
    }

    /// Draws `scene`'s `returned` elements as the phone shows the window, the screen's corner at `origin`, with the
    /// scroll indicator iOS shows while scrolling when `scrollIndicator` is set. `isOverBackground` says that only
    /// the scene's background lies under the screen. When it is opaque, neither the screen nor a cell is then filled
    /// with it: those fills would change no pixel.
    package func draw(_ scene: Scene, window: Rect, returned: [LayoutElement], scrollIndicator: Bool,
                     at origin: Point, on context: CairoContext, isOverBackground: Bool = false) {
        let overBackground = isOverBackground && scene.style.background.alpha == 255
        draw(window: window, backgrounds: overBackground ? [] : [(scene, 1)],
             layers: Self.layers(scene, returned: returned), scrollIndicator: scrollIndicator ? scene : nil,
             at: origin, on: context, layersOverBackground: overBackground)
    }

    /// Draws the window: each background (a scene's background colour at an opacity) in turn, then `layers` in
    /// order, clipped to the screen whose corner is at `origin`; then `scrollIndicator`'s scroll indicator, if given.
    /// `layersOverBackground` says that only their scene's opaque background lies under the layers.
    package func draw(window: Rect, backgrounds: [(scene: Scene, alpha: Double)], layers: [Layer],
                      scrollIndicator: Scene?, at origin: Point, on context: CairoContext,
                      layersOverBackground: Bool = false) {
        context.save()
        context.translate(x: origin.x, y: origin.y)
        context.rectangle(x: 0, y: 0, width: size.width, height: size.height)
        context.clip()
        context.translate(x: -window.x, y: -window.y)
        for (scene, alpha) in backgrounds where alpha > 0 {
            var drawer = SceneDrawer(scene: scene, context: context)
            drawer.painter.opacity = alpha
            drawer.fill(window, scene.style.background)
        }
        for layer in layers where layer.alpha > 0 {
            var drawer = SceneDrawer(scene: layer.scene, context: context)
            drawer.painter.opacity = layer.alpha
            drawer.isOverBackground = layersOverBackground
            // A highlight's tint goes under the text: into a cell's fill, or under a header's or footer's text.
            drawer.tint = layer.highlight.map { $0.fill.withAlpha(UInt8((Self.highlightTint * 255).rounded())) }
            drawer.draw(layer.id, frame: layer.frame)
            if let highlight = layer.highlight { outline(layer, highlight, drawer: drawer) }
        }
        context.restore()
        if let scene = scrollIndicator { drawScrollIndicator(scene, window: window, panel: origin, context: context) }
    }

    /// The device view of `scene` at `offset` as the cached strategy answers it, alone on a picture of the screen.
    public static func image(_ scene: Scene, offset: Double, scale: Double,
                             scrollIndicator: Bool = false) throws -> RGBAImage {
        let view = DeviceView(scene: scene)
        let canvas = try Canvas(width: view.size.width, height: view.size.height, kind: .image(scale: scale))
        view.draw(scene, window: scene.layout.options.visibleRect(offset: offset),
                  returned: cachedAnswer(scene, offset: offset),
                  scrollIndicator: scrollIndicator, at: Point(x: 0, y: 0), on: canvas.context)
        return try canvas.image()
    }

    /// A highlight's outline inside the element's edge, in the element's opacity.
    private func outline(_ layer: Layer, _ highlight: Highlight, drawer: SceneDrawer) {
        let frame = layer.frame
        let radius = layer.id.isDrawnAsCell ? drawer.style.cellCornerRadius(for: frame) : 0
        drawer.roundedRect(frame.inset(by: 0.75), radius: max(0, radius - 0.75))
        drawer.setColour(highlight.stroke)
        drawer.context.setLineWidth(1.5)
        drawer.context.stroke()
    }

    /// A thin bar on the screen's right edge (left, right to left), as iOS shows while scrolling; on its bottom edge
    /// scrolling horizontally.
    private func drawScrollIndicator(_ scene: Scene, window: Rect, panel: Point, context: CairoContext) {
        let bounds = scene.contentBounds
        let axis = scene.layout.options.scrollDirection
        guard bounds.length(along: axis) > window.length(along: axis) else { return }
        let drawer = SceneDrawer(scene: scene, context: context)
        let track = size.length(along: axis) - 6
        let length = max(24, track * window.length(along: axis) / bounds.length(along: axis))
        let progress = (window.minAlong(axis) - bounds.minAlong(axis))
            / (bounds.length(along: axis) - window.length(along: axis))
        let lead = 3 + (track - length) * min(max(progress, 0), 1)
        // Right to left, iOS mirrors the vertical bar to the screen's left edge.
        let barX = scene.layout.options.direction == .rtl ? panel.x + 3 : panel.x + size.width - 6
        let bar = axis == .vertical
            ? Rect(x: barX, y: panel.y + lead, width: 3, height: length)
            : Rect(x: panel.x + lead, y: panel.y + size.height - 6, width: length, height: 3)
        drawer.roundedRect(bar, radius: 1.5)
        drawer.setColour(scene.style.captionText, alpha: 0.35)
        context.fill()
    }
}
