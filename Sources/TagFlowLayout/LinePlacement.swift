/// Where a line's first tag starts and the gap between tags, from the alignment and direction.
struct LinePlacement {
    /// Distance from the line's leading edge to its first tag.
    var lead: Double
    var gap: Double

    /// - Parameters:
    ///   - available: the room the line has; `used` of it is taken by tags and the minimum spacing between them.
    init(alignment: Alignment, direction: Direction, available: Double, spacing: Double, used: Double, count: Int,
         isLastLine: Bool) {
        let leftover = Swift.max(0, available - used)
        let ltr = direction == .ltr
        gap = spacing
        switch alignment {
        case .leading: lead = 0
        case .trailing: lead = leftover
        case .left: lead = ltr ? 0 : leftover
        case .right: lead = ltr ? leftover : 0
        case .center: lead = leftover / 2
        case .justified:
            lead = 0
            if count >= 2 && !isLastLine { gap += leftover / Double(count - 1) }
        }
    }
}
