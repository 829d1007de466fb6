/// An element and the frame a query placed it at (a pinned header's frame moves with the viewport).
public struct LayoutElement: Hashable, Sendable {
    public var id: ElementID
    public var frame: Rect

    public init(id: ElementID, frame: Rect) {
        self.id = id
        self.frame = frame
    }
}
