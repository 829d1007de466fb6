import CFreeType

// Every FreeType call TagFlowText makes. Each handle is owned by one final class whose deinit releases it.

/// Owns the FT_Library. Faces keep it alive, so FT_Done_FreeType always runs after their FT_Done_Face.
final class FreeTypeLibrary: Sendable {
    // FT_New_Face and FT_Done_Face edit the library's face list; the mutex serialises them even when a face is
    // released on a render thread while another thread loads one.
    private let library: Locked<FT_Library>

    init() throws(FontError) {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        guard error == 0, let lib else { throw .freeTypeInitFailed(error) }
        library = Locked(lib)
    }

    /// Opens face `index` of the file at `path`.
    func openFace(path: String, index: Int) throws(FontError) -> FreeTypeFace {
        let result: (FT_Error, FT_Face?) = library.withLock { lib in
            var face: FT_Face?
            let error = FT_New_Face(lib, path, FT_Long(index), &face)
            return (error, face)
        }
        guard result.0 == 0, let face = result.1 else {
            throw .fontLoadFailed(path: path, index: index, code: result.0)
        }
        return FreeTypeFace(face, library: self, path: path, index: index)
    }

    fileprivate func doneFace(_ face: FT_Face) {
        library.withLock { _ in _ = FT_Done_Face(face) }
    }

    deinit {
        library.withLock { _ = FT_Done_FreeType($0) }
    }
}

/// Owns one FT_Face.
final class FreeTypeFace: @unchecked Sendable {
    // @unchecked: the face is only read here while it is loaded; afterwards it is handed out through
    // `FontFace.withFTFace`, whose callers (cairo) serialise their own use of it.
    fileprivate let face: FT_Face
    private let library: FreeTypeLibrary  // outlives the face
    let path: String
    let index: Int

    fileprivate init(_ face: FT_Face, library: FreeTypeLibrary, path: String, index: Int) {
        self.face = face
        self.library = library
        self.path = path
        self.index = index
    }

    deinit { library.doneFace(face) }

    /// Design units per em. FreeType gives none for faces of bitmaps only (Noto Color Emoji), so theirs is read
    /// from the head table; 1000 keeps the arithmetic finite for a face with neither.
    var unitsPerEm: Int {
        if hasOutlineMetrics { return Int(face.pointee.units_per_EM) }
        guard let head = sfntTable(FT_SFNT_HEAD, as: TT_Header.self), head.Units_Per_EM > 0 else { return 1000 }
        return Int(head.Units_Per_EM)
    }

    /// The line's ascender and descender in design units. FreeType leaves them 0 for faces of bitmaps only, whose
    /// glyphs would then seem to take no height: theirs are read from the hhea table.
    var ascender: Int { hasOutlineMetrics ? Int(face.pointee.ascender) : horizontalHeader.map { Int($0.Ascender) } ?? 0 }
    var descender: Int { hasOutlineMetrics ? Int(face.pointee.descender) : horizontalHeader.map { Int($0.Descender) } ?? 0 }

    /// Whether FreeType filled in the face's metrics, as it does for faces with outlines.
    private var hasOutlineMetrics: Bool { face.pointee.units_per_EM > 0 }
    private var horizontalHeader: TT_HoriHeader? { sfntTable(FT_SFNT_HHEA, as: TT_HoriHeader.self) }

    private func sfntTable<Table>(_ tag: FT_Sfnt_Tag, as type: Table.Type) -> Table? {
        FT_Get_Sfnt_Table(face, tag).map { $0.assumingMemoryBound(to: Table.self).pointee }
    }

