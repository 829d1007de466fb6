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

/// Where a column's overview puts the content, in frame pixels.
struct OverviewPlacement {
    /// The overview's top-left corner in the frame, in points.
    let origin: Point
    /// The content point at that corner.
    let extentOrigin: Point
    let overviewScale: Double
    /// Device pixels per frame point.
    let scale: Double

    /// Device pixels per content point.
    var pixelsPerPoint: Double { overviewScale * scale }

    /// The frame pixels that content points `rect` touch, with one more on every side for antialiasing.
    func box(_ rect: Rect) -> PixelBox {
        func pixel(_ value: Double, _ start: Double, _ corner: Double) -> Double {
            scale * (corner + overviewScale * (value - start))
        }
        return PixelBox(minX: Int(pixel(rect.minX, extentOrigin.x, origin.x).rounded(.down)) - 1,
                        minY: Int(pixel(rect.minY, extentOrigin.y, origin.y).rounded(.down)) - 1,
                        maxX: Int(pixel(rect.maxX, extentOrigin.x, origin.x).rounded(.up)) + 1,
                        maxY: Int(pixel(rect.maxY, extentOrigin.y, origin.y).rounded(.up)) + 1)
    }

    /// The pixels `element`'s ink can reach drawn `as` an appearance at its frame.
    func inkBox(of element: LayoutElement, as appearance: Appearance, in scene: Scene) -> PixelBox {
        box(scene.inkBounds(of: element.id, frame: element.frame, as: appearance, pixelsPerPoint: pixelsPerPoint))
    }

    /// The tags among `elements`, all drawn `as` an appearance at their frames, whose ink no other element's can reach.
    func isolatedTags(_ elements: [LayoutElement], as appearance: Appearance,
                      in scene: Scene) -> [ElementID: (frame: Rect, box: PixelBox)] {
        let boxes = elements.map { inkBox(of: $0, as: appearance, in: scene) }
        var isolated = Array(repeating: true, count: elements.count)
        // Sweep down the boxes by their tops: a box can meet only those that start above its bottom.
        let order = boxes.indices.sorted { boxes[$0].minY < boxes[$1].minY }
        for (rank, index) in order.enumerated() {
            for other in order[(rank + 1)...] {
                guard boxes[other].minY < boxes[index].maxY else { break }
                if boxes[index].intersects(boxes[other]) {
                    isolated[index] = false
                    isolated[other] = false
                }
            }
        }
        var tags: [ElementID: (frame: Rect, box: PixelBox)] = [:]
        for (index, element) in elements.enumerated() where isolated[index] && element.id.isDrawnAsCell {
            tags[element.id] = (element.frame, boxes[index])
        }
        return tags
    }
}
