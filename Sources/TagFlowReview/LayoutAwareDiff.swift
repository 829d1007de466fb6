import TagFlowImage
import TagFlowLayout

/// A pixel diff that knows the layouts behind both pictures, so that a tag that only moved is not a difference.
///
/// One inserted tag moves every tag after it; a plain pixel diff then marks everything below it. Here the golden is
/// first laid out again the new way: each element (tag, header, footer, more tag) that the layout diff pairs with one
/// of the same text, selection and size is copied from its old place to its new one, the places it left are
/// cleared to the background, and what lies outside every element stays where it was. Only then is it compared with
/// the new picture, so red marks what no move explains: the pixels of changed, added and removed elements, and any
/// pixel outside them that changed.
///
/// The verdict stays the plain pixel diff's; this explains it.
public enum LayoutAwareDiff {
    public struct Result: Sendable {
        /// The golden re-laid-out against the new picture; its image marks in red what no move explains.
        public var pixels: PixelDiff.Result
        /// Elements that moved and look as they did, in the new layout's points: drawn quietly on the image.
        public var movedFrames: [Rect]
    }

    /// Compares `golden` (drawn from `diff.old`) with `actual` (from `diff.new`), both at `scale` pixels a point, on a
    /// `background` the layouts leave bare.
    public static func compare(golden: RGBAImage, actual: RGBAImage, diff: LayoutDiff, scale: Double,
                               background: Colour, options: PixelDiff.Options) -> Result {
        let pairs = unchangedElements(diff)
        let moves = pairs.filter { $0.0 != $0.1 }
        let margin = max(1, Int(scale.rounded(.up)))
        var predicted: RGBAImage
        if golden.width == actual.width && golden.height == actual.height {
            predicted = golden
        } else {
            predicted = RGBAImage(width: actual.width, height: actual.height, fill: background)
            let whole = PixelRegion(x: 0, y: 0, width: golden.width, height: golden.height)
            copy(from: golden, whole, into: &predicted, dx: 0, dy: 0)
        }
        // The places old elements left are bare unless something is drawn there again. An element that stays where
        // it was, looking the same, is left as it is: elements never overlap, so nothing else lands on it.
        let staying = Set(pairs.filter { $0.0 == $0.1 }.map(\.0))
        for frame in frames(of: diff.old) where !staying.contains(frame) {
            let area = pixels(frame, scale: scale, margin: margin)
            predicted.fill(x: area.x, y: area.y, width: area.width, height: area.height, with: background)
        }
        var moved = [Rect]()
        for (old, new) in moves {
            let shift = offset(from: old, to: new, scale: scale)
            copy(from: golden, pixels(old, scale: scale, margin: margin), into: &predicted, dx: shift.dx, dy: shift.dy)
            moved.append(new)
        }
        var result = PixelDiff.compare(predicted, actual, options: options)
        if var image = result.image {
            for (old, new) in moves {
                explainSubpixelMove(from: old, to: new, golden: golden, actual: actual, scale: scale, margin: margin,
                                    fade: options.fade, in: &image)
            }
            for frame in moved { outline(pixels(frame, scale: scale, margin: margin), in: &image) }
            result.image = image
        }
        return Result(pixels: result, movedFrames: moved)
    }

    /// The quiet colour moved elements are outlined in.
    static let movedColour = Colour(red: 150, green: 180, blue: 230)

    /// A tag moved by a fraction of a pixel is drawn with its edges and glyphs anti-aliased a little differently. A
    /// pixel of it is explained by the move when its colour lies, channel by channel, within the range of the
    /// golden's 3×3 pixels around where it came from: what resampling a shifted picture gives. A new colour (another
    /// style, another glyph) lies outside that range, and stays red.
    static func explainSubpixelMove(from old: Rect, to new: Rect, golden: RGBAImage, actual: RGBAImage, scale: Double,
                                    margin: Int, fade: Double, in image: inout RGBAImage) {
        let area = pixels(new, scale: scale, margin: margin)
        let (dx, dy) = offset(from: old, to: new, scale: scale)
        let tolerance = 8
        let width = image.width, x0 = max(0, area.x), x1 = min(width, actual.width, area.x + area.width)
        let y0 = max(0, area.y), y1 = min(image.height, actual.height, area.y + area.height)
        guard x0 < x1, y0 < y1 else { return }
        golden.pixels.withUnsafeBufferPointer { goldenBytes in
            actual.pixels.withUnsafeBufferPointer { actualBytes in
                image.pixels.withUnsafeMutableBufferPointer { out in
                    for y in y0..<y1 {
                        for x in x0..<x1 {
                            let o = (y * width + x) * 4
                            // Only what the comparison marked: red changes and yellow anti-aliasing.
                            guard out[o] == 255, out[o + 2] == 0, out[o + 1] == 0 || out[o + 1] == 255 else { continue }
                            // The golden's 3×3 pixels around where this one came from, clipped to the golden.
                            let rows = max(0, y - dy - 1)..<min(golden.height, y - dy + 2)
                            let columns = max(0, x - dx - 1)..<min(golden.width, x - dx + 2)
                            guard !rows.isEmpty, !columns.isEmpty else { continue }
                            let a = (y * actual.width + x) * 4
                            var explained = true
                            for channel in 0..<4 where explained {
                                var low = 255, high = 0
                                for sy in rows {
                                    for sx in columns {
                                        let value = Int(goldenBytes[(sy * golden.width + sx) * 4 + channel])
                                        low = min(low, value)
                                        high = max(high, value)
                                    }
                                }
                                let value = Int(actualBytes[a + channel])
                                explained = value >= low - tolerance && value <= high + tolerance
                            }
                            guard explained else { continue }
                            PixelDiff.fadePixel(actualBytes.baseAddress! + a, fade: fade, into: out.baseAddress! + o)
                        }
                    }
                }
            }
        }
    }