    /// Whether the face has colour glyphs (COLR/CPAL, CBDT, sbix): a renderer must load them with FT_LOAD_COLOR.
    var hasColorGlyphs: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }

    /// The head table's fontRevision (16.16 fixed), e.g. 1.5; nil for faces without one.
    var fontRevision: Double? {
        sfntTable(FT_SFNT_HEAD, as: TT_Header.self).map { Double($0.Font_Revision) / 65536 }
    }

    /// Every sfnt table of the face, tag and bytes, in the order FreeType lists them (unpacked from WOFF/WOFF2).
    func sfntTables() throws(FontError) -> [(tag: UInt32, bytes: [UInt8])] {
        var count: FT_ULong = 0
        // With a nil tag pointer, FT_Sfnt_Table_Info stores the table count in `length`.
        var error = FT_Sfnt_Table_Info(face, 0, nil, &count)
        guard error == 0 else { throw .fontLoadFailed(path: path, index: index, code: error) }
        var tables: [(tag: UInt32, bytes: [UInt8])] = []
        for i in 0..<count {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            error = FT_Sfnt_Table_Info(face, FT_UInt(i), &tag, &length)
            guard error == 0 else { throw .fontLoadFailed(path: path, index: index, code: error) }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            var loaded = length
            error = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &loaded) }
            guard error == 0 else { throw .fontLoadFailed(path: path, index: index, code: error) }
            tables.append((UInt32(tag), bytes))
        }
        return tables
    }
}

extension FontFace {
    /// Gives `body` the FreeType face, e.g. for `cairo_ft_font_face_create_for_ft_face`.
    ///
    /// The face lives as long as this object: whoever keeps a cairo font face built on it must keep this object
    /// alive too. Do not change the face's size or transform outside cairo, which locks the face around its own use.
    /// Load the glyphs of a face whose `isColor` is true with FT_LOAD_COLOR.
    package func withFTFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try body(freeType.face)
    }
}

extension OutlinePoints {
    /// The outline thickened by `strength` font units as FreeType thickens a glyph (`FT_Outline_EmboldenXY`, which
    /// `FT_GlyphSlot_Embolden` applies): each edge moves out by half of it, and the whole by half of it right and up,
    /// so the left and bottom edges stay and the outline grows by `strength` to the right and up. Worked in 1/64
    /// units; an outline FreeType cannot hold (past 32,767 points) comes back as it was.
    func emboldened(by strength: Double) -> OutlinePoints {
        let count = xs.count
        guard count > 0, count <= Int(Int16.max), contourEnds.count <= Int(Int16.max) else { return self }
        var vectors = (0..<count).map { FT_Vector(x: FT_Pos((xs[$0] * 64).rounded()), y: FT_Pos((ys[$0] * 64).rounded())) }
        var tags = kinds.map { kind -> CChar in
            switch kind {
            case .on: CChar(FT_CURVE_TAG_ON)
            case .quadraticControl: CChar(FT_CURVE_TAG_CONIC)
            case .cubicControl: CChar(FT_CURVE_TAG_CUBIC)
            }
        }
        var ends = contourEnds.map { Int16($0) }
        let strength64 = FT_Pos((strength * 64).rounded())
        let error = vectors.withUnsafeMutableBufferPointer { points in
            tags.withUnsafeMutableBufferPointer { tags in
                ends.withUnsafeMutableBufferPointer { ends in
                    // Counts and contour ends are 16-bit, signed before FreeType 2.13.3 and unsigned after: the values
                    // fit both, so they are set by the fields' own types.
                    var outline = FT_Outline()
                    outline.n_contours = numericCast(ends.count)
                    outline.n_points = numericCast(points.count)
                    outline.points = points.baseAddress
                    outline.tags = tags.baseAddress
                    outline.contours = Self.bound(UnsafeMutableRawPointer(ends.baseAddress!), like: outline.contours)
                    return FT_Outline_EmboldenXY(&outline, strength64, strength64)
                }
            }
        }
        guard error == 0 else { return self }
        var result = self
        result.xs = vectors.map { Double($0.x) / 64 }
        result.ys = vectors.map { Double($0.y) / 64 }
        return result
    }

    /// `raw` as a pointer of the type `field` has.
    private static func bound<Element>(_ raw: UnsafeMutableRawPointer, like field: UnsafeMutablePointer<Element>?) -> UnsafeMutablePointer<Element> {
        raw.assumingMemoryBound(to: Element.self)
    }
}
