import CFontconfig
import TagFlowLayout

/// One font of a fallback list, as fontconfig describes it.
struct FallbackFont {
    let path: String
    let index: Int
    let family: String
    let charset: FontconfigCharSet?
    /// Whether fontconfig says the font has colour glyphs: emoji prefer it.
    let isColor: Bool
    /// Whether the chain draws the face in synthetic bold (see ``SyntheticBold``).
    let isEmboldened: Bool

    init?(_ pattern: FontconfigPattern, fallbackFamily: String, weight: FontWeight) {
        guard let path = pattern.file else { return nil }
        self.path = path
        index = pattern.index ?? 0
        family = pattern.preferredFamilyName ?? fallbackFamily
        charset = pattern.charset
        isColor = pattern.isColor
        isEmboldened = SyntheticBold.applies(requested: weight, faceWeight: pattern.weight, isColor: isColor,
                                             hasOutlines: pattern.hasOutlines)
    }

    var key: FaceKey { FaceKey(path: path, index: index) }

    func covers(_ scalar: UInt32) -> Bool { charset?.contains(scalar) ?? false }
}

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

/// The fonts one request tries, in order, with the per-character choice among them cached.
///
/// The order is: the faces of each requested family that resolved, in the order asked for; then fontconfig's
/// fallback list for the first of them; then any colour font fontconfig knows that those lack.
final class FallbackChain {
    /// The primary font's family.
    let family: String
    let fonts: [FallbackFont]
    /// The requested variations, applied to every face with the axis, and `wght` at a requested weight other than
    /// regular when none of them sets it.
    let variations: [FontVariation]
    /// Points added after each grapheme cluster.
    let tracking: Double
    /// What was asked for and what stood in for it.
    let report: FontChainReport
    /// Loaded on first use; index 0 (the primary) is loaded when the chain is made.
    var faces: [LoadedFace?]
    private let colorFonts: [Int]
    private var asciiChoice: [Int16]
    private var choices: [UInt32: Int16] = [:]

    /// Whether font `index`, loaded as `face`, is drawn in synthetic bold: not when the face has a weight axis,
    /// which draws the weight itself.
    func isEmboldened(_ index: Int, face: LoadedFace) -> Bool {
        fonts[index].isEmboldened && !face.harfBuzzFace.axes.contains { $0.tag == weightTag }
    }

    init(fonts: [FallbackFont], variations: [FontVariation], tracking: Double, report: FontChainReport) {
        self.family = fonts[0].family
        self.fonts = fonts
        self.variations = variations
        self.tracking = tracking
        self.report = report
        faces = Array(repeating: nil, count: fonts.count)
        colorFonts = fonts.indices.filter { fonts[$0].isColor }
        asciiChoice = []
        asciiChoice = (0..<128).map { Int16(firstFont(having: UInt32($0)) ?? 0) }
    }

    /// The index of the font that draws `scalar`: for a character shown as emoji by default, the first colour font
    /// that has it; else the primary when it has it, else the first sorted font that does, else the primary (which
    /// will draw .notdef).
    func font(for scalar: UInt32) -> Int {
        if scalar < 128 { return Int(asciiChoice[Int(scalar)]) }
        if let cached = choices[scalar] { return Int(cached) }
        var choice: Int?
        if let unicode = Unicode.Scalar(scalar), unicode.properties.isEmojiPresentation {
            choice = colorFonts.first { fonts[$0].covers(scalar) }
        }
        let chosen = choice ?? firstFont(having: scalar) ?? 0
        choices[scalar] = Int16(chosen)
        return chosen
    }

    /// The index of the font that draws a grapheme cluster: for an emoji, the first colour font that has all its
    /// visible scalars; else the first font that has them all, else the first that has its base, else the primary.
    func font(for cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        if scalars.count == 1 { return font(for: scalars.first!.value) }
        // Joiners and variation selectors are optional: HarfBuzz hides them when the font lacks them.
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }.map(\.value)
        guard let base = needed.first else { return font(for: scalars.first!.value) }
        if isEmojiPresentation(cluster),
           let color = colorFonts.first(where: { i in needed.allSatisfy { fonts[i].covers($0) } }) {
            return color
        }
        if let all = fonts.indices.first(where: { i in needed.allSatisfy { fonts[i].covers($0) } }) { return all }
        return font(for: base)
    }

    private func firstFont(having scalar: UInt32) -> Int? {
        fonts.firstIndex { $0.covers(scalar) }
    }
}

/// Whether a grapheme cluster of several scalars shows as emoji on a phone: an emoji with VS16, a keycap, a
/// skin-tone modifier, a ZWJ sequence of emoji, a flag (regional indicators or tag sequence), or a character
/// with default emoji presentation not followed by VS15.
///
/// - Complexity: O(*n*) in the cluster's scalars.
package func isEmojiPresentation(_ cluster: Character) -> Bool {
    var hasEmoji = false
    var hasJoiner = false
    for scalar in cluster.unicodeScalars {
        switch scalar.value {
        case 0xFE0E: return false  // VS15: text presentation asked for
        case 0xFE0F, 0x20E3: return true  // VS16, combining enclosing keycap
        case 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F: return true  // skin tones, flags
        case 0x200D: hasJoiner = true
        default: if scalar.value > 0x7F, scalar.properties.isEmoji { hasEmoji = true }
        }
    }
    return (hasJoiner && hasEmoji) || cluster.unicodeScalars.first!.properties.isEmojiPresentation
}