    /// A one-pixel frame around `area`, clipped to the image, leaving red pixels red.
    static func outline(_ area: PixelRegion, in image: inout RGBAImage) {
        let x0 = max(0, area.x), y0 = max(0, area.y)
        let x1 = min(image.width, area.x + area.width), y1 = min(image.height, area.y + area.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = image.width, colour = movedColour
        image.pixels.withUnsafeMutableBufferPointer { out in
            func mark(_ x: Int, _ y: Int) {
                let o = (y * width + x) * 4
                guard !(out[o] == 255 && out[o + 1] == 0 && out[o + 2] == 0) else { return }
                out[o] = colour.red; out[o + 1] = colour.green; out[o + 2] = colour.blue; out[o + 3] = 255
            }
            for x in x0..<x1 { mark(x, y0); mark(x, y1 - 1) }
            for y in y0..<y1 { mark(x0, y); mark(x1 - 1, y) }
        }
    }

    /// How far an element moved, in whole pixels at `scale`.
    static func offset(from old: Rect, to new: Rect, scale: Double) -> (dx: Int, dy: Int) {
        (Int(((new.x - old.x) * scale).rounded()), Int(((new.y - old.y) * scale).rounded()))
    }

    /// Pairs of frames (old, new) of elements the layout diff pairs whose look did not change.
    static func unchangedElements(_ diff: LayoutDiff) -> [(Rect, Rect)] {
        let old = diff.old, new = diff.new
        var pairs = [(Rect, Rect)]()
        func pair(_ a: Rect?, _ b: Rect?, same: Bool) {
            guard same, let a, let b, !LayoutDiff.differsInSize(a, b) else { return }
            pairs.append((a, b))
        }
        for case let (o?, n?) in diff.sectionPairs {
            let before = old.sections[o], after = new.sections[n]
            pair(before.header, after.header, same: before.title == after.title)
            pair(before.footerFrame, after.footerFrame, same: before.footer == after.footer)
            pair(before.more?.frame, after.more?.frame, same: before.more?.text == after.more?.text)
            for (i, j) in diff.tagPairs(oldSection: o, newSection: n) {
                let a = before.tags[i], b = after.tags[j]
                let looksTheSame = a.text == b.text && a.displayText == b.displayText && a.isSelected == b.isSelected
                pair(a.frame, b.frame, same: looksTheSame)
            }
        }
        return pairs
    }

    /// The frame of every drawn element of a layout.
    static func frames(of layout: LayoutSnapshot) -> [Rect] { layout.sections.flatMap(\.elementFrames) }

    /// The pixels a frame covers at `scale`, grown by `margin` for anti-aliased edges.
    public static func pixels(_ frame: Rect, scale: Double, margin: Int) -> PixelRegion {
        let x0 = Int((frame.x * scale).rounded(.down)) - margin, y0 = Int((frame.y * scale).rounded(.down)) - margin
        let x1 = Int(((frame.x + frame.width) * scale).rounded(.up)) + margin
        let y1 = Int(((frame.y + frame.height) * scale).rounded(.up)) + margin
        return PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Copies `area` of `source` into `target`, moved by (`dx`, `dy`), clipped to both images.
    static func copy(from source: RGBAImage, _ area: PixelRegion, into target: inout RGBAImage, dx: Int, dy: Int) {
        let x0 = max(area.x, 0, -dx), x1 = min(area.x + area.width, source.width, target.width - dx)
        let y0 = max(area.y, 0, -dy), y1 = min(area.y + area.height, source.height, target.height - dy)
        guard x0 < x1, y0 < y1 else { return }
        let bytes = (x1 - x0) * 4
        source.pixels.withUnsafeBytes { from in
            target.pixels.withUnsafeMutableBytes { to in
                for y in y0..<y1 {
                    let start = (y * source.width + x0) * 4, end = ((y + dy) * target.width + x0 + dx) * 4
                    (to.baseAddress! + end).copyMemory(from: from.baseAddress! + start, byteCount: bytes)
                }
            }
        }
    }
}

extension LayoutSnapshot.Section {
    /// The frames of the section's drawn elements: its tags, header, footer and more tag.
    var elementFrames: [Rect] { tags.compactMap(\.frame) + [header, footerFrame, more?.frame].compactMap { $0 } }
}
