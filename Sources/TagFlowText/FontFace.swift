import CFreeType

/// One face of one font file, loaded once per engine and shared by every run it draws.
///
/// Holds the FreeType face a renderer needs to build a cairo font face, plus the vertical metrics for centring.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    // @unchecked: every stored property is immutable after init. The FT_Face is only handed out through
    // `withFTFace`, whose callers (cairo) serialise their own use of it; the engine never touches it after loading.

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

    private let face: FT_Face
    private let library: FreeTypeLibrary  // outlives the face: FT_Done_Face must precede FT_Done_FreeType

    init(library: FreeTypeLibrary, path: String, index: Int, family: String) throws(FontError) {
        let face = try library.newFace(path: path, index: index)
        self.face = face
        self.library = library
        self.path = path
        self.index = index
        self.family = family
        let rec = face.pointee
        // Bitmap-only faces report zero units per em; 1000 keeps the arithmetic finite.
        unitsPerEm = rec.units_per_EM > 0 ? Int(rec.units_per_EM) : 1000
        ascender = Int(rec.ascender)
        descender = Int(rec.descender)
    }

    deinit { library.doneFace(face) }

    /// Gives `body` the FreeType face, e.g. for `cairo_ft_font_face_create_for_ft_face`.
    ///
    /// The face lives as long as this object: whoever keeps a cairo font face built on it must keep this object
    /// alive too. Do not change the face's size or transform outside cairo, which locks the face around its own use.
    package func withFTFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try body(face)
    }

    /// The ascent at `size` points, positive above the baseline.
    public func ascent(at size: Double) -> Double {
        Double(ascender) * size / Double(unitsPerEm)
    }

    /// The descent at `size` points, positive below the baseline.
    public func descent(at size: Double) -> Double {
        -Double(descender) * size / Double(unitsPerEm)
    }

    public var description: String { "\(family) (\(path)#\(index))" }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
