import CCairo

/// What cairo refused, with the status it gave. Every cairo call that can fail is checked in this folder and
/// turned into one of these; nothing outside `Cairo/` sees a `cairo_status_t`.
public enum CairoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A surface of `width`×`height` (pixels for images, points for documents) could not be made.
    case surface(kind: String, width: Double, height: Double, status: String)
    /// A drawing context could not be made for a surface.
    case context(status: String)
    /// Drawing failed part way; cairo keeps the first error on the context.
    case drawing(status: String)
    /// A font face for the FreeType face `family` could not be made.
    case fontFace(family: String, status: String)
    /// Font options could not be made.
    case fontOptions(status: String)
    /// An SVG or PDF document could not be finished.
    case finish(kind: String, status: String)
    /// Cairo's pixel buffer did not match the surface's size.
    case unreadablePixels(reason: String)
    /// Pixels were asked of a surface that has none (a document surface), or whose data cairo withheld.
    case noPixels(kind: String)

    public var description: String {
        switch self {
        case let .surface(kind, width, height, status): "cannot make a \(width)×\(height) \(kind) surface: \(status)"
        case let .context(status): "cannot make a drawing context: \(status)"
        case let .drawing(status): "drawing failed: \(status)"
        case let .fontFace(family, status): "cannot use the font \(family): \(status)"
        case let .fontOptions(status): "cannot make font options: \(status)"
        case let .finish(kind, status): "cannot finish the \(kind) document: \(status)"
        case let .unreadablePixels(reason): "cannot read the drawn pixels: \(reason)"
        case let .noPixels(kind): "a \(kind) surface has no pixels to read"
        }
    }

    /// Cairo's own words for `status`.
    static func text(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}
