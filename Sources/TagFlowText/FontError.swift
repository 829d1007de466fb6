/// Why a font could not be resolved or the font stack could not start.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fontconfig substituted another family for this one; `suggestions` are the closest installed families.
    case familyNotFound(String, suggestions: [String])
    /// None of the families of a list (`"SF Pro Text, PingFang SC"`) is installed; `suggestions` are the installed
    /// families closest to the first.
    case noFamilyOfListFound(String, families: [String], suggestions: [String])
    /// FreeType could not be initialised (the FreeType error code).
    case freeTypeInitFailed(Int32)
    /// Fontconfig could not load its configuration or font list.
    case fontconfigInitFailed
    /// The fontconfig configuration file could not be read, or its fonts could not be scanned.
    case configurationFileFailed(path: String)
    /// Fontconfig matched a font file that FreeType or HarfBuzz could not open: `code` is FreeType's error, or -1
    /// for HarfBuzz.
    case fontLoadFailed(path: String, index: Int, code: Int32)
    /// FreeType opened the face but could not load the tables its table directory lists (a directory that claims
    /// 65,535 tables, say); `code` is FreeType's error.
    case fontTablesUnreadable(path: String, index: Int, code: Int32)
    /// A font file or folder given to the engine, a file in such a folder (`folder`), or the configuration file is
    /// a FIFO, socket or device (`kind`, e.g. "a FIFO"): reading one can wait forever for a writer, so none is read.
    case notARegularFile(path: String, kind: String, folder: String?)
    /// A font file given to the engine does not exist.
    case fontFileNotFound(path: String)
    /// A font file or folder given to the engine exists but cannot be read (permissions).
    case fontFileUnreadable(path: String)
    /// A font file given to the engine holds no face FreeType can read.
    case notAFont(path: String)
    /// A font file given to the engine is a folder.
    case fontFileIsAFolder(path: String)
    /// A font folder given to the engine is a file.
    case fontDirectoryIsAFile(path: String)
    /// A font folder given to the engine holds no font fontconfig loads (none, or none its configuration accepts).
    case noFontsInDirectory(path: String)
    /// A font folder given to the engine does not exist, or is not a folder.
    case fontDirectoryNotFound(path: String)
    /// A variation names an axis the requested font does not have; `available` lists the axes it has.
    case unknownAxis(String, family: String, available: [String])
    /// The size is not a finite positive number of points.
    case invalidSize(Double)
    /// The tracking is not a finite number of points.
    case invalidTracking(Double)
    /// A layout's `fontVariations` setting does not parse.
    case invalidVariations(String, reason: FontVariationError)

    public var description: String {
        switch self {
        case let .familyNotFound(family, suggestions):
            if suggestions.isEmpty { return "font family '\(family)' is not installed" }
            let list = suggestions.map { "'\($0)'" }.joined(separator: ", ")
            return "font family '\(family)' is not installed; closest installed families: \(list)"
        case let .noFamilyOfListFound(list, _, suggestions):
            let closest = suggestions.isEmpty
                ? ""
                : "; closest installed families to the first: " + suggestions.map { "'\($0)'" }.joined(separator: ", ")
            return "none of the font families '\(list)' is installed" + closest
        case let .freeTypeInitFailed(code):
            return "could not initialise FreeType (error \(code))"
        case .fontconfigInitFailed:
            return "could not load the fontconfig configuration"
        case let .configurationFileFailed(path):
            return "could not load the fontconfig configuration file '\(path)'"
        case let .fontLoadFailed(path, index, code) where code < 0:
            return "HarfBuzz could not read font face \(index) of '\(path)'" + Self.checkTheFile
        case let .fontLoadFailed(path, index, code):
            return "FreeType could not read font face \(index) of '\(path)': \(freeTypeErrorWords(code)) "
                + "(FreeType error \(code))" + Self.checkTheFile
        case let .fontTablesUnreadable(path, index, code):
            return "FreeType could not read the tables that the table directory of '\(path)' (face \(index)) lists: "
                + "\(freeTypeErrorWords(code)) (FreeType error \(code))" + Self.checkTheFile
        case let .notARegularFile(path, kind, folder?):
            return "'\(path)' in the font folder '\(folder)' is \(kind), not a regular file"
        case let .notARegularFile(path, kind, nil):
            return "'\(path)' is \(kind), not a regular file"
        case let .fontFileNotFound(path):
            return "font file '\(path)' does not exist"
        case let .fontFileUnreadable(path):
            return "font file '\(path)' cannot be read (check its permissions)"
        case let .notAFont(path):
            return "'\(path)' is not a font file FreeType can read (OpenType, TrueType, collections, WOFF, WOFF2)"
        case let .fontDirectoryNotFound(path):
            return "font folder '\(path)' does not exist"
        case let .fontFileIsAFolder(path):
            return "'\(path)' is a folder, not a font file"
        case let .fontDirectoryIsAFile(path):
            return "'\(path)' is a file, not a folder of fonts"
        case let .noFontsInDirectory(path):
            return "font folder '\(path)' holds no font that fontconfig loads"
        case let .unknownAxis(axis, family, available):
            if available.isEmpty { return "font '\(family)' is not a variable font, so it has no '\(axis)' axis" }
            return "font '\(family)' has no '\(axis)' axis; its axes: \(available.joined(separator: ", "))"
        case let .invalidSize(size):
            return "font size must be a positive number of points, got \(size)"
        case let .invalidTracking(tracking):
            return "tracking must be a finite number of points, got \(tracking)"
        case let .invalidVariations(settings, reason):
            return "font variations '\(settings)': \(reason)"
        }
    }

    /// What to look at when a font file that fontconfig accepted cannot be read after all.
    private static let checkTheFile = "; check the file: it should be a complete TrueType or OpenType font (TTF, OTF, "
        + "TTC, WOFF, WOFF2), not cut off by a download or copy, and not another format renamed to a font's name"
}

extension PathStatus {
    /// Why the font file at `path`, found to be this, cannot be read; nil for a regular file.
    func fontFileError(path: String) -> FontError? {
        switch self {
        case .file: nil
        case .missing: .fontFileNotFound(path: path)
        case .unreadable: .fontFileUnreadable(path: path)
        case .directory: .fontFileIsAFolder(path: path)
        case let .special(kind): .notARegularFile(path: path, kind: kind, folder: nil)
        }
    }
}
