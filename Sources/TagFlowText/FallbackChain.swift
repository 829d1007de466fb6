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
