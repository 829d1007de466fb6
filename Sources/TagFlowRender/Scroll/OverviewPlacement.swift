import TagFlowLayout

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
