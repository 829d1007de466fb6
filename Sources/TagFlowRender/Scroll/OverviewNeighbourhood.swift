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
        let span = overviewSize.height / overviewScale
        var top = window.minY - Double(above) * window.height
        top = max(bounds.minY, min(top, bounds.maxY - span))
        // An inset or overscroll can take the window past the content; the neighbourhood still holds it.
        top = max(window.maxY - span, min(top, window.minY))
        return Rect(x: bounds.x, y: top, width: bounds.width, height: span)
    }

    /// Where the minimap marks `rect` of the content, relative to the minimap's top-left corner.
    public func minimapMark(for rect: Rect) -> Rect {
        let bounds = scene.contentBounds
        let vertical = minimapSize.height / bounds.height
        let horizontal = minimapSize.width / bounds.width
        return Rect(x: (rect.minX - bounds.minX) * horizontal, y: (rect.minY - bounds.minY) * vertical,
                    width: rect.width * horizontal, height: rect.height * vertical)
    }

    /// The whole content squeezed to a thin column: every element as a bar, the overview's extent as a band, the
    /// window as a solid bar, and ticks at the left edge where elements are missing or extra.
    func drawMinimap(_ frame: ScrollFrame, audit: QueryAudit, at origin: Point, drawer: SceneDrawer) {
        let style = scene.style
        func placed(_ rect: Rect) -> Rect {
            let mark = minimapMark(for: rect)
            return Rect(x: origin.x + mark.x, y: origin.y + mark.y, width: mark.width, height: mark.height)
        }
        drawer.fill(Rect(x: origin.x, y: origin.y, width: minimapSize.width, height: minimapSize.height), style.background)
        let extent = placed(frame.overviewExtent)
        drawer.fill(extent, style.viewportFill)
        for element in scene.layout.flow.allElements {
            let bar = placed(element.frame)
            // Headers as a darker full line, so sections read as blocks; cells at least a hairline high.
            let colour = element.id.kind == .header ? style.headerText.withAlpha(140) : style.cellBorder
            drawer.fill(Rect(x: bar.x, y: bar.y, width: bar.width, height: max(bar.height - 0.5, 0.5)), colour)
        }
        let tick = 6.0
        for (elements, colour) in [(audit.extra, style.extra), (audit.missing, style.missing)] {
            for element in elements {
                let bar = placed(element.frame)
                drawer.fill(Rect(x: origin.x, y: bar.y, width: tick, height: max(bar.height, 1.5)), colour)
            }
        }
        drawer.setColour(style.viewportBorder, alpha: 0.6)
        drawer.context.setLineWidth(1)
        drawer.context.rectangle(x: extent.x + 0.5, y: extent.y + 0.5, width: extent.width - 1, height: max(extent.height - 1, 0))
        drawer.context.stroke()
        let window = placed(frame.visibleRect)
        drawer.fill(Rect(x: window.x, y: window.y, width: window.width, height: max(window.height, 3)), style.viewportBorder.withAlpha(170))
        drawer.setColour(style.cellBorder)
        drawer.context.setLineWidth(1)
        drawer.context.rectangle(x: origin.x - 0.5, y: origin.y - 0.5, width: minimapSize.width + 1, height: minimapSize.height + 1)
        drawer.context.stroke()
    }
}
