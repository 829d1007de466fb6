import Foundation
import TagFlowReview
import TagFlowImage
import TagFlowRender
import TagFlowPipeline


/// Writes frames to their destination, rendered in parallel and written in order.
struct FrameWriter<Source: FrameSource> {
    let source: Source
    let scale: Double
    let fps: Double
    let pipeline: OrderedPipeline
    let console: Console
    let quiet: Bool
    /// Watching SIGINT from the command's start, so an early Ctrl-C also exits with 130.
    let interruption: Interruption
    /// How PNG frames, APNGs and sheets are deflated.
    var pngCompression = PNGEncoder.Compression.fast

    private var frameCount: Int { source.frameCount }

    /// Numbered frames and frames.json.
    ///
    /// frames.json is streamed as frames finish, so memory does not grow with the number of frames. Whatever stops
    /// the run — a signal, or a frame that cannot be written (a full disk) — the folder is left consistent: the
    /// frames finished so far, numbered from 1, and a frames.json that lists exactly them with `"complete": false`.
    /// Disk space for frames.json's next entry and its ending is set aside before each frame is written, so a
    /// full disk can always be recorded.
    func writeFolder(_ path: String, format: FrameFormat, sourceName: String) throws {
        _ = try source.pixelSize(scale: scale)  // refuses frames too large before anything is written
        try FrameFolder.create(path)
        let manifest = try AtomicFile.Writer(path: (path as NSString).appendingPathComponent("frames.json"))
        let source = self.source, scale = self.scale
        // The header hashes the font files, which takes a large collection a while: it is made beside the first frames.
        let header = BackgroundValue { source.manifestHeader(scale: scale, sourceName: sourceName) }
        var headerWritten = false
        func writeHeader() throws {
            guard !headerWritten else { return }
            try manifest.write(Array(("{\n" + header.value.map { "  \(JSONOutput.quote($0.0)): "
                + "\($0.1.rendered(indent: "  "))" }
                .joined(separator: ",\n") + ",\n  \"frames\": [").utf8))
            headerWritten = true
        }
        // Room for the longest ending, `\n  ],\n  "complete": false\n}\n`.
        let ending = 32
        try manifest.reserve(ending)
        let progress = ProgressLine(console: console, total: frameCount, quiet: quiet)
        // Frames already use every core; deflating each one on every core too only multiplies buffers.
        var frameOptions = pngCompression.options
        frameOptions.usesEveryCore = pipeline.workers == 1
        let frameEncoder = PNGEncoder(options: frameOptions)
        var written = 0
        var writeFailure: AtomicFileError?
        do {
            _ = try pipeline.run(count: frameCount, shouldStop: { interruption.wasRequested }, make: { index in
                let name = FrameFolder.frameName(index, format: format)
                let frame = source.frame(index)
                let bytes = format == .png
                    ? try source.premultiplied(frame, scale: scale).withPixels(frameEncoder.encode)
                    : try source.svg(frame)
                let entry = (index == 0 ? "\n    " : ",\n    ") + source.frameJSON(frame,
                                                                                   file: name).rendered(indent: "    ")
                return (bytes: bytes, file: name, entry: Array(entry.utf8))
            }, consume: { index, frame in
                try writeHeader()
                try manifest.reserve(frame.entry.count + ending)
                try AtomicFile.write(frame.bytes, to: (path as NSString).appendingPathComponent(frame.file),
                                     flushToDisk: false)
                try manifest.write(frame.entry)
                written = index + 1
                progress.update(done: index + 1, what: "frame")
            })
        } catch let error as AtomicFileError {
            writeFailure = error
        }
        progress.finish()
        try writeHeader()
        try manifest.write(Array(Self.manifestEnding(written: written, total: frameCount).utf8))
        try manifest.commit()
        try FrameFolder.removeStaleFrames(in: path, keeping: written)
        if let writeFailure {
            throw OutputError.framesNotWritten(writeFailure, written: written, total: frameCount, folder: path)
        }
        if written < frameCount {
            throw interruption.stop(completed: "kept \(written) of \(frameCount) frames in \(path)")
        }
    }

    /// What closes frames.json after `written` of `total` frames.
    private static func manifestEnding(written: Int, total: Int) -> String {
        (written > 0 ? "\n  ]" : "]") + ",\n  \"complete\": \(written == total)\n}\n"
    }

    /// The GIF goes to its file as the frames are coded, so memory stays flat however long the animation.
    func writeGIF(_ output: OutputPath) throws {
        if source.scenes.contains(where: FontRecords.drawsColourGlyphs) {
            console.warn("a GIF draws colour emoji in the style's palette of 256 colours, so they change colour: "
                         + "write \(output.replacingExtension(with: "apng")) for their own colours")
        }
        let size = try source.pixelSize(scale: scale)
        let (width, height) = (size.width, size.height)
        let palette = try source.gifPalette()
        try output.writeInPieces { file in
            let encoder = try GIFEncoder(width: width, height: height, palette: palette,
                                         delayCentiseconds: GIFEncoder.delayCentiseconds(fps: fps), writingTo: file)
            try animate { index, frame in
                let hold = source.hold(index)
                try encoder.append(frame, delayCentiseconds: hold > 0
                                       ? GIFEncoder.delayCentiseconds(fps: heldRate(hold)) : nil)
            }
            _ = try encoder.finish()
        }
    }

    /// The APNG goes to its file frame by frame, as the GIF does.
    func writeAPNG(_ output: OutputPath) throws {
        let size = try source.pixelSize(scale: scale)
        let (width, height) = (size.width, size.height)
        try output.writeInPieces { file in
            let encoder = try APNGEncoder(width: width, height: height, frameCount: frameCount, delay: .init(fps: fps),
                                          options: pngCompression.options, writingTo: file)
            try animate { index, frame in
                let hold = source.hold(index)
                try encoder.append(frame.withPixels(RGBAImage.init),
                                   delay: hold > 0 ? APNGEncoder.Delay(fps: heldRate(hold)) : nil)
            }
            _ = try encoder.finish()
        }
    }

    /// The rate whose one frame lasts a frame's time plus `hold` seconds.
    private func heldRate(_ hold: Double) -> Double { 1 / (1 / fps + hold) }

    /// Feeds every frame, in order, to an animation encoder; nothing is written when interrupted.
    private func animate(_ append: (Int, PremultipliedFrame) throws -> Void) throws {
        let progress = ProgressLine(console: console, total: frameCount, quiet: quiet)
        let source = self.source, scale = self.scale
        let written = try pipeline.run(count: frameCount, shouldStop: { interruption.wasRequested },
                                       make: { try source.premultiplied(source.frame($0), scale: scale) },
                                       consume: { index, frame in
                                           try append(index, frame)
                                           progress.update(done: index + 1, what: "frame")
                                       })
        progress.finish()
        if written < frameCount { throw interruption.stop(completed: "nothing written") }
    }
}

extension FrameWriter where Source == ScrollFrameRenderer {
    func writeSheet(_ output: OutputPath, columns: Int?) throws {
        let sheet = ContactSheet(renderer: source, columns: columns)
        try sheet.checkSize(scale: scale)
        guard let image = try sheet.image(scale: scale, shouldStop: { interruption.wasRequested }) else {
            throw interruption.stop(completed: "nothing written")
        }
        try output.write(try PNGEncoder(options: pngCompression.options).encode(image))
    }
}
