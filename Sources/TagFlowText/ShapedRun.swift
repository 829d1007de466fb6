/// A stretch of text shaped with one face in one script and direction.
///
/// A renderer draws it with `face` (`face.path` and `face.index` name it on disk; load a face whose `isColor` is
/// true in colour, with FreeType's LOAD_COLOR flag) at `variations`, placing glyph *i* at `origin + xPositions[i]`.
public struct ShapedRun: Sendable, Equatable {
    /// The face whose glyph ids these are.
    public let face: FontFace
    /// The font size in points the positions were computed at.
    public let size: Double
    /// Glyph ids in visual order (HarfBuzz already reverses right-to-left runs).
    public let glyphs: [UInt32]
    /// The x of each glyph's origin in points, relative to the run's left edge, including HarfBuzz's x offset,
    /// the face's `trak` tracking at `size` and any extra tracking asked for.
    public let xPositions: [Double]
    /// The y offset of each glyph in points, positive upwards (font convention): negate it for cairo's y-down space.
    public let yOffsets: [Double]
    /// The run's left edge in points, relative to the start of the text.
    public let origin: Double
    /// The run's width in points: the sum of its x-advances, and the tracking after each of its grapheme clusters.
    public let advance: Double
    /// Whether the run was shaped right to left: its bidi level is odd (Hebrew or Arabic letters; not the numbers in
    /// them, which read left to right).
    public let isRightToLeft: Bool
    /// The variable-font axis values the glyphs were shaped at (an `opsz` that follows the size included), empty
    /// for a static face. Draw with the same values, e.g. `cairo_font_options_set_variations` with
    /// `variations.map(\.description).joined(separator: ",")`.
    public let variations: [FontVariation]
    /// How much each glyph is thickened in points, for synthetic bold: 1/24 em when a bold text fell to a face with
    /// no bold of its own, else 0. Every outline grows by this much to the right and up, keeping its left and bottom
    /// edges, as FreeType's `FT_GlyphSlot_Embolden` does; the positions already leave that room.
    public let emboldening: Double
    /// With ``emboldening``, each glyph's outline thickened so, in font units with y up (scale by
    /// `size / unitsPerEm`, flip y, and place at the glyph's origin); empty otherwise.
    public let emboldenedOutlines: [GlyphOutline]
}
