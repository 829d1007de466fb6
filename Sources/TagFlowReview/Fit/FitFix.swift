import TagFlowLayout

/// The smallest change that makes a finding go away, where one exists.
public struct FitFix: Sendable, Equatable {
    /// The least viewport width, in whole points, at which the tag fits.
    public var width: Double?
    /// The largest text size, below the variant's, at which the finding is gone.
    public var contentSize: ContentSizeCategory?
    /// The cell height the text needs.
    public var itemHeight: Double?

    public init(width: Double? = nil, contentSize: ContentSizeCategory? = nil, itemHeight: Double? = nil) {
        self.width = width
        self.contentSize = contentSize
        self.itemHeight = itemHeight
    }

    public var isEmpty: Bool { width == nil && contentSize == nil && itemHeight == nil }
}
