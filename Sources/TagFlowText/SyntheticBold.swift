import CFontconfig

/// Bold drawn with a face that has none: a title asked for in bold whose characters only a regular face has (the
/// Chinese of a header, where WenQuanYi Zen Hei has no bold) is thickened, as a phone draws it heavier than its
/// body text. The rule is fontconfig's own (`90-synthetic.conf`), a face no heavier than medium, but from semibold,
/// where fontconfig's starts at bold: Bold Text asks for semibold, which a phone draws heavier too. Colour faces
/// are left alone, as a phone's emoji are, and so are faces of bitmaps only, which have no outline to thicken.
///
/// Each outline is thickened by 1/24 em, FreeType's strength (`FT_GlyphSlot_Embolden`), growing right and up from
/// its left and bottom edges, so each glyph's ink and advance grow by that much; the widths tagflow measures grow
/// with them, as HarfBuzz's own synthetic bold adds the strength to every advance (`ShapedRun.emboldening`).
enum SyntheticBold {
    static func applies(requested: FontWeight, faceWeight: Int?, isColor: Bool, hasOutlines: Bool = true) -> Bool {
        guard requested >= .semibold, !isColor, hasOutlines, let faceWeight else { return false }
        return faceWeight <= Int(FC_WEIGHT_MEDIUM)
    }

    /// What each glyph with an advance gains, in font units: 1/24 em, rounded.
    static func widening(unitsPerEm: Int) -> Int {
        (unitsPerEm + 12) / 24
    }

    /// A glyph's advance widened by `widening`; a mark, or any glyph without an advance, stays at zero.
    static func widened(_ advance: Int, by widening: Int) -> Int {
        advance == 0 ? 0 : advance + widening
    }
}
