import TagFlowLayout

/// What part of the content a scroll frame's overview shows.
///
/// Short content is shown whole, scaled to `--max-height`. Long content scaled that far becomes a strip a few
/// pixels wide, so the overview shows the window's neighbourhood at a legible scale instead, beside a minimap of
/// the whole content.
public enum OverviewFraming: Sendable, Equatable {
    /// All the content, scaled to fit the overview's height.
    case wholeContent
    /// The window with `screensAbove` viewport heights above it and `screensBelow` below, clamped to the content.
    case neighbourhood(screensAbove: Int, screensBelow: Int)

    /// The scale of a neighbourhood overview at the least: 14 pt tag text stays readable at one pixel per point.
    public static let legibleScale = 0.5
    /// Below this, the whole content scaled to fit turns into a strip where marks smudge: switch to the neighbourhood.
    /// Lower than `legibleScale` so content up to three times `--max-height`, the demo's included, stays whole.
    public static let wholeContentMinimumScale = 1.0 / 3

    /// The whole content while it fits `maxOverviewHeight` at `wholeContentMinimumScale` or larger. Otherwise the
    /// neighbourhood: a screen above the window, and below it one screen or, when `maxOverviewHeight` holds four
    /// screens at `legibleScale`, two, since a scroll runs down and what comes next matters more.
    public init(contentHeight: Double, viewportHeight: Double, maxOverviewHeight: Double) {
        guard maxOverviewHeight / contentHeight < Self.wholeContentMinimumScale else {
            self = .wholeContent
            return
        }
        let screensThatFit = Int((maxOverviewHeight / Self.legibleScale / viewportHeight).rounded(.down))
        self = .neighbourhood(screensAbove: 1, screensBelow: min(max(screensThatFit - 2, 1), 2))
    }
}

extension ScrollFrameRenderer {
    /// The content the overview shows while `window` is visible: the window and the screens around it, kept inside
    /// the content, or the whole content when it fits.
    public func overviewExtent(around window: Rect) -> Rect {
        let bounds = scene.contentBounds
        guard case let .neighbourhood(above, _) = framing else { return bounds }
        let axis = scene.layout.options.scrollDirection
        let span = overviewSize.length(along: axis) / overviewScale
        var start = window.minAlong(axis) - Double(above) * window.length(along: axis)
        start = max(bounds.minAlong(axis), min(start, bounds.maxAlong(axis) - span))
        // An inset or overscroll can take the window past the content; the neighbourhood still holds it.
        start = max(window.maxAlong(axis) - span, min(start, window.minAlong(axis)))
        return axis == .vertical ? Rect(x: bounds.x, y: start, width: bounds.width, height: span)
                                 : Rect(x: start, y: bounds.y, width: span, height: bounds.height)
    }

    /// Where the minimap marks `rect` of the content, relative to the minimap's top-left corner.
    public func minimapMark(for rect: Rect) -> Rect {
        let bounds = scene.contentBounds
        let vertical = minimapSize.height / bounds.height
        let horizontal = minimapSize.width / bounds.width
        return Rect(x: (rect.minX - bounds.minX) * horizontal, y: (rect.minY - bounds.minY) * vertical,
                    width: rect.width * horizontal, height: rect.height * vertical)
    }

    /// The whole content squeezed to a thin column (a thin row, scrolling horizontally): every element as a bar,
    /// the overview's extent as a band, the window as a solid bar, and ticks at the leading edge (the top edge,
    /// scrolling horizontally) where elements are missing or extra.
    func drawMinimap(_ frame: ScrollFrame, audit: QueryAudit, at origin: Point, drawer: SceneDrawer) {
        let style = scene.style
        let vertical = scene.layout.options.scrollDirection == .vertical
        func placed(_ rect: Rect) -> Rect {
            let mark = minimapMark(for: rect)
            return Rect(x: origin.x + mark.x, y: origin.y + mark.y, width: mark.width, height: mark.height)
        }
        /// `rect` made at least `least` long along the scroll axis, after taking `trim` off its end.
        func along(_ rect: Rect, trim: Double = 0, least: Double) -> Rect {
            vertical ? Rect(x: rect.x, y: rect.y, width: rect.width, height: max(rect.height - trim, least))
                     : Rect(x: rect.x, y: rect.y, width: max(rect.width - trim, least), height: rect.height)
        }
        drawer.fill(Rect(x: origin.x, y: origin.y, width: minimapSize.width, height: minimapSize.height),
                    style.background)
        let extent = placed(frame.overviewExtent)
        drawer.fill(extent, style.viewportFill)
        for element in scene.layout.flow.allElements {
            // Headers darker, so sections read as blocks; cells at least a hairline long.
            let colour = element.id.kind == .header ? style.headerText.withAlpha(140) : style.cellBorder
            drawer.fill(along(placed(element.frame), trim: 0.5, least: 0.5), colour)
        }
        drawer.setColour(style.viewportBorder, alpha: 0.6)
        drawer.context.setLineWidth(1)
        drawer.context.rectangle(x: extent.x + 0.5, y: extent.y + 0.5, width: max(extent.width - 1, 0),
                                 height: max(extent.height - 1, 0))
        drawer.context.stroke()
        drawer.fill(along(placed(frame.visibleRect), least: 3), style.viewportBorder.withAlpha(170))
        // The ticks go over the window's bar, which would tint a missing tick's red to the extra colour's purple.
        let tick = 6.0
        for (elements, colour) in [(audit.extra, style.extra), (audit.missing, style.missing)] {
            for element in elements {
                let bar = placed(element.frame)
                let mark = vertical ? Rect(x: origin.x, y: bar.y, width: tick, height: bar.height)
                                    : Rect(x: bar.x, y: origin.y, width: bar.width, height: tick)
                drawer.fill(along(mark, least: 1.5), colour)
            }
        }
        strokePanelBorder(Rect(x: origin.x, y: origin.y, width: minimapSize.width, height: minimapSize.height),
                          drawer: drawer)
    }
}
