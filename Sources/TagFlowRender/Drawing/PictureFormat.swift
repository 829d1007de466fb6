/// What a picture becomes.
public enum PictureFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    /// The format an output path's extension names, if any.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}
