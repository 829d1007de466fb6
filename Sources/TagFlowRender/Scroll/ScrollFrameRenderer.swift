import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// Draws the frames of a scroll: per strategy a column with an overview and/or a device view, a caption and a legend.
public struct ScrollFrameRenderer: Sendable {
    public let scene: Scene
    public let queries: [ElementQuery]
    public let view: ScrollView
    /// The overview is scaled down to at most this length along the scroll axis, in points (a height, or a width
    /// when scrolling horizontally), unless that would make text illegible.
    public let maxOverviewHeight: Double
    /// Whether the overview shows all the content or a neighbourhood of the window beside a minimap.
    public let framing: OverviewFraming
    public let plan: ScrollPlan
    /// The faded overview, drawn once per pixel scale, and placed in each column once, with the column's tags, for
    /// frames to copy.
    let backdrop = OverviewBackdrop()
    /// Surfaces of frames already written, drawn on again; kept while the renderer lives.
    let framePixels = ImageSurfacePool()

    // The frame's geometry, in points, decided once: every frame has the same size.
    /// Points of overview per point of content.
    public let overviewScale: Double
    let overviewSize: Size
    /// The minimap beside a neighbourhood overview (above it, scrolling horizontally); zero when the overview
    /// shows all the content.
    let minimapSize: Size
    let deviceSize: Size
    /// Where a column's panels sit, from its top-left corner below the label: side by side, or stacked when
    /// scrolling horizontally, where the content is wide and short.
    let panels: [(panel: Panel, frame: Rect)]
    let columnWidth: Double
    /// The legend's entries, a row at a time: one row, unless a neighbourhood frame is narrower than that row.
    let legendRows: [Range<Int>]
    public let size: Size

    static let margin = 16.0
    static let gap = 16.0
    static let labelHeight = 24.0
    static let captionHeight = 40.0
    static let legendHeight = 28.0
    static let legendRowHeight = 20.0
    /// Between one legend entry's label and the next entry's swatch.
    static let legendGap = 18.0
    static let captionLineHeight = 16.0
    /// The minimap's breadth across the scroll axis.
    static let minimapWidth = 48.0

    enum Panel { case minimap, overview, device }

    /// The overview's height in points, unless asked otherwise: `tagflow scroll`'s, and snapshot sheets' and
    /// sequences'.
    public static let defaultMaxOverviewHeight = 640.0
    /// One device pixel per point: a scroll makes many frames. Snapshot sheets and sequences are drawn the same.
    public static let defaultScale = 1.0

    /// Frames of `scene` scrolled through `plan`'s offsets (`ScrollPlan(options:contentSize:spacing:)`), one
    /// column per strategy, each asked which elements its window holds. `view` chooses the panels;
    /// `maxOverviewHeight` caps the whole-content overview's length in points (`defaultMaxOverviewHeight`), past
    /// which it shows the window's neighbourhood. `stockItemSize` is the stock flow layout's item size, whose grid
    /// the naive strategy answers from.
    public init(scene: Scene, strategies: [QueryStrategy], stockItemSize: Size = StockFlowLayout.defaultItemSize,
                view: ScrollView, maxOverviewHeight: Double, plan: ScrollPlan) {
        self.scene = scene
        self.queries = strategies.map { ElementQuery($0, layout: scene.layout.flow, stockItemSize: stockItemSize) }
        self.view = view
        self.maxOverviewHeight = maxOverviewHeight
        self.plan = plan
        let bounds = scene.contentBounds
        let axis = scene.layout.options.scrollDirection
        deviceSize = scene.layout.options.viewportSize
        framing = OverviewFraming(contentHeight: bounds.length(along: axis),
                                  viewportHeight: deviceSize.length(along: axis),
                                  maxOverviewHeight: maxOverviewHeight)
        (overviewScale, overviewSize, minimapSize) = Self.overviewGeometry(
            framing: framing, bounds: bounds, axis: axis, deviceSize: deviceSize, maxOverviewHeight: maxOverviewHeight)
        let placed = Self.placePanels(view: view, overview: overviewSize, minimap: minimapSize, device: deviceSize,
                                      axis: axis)
        panels = placed
        columnWidth = max(placed.map(\.frame.maxX).max() ?? 0, 260)
        let panelHeight = placed.map(\.frame.maxY).max() ?? 0
        let captionHeight = Self.captionHeight
            + (framing == .wholeContent || view == .device ? 0 : Self.captionLineHeight)
        let columns = Double(strategies.count)
        let columnsWidth = 2 * Self.margin + columns * columnWidth + (columns - 1) * Self.gap
        let legendWidth: Double
        (legendRows, legendWidth) = Self.legendLayout(Self.legendEntries(scene.style, view: view), framing: framing,
                                                      columnsWidth: columnsWidth, scene: scene)
        let legendHeight = legendRows.isEmpty
            ? 0 : Self.legendHeight + Double(legendRows.count - 1) * Self.legendRowHeight
        // Whole points, so every scale gives whole pixels.
        size = Size(width: max(legendWidth, columnsWidth).rounded(.up),
                    height: (Self.margin + Self.labelHeight + panelHeight + captionHeight + legendHeight
                             + Self.margin / 2).rounded(.up))
    }

