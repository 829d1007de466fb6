import Dispatch
import TagFlowLayout

/// A face as the engine uses it: the public handle plus the HarfBuzz face and fonts that shape with it.
final class LoadedFace {
    let face: FontFace
    let harfBuzzFace: HarfBuzzFace
    /// `[face.family]`, made once: the font list of every text this face draws alone.
    let families: [String]
    /// The font at the face's defaults with no point size, for a static face without `trak`: its shaping is the
    /// same at every size, so one font serves them all.
    private let plainFont: HarfBuzzFont?
    /// Fonts at a size or variation, for faces with axes or a `trak` table; a crude bound keeps it small.
    private var instances: [InstanceKey: (font: HarfBuzzFont, coordinates: [FontVariation])] = [:]

    private struct InstanceKey: Hashable {
        let coordinates: [FontVariation]
        let pointSize: Double
    }

    /// Synthetic-bold outlines, each made once.
    private var emboldenedOutlines: [OutlineKey: GlyphOutline] = [:]

    private struct OutlineKey: Hashable {
        let coordinates: [FontVariation]
        let glyph: UInt32
    }

    init(face: FontFace, harfBuzzFace: HarfBuzzFace) {
        self.face = face
        self.harfBuzzFace = harfBuzzFace
        families = [face.family]
        let sizeFree = harfBuzzFace.axes.isEmpty && !harfBuzzFace.hasTrackingTable
        plainFont = sizeFree ? HarfBuzzFont(face: harfBuzzFace) : nil
    }

    /// The font to shape with at `size` points under `variations`, and the axis values it uses.
    ///
    /// As CoreText does, an `opsz` axis follows the point size unless a variation sets it, and HarfBuzz is given
    /// the point size for `trak` tracking. Values are clamped to each axis's range, as HarfBuzz clamps them.
    func font(variations: [FontVariation], size: Double) -> (font: HarfBuzzFont, coordinates: [FontVariation]) {
        if let plainFont { return (plainFont, []) }
        var coordinates: [FontVariation] = []
        for axis in harfBuzzFace.axes {
            let asked = variations.last { $0.tagCode == axis.tag }
            guard let value = asked?.value ?? (axis.tag == opticalSizeTag ? size : nil) else { continue }
            let clamped = min(max(value, axis.minimum), axis.maximum)
            coordinates.append(FontVariation(axis: axis.tag, value: clamped))
        }
        let key = InstanceKey(coordinates: coordinates, pointSize: size)
        if let instance = instances[key] { return instance }
        if instances.count >= 256 { instances.removeAll(keepingCapacity: true) }
        let font = HarfBuzzFont(
            face: harfBuzzFace, coordinates: coordinates.map { ($0.tagCode, $0.value) }, pointSize: size)
        instances[key] = (font, coordinates)
        return (font, coordinates)
    }

    /// What synthetic bold adds to each glyph with an advance, in font units; 0 when the face is not emboldened.
    func syntheticBoldWidening(if isEmboldened: Bool) -> Int {
        isEmboldened ? SyntheticBold.widening(unitsPerEm: harfBuzzFace.unitsPerEm) : 0
    }

    /// `glyph`'s outline as the font at `size` under `variations` draws it, thickened for synthetic bold.
    func emboldenedOutline(of glyph: UInt32, variations: [FontVariation], size: Double) -> GlyphOutline {
        let (font, coordinates) = font(variations: variations, size: size)
        let key = OutlineKey(coordinates: coordinates, glyph: glyph)
        if let outline = emboldenedOutlines[key] { return outline }
        let outline = font.outline(of: glyph)
            .emboldened(by: Double(syntheticBoldWidening(if: true)))
            .outline(unitsPerEm: harfBuzzFace.unitsPerEm)
        emboldenedOutlines[key] = outline
        return outline
    }
}

/// `opsz`.
let opticalSizeTag: UInt32 = 0x6F70_737A
/// `wght`: a variable face's weight axis, which a requested weight sets (see ``FallbackChain/variations``).
let weightTag: UInt32 = 0x7767_6874
