import TagFlowLayout
import TagFlowText
import TagFlowImage

/// How things look. The light theme is YLTagsChooser's, and this is the one place its colours are written.
public struct Style: Hashable, Sendable {
    public enum Theme: String, CaseIterable, Sendable { case light, dark }

    public var background: Colour
    public var cellFill: Colour
    public var cellBorder: Colour
    public var text: Colour
    public var selectedFill: Colour
    public var selectedBorder: Colour
    public var selectedText: Colour
    public var headerText: Colour
    public var footerText: Colour
    /// The "+N more" tag: a tag's look in an accent of its own, so it reads as something to tap, not a selection.
    public var moreFill: Colour
    public var moreBorder: Colour
    public var moreText: Colour
    public var borderWidth: Double = 1
    /// `nil` rounds the cell fully: height / 2, as the seed does.
    public var cornerRadius: Double?
    public var headerFontSize: Double = 16
    public var headerFontWeight: FontWeight = .bold
    public var footerFontSize: Double = 12
    /// A tag some glyphs of which no font has: drawn with a dashed border of this colour and a badge.
    public var tofu: Colour

    // Scroll pictures.
    public var viewportBorder: Colour
    public var viewportFill: Colour
    /// Elements the strategy should have returned but did not: the cells that vanish.
    public var missing: Colour
    /// Elements returned outside the queried rect.
    public var extra: Colour
    /// Content the query did not concern, drawn faintly for context.
    public var outsideAlpha: Double = 0.35
    public var captionText: Colour
    public var captionFontSize: Double = 12

    public static let light = Style(
        background: Colour(0xffffff), cellFill: Colour(0xffffff), cellBorder: Colour(0xdddddd),
        text: Colour(0x666666), selectedFill: Colour(0xffffff), selectedBorder: Colour(0xffb400),
        selectedText: Colour(0xffb400), headerText: Colour(0x333333), footerText: Colour(0x999999),
        moreFill: Colour(0xffffff), moreBorder: Colour(0xdddddd), moreText: Colour(0x2f80ed),
        tofu: Colour(0xd400c8), viewportBorder: Colour(0x2f80ed), viewportFill: Colour(0x2f80ed, alpha: 0x1f),
        missing: Colour(0xe5484d), extra: Colour(0x8e4ec6), captionText: Colour(0x333333))

    public static let dark = Style(
        background: Colour(0x1c1c1e), cellFill: Colour(0x2c2c2e), cellBorder: Colour(0x48484a),
        text: Colour(0xd1d1d6), selectedFill: Colour(0x2c2c2e), selectedBorder: Colour(0xffb400),
        selectedText: Colour(0xffb400), headerText: Colour(0xf2f2f7), footerText: Colour(0x8e8e93),
        moreFill: Colour(0x2c2c2e), moreBorder: Colour(0x48484a), moreText: Colour(0x5e9eff),
        tofu: Colour(0xff4fd8), viewportBorder: Colour(0x5e9eff), viewportFill: Colour(0x5e9eff, alpha: 0x26),
        missing: Colour(0xff6369), extra: Colour(0xbf7af0), captionText: Colour(0xf2f2f7))

    public init(theme: Theme) { self = theme == .light ? .light : .dark }

    private init(background: Colour, cellFill: Colour, cellBorder: Colour, text: Colour, selectedFill: Colour,
                 selectedBorder: Colour, selectedText: Colour, headerText: Colour, footerText: Colour,
                 moreFill: Colour, moreBorder: Colour, moreText: Colour, tofu: Colour,
                 viewportBorder: Colour, viewportFill: Colour, missing: Colour, extra: Colour, captionText: Colour) {
        self.background = background; self.cellFill = cellFill; self.cellBorder = cellBorder; self.text = text
        self.selectedFill = selectedFill; self.selectedBorder = selectedBorder; self.selectedText = selectedText
        self.headerText = headerText; self.footerText = footerText; self.tofu = tofu
        self.moreFill = moreFill; self.moreBorder = moreBorder; self.moreText = moreText
        self.viewportBorder = viewportBorder; self.viewportFill = viewportFill; self.missing = missing
        self.extra = extra; self.captionText = captionText
    }

    /// Every colour of the style by its config key.
    public static let colourKeys: [(key: String, path: WritableKeyPath<Style, Colour> & Sendable)] = [
        ("background", \.background), ("cellFill", \.cellFill), ("cellBorder", \.cellBorder), ("text", \.text),
        ("selectedFill", \.selectedFill), ("selectedBorder", \.selectedBorder), ("selectedText", \.selectedText),
        ("headerText", \.headerText), ("footerText", \.footerText), ("moreFill", \.moreFill),
        ("moreBorder", \.moreBorder), ("moreText", \.moreText), ("tofu", \.tofu),
        ("viewportBorder", \.viewportBorder), ("viewportFill", \.viewportFill), ("missing", \.missing),
        ("extra", \.extra), ("captionText", \.captionText),
    ]

    /// Every number of the style by its config key, with the range it must lie in.
    public static let numberKeys: [(key: String, path: WritableKeyPath<Style, Double> & Sendable,
                                    range: ClosedRange<Double>)] = [
        ("borderWidth", \.borderWidth, 0...100), ("headerFontSize", \.headerFontSize, 1...LayoutOptions.maxFontSize),
        ("footerFontSize", \.footerFontSize, 1...LayoutOptions.maxFontSize), ("outsideAlpha", \.outsideAlpha, 0...1),
        ("captionFontSize", \.captionFontSize, 1...LayoutOptions.maxFontSize),
    ]

    /// The colours a picture in this style is made of, for a GIF palette; ``paletteRamps`` adds the blends between
    /// them.
    public var paletteColours: [Colour] {
        [background, cellFill, cellBorder, text, selectedFill, selectedBorder, selectedText, headerText, footerText,
         tofu, viewportBorder, viewportFill.over(background), viewportFill.over(cellFill), missing, extra, captionText]
    }

    /// A cell's corner radius: the style's, or a capsule's when it sets none, at most half the cell's shorter side.
    public func cellCornerRadius(for frame: Rect) -> Double {
        min(cornerRadius ?? frame.height / 2, frame.width / 2, frame.height / 2)
    }

    /// Pairs of colours drawn over each other, whose blends anti-aliased edges fall between.
    public var paletteRamps: [(Colour, Colour)] {
        let tint = viewportFill.over(background)
        let faded = { (colour: Colour) in colour.withAlpha(UInt8(outsideAlpha * 255)).over(background) }
        return [(text, cellFill), (selectedText, selectedFill), (cellBorder, background), (selectedBorder, background),
                (headerText, background), (footerText, background), (captionText, background), (missing, background),
                (extra, background), (viewportBorder, background), (cellBorder, tint), (text, tint), (headerText, tint),
                (faded(text), background), (faded(cellBorder), background), (faded(headerText), background),
                (missing, tint), (tofu, background), (text, cellFill.withAlpha(0).over(background))]
    }
}

extension GIFPalette {
    /// The palette of a drawing made of `colours`, with blends where anti-aliased edges fall between each pair in
    /// `ramps`: six steps, enough for the edges of text and borders.
    public init(drawing colours: [Colour], ramps: [(Colour, Colour)]) throws(GIFError) {
        try self.init(knownColours: colours.map(\.rgb), ramps: ramps.map { ($0.0.rgb, $0.1.rgb) }, rampSteps: 6)
    }
}
