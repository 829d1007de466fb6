import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// One step of a scroll: an offset and each strategy's answer for the viewport there.
public struct ScrollFrame: Sendable {
    public let index: Int
    public let offset: Double
    public let visibleRect: Rect
    /// The part of the content the overview shows: all of it, or the window's neighbourhood on long content.
    public let overviewExtent: Rect
    /// One audit per strategy, in the order the strategies were given.
    public let audits: [QueryAudit]
}