    /// The overview's scale and size, and the minimap's: the whole content scaled to fit, or, for content too long
    /// to read that way, the window's neighbourhood at a legible scale beside a minimap of the whole.
    private static func overviewGeometry(framing: OverviewFraming, bounds: Rect, axis: ScrollDirection,
                                         deviceSize: Size, maxOverviewHeight: Double)
        -> (scale: Double, overview: Size, minimap: Size) {
        switch framing {
        case .wholeContent:
            let scale = min(1, maxOverviewHeight / bounds.length(along: axis))
            return (scale, Size(width: bounds.width * scale, height: bounds.height * scale), Size(width: 0, height: 0))
        case let .neighbourhood(above, below):
            let span = min(bounds.length(along: axis), Double(above + 1 + below) * deviceSize.length(along: axis))
            let scale = max(OverviewFraming.legibleScale, min(1, maxOverviewHeight / span))
            switch axis {
            case .vertical:
                let overview = Size(width: bounds.width * scale, height: span * scale)
                return (scale, overview, Size(width: minimapWidth, height: overview.height))
            case .horizontal:
                let overview = Size(width: span * scale, height: bounds.height * scale)
                return (scale, overview, Size(width: overview.width, height: minimapWidth))
            }
        }
    }

    /// The panels a column shows, side by side across the scroll axis: the minimap (when there is one) and the
    /// overview, the device view, or both.
    private static func placePanels(view: ScrollView, overview: Size, minimap: Size, device: Size,
                                    axis: ScrollDirection) -> [(panel: Panel, frame: Rect)] {
        var shown: [(Panel, Size)] = minimap.width > 0 ? [(.minimap, minimap), (.overview, overview)]
            : [(.overview, overview)]
        switch view {
        case .overview: break
        case .device: shown = [(.device, device)]
        case .both: shown.append((.device, device))
        }
        var placed = [(panel: Panel, frame: Rect)]()
        var cursor = 0.0
        for (panel, size) in shown {
            let origin = axis == .vertical ? Point(x: cursor, y: 0) : Point(x: 0, y: cursor)
            placed.append((panel, Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)))
            cursor += (axis == .vertical ? size.width : size.height) + gap
        }
        return placed
    }

    /// The legend's rows and width: one row under the whole content; under a narrow neighbourhood column, as many
    /// rows as it takes rather than a frame widened with empty space.
    private static func legendLayout(_ entries: [(label: String, colour: Colour, dashed: Bool)],
                                     framing: OverviewFraming, columnsWidth: Double,
                                     scene: Scene) -> (rows: [Range<Int>], width: Double) {
        if framing == .wholeContent {
            return (entries.isEmpty ? [] : [entries.indices], legendWidth(entries, scene: scene))
        }
        // Each entry's width counts the gap after it, which a row's last entry does not need.
        let rows = legendRows(entries.map { legendWidth([$0], scene: scene) - 2 * margin },
                              width: columnsWidth - 2 * margin + legendGap)
        let width = rows.map { legendWidth(Array(entries[$0]), scene: scene) - legendGap }.max() ?? 0
        return (rows, width)
    }

    /// The GIF palette: the style's colours, with the ramps their edges fall on.
    public func gifPalette() throws(GIFError) -> GIFPalette {
        try GIFPalette(drawing: scene.style.paletteColours, ramps: scene.style.paletteRamps)
    }

    /// The frame at the plan's `index`.
    public func frame(_ index: Int) -> ScrollFrame {
        let offset = plan.offsets[index]
        let visible = scene.layout.options.visibleRect(offset: offset)
        return ScrollFrame(index: index, offset: offset, visibleRect: visible,
                           overviewExtent: overviewExtent(around: visible),
                           audits: queries.map { $0.audit(visible, visibleRect: visible) })
    }

    /// Draws `frame` with its top-left corner at the context's origin. `frameScale` is the device scale when the
    /// context draws nothing but this frame, unmoved, on pixels: the overview's backdrop is then copied into place
    /// from pixels made once, where it would otherwise be resampled on every frame.
    func draw(_ frame: ScrollFrame, on context: CairoContext, frameScale: Double? = nil) {
        let drawer = SceneDrawer(scene: scene, context: context)
        let style = scene.style
        drawBackground(drawer)
        for (column, audit) in frame.audits.enumerated() {
            let left = columnLeft(column)
            drawColumnLabel(column, drawer: drawer)
            for (panel, placement) in panels {
                let origin = panelOrigin(placement, column: column)
                switch panel {
                case .minimap: drawMinimap(frame, audit: audit, at: origin, drawer: drawer)
                case .overview:
                    let placed = frameScale.flatMap { copyPlacedBackdrop(column: column, scale: $0, on: context) }
                    let copiedTags = placed?.tags.map {
                        copyTags(audit, from: $0, at: origin, scale: frameScale!, drawer: drawer)
                    } ?? []
                    drawOverview(frame, audit: audit, at: origin, drawer: drawer, backdropCopied: placed != nil,
                                 copiedTags: copiedTags)
                case .device: drawDevice(frame, audit: audit, at: origin, drawer: drawer)
                }
            }
            let panelBottom = Self.panelTop + (panels.map(\.frame.maxY).max() ?? 0)
            let counts = "returned \(audit.returned.count) · missing \(audit.missing.count) · "
                + "extra \(audit.extra.count)"
            _ = drawer.drawLabel("step \(frame.index + 1)/\(plan.offsets.count) · "
                                     + "offset \(formatPoints(frame.offset.rounded(toPlaces: 1))) pt",
                                 at: Point(x: left, y: panelBottom + 16), colour: style.captionText)
            _ = drawer.drawLabel(counts, at: Point(x: left, y: panelBottom + 32),
                                 colour: audit.missing.isEmpty ? style.captionText : style.missing)
            if framing != .wholeContent && view != .device {
                let extent = frame.overviewExtent, axis = scene.layout.options.scrollDirection
                let shown = "overview: \(formatPoints(extent.minAlong(axis).rounded())) "
                    + "to \(formatPoints(extent.maxAlong(axis).rounded())) "
                    + "of \(formatPoints(scene.contentBounds.length(along: axis).rounded())) pt"
                _ = drawer.drawLabel(shown, at: Point(x: left, y: panelBottom + 32 + Self.captionLineHeight),
                                     colour: style.captionText)
            }
        }
        let legendTop = size.height - Self.legendHeight - Double(legendRows.count - 1) * Self.legendRowHeight
        for (row, entries) in legendRows.enumerated() {
            drawLegend(entries, drawer: drawer, y: legendTop + 8 + Double(row) * Self.legendRowHeight)
        }
    }

    /// The top of every column's panels, below its label.
    private static let panelTop = margin + labelHeight

    /// The left edge of a strategy's column.
    private func columnLeft(_ column: Int) -> Double {
        Self.margin + Double(column) * (columnWidth + Self.gap)
    }

    /// The top-left corner of a panel placed at `placement` in `column`.
    private func panelOrigin(_ placement: Rect, column: Int) -> Point {
        Point(x: columnLeft(column) + placement.x, y: Self.panelTop + placement.y)
    }

    private func drawBackground(_ drawer: SceneDrawer) {
        drawer.painter.paintEverything(scene.style.background)
    }

    /// The strategy's name above its column, marked before or after when two are compared.
    private func drawColumnLabel(_ column: Int, drawer: SceneDrawer) {
        let strategy = queries[column].strategy
        let label = queries.count > 1 ? "\(column == 0 ? "before" : "after"): \(strategy.rawValue)" : strategy.rawValue
        _ = drawer.drawLabel(label, at: Point(x: columnLeft(column), y: Self.margin + 14),
                             colour: scene.style.captionText, font: scene.headerFont.resized(to: 14))
    }

    /// Moves into the overview's coordinates, the content's points at `extent`, clipped to it.
    private func enterOverview(_ extent: Rect, at origin: Point, on context: CairoContext) {
        context.translate(x: origin.x, y: origin.y)
        context.scale(x: overviewScale, y: overviewScale)
        context.translate(x: -extent.x, y: -extent.y)
        context.rectangle(x: extent.x, y: extent.y, width: extent.width, height: extent.height)
        context.clip()
    }

    /// The whole content, faded, at `extent`, from pixels drawn once where the context allows it.
    private func paintBackdrop(_ extent: Rect, on context: CairoContext) {
        let scene = self.scene
        let drawBackdrop = { (context: CairoContext) in
            let drawer = SceneDrawer(scene: scene, context: context)
            drawer.fill(extent, scene.style.background)
            for element in scene.layout.flow.allElements { drawer.draw(element.id, frame: element.frame, as: .faded) }
        }
        if !backdrop.paint(on: context, bounds: extent, drawContent: drawBackdrop) { drawBackdrop(context) }
    }

    /// Copies the overview's backdrop into `column` as a frame at `scale` has it once painted, and returns what it
    /// copied from, or nil if it did not. Those pixels are the same in every frame: only the background and the
    /// column's label lie under them.
    private func copyPlacedBackdrop(column: Int, scale: Double, on context: CairoContext) -> OverviewBackdrop.Placed? {
        guard context.surface.kind == .image,
              let placed = placedBackdrop(column: column, scale: scale) else { return nil }
        context.copyPixels(of: placed.pixels, toDeviceX: placed.x, y: placed.y)
        return placed
    }

    /// The backdrop of a whole-content overview placed in `column` at `scale`, made for every column the first time.
    private func placedBackdrop(column: Int, scale: Double) -> OverviewBackdrop.Placed? {
        guard framing == .wholeContent else { return nil }
        return backdrop.placed(scale: scale, column: column, columns: queries.count,
                               make: { column throws(RenderError) in
            try placeBackdrop(column: column, scale: scale)
        })
    }

    /// Copies the tags `tagsToCopy` chooses from `tags` onto the backdrop just copied, and returns which it copied.
    private func copyTags(_ audit: QueryAudit, from tags: OverviewCells, at origin: Point, scale: Double,
                          drawer: SceneDrawer) -> Set<ElementID> {
        let copies = tagsToCopy(audit, from: tags, at: origin, scale: scale)
        for (appearance, layer) in tags.layers {
            let boxes = copies.filter { $0.appearance == appearance }.map(\.box)
            drawer.context.copyPixels(of: layer.pixels, toDeviceX: tags.x, y: tags.y, within: boxes)
        }
        return Set(copies.map(\.id))
    }

    /// The tags `audit` draws in an appearance `tags` holds, at their layout frames, that no other ink this frame
    /// draws can reach.
    private func tagsToCopy(_ audit: QueryAudit, from tags: OverviewCells,
                            at origin: Point, scale: Double)
        -> [(id: ElementID, appearance: Appearance, box: PixelBox)] {
        let placement = overviewPlacement(at: origin, scale: scale)
        let extra = Set(audit.extra.map(\.id))
        let drawn = audit.returned.map { ($0, extra.contains($0.id) ? Appearance.extra : .normal) }
            + audit.missing.map { ($0, .missing) }
        let boxes = drawn.map { placement.inkBox(of: $0.0, as: $0.1, in: scene) }
        return drawn.indices.compactMap { index in
            let (element, appearance) = drawn[index]
            guard let tag = tags.layers[appearance]?.copyable[element.id], tag.frame == element.frame,
                  !boxes.indices.contains(where: { $0 != index && boxes[$0].intersects(tag.box) }) else { return nil }
            return (element.id, appearance, tag.box)
        }
    }

    /// The tags each column of `frame` copies at `scale`, once a frame at that scale has been made.
    func copiedTags(_ frame: ScrollFrame, scale: Double) -> [ElementID] {
        guard let overview = panels.first(where: { $0.panel == .overview }) else { return [] }
        return frame.audits.enumerated().flatMap { column, audit -> [ElementID] in
            guard let tags = placedBackdrop(column: column, scale: scale)?.tags else { return [] }
            return tagsToCopy(audit, from: tags, at: panelOrigin(overview.frame, column: column),
                              scale: scale).map(\.id)
        }
    }

    /// Where a whole-content overview at `origin` puts the content in a frame at `scale`.
    private func overviewPlacement(at origin: Point, scale: Double) -> OverviewPlacement {
        let bounds = scene.contentBounds
        return OverviewPlacement(origin: origin, extentOrigin: Point(x: bounds.x, y: bounds.y),
                                 overviewScale: overviewScale, scale: scale)
    }

    /// A frame at `scale` drawn up to the overview's backdrop in `column`, and the pixels about the overview cut from
    /// it; for scrolls long enough, then the same pixels with every element drawn over the backdrop in each appearance
    /// the column's frames copy tags in.
    private func placeBackdrop(column: Int, scale: Double) throws(RenderError) -> OverviewBackdrop.Placed {
        let origin = panelOrigin(panels.first { $0.panel == .overview }!.frame, column: column)
        let canvas = try Canvas(width: size.width, height: size.height, kind: .image(scale: scale))
        let context = canvas.context
        let drawer = SceneDrawer(scene: scene, context: context)
        drawBackground(drawer)
        drawColumnLabel(column, drawer: drawer)
        context.save()
        enterOverview(scene.contentBounds, at: origin, on: context)
        paintBackdrop(scene.contentBounds, on: context)
        context.restore()
        // The overview's pixels and one more on every side, within the frame.
        let minX = max(0, Int((origin.x * scale).rounded(.down)) - 1)
        let minY = max(0, Int((origin.y * scale).rounded(.down)) - 1)
        let maxX = min(canvas.widthPixels, Int(((origin.x + overviewSize.width) * scale).rounded(.up)) + 1)
        let maxY = min(canvas.heightPixels, Int(((origin.y + overviewSize.height) * scale).rounded(.up)) + 1)
        do throws(CairoError) {
            func cut() throws(CairoError) -> CairoSurface {
                try context.check()
                let pixels = try CairoSurface.image(width: max(1, maxX - minX), height: max(1, maxY - minY))
                let copy = try CairoContext(surface: pixels)
                copy.copyPixels(of: context.surface, toDeviceX: -minX, y: -minY)
                try copy.check()
                pixels.flush()
                return pixels
            }
            let backdropPixels = try cut()
            guard plan.offsets.count >= Self.framesForCopiedTags else {
                return OverviewBackdrop.Placed(pixels: backdropPixels, x: minX, y: minY, tags: nil)
            }
            // Then every element in each appearance, as a frame draws the ones it returns, on the backdrop again.
            let elements = scene.layout.flow.allElements, placement = overviewPlacement(at: origin, scale: scale)
            var layers: [Appearance: OverviewCells.Layer] = [:]
            for appearance in OverviewCells.appearances(for: queries[column].strategy) {
                context.copyPixels(of: backdropPixels, toDeviceX: minX, y: minY)
                context.save()
                enterOverview(scene.contentBounds, at: origin, on: context)
                for element in elements { drawer.fill(element.frame, scene.style.background) }
                for element in drawingOrder(elements) { drawer.draw(element.id, frame: element.frame, as: appearance) }
                context.restore()
                layers[appearance] = OverviewCells.Layer(
                    pixels: try cut(), copyable: placement.isolatedTags(elements, as: appearance, in: scene))
            }
            return OverviewBackdrop.Placed(pixels: backdropPixels, x: minX, y: minY,
                                           tags: OverviewCells(x: minX, y: minY, layers: layers))
        } catch {
            throw .cairo(error)
        }
    }

    /// Scrolls shorter than this draw their overview's tags: drawing every tag once to copy from would cost more.
    static let framesForCopiedTags = 8

    private func drawOverview(_ frame: ScrollFrame, audit: QueryAudit, at origin: Point, drawer: SceneDrawer,
                              backdropCopied: Bool, copiedTags: Set<ElementID>) {
        let context = drawer.context
        let extent = frame.overviewExtent
        context.save()
        enterOverview(extent, at: origin, on: context)
        if framing == .wholeContent {
            if !backdropCopied { paintBackdrop(extent, on: context) }
        } else {
            // A few screens' worth, drawn directly: a cached backdrop of long content could pass cairo's size limit.
            drawer.fill(extent, scene.style.background)
            for element in scene.layout.flow.elements(in: extent) {
                drawer.draw(element.id, frame: element.frame, as: .faded)
            }
        }
        for element in audit.returned + audit.missing where !copiedTags.contains(element.id) {
            // Cover the faded copy underneath, so a ghost or a cell shows only itself.
            drawer.fill(element.frame, scene.style.background)
        }
        let extra = Set(audit.extra.map(\.id))
        for element in drawingOrder(audit.returned) where !copiedTags.contains(element.id) {
            drawer.draw(element.id, frame: element.frame, as: extra.contains(element.id) ? .extra : .normal)
        }
        for element in audit.missing {
            drawer.draw(element.id, frame: element.frame, as: .missing)
        }
        // The window, with a border of constant on-screen width.
        let window = frame.visibleRect
        drawer.setColour(scene.style.viewportFill)
        context.rectangle(x: window.x, y: window.y, width: window.width, height: window.height)
        context.fill()
        drawer.setColour(scene.style.viewportBorder)
        let line = 2 / overviewScale
        context.setLineWidth(line)
        context.rectangle(x: window.x + line / 2, y: window.y + line / 2, width: window.width - line,
                          height: window.height - line)
        context.stroke()
        context.restore()
        strokePanelBorder(Rect(x: origin.x, y: origin.y, width: overviewSize.width, height: overviewSize.height),
                          drawer: drawer)
    }

    private func drawDevice(_ frame: ScrollFrame, audit: QueryAudit, at origin: Point, drawer: SceneDrawer) {
        // The frame's own background lies under the screen, so only image frames skip the screen's fill; vector frames
        // keep it.
        DeviceView(size: deviceSize).draw(scene, window: frame.visibleRect, returned: audit.returned,
                                          scrollIndicator: true, at: origin, on: drawer.context,
                                          isOverBackground: drawer.context.surface.kind == .image)
        strokePanelBorder(Rect(x: origin.x, y: origin.y, width: deviceSize.width, height: deviceSize.height),
                          drawer: drawer)
    }

    private func drawingOrder(_ elements: [LayoutElement]) -> [LayoutElement] {
        DeviceView.drawingOrder(elements, layout: scene.layout.flow)
    }

    /// A one-point line just outside `rect`.
    func strokePanelBorder(_ rect: Rect, drawer: SceneDrawer) {
        drawer.setColour(scene.style.cellBorder)
        drawer.context.setLineWidth(1)
        drawer.context.rectangle(x: rect.x - 0.5, y: rect.y - 0.5, width: rect.width + 1, height: rect.height + 1)
        drawer.context.stroke()
    }

    /// What the legend explains: the overview's marks. A device view draws none of them, as the phone does not,
    /// so it has no legend.
    public static func legendEntries(_ style: Style,
                                     view: ScrollView) -> [(label: String, colour: Colour, dashed: Bool)] {
        guard view != .device else { return [] }
        return [("visible window", style.viewportBorder, false),
                ("missing: in the window, not returned", style.missing, true),
                ("extra: returned, outside", style.extra, true)]
    }

    /// The legend's width: swatches, labels and the gaps between them.
    static func legendWidth(_ entries: [(label: String, colour: Colour, dashed: Bool)], scene: Scene) -> Double {
        entries.isEmpty ? 0 : legend(entries, style: scene.style).width(from: 2 * margin, engine: scene.engine,
                                                                        font: scene.captionFont)
    }

    /// Entries as the legend below the frames draws them: outlines, dashed where the mark is.
    static func legend(_ entries: [(label: String, colour: Colour, dashed: Bool)], style: Style) -> Legend {
        let look = Legend.Look(swatch: Size(width: 18, height: 10), cornerRadius: 3, swatchRise: 9, labelOffset: 24,
                               gap: legendGap, labelColour: style.captionText)
        return Legend(entries.map { Legend.Entry(label: $0.label, stroke: $0.colour, isDashed: $0.dashed) }, look: look)
    }

    /// Entries in order, as many to a row as fit `width`; an entry wider than `width` has a row to itself.
    static func legendRows(_ entryWidths: [Double], width: Double) -> [Range<Int>] {
        var rows = [Range<Int>]()
        var start = 0, used = 0.0
        for (index, entryWidth) in entryWidths.enumerated() {
            if index > start && used + entryWidth > width {
                rows.append(start..<index)
                start = index
                used = 0
            }
            used += entryWidth
        }
        if start < entryWidths.count { rows.append(start..<entryWidths.count) }
        return rows
    }

    private func drawLegend(_ entries: Range<Int>, drawer: SceneDrawer, y: Double) {
        let row = Array(Self.legendEntries(scene.style, view: view)[entries])
        Self.legend(row, style: scene.style).draw(from: Self.margin, baseline: y + 9, painter: drawer.painter)
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = (0..<places).reduce(1.0) { value, _ in value * 10 }
        return (self * scale).rounded() / scale
    }
}
