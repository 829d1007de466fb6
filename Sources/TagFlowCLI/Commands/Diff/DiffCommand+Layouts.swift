import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// Two tags files, or two layout JSON files: what moved, in words, a picture or an animation.
extension DiffCommand {
    func diffLayouts(_ paths: [String], mode: Mode, console: Console) throws -> ExitStatus {
        let oldPath = paths[0], newPath = paths.count == 2 ? paths[1] : paths[0]
        if paths.count == 2 && oldPath == "-" && newPath == "-" { throw RunError.bothStandardInput }
        let picture = try self.output.map { path throws in
            try Self.picture(path, inputs: paths + [input.config, oldConfig, newConfig])
        }
        // Watching SIGINT from here, so an early Ctrl-C also stops an animation with 130.
        let interruption = picture?.isAnimation == true ? Interruption() : nil
        let compared = try layoutsToCompare(paths, mode: mode, console: console)
        let diff = LayoutDiff(old: compared.old, new: compared.new)
        let report = LayoutDiffReport(diff: diff)
        if case let .png(output)? = picture {
            try writeDiffPicture(diff, to: output, newSide: compared.sides?.new, console: console)
        }
        if let picture, picture.isAnimation, let sides = compared.sides, let interruption {
            try writeTransition(picture, old: sides.old, new: sides.new, diff: diff, names: (oldPath, newPath),
                                console: console, interruption: interruption)
        }
        printReport(report, picture: picture, console: console)
        return diff.isIdentical ? .success : .failure
    }

    /// The two layouts a diff compares, and the sides they were laid out from when they were laid out here from
    /// tags rather than read from layout JSON.
    private struct ComparedLayouts {
        let old: LayoutSnapshot
        let new: LayoutSnapshot
        let sides: (old: Side, new: Side)?
    }

    /// Reads the two layout JSON files, or lays out the tags of both sides.
    private func layoutsToCompare(_ paths: [String], mode: Mode, console: Console) throws -> ComparedLayouts {
        if case let .layoutJSON(oldJSON, newJSON) = mode {
            return ComparedLayouts(old: try LayoutSnapshotJSON.snapshot(oldJSON),
                                   new: try LayoutSnapshotJSON.snapshot(newJSON), sides: nil)
        }
        let oldPath = paths[0], newPath = paths.count == 2 ? paths[1] : paths[0]
        // Standard input can be read only once: one input read as "-" serves both sides.
        let oldLayout = try layout(oldPath, config: oldConfig, console: console)
        let newLayout = paths.count == 1 && oldPath == "-"
            ? try layout(oldLayout.document, config: newConfig, console: console, sharingWith: oldLayout)
            : try layout(newPath, config: newConfig, console: console, sharingWith: oldLayout)
        func snapshot(_ side: Side) throws -> LayoutSnapshot {
            LayoutSnapshot(side.layout,
                           fontFiles: FontRecords.identities(engine: side.engine, layout: side.layout,
                                                             style: try style.style(config: side.config)))
        }
        return ComparedLayouts(old: try snapshot(oldLayout), new: try snapshot(newLayout),
                               sides: (oldLayout, newLayout))
    }

    /// The diff's picture as a PNG at `output`, drawn with the new side's engine and style when there is one.
    private func writeDiffPicture(_ diff: LayoutDiff, to output: OutputPath, newSide: Side?,
                                  console: Console) throws {
        let textEngine = try newSide?.engine ?? LayoutInput.measurer(for: LayoutOptions(),
                                                                     fonts: input.fonts(config: ConfigFile()),
                                                                     caching: .shapedTexts).engine
        // Selected tags are drawn in the new side's style, as the text in its font; layout JSON carries no style.
        let style = try self.style.style(config: newSide?.config ?? ConfigFile())
        let png: [UInt8]
        do {
            // The tags in the new side's tag font, as it was measured; saved layouts carry no options.
            let picture = if let options = newSide?.layout.options {
                LayoutDiffImage(diff: diff, engine: textEngine, options: options, style: style)
            } else {
                LayoutDiffImage(diff: diff, engine: textEngine, style: style)
            }
            let scale = picture.drawnScale()
            if scale < 2 {
                console.warn("the diff picture of "
                             + "\(formatPoints(picture.size.width.rounded()))×"
                             + "\(formatPoints(picture.size.height.rounded())) "
                             + "pt is drawn at "
                             + "\(formatDecimal(scale)) px a point, not 2, to stay within cairo's "
                             + "\(Canvas.maxSide) px a side"
                             + (scale < 1 ? ", too small to read its tags; diff fewer tags, or read the "
                             + "table" : ""))
            }
            png = try picture.png()
        } catch {
            throw RunError.diffImageFailed(reason: "\(error)")
        }
        try output.write(png)
    }

    /// The report in the chosen format; as JSON, with where the picture and the transition went.
    private func printReport(_ report: LayoutDiffReport, picture: Picture?, console: Console) {
        switch format {
        case .text: console.out(report.text)
        case .markdown: console.out(report.markdown)
        case .json:
            var json = report.json
            if case var .object(members) = json {
                let image: String? = if case let .png(output)? = picture { output.path } else { nil }
                members.append(("diffImage", .optional(image)))
                if let picture, picture.isAnimation { members.append(("transition", .string(picture.path))) }
                json = .object(members)
            }
            console.out(json.rendered() + "\n")
        }
    }

    /// One side of a layout diff of tags: its layout, the engine that measured it with the fonts it was given, and
    /// the config it was read with.
    typealias Side = (layout: TagLayout, document: TagDocument, engine: TextEngine, fonts: FontSources,
                      config: ConfigFile)

    /// Lays out a tags file with one side's config: `--config` when that side has none of its own.
    private func layout(_ path: String, config: String?, console: Console,
                        sharingWith other: Side? = nil) throws -> Side {
        var side = input
        if let config { side.config = config }
        let loaded = try side.load(tagsPath: path)
        return try Self.layout(loaded, console: console, sharingWith: other)
    }

    /// Lays out an already read document with one side's config, for a single input on standard input.
    private func layout(_ document: TagDocument, config: String?, console: Console,
                        sharingWith other: Side) throws -> Side {
        let loaded = try input.loaded(document, config: ConfigFile.load(config))
        return try Self.layout(loaded, console: console, sharingWith: other)
    }

    /// Lays out with `other`'s text engine when `other` has the same fonts, so fontconfig's configuration is loaded
    /// once and the texts both sides hold are shaped once.
    private static func layout(_ loaded: LayoutInput.Loaded, console: Console,
                               sharingWith other: Side?) throws(RunError) -> Side {
        let engine: TextEngine
        if let other, other.fonts == loaded.fonts {
            engine = other.engine
        } else {
            engine = try LayoutInput.engine(fonts: loaded.fonts, caching: .shapedTexts)
        }
        let measured = try SceneLoader.layout(loaded, engine: engine, console: console)
        measured.warn(console)
        return (measured.layout, loaded.document, engine, loaded.fonts, loaded.config)
    }
}
