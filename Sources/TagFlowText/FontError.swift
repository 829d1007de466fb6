/// Why a font could not be resolved or the font stack could not start.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fontconfig substituted another family for this one; `suggestions` are the closest installed families.
    case familyNotFound(String, suggestions: [String])
    /// FreeType could not be initialised (the FreeType error code).
    case freeTypeInitFailed(Int32)
    /// Fontconfig could not load its configuration or font list.
    case fontconfigInitFailed
    /// Fontconfig matched a font file that FreeType or HarfBuzz could not open.
    case fontLoadFailed(path: String, index: Int, code: Int32)
    /// The size is not a finite positive number of points.
    case invalidSize(Double)

    public var description: String {
        switch self {
        case let .familyNotFound(family, suggestions):
            if suggestions.isEmpty { return "font family '\(family)' is not installed" }
            let list = suggestions.map { "'\($0)'" }.joined(separator: ", ")
            return "font family '\(family)' is not installed; closest installed families: \(list)"
        case let .freeTypeInitFailed(code):
            return "could not initialise FreeType (error \(code))"
        case .fontconfigInitFailed:
            return "could not load the fontconfig configuration"
        case let .fontLoadFailed(path, index, code):
            return "could not load font face \(index) of '\(path)' (error \(code))"
        case let .invalidSize(size):
            return "font size must be a positive number of points, got \(size)"
        }
    }
}
