import TagFlowLayout

/// A whole-content overview's tags as a frame at one scale draws them, drawn once for every frame of a column to copy.
///
/// The overview does not move from frame to frame: only which elements are drawn, and how, changes. Every tag and
/// more tag is drawn once in each appearance a frame copies, over the backdrop, and a frame copies a tag it draws so
/// when no other element's ink can reach the tag's pixels, neither in that drawing nor in the frame: then those
/// pixels hold the backdrop and the tag alone in both.
struct OverviewCells: @unchecked Sendable {
    // @unchecked: made once under a lock and only read after; cairo lets many threads read an image surface as a
    // source.

    /// Every element drawn in one appearance over the backdrop, and the tags in it that can be copied.
    struct Layer {
        /// The frame pixels from the cells' corner.
        let pixels: CairoSurface
        /// The tags no other element's ink reaches here: their layout frames, and the frame pixels their ink can reach.
        let copyable: [ElementID: (frame: Rect, box: PixelBox)]
    }

    /// The appearances a column's frames copy tags in: a tag as the phone shows it, and, unless the strategy is
    /// exact, a returned tag outside the window.
    static func appearances(for strategy: QueryStrategy) -> [Appearance] {
        strategy.isExact ? [.normal] : [.normal, .extra]
    }

    /// The frame pixel at the layers' top-left corner.
    let x: Int
    let y: Int
    let layers: [Appearance: Layer]
}