/// Generic family names fontconfig maps to a configured default; any match is accepted for them.
let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math",
]

/// Lowercases and drops blanks, the way fontconfig compares family names.
func normalizedFamily(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
}

/// A family request split into the families to try in order: `"SF Pro Text, PingFang SC"`, or a named chain.
struct FamilyRequest {
    /// One family the request tries, and for a named chain what stands in for it when it is not installed.
    struct Member {
        /// The families that count as this one, first installed wins (e.g. "SF Pro Text", "SF Pro").
        let names: [String]
        /// What the member is called in a stand-in report.
        let label: String
        /// Families to use instead when none of `names` is installed, first installed wins.
        let standIns: [String]
    }

    let members: [Member]
    /// The name of a named chain, e.g. "system-ios"; nil for a family or a list of families.
    let chainName: String?

    init(_ family: String) {
        if let named = Self.named[normalizedFamily(family)] {
            members = named
            chainName = family.trimmingWhitespace
            return
        }
        let names = family.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        members = names.map { Member(names: [$0], label: $0, standIns: []) }
        chainName = nil
    }

    /// The chains known by name.
    ///
    /// `system-ios` is what an iPhone draws UI text with: SF Pro (its Text or Display cut, under whichever family
    /// name the files carry), PingFang SC for Chinese and Apple Color Emoji. Debian has none of them, so each has
    /// stand-ins: DejaVu Sans, a CJK sans (Noto CJK or WenQuanYi Zen Hei) and Noto Color Emoji.
    static let named: [String: [Member]] = [
        "system-ios": [
            Member(names: ["SF Pro Text", "SF Pro", "SF Pro Display"], label: "SF Pro",
                   standIns: ["DejaVu Sans"]),
            Member(names: ["PingFang SC"], label: "PingFang SC",
                   standIns: ["Noto Sans CJK SC", "WenQuanYi Zen Hei"]),
            Member(names: ["Apple Color Emoji"], label: "Apple Color Emoji",
                   standIns: ["Noto Color Emoji"]),
        ],
    ]
}

/// How a family request was resolved: which families it got and what was skipped or stood in.
///
/// Plain values, so the CLI can print it or write it as JSON.
public struct FontChainReport: Sendable, Hashable, Codable {
    /// The request as given, e.g. `"SF Pro Text, PingFang SC"` or `"system-ios"`.
    public let requested: String
    /// The families the chain tries, in order, before fontconfig's fallback.
    public let families: [String]
    /// Requested families that are not installed and were skipped.
    public let skipped: [String]
    /// For a named chain such as `system-ios`, what stood in for its missing families; nil when nothing did.
    public let standIn: StandInRecord?
    /// Requested variations outside the primary face's range on their axis, which are drawn at the nearest end.
    public var clampedVariations: [ClampedVariation] = []
}

/// A requested variation outside its axis's range, and the value it is drawn at.
public struct ClampedVariation: Sendable, Hashable, Codable, CustomStringConvertible {
    public let tag: String
    public let requested: Double
    public let minimum: Double
    public let maximum: Double

    public var drawnAt: Double { min(max(requested, minimum), maximum) }

    /// `opsz=1000 is outside the opsz axis's 8 to 72, so it is drawn at 72`.
    public var description: String {
        "\(tag)=\(formatPoints(requested)) is outside the \(tag) axis's "
            + "\(formatPoints(minimum)) to \(formatPoints(maximum)), so it is drawn at \(formatPoints(drawnAt))"
    }
}

/// One record of the families a named chain had to replace, for a single warning.
public struct StandInRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One missing family and what drew in its place (nil: nothing installed could).
    public struct Substitution: Sendable, Hashable, Codable {
        public let wanted: String
        public let used: String?
    }

    /// The named chain, e.g. "system-ios".
    public let chain: String
    public let substitutions: [Substitution]

    /// One line, e.g. `system-ios: SF Pro → DejaVu Sans, Apple Color Emoji → (none installed)`.
    public var description: String {
        let list = substitutions.map { "\($0.wanted) → \($0.used ?? "(none installed)")" }
        return "\(chain): " + list.joined(separator: ", ")
    }
}

/// Up to `limit` installed families spelled nearly as `query`, closest first, whatever the case and spaces
/// ("Dejavu sans", "DejaVu Snas"), or that begin with it ("DejaVu"): Spelling's rule, as for options and choices.
/// A family that is simply not installed ("SF Pro") has none.
func closestFamilies(to query: String, among names: [String], limit: Int = 5) -> [String] {
    closestMatches(to: query, in: names, limit: limit, comparing: normalizedFamily)
}
