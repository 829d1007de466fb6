/// How a shell completes a value.
enum Completion: Equatable, Sendable {
    case none
    /// One of these words.
    case choices([String])
    /// A file whose name ends in one of these extensions; directories are offered too, to walk into.
    case files(extensions: [String])
    /// Any file or directory.
    case anyPath
}
