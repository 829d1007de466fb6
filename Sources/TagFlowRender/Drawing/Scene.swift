import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// Everything needed to draw a laid-out document: the layout, the fonts and the style.
public final class Scene: Sendable {
    public let layout: TagLayout
    public let engine: TextEngine
    public let style: Style
    package let fontSet: FontSet
    let fonts = CairoFonts()

    /// Draws `layout` in `style`, its tags in ``TextEngine/tagFont(for:)`` of its options, the font a
    /// ``Measurer/init(engine:options:)`` measures in: measure with that, on the same `engine`, and each text fits
    /// its cell as on the phone.
    ///
    /// - Throws: `FontError` when a font of the layout's options or the style cannot be had.
    public init(layout: TagLayout, engine: TextEngine, style: Style) throws(FontError) {
        self.layout = layout
        self.engine = engine
        self.style = style
        fontSet = try FontSet(engine: engine, options: layout.options, style: style)
    }

    /// Whether some text is drawn from a variable font at axis values of its own (`fontVariations`, a weight, an
    /// automatic `opsz`): what a PDF cannot show, as cairo embeds the font file without them.
    public var drawsVariedFaces: Bool {
        func varied(_ text: String, _ font: FontSpec) -> Bool {
            engine.shape(text, font: font).runs.contains { !$0.variations.isEmpty }
        }
        return layout.document.sections.contains { section in
            section.tags.contains { varied($0.text, bodyFont) } || section.title.map { varied($0, headerFont) } == true
                || section.footer.map { varied($0, footerFont) } == true
        }
    }

    var bodyFont: FontSpec { fontSet.bodyFont }
    var headerFont: FontSpec { fontSet.headerFont }
    var footerFont: FontSpec { fontSet.footerFont }
    var captionFont: FontSpec { fontSet.captionFont }

    /// The whole content with its content inset, in points.
    public var contentBounds: Rect {
        let options = layout.options
        return Rect(x: -options.contentInset.left, y: -options.contentInset.top,
                    width: layout.flow.contentSize.width + options.contentInset.horizontal,
                    height: layout.flow.contentSize.height + options.contentInset.vertical)
    }
}

extension Scene {
    /// Where the ink of `id` drawn at `frame` as `appearance` can reach, in the drawing's points, when a point is
    /// `pixelsPerPoint` device pixels: a bound from the drawing code above, not measured. Antialiasing's extra pixel
    /// is the caller's to add.
    func inkBounds(of id: ElementID, frame: Rect, as appearance: Appearance, pixelsPerPoint: Double) -> Rect {
        let enlarge = Painter.lineEnlargement(pixelsPerPoint: pixelsPerPoint)
        var ink: Rect
        switch id.kind {
        case .item, .more:
            // The border and the text lie inside the frame, and a tofu badge reaches a point past its corner; a
            // ghost's dashed border is centred just inside it.
            ink = frame.outset(by: appearance == .missing ? max(1, max(style.borderWidth, 1.5) * enlarge / 2) : 1)
        case .header, .footer:
            ink = frame.outset(by: 1.5 * enlarge / 2)
            let options = layout.options
            if !options.isHorizontal {
                // The title is not clipped: its line, with room for glyphs past the font's ascent and descent.
                let (text, font) = supplementaryText(id, in: frame)
                let width = engine.shape(text, font: font).width
                let metrics = engine.lineMetrics(font: font)
                let left = supplementaryTextX(in: frame, width: width)
                let height = metrics.ascent + metrics.descent
                let line = Rect(x: left, y: frame.midY - height / 2, width: width,
                                height: height).outset(by: font.size / 4)
                ink = ink.union(line)
            }
        }
        return appearance == .extra ? ink.union(frame.outset(by: 2 + 1.5 * enlarge / 2)) : ink
    }

    /// The colours of a tag or a section's "+N" as the phone shows it: a tag's by its selection and tofu, the "+N"
    /// in the style's more colours; nil for a header or footer, or an element the layout does not have.
    package func cellLook(_ id: ElementID) -> CellLook? {
        switch id.kind {
        case .item:
            layout.tag(id).map { style.tagLook(isSelected: $0.isSelected, isTofu: $0.measurement.missingGlyphs > 0) }
        case .more:
            layout.moreTag(id).map { _ in
                CellLook(fill: style.moreFill, border: style.moreBorder, text: style.moreText)
            }
        case .header, .footer: nil
        }
    }

    /// A header's or a footer's text as drawn in `frame`, and its font: cut at the end with an ellipsis when it is
    /// longer than the room inside the section insets, as a label's text is.
    func supplementaryText(_ id: ElementID, in frame: Rect) -> (text: String, font: FontSpec) {
        let section = layout.document.sections[id.section]
        let (text, font) = id.kind == .header ? (section.title ?? "", headerFont) : (section.footer ?? "", footerFont)
        let inset = layout.options.sectionInset
        // A horizontal layout's title runs down its strip.
        let room = layout.options.isHorizontal
            ? frame.height - inset.top - inset.bottom : frame.width - inset.left - inset.right
        let measurer = Measurer(engine: engine, font: font)
        guard measurer.measure(text).width > room else { return (text, font) }
        return (Truncation.tail.fit(text, within: max(0, room), measurer: measurer).text, font)
    }

    /// Where a vertical layout's header or footer text `width` wide starts in `frame`: past the section inset on
    /// the side lines start from.
    func supplementaryTextX(in frame: Rect, width: Double) -> Double {
        let options = layout.options
        // Right to left mirrors left to right, so the text keeps the left inset from the right edge.
        return frame.x + (options.direction == .ltr
                          ? options.sectionInset.left : frame.width - options.sectionInset.left - width)
    }
}
