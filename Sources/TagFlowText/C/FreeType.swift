import CFreeType
import TagFlowLayout

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

    /// Opens face `index` of the file at `path`, from a mapping of the descriptor that was checked to be a regular
    /// file: FreeType's own open by path would wait forever on a FIFO.
    func openFace(path: String, index: Int) throws(FontError) -> FreeTypeFace {
        let opened = OpenedPath(path)
        if let error = opened.status.fontFileError(path: path) { throw error }
        guard let file = MappedFile(opened) else {
            throw .fontLoadFailed(path: path, index: index, code: FT_Error(FT_Err_Cannot_Open_Resource))
        }
        // An empty file maps to no address, which FreeType would take for a wrong argument.
        guard let base = file.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self) else {
            throw .fontLoadFailed(path: path, index: index, code: FT_Error(FT_Err_Unknown_File_Format))
        }
        let result: (FT_Error, FT_Face?) = library.withLock { lib in
            var face: FT_Face?
            let error = FT_New_Memory_Face(lib, base, FT_Long(file.bytes.count), FT_Long(index), &face)
            return (error, face)
        }
        guard result.0 == 0, let face = result.1 else {
            throw .fontLoadFailed(path: path, index: index, code: result.0)
        }
        return FreeTypeFace(face, file: file, library: self, path: path, index: index)
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
    private let file: MappedFile  // the face reads its bytes; unmapped only once the face is done
    let path: String
    let index: Int

    fileprivate init(_ face: FT_Face, file: MappedFile, library: FreeTypeLibrary, path: String, index: Int) {
        self.face = face
        self.file = file
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
    var ascender: Int {
        hasOutlineMetrics ? Int(face.pointee.ascender) : horizontalHeader.map { Int($0.Ascender) } ?? 0
    }
    var descender: Int {
        hasOutlineMetrics ? Int(face.pointee.descender) : horizontalHeader.map { Int($0.Descender) } ?? 0
    }

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
        guard error == 0 else { throw .fontTablesUnreadable(path: path, index: index, code: error) }
        var tables: [(tag: UInt32, bytes: [UInt8])] = []
        for i in 0..<count {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            error = FT_Sfnt_Table_Info(face, FT_UInt(i), &tag, &length)
            guard error == 0 else { throw .fontTablesUnreadable(path: path, index: index, code: error) }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            var loaded = length
            error = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &loaded) }
            guard error == 0 else { throw .fontTablesUnreadable(path: path, index: index, code: error) }
            tables.append((UInt32(tag), bytes))
        }
        return tables
    }
}

/// The FreeType errors a broken or unusual font file gives, in words; fterrdef.h lists every code.
private let freeTypeErrors: [Int32: String] = {
    let table: [(Int, String)] = [
        (FT_Err_Cannot_Open_Resource, "the file cannot be opened"),
        (FT_Err_Unknown_File_Format, "it is in no font format FreeType knows"),
        (FT_Err_Invalid_File_Format, "the file is broken"),
        (FT_Err_Invalid_Argument, "there is no such face in the file"),
        (FT_Err_Unimplemented_Feature, "it uses a feature this FreeType does not implement"),
        (FT_Err_Invalid_Table, "a table is broken"),
        (FT_Err_Invalid_Offset, "a table points outside itself"),
        (FT_Err_Array_Too_Large, "a table declares more entries than can be allocated"),
        (FT_Err_Missing_Module, "FreeType lacks the module for its format"),
        (FT_Err_Invalid_Glyph_Format, "its glyphs are in a format FreeType does not support"),
        (FT_Err_Invalid_Outline, "a glyph outline is broken"),
        (FT_Err_Invalid_Composite, "a composite glyph is broken"),
        (FT_Err_Out_Of_Memory, "FreeType ran out of memory"),
        (FT_Err_Invalid_Stream_Seek, "the file ends before data its tables point to"),
        (FT_Err_Invalid_Stream_Skip, "the file ends before data its tables point to"),
        (FT_Err_Invalid_Stream_Read, "the file ends before data its tables point to"),
        (FT_Err_Invalid_Stream_Operation, "the file ends before data its tables point to"),
        (FT_Err_Invalid_Frame_Operation, "the file ends before data its tables point to"),
        (FT_Err_Invalid_Frame_Read, "the file ends before data its tables point to"),
        (FT_Err_Table_Missing, "a table is missing"),
        (FT_Err_Horiz_Header_Missing, "the horizontal header (hhea) table is missing"),
        (FT_Err_Locations_Missing, "the glyph locations (loca) table is missing"),
        (FT_Err_Name_Table_Missing, "the name table is missing"),
        (FT_Err_CMap_Table_Missing, "the character map (cmap) table is missing"),
        (FT_Err_Hmtx_Table_Missing, "the horizontal metrics (hmtx) table is missing"),
        (FT_Err_Post_Table_Missing, "the PostScript (post) table is missing"),
        (FT_Err_Invalid_Horiz_Metrics, "the horizontal metrics are broken"),
        (FT_Err_Invalid_CharMap_Format, "a character map (cmap) is in a format FreeType does not know"),
        (FT_Err_Invalid_Vert_Metrics, "the vertical metrics are broken"),
        (FT_Err_Invalid_Post_Table_Format, "the PostScript (post) table is in a format FreeType does not know"),
        (FT_Err_Invalid_Post_Table, "the PostScript (post) table is broken"),
        (FT_Err_Corrupted_Font_Header, "the font header is corrupt"),
        (FT_Err_Corrupted_Font_Glyphs, "the glyph data is corrupt"),
    ]
    return Dictionary(table.map { (Int32($0.0), $0.1) }) { first, _ in first }
}()

/// FreeType error `code` in words, for a person to read; "an error FreeType has no words for here" for the rare ones.
func freeTypeErrorWords(_ code: Int32) -> String {
    freeTypeErrors[code] ?? "an error FreeType has no words for here"
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
        var vectors = (0..<count).map {
            FT_Vector(x: FT_Pos((xs[$0] * 64).rounded()), y: FT_Pos((ys[$0] * 64).rounded()))
        }
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
    private static func bound<Element>(_ raw: UnsafeMutableRawPointer,
                                       like field: UnsafeMutablePointer<Element>?) -> UnsafeMutablePointer<Element> {
        raw.assumingMemoryBound(to: Element.self)
    }
}
