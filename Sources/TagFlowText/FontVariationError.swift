/// Why a font variation setting could not be read.
public enum FontVariationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting is not of the form `tag=number`.
    case malformed(String)
    /// The tag is not one to four printable ASCII characters.
    case invalidTag(String)
    /// The value is not a finite number.
    case invalidValue(tag: String, value: String)

    public var description: String {
        switch self {
        case let .malformed(setting):
            "font variation '\(setting)' is not of the form tag=number, e.g. wght=590"
        case let .invalidTag(tag):
            "font variation axis '\(tag)' is not a tag of one to four letters, e.g. wght"
        case let .invalidValue(tag, value):
            "font variation \(tag) has value '\(value)', which is not a number"
        }
    }
}
