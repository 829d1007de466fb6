/// One face of one font file, loaded once per engine and shared by every run it draws.
///
/// Holds the FreeType face a renderer needs to build a cairo font face, plus the vertical metrics for centring.
/// `path` and `index` name the face on disk, so a renderer can also load it itself.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked: every stored property is immutable after init, and the FreeType face is only handed out through
    // `withFTFace`, whose callers (cairo) serialise their own use of it.

    /// The family name fontconfig reports for the face (its English name when it has several).
    public let family: String
    /// The font file.
    public let path: String
    /// The face index inside the file (non-zero for collections such as `.ttc`).
    public let index: Int
    /// Design units per em.
    public let unitsPerEm: Int
    /// Distance from the baseline to the top of the face, in design units (positive).
    public let ascender: Int
    /// Distance from the baseline to the bottom of the face, in design units (negative below the baseline).
    public let descender: Int
    /// Whether the face draws in colour (emoji: CBDT, COLR, sbix): load its glyphs in colour (FreeType's LOAD_COLOR
    /// flag).
    public let isColor: Bool

    let freeType: FreeTypeFace
    /// The head table's fontRevision, read at load time so that no later query touches a face cairo may be using.
    let fontRevision: Double?

    init(freeType: FreeTypeFace, family: String) {
        self.freeType = freeType
        path = freeType.path
        index = freeType.index
        self.family = family
        unitsPerEm = freeType.unitsPerEm
        ascender = freeType.ascender
        descender = freeType.descender
        isColor = freeType.hasColorGlyphs
        fontRevision = freeType.fontRevision
    }

    /// The ascent at `size` points, positive above the baseline.
    public func ascent(at size: Double) -> Double {
        Double(ascender) * size / Double(unitsPerEm)
    }

    /// The descent at `size` points, positive below the baseline.
    public func descent(at size: Double) -> Double {
        -Double(descender) * size / Double(unitsPerEm)
    }

    /// The height of a line at `size` points: ascent plus descent, as `UIFont.lineHeight` is for fonts with no
    /// line gap.
    public func lineHeight(at size: Double) -> Double {
        ascent(at: size) + descent(at: size)
    }

    public var description: String { "\(family) (\(path)#\(index))" }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
