import TagFlowLayout
import TagFlowText
import TagFlowImage

/// An sRGB colour with alpha, written `#rrggbb` or `#rrggbbaa`.
public struct Colour: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; `nil` otherwise.
    public init?(hex text: String) {
        guard text.first == "#" else { return nil }
        var digits = Array(text.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8,
              let value = UInt32(String(digits), radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(full >> 24), green: UInt8(full >> 16 & 0xFF), blue: UInt8(full >> 8 & 0xFF), alpha: UInt8(full & 0xFF))
    }

    public var description: String {
        let rgb = [red, green, blue] + (alpha == 255 ? [] : [alpha])
        return "#" + rgb.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    public func withAlpha(_ alpha: UInt8) -> Colour { Colour(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour without its alpha, for palettes.
    public var rgb: RGB { RGB(r: red, g: green, b: blue) }

    /// This colour laid over `background` at its alpha: what an opaque pixel shows.
    public func over(_ background: Colour) -> Colour {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded()) }
        return Colour(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}

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
        background: Colour(hex: "#ffffff")!, cellFill: Colour(hex: "#ffffff")!, cellBorder: Colour(hex: "#dddddd")!,
        text: Colour(hex: "#666666")!, selectedFill: Colour(hex: "#ffffff")!, selectedBorder: Colour(hex: "#ffb400")!,
        selectedText: Colour(hex: "#ffb400")!, headerText: Colour(hex: "#333333")!, footerText: Colour(hex: "#999999")!,
        moreFill: Colour(hex: "#ffffff")!, moreBorder: Colour(hex: "#dddddd")!, moreText: Colour(hex: "#2f80ed")!,
        tofu: Colour(hex: "#d400c8")!, viewportBorder: Colour(hex: "#2f80ed")!, viewportFill: Colour(hex: "#2f80ed1f")!,
        missing: Colour(hex: "#e5484d")!, extra: Colour(hex: "#8e4ec6")!, captionText: Colour(hex: "#333333")!)

    public static let dark = Style(
        background: Colour(hex: "#1c1c1e")!, cellFill: Colour(hex: "#2c2c2e")!, cellBorder: Colour(hex: "#48484a")!,
        text: Colour(hex: "#d1d1d6")!, selectedFill: Colour(hex: "#2c2c2e")!, selectedBorder: Colour(hex: "#ffb400")!,
        selectedText: Colour(hex: "#ffb400")!, headerText: Colour(hex: "#f2f2f7")!, footerText: Colour(hex: "#8e8e93")!,
        moreFill: Colour(hex: "#2c2c2e")!, moreBorder: Colour(hex: "#48484a")!, moreText: Colour(hex: "#5e9eff")!,
        tofu: Colour(hex: "#ff4fd8")!, viewportBorder: Colour(hex: "#5e9eff")!, viewportFill: Colour(hex: "#5e9eff26")!,
        missing: Colour(hex: "#ff6369")!, extra: Colour(hex: "#bf7af0")!, captionText: Colour(hex: "#f2f2f7")!)

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
        ("headerText", \.headerText), ("footerText", \.footerText), ("moreFill", \.moreFill), ("moreBorder", \.moreBorder),
        ("moreText", \.moreText), ("tofu", \.tofu),
        ("viewportBorder", \.viewportBorder), ("viewportFill", \.viewportFill), ("missing", \.missing),
        ("extra", \.extra), ("captionText", \.captionText),
    ]

    /// Every number of the style by its config key, with the range it must lie in.
    public static let numberKeys: [(key: String, path: WritableKeyPath<Style, Double> & Sendable, range: ClosedRange<Double>)] = [
        ("borderWidth", \.borderWidth, 0...100), ("headerFontSize", \.headerFontSize, 1...LayoutOptions.maxFontSize),
        ("footerFontSize", \.footerFontSize, 1...LayoutOptions.maxFontSize), ("outsideAlpha", \.outsideAlpha, 0...1),
        ("captionFontSize", \.captionFontSize, 1...LayoutOptions.maxFontSize),
    ]

    /// The colours a picture in this style is made of, for a GIF palette; ``paletteRamps`` adds the blends between them.
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
