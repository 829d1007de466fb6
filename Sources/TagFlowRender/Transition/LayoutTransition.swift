import TagFlowLayout
import TagFlowImage
import TagFlowText

/// The device view animated from one layout to another, as a collection view shows a batch update: elements the
/// layout diff pairs slide from their old frame to their new one, removed elements fade out where they were (UIKit's
/// final attributes for disappearing items) and added ones fade in where they will be (initial attributes for
/// appearing items). The scroll offset moves from the old one to the new one along the same curve.
///
/// The first frame is exactly the old layout's ``DeviceView`` at the old offset, and the last the new layout's at the
/// new offset (without highlights). Both layouts must have the same screen size.
public struct LayoutTransition: Sendable {
    public let old: Scene
    public let new: Scene
    public let oldOffset: Double
    public let newOffset: Double
    /// Frames, both ends included; at least 2.
    public let frameCount: Int
    /// The colours a changed element is marked with while it moves; empty marks none.
    public let highlights: [TransitionChange: DeviceView.Highlight]
    public let view: DeviceView
    let tracks: [Track]
    /// Surfaces of frames already written, drawn on again; kept while the transition lives.
    let framePixels = ImageSurfacePool()

    /// One element's way through the transition: where it is in each layout, and what changed.
    struct Track: Sendable {
        var old: LayoutElement?
        var new: LayoutElement?
        var change: TransitionChange?
        /// Drawn the same in both layouts, so one copy moves; otherwise the old copy fades out as the new fades in.
        var looksAlike: Bool
    }

