import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText

/// Pixel diff of two 2000×2000 renders: tagflow beside ImageMagick's `compare`, on the same pair in the same run.
enum DiffBenchmarks {
    static let side = 2000

    static let group = BenchmarkGroup(
        name: "diff",
        summary: "pixel diff of two 2000×2000 renders, tagflow against ImageMagick compare",
        run: run)

    static func run(_ report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-bench-diff-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // Old and new differ as a pull request would: one tag renamed, so every later tag on its line moves.
        var tags = RenderBenchmarks.tagTexts()
        let (old, oldLayout) = try render(tags)
        tags[5] = "Renamed tag"
        let (new, newLayout) = try render(tags)
        let oldPath = folder.appendingPathComponent("old.png").path
        let newPath = folder.appendingPathComponent("new.png").path
        try Data(PNGEncoder().encode(old)).write(to: URL(fileURLWithPath: oldPath))
        try Data(PNGEncoder().encode(new)).write(to: URL(fileURLWithPath: newPath))

        let differing = inProcessRows(&report, old: old, new: new, oldLayout: oldLayout, newLayout: newLayout)
        try wholeProcessRows(&report, folder: folder, oldPath: oldPath, newPath: newPath)
    }

    /// The pixel diff, the layout diff and the explained diff in process; returns how many pixels differ.
    static func inProcessRows(_ report: inout Report, old: RGBAImage, new: RGBAImage, oldLayout: LayoutSnapshot,
                              newLayout: LayoutSnapshot) -> Int {
        let size = "\(side)×\(side), one tag renamed"
        var differing = 0
        let inProcess = medianSeconds {
            differing = PixelDiff.compare(old, new, options: PixelDiff.Options()).differentPixels
        }
        report.row("PixelDiff.compare, in process", size: size, time: inProcess, rate: "\(differing) px differ")

        // What verify adds for a golden whose layout was recorded: the picture that marks only what no move explains,
        // against the plain diff picture it makes anyway.
        var withImageOptions = PixelDiff.Options()
        withImageOptions.makeImage = true
        let plainImage = medianSeconds { _ = PixelDiff.compare(old, new, options: withImageOptions) }
        report.row("PixelDiff.compare with its picture, in process", size: size, time: plainImage, rate: "")
        var moved = 0
        let layoutDiff = medianSeconds { moved = LayoutDiff(old: oldLayout, new: newLayout).moved.count }
        let tagCount = newLayout.sections[0].tags.count
        report.row("LayoutDiff of the two layouts, in process", size: "\(tagCount) tags", time: layoutDiff,
                   rate: "\(moved) moved")
        var explainedImage: RGBAImage?
        let explained = medianSeconds {
            let diff = LayoutDiff(old: oldLayout, new: newLayout)
            explainedImage = LayoutAwareDiff.compare(golden: old, actual: new, diff: diff, scale: 2,
                                                     background: Colour(0xffffff),
                                                     options: withImageOptions).pixels.image
        }
        let unexplained = explainedImage.map { image in
            image.pixels.withUnsafeBufferPointer { bytes in
                stride(from: 0, to: bytes.count, by: 4).count {
                    bytes[$0] == 255 && bytes[$0 + 1] == 0 && bytes[$0 + 2] == 0
                }
            }
        } ?? 0
        report.row("LayoutAwareDiff.compare with its picture, in process", size: size, time: explained,
                   rate: "\(unexplained) px red, of \(differing) differing")
        let cost = explained / plainImage
        report.row("explained diff against the plain one", size: "with pictures",
                   rate: "\(formatSignificant(cost))× the time",
                   bar: Bar(target: "≤ 2×", isMet: cost <= 2))
        return differing
    }

    /// `tagflow diff` and ImageMagick's `compare` on the same pair, as whole processes.
    static func wholeProcessRows(_ report: inout Report, folder: URL, oldPath: String, newPath: String) throws {
        let size = "\(side)×\(side), one tag renamed"
        let tagflow = try tagflowExecutable()
        let whole = try medianSeconds { try runProgram(tagflow, ["diff", oldPath, newPath], accepting: 0...1) }
        report.row("tagflow diff, whole process", size: size, time: whole, rate: "")
        let withImage = try medianSeconds {
            try runProgram(tagflow,
                           ["diff", oldPath, newPath, "-o", folder.appendingPathComponent("tagflow-diff.png").path],
                           accepting: 0...1)
        }
        report.row("tagflow diff -o diff.png, whole process", size: size, time: withImage, rate: "")

        guard let compare = executable(named: "compare") else {
            report.row("ImageMagick compare", size: size,
                       rate: "skipped: no compare on PATH (apt-get install imagemagick)")
            return
        }
        let magick = try medianSeconds {
            try runProgram(compare, ["-metric", "AE", oldPath, newPath, "null:"], accepting: 0...1)
        }
        report.row("ImageMagick compare -metric AE, whole process", size: size, time: magick, rate: "")
        let magickImage = try medianSeconds {
            try runProgram(compare,
                           ["-metric", "AE", oldPath, newPath, folder.appendingPathComponent("magick-diff.png").path],
                           accepting: 0...1)
        }
        report.row("ImageMagick compare with a diff image, whole process", size: size, time: magickImage, rate: "")
        let speedup = magick / whole
        report.row("tagflow diff against compare", size: "no diff image", rate: "\(formatSignificant(speedup))× faster",
                   bar: Bar(target: "faster", isMet: speedup > 1))
    }

    /// A `side`×`side` picture of `tags`, 1000 pt wide at scale 2 and cut to `side` rows, and its layout.
    static func render(_ tags: [String]) throws -> (RGBAImage, LayoutSnapshot) {
        let engine = try TextEngine()
        var options = LayoutOptions()
        options.width = Double(side) / 2
        let measurer = try Measurer(engine: engine, options: options)
        let document = TagDocument(sections: [TagSection(tags: tags.map { Tag($0) })])
        let scene = try Scene(layout: try TagLayout(document: document, options: options, measurer: measurer),
                              engine: engine, style: .light)
        let image = try ContentRenderer(scene: scene).image(scale: 2)
        guard image.width == side, image.height >= side else {
            throw BenchmarkError("the render is \(image.width)×\(image.height), not at least \(side)²")
        }
        let cut = try RGBAImage(width: side, height: side, pixels: Array(image.pixels.prefix(side * side * 4)))
        return (cut, LayoutSnapshot(scene.layout))
    }
}
