/// Which kind of JSON file a key is missing from, which decides how to write it.
public enum JSONFileKind: Sendable {
    case tags
    case tagObject
    case layout
    case manifest
    case device
}