    /// The frames a transition of `duration` seconds at `fps` has: both ends included, at least 2.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        max(2, Int((duration * fps).rounded()) + 1)
    }

    /// `frameCount` frames of the device view animating from `old` to `new`, both ends included: `diff` says what
    /// moved, appeared and disappeared (`LayoutDiff(old:new:)` of the two layouts), `offsets` where each end is
    /// scrolled (``offsets(old:new:diff:requested:)`` picks where the first change shows), and `highlights`
    /// tints the changed tags. Both scenes need the same screen size.
    public init(old: Scene, new: Scene, diff: LayoutDiff, offsets: (old: Double, new: Double), frameCount: Int,
                highlights: [TransitionChange: DeviceView.Highlight] = [:]) {
        self.old = old
        self.new = new
        oldOffset = offsets.old
        newOffset = offsets.new
        self.frameCount = max(2, frameCount)
        self.highlights = highlights
        view = DeviceView(scene: new)
        tracks = Self.tracks(old: old, new: new, diff: diff,
                             oldElements: Self.elements(old, pinnedAtOffset: offsets.old),
                             newElements: Self.elements(new, pinnedAtOffset: offsets.new))
    }

    /// The offsets to show: `requested` when given, else the offsets that show the first change (the change highest
    /// in the new layout), each clamped to its layout's offset range.
    public static func offsets(old: Scene, new: Scene, diff: LayoutDiff,
                               requested: Double?) -> (old: Double, new: Double) {
        if let requested { return (clamped(requested, old), clamped(requested, new)) }
        let tracks = tracks(old: old, new: new, diff: diff, oldElements: Self.elements(old, pinnedAtOffset: nil),
                            newElements: Self.elements(new, pinnedAtOffset: nil))
        let changed = tracks.filter { $0.change != nil || !$0.looksAlike }
        func place(_ track: Track) -> Rect { (track.new ?? track.old)!.frame }
        // The first change in scroll order: down the content, or along x scrolling horizontally.
        let horizontal = new.layout.options.isHorizontal
        func order(_ track: Track) -> (Double, Double) {
            horizontal ? (place(track).minX, place(track).minY) : (place(track).minY, place(track).minX)
        }
        guard let first = changed.min(by: { order($0) < order($1) }) else {
            return (range(old).lowerBound, range(new).lowerBound)
        }
        return (offset(showing: (first.old ?? first.new)!.frame, in: old),
                offset(showing: (first.new ?? first.old)!.frame, in: new))
    }

    /// The top of the range when `frame` is on the first screen; otherwise `frame` a quarter of a screen down (along,
    /// scrolling horizontally).
    static func offset(showing frame: Rect, in scene: Scene) -> Double {
        let options = scene.layout.options
        let axis = options.scrollDirection
        let screen = options.viewportSize.length(along: axis)
        let top = range(scene).lowerBound
        if frame.maxAlong(axis) <= top + screen { return top }
        return clamped(frame.minAlong(axis) - screen / 4, scene)
    }

    /// The offsets `scene` scrolls through, from the start of its content to the end.
    private static func range(_ scene: Scene) -> ClosedRange<Double> {
        scene.layout.options.offsetRange(contentSize: scene.layout.flow.contentSize)
    }

    private static func clamped(_ offset: Double, _ scene: Scene) -> Double {
        min(max(offset, range(scene).lowerBound), range(scene).upperBound)
    }

    /// Every shown element of `scene`, headers pinned as at `offset` (at their layout frames without one).
    private static func elements(_ scene: Scene, pinnedAtOffset offset: Double?) -> [ElementID: LayoutElement] {
        let flow = scene.layout.flow
        let elements = offset.map {
            flow.allElements(pinnedAt: flow.pinningEdge(for: scene.layout.options.visibleRect(offset: $0)))
        } ?? flow.allElements
        return Dictionary(elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every element of both layouts, paired as the layout diff pairs sections and tags.
    static func tracks(old: Scene, new: Scene, diff: LayoutDiff, oldElements: [ElementID: LayoutElement],
                       newElements: [ElementID: LayoutElement]) -> [Track] {
        var builder = TrackBuilder(old: old, new: new, diff: diff, oldElements: oldElements, newElements: newElements)
        for pair in diff.sectionPairs {
            switch (pair.old, pair.new) {
            case let (o?, n?): builder.addSection(o, pairedWith: n)
            case let (o?, nil): builder.addSection(o, of: .old)
            case let (nil, n?): builder.addSection(n, of: .new)
            case (nil, nil): break
            }
        }
        return builder.tracks
    }

    /// The tracks of a transition, section by section: paired elements slide, elements of one side fade.
    private struct TrackBuilder {
        struct Key: Hashable { var section: Int; var index: Int }
        enum Side { case old, new }

        let diff: LayoutDiff
        let a: TagLayout, b: TagLayout
        let oldElements: [ElementID: LayoutElement], newElements: [ElementID: LayoutElement]
        let moved: Set<Key>, resized: Set<Key>
        /// Whether both sides draw alike (style, fonts, direction, insets, pinning): only then can a paired element
        /// that looks the same be drawn once instead of cross-faded.
        let scenesAlike: Bool
        var tracks = [Track]()

        init(old: Scene, new: Scene, diff: LayoutDiff, oldElements: [ElementID: LayoutElement],
             newElements: [ElementID: LayoutElement]) {
            func keys(_ changes: [LayoutDiff.TagChange]) -> Set<Key> {
                Set(changes.compactMap { $0.old.map { Key(section: $0.section, index: $0.index) } })
            }
            self.diff = diff
            (a, b) = (old.layout, new.layout)
            (self.oldElements, self.newElements) = (oldElements, newElements)
            (moved, resized) = (keys(diff.moved), keys(diff.resized))
            // Each side may have its own text engine: fonts compare by what was asked for, not by engine.
            func sameFont(_ x: FontSpec, _ y: FontSpec) -> Bool {
                (x.family, x.requestedFamily, x.size, x.tracking) == (y.family, y.requestedFamily, y.size, y.tracking)
                    && x.variations == y.variations
            }
            let (a, b) = (old.layout, new.layout)
            scenesAlike = old.style == new.style && sameFont(old.bodyFont, new.bodyFont)
                && sameFont(old.headerFont, new.headerFont)
                && sameFont(old.footerFont, new.footerFont) && a.options.direction == b.options.direction
                && a.options.sectionInset == b.options.sectionInset && a.options.pinHeaders == b.options.pinHeaders
        }

        /// `shift`: how far the element's section moved as one, which is no change of the element's own.
        mutating func add(_ oldID: ElementID?, _ newID: ElementID?, change: TransitionChange? = nil,
                          alike: Bool = true, shift: (dx: Double, dy: Double) = (0, 0)) {
            let from = oldID.flatMap { oldElements[$0] }, to = newID.flatMap { newElements[$0] }
            guard from != nil || to != nil else { return }
            var change = change
            if let from, let to, change == nil, oldID?.kind != .item {
                // Headers, footers and more tags: the frames say what changed.
                let f = from.frame, g = to.frame
                // A header that grew moves where its section's tags begin, so its size is said first.
                if LayoutDiff.differs(f.width, g.width) || LayoutDiff.differs(f.height, g.height) {
                    change = .resized
                } else if LayoutDiff.differs(f.x + shift.dx, g.x) || LayoutDiff.differs(f.y + shift.dy, g.y) {
                    change = .moved
                }
            }
            if from == nil { change = .added } else if to == nil { change = .removed }
            tracks.append(Track(old: from, new: to, change: change,
                                looksAlike: scenesAlike && alike && from != nil && to != nil))
        }

        /// A section in both layouts: its header, its paired and renamed tags, the tags of one side alone, its more
        /// tag and its footer.
        mutating func addSection(_ o: Int, pairedWith n: Int) {
            let oldSection = a.document.sections[o], newSection = b.document.sections[n]
            let shifted = diff.shifted.first { $0.oldSection == o && $0.newSection == n }
            let shift = (dx: shifted?.dx ?? 0, dy: shifted?.dy ?? 0)
            add(.header(o), .header(n), alike: oldSection.title == newSection.title, shift: shift)
            var matchedOld = Set<Int>(), matchedNew = Set<Int>()
            for (i, j) in diff.tagPairs(oldSection: o, newSection: n) {
                matchedOld.insert(i)
                matchedNew.insert(j)
                let key = Key(section: o, index: i)
                let from = a.tags[o][i], to = b.tags[n][j]
                let alike = from.displayText == to.displayText && from.isSelected == to.isSelected
                    && (from.measurement.missingGlyphs > 0) == (to.measurement.missingGlyphs > 0)
                add(.item(o, i), .item(n, j),
                    change: moved.contains(key) ? .moved : resized.contains(key) ? .resized : nil, alike: alike)
            }
            // A renamed tag turns into its new self where it stands: the pill grows or shrinks from one frame to
            // the other while the texts cross-fade, tinted as renamed.
            for rename in diff.renamed where rename.old?.section == o && rename.new?.section == n {
                guard let i = rename.old?.index, let j = rename.new?.index else { continue }
                matchedOld.insert(i)
                matchedNew.insert(j)
                add(.item(o, i), .item(n, j), change: .renamed, alike: false)
            }
            for i in a.tags[o].indices where !matchedOld.contains(i) { add(.item(o, i), nil) }
            for j in b.tags[n].indices where !matchedNew.contains(j) { add(nil, .item(n, j)) }
            add(.more(o), .more(n), alike: a.moreTags[o]?.text == b.moreTags[n]?.text, shift: shift)
            add(.footer(o), .footer(n), alike: oldSection.footer == newSection.footer, shift: shift)
        }

        /// A section of one layout alone: every element of it fades.
        mutating func addSection(_ index: Int, of side: Side) {
            let ids: [ElementID] = [.header(index)]
                + (side == .old ? a : b).tags[index].indices.map { .item(index, $0) } + [.more(index), .footer(index)]
            for id in ids {
                if side == .old { add(id, nil) } else { add(nil, id) }
            }
        }
    }

    // MARK: Frames

    /// The curve's progress, 0…1, at frame `index`.
    public func progress(_ index: Int) -> Double {
        EaseInOut.progress(Double(index) / Double(frameCount - 1))
    }

    /// `a` at 0, `b` at 1; exactly each at its end.
    private static func mix(_ a: Double, _ b: Double, _ progress: Double) -> Double {
        a * (1 - progress) + b * progress
    }

    private static func mix(_ a: Rect, _ b: Rect, _ progress: Double) -> Rect {
        Rect(x: mix(a.x, b.x, progress), y: mix(a.y, b.y, progress),
             width: mix(a.width, b.width, progress), height: mix(a.height, b.height, progress))
    }

    /// The scroll offset at `progress`.
    public func offset(at progress: Double) -> Double { Self.mix(oldOffset, newOffset, progress) }

    /// The viewport's window onto the content at `progress`.
    public func window(at progress: Double) -> Rect {
        Self.mix(old.layout.options.visibleRect(offset: oldOffset), new.layout.options.visibleRect(offset: newOffset),
                 progress)
    }

    /// What is drawn at `progress`: the backgrounds, and the elements in the window in drawing order.
    func picture(
        at progress: Double
    ) -> (window: Rect, backgrounds: [(scene: Scene, alpha: Double)], layers: [DeviceView.Layer]) {
        let window = window(at: progress)
        let backgrounds: [(scene: Scene, alpha: Double)] = progress == 0 ? [(old, 1)]
            : progress == 1 || old.style.background == new.style.background ? [(new, 1)]
            : [(old, 1), (new, progress)]
        // Drawing order: by zIndex (pinned headers above the rest), then document order: the old layout's for the first
        // half, the new one's for the second, elements missing from that layout after the others.
        var ordered = [(key: (z: Int, missing: Int, id: ElementID, copy: Int), layer: DeviceView.Layer)]()
        for track in tracks {
            let frame = switch (track.old, track.new) {
            case let (from?, to?): Self.mix(from.frame, to.frame, progress)
            default: (track.old ?? track.new)!.frame
            }
            guard frame.intersects(window) else { continue }
            let ordering = progress < 0.5 ? (track.old, old, track.new, new) : (track.new, new, track.old, old)
            let (side, sideScene, missing) = ordering.0.map { ($0, ordering.1, 0) } ?? (ordering.2!, ordering.3, 1)
            let z = sideScene.layout.flow.zIndex(of: side.id.kind)
            let highlight = highlights.isEmpty ? nil : track.change.flatMap { highlights[$0] }
            var copies = [DeviceView.Layer]()
            if let from = track.old, let to = track.new, track.looksAlike {
                copies.append(progress == 0
                              ? DeviceView.Layer(scene: old, id: from.id, frame: frame, highlight: highlight)
                              : DeviceView.Layer(scene: new, id: to.id, frame: frame, highlight: highlight))
            } else {
                if let from = track.old, progress < 1 {
                    copies.append(DeviceView.Layer(scene: old, id: from.id, frame: frame, alpha: 1 - progress,
                                                   highlight: highlight))
                }
                if let to = track.new, progress > 0 {
                    copies.append(DeviceView.Layer(scene: new, id: to.id, frame: frame, alpha: progress,
                                                   highlight: highlight))
                }
            }
            for (copy, layer) in copies.enumerated() { ordered.append(((z, missing, side.id, copy), layer)) }
        }
        ordered.sort {
            ($0.key.z, $0.key.missing, $0.key.id, $0.key.copy) < ($1.key.z, $1.key.missing, $1.key.id, $1.key.copy)
        }
        return (window, backgrounds, ordered.map(\.layer))
    }

    /// Draws frame `index` with the screen's corner at the context's origin.
    package func draw(_ index: Int, on context: CairoContext) {
        let picture = picture(at: progress(index))
        view.draw(window: picture.window, backgrounds: picture.backgrounds, layers: picture.layers,
                  scrollIndicator: nil, at: Point(x: 0, y: 0), on: context)
    }

    /// Frame `index` as cairo draws it at `scale`.
    public func premultiplied(_ index: Int, scale: Double) throws -> PremultipliedFrame {
        try canvas(index, scale: scale).finishedFrame()
    }

    /// Frame `index` drawn on a canvas of pixels at `scale`.
    private func canvas(_ index: Int, scale: Double) throws -> Canvas {
        // Backgrounds cross-fade: no one colour fills the frame first.
        let canvas = try Canvas(width: view.size.width, height: view.size.height, scale: scale, pool: framePixels,
                                firstFill: nil)
        draw(index, on: canvas.context)
        return canvas
    }

    /// Frame `index` as an SVG document.
    public func svg(_ index: Int) throws -> [UInt8] {
        let canvas = try Canvas(width: view.size.width, height: view.size.height, kind: .svg)
        draw(index, on: canvas.context)
        return try canvas.documentBytes()
    }

    /// Every frame's size in pixels at `scale`, checked against cairo's limits before any work starts.
    @discardableResult
    public func pixelSize(scale: Double) throws(RenderError) -> PixelSize {
        try Canvas.pixelSize(width: view.size.width, height: view.size.height, scale: scale)
    }

    /// The GIF palette: both styles' colours and the highlights', with the ramps their edges and fades fall on.
    public func gifPalette() throws(GIFError) -> GIFPalette {
        let styles = old.style == new.style ? [new.style] : [old.style, new.style]
        let marks = TransitionChange.allCases.compactMap { highlights[$0] }
        var known = styles.flatMap { $0.paletteColours + [$0.moreFill.over($0.background), $0.moreBorder, $0.moreText] }
        var ramps = styles.flatMap { style in
            style.paletteRamps + [(style.cellFill, style.background), (style.text, style.background),
                                  (style.moreText, style.moreFill.over(style.background)),
                                  (style.moreFill.over(style.background), style.background)]
        }
        for mark in marks {
            for style in styles {
                known += [mark.stroke,
                          mark.fill.withAlpha(UInt8((DeviceView.highlightTint * 255).rounded())).over(style.cellFill)]
                ramps += [(mark.stroke, style.background), (mark.stroke, style.cellFill)]
            }
        }
        return try GIFPalette(drawing: known, ramps: ramps)
    }
}
