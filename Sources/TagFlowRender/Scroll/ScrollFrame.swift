import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowText

/// Which pictures each frame of a scroll shows.
public enum ScrollView: String, CaseIterable, Sendable {
    /// The whole content, scaled to fit, with the visible window and what the strategy returned.
    case overview
    /// What the phone shows at that offset: only the returned elements, clipped to the viewport.
    case device
    case both
}

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
