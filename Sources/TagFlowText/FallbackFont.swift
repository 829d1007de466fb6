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
