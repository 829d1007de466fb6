import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// The fonts a picture's text is drawn in: this is the one place they are chosen.
package struct FontSet: Sendable {
    /// Tags.
    package let bodyFont: FontSpec
    /// Section titles.
    package let headerFont: FontSpec
    /// Section footers.
    package let footerFont: FontSpec
    /// Captions, labels and legends, in the system's sans-serif whatever the tags' family.
    package let captionFont: FontSpec

    /// The tags in the font they are measured in (``TextEngine/tagFont(for:)``); headers, footers and captions as
    /// `style` sizes them. Bold Text (`legibilityWeight`) draws tags, footers and headers a step heavier, not the
    /// captions, which are tagflow's own.
    package init(engine: TextEngine, options: LayoutOptions, style: Style) throws(FontError) {
        try self.init(engine: engine, tagFont: engine.tagFont(for: options), family: options.font, style: style,
                      legibilityWeight: options.legibilityWeight)
    }

    /// Tags and footers in `family` at `size`, in regular weight with no axis values or tracking, for pictures of
    /// layouts saved without their options.
    package init(engine: TextEngine, family: String, size: Double, style: Style) throws(FontError) {
        try self.init(engine: engine, tagFont: engine.font(family: family, size: size), family: family, style: style,
                      legibilityWeight: .regular)
    }

    private init(engine: TextEngine, tagFont: FontSpec, family: String, style: Style,
                 legibilityWeight: LegibilityWeight) throws(FontError) {
        let bodyWeight = legibilityWeight.bodyWeight
        bodyFont = tagFont
        headerFont = try engine.font(family: family, size: style.headerFontSize,
                                     weight: legibilityWeight.applied(to: style.headerFontWeight))
        footerFont = try engine.font(family: family, size: style.footerFontSize, weight: bodyWeight)
        captionFont = try engine.font(family: "sans-serif", size: style.captionFontSize)
    }
}
