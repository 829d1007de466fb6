import TagFlowLayout
import TagFlowReview
import TagFlowImage
import TagFlowRender
import TagFlowPipeline

/// Frames a writer puts in a folder, a GIF or an APNG: a scroll's steps, or a diff's transition.
protocol FrameSource: Sendable {
    associatedtype Frame: Sendable
    var frameCount: Int { get }
    /// Every frame's size in pixels at `scale`, checked against cairo's limits.
    func pixelSize(scale: Double) throws(RenderError) -> PixelSize
    func frame(_ index: Int) -> Frame
    /// The frame as cairo draws it, which the encoders read as it is.
    func premultiplied(_ frame: Frame, scale: Double) throws -> PremultipliedFrame
    func svg(_ frame: Frame) throws -> [UInt8]
    /// The fixed palette the GIF maps every frame's pixels to.
    func gifPalette() throws -> GIFPalette
    /// frames.json's fields before the list of frames.
    func manifestHeader(scale: Double, sourceName: String) -> [(String, JSONOutput)]
    /// One frame's entry in frames.json.
    func frameJSON(_ frame: Frame, file: String) -> JSONOutput
    /// Seconds frame `index` is shown beyond one frame's time.
    func hold(_ index: Int) -> Double
    /// The scenes the frames show.
    var scenes: [Scene] { get }
}

extension ScrollFrameRenderer: FrameSource {
    typealias Frame = ScrollFrame

    var scenes: [Scene] { [scene] }

    var frameCount: Int { plan.offsets.count }

    func manifestHeader(scale: Double, sourceName: String) -> [(String, JSONOutput)] {
        [
            ("source", .string(sourceName)),
            ("strategies", .array(queries.map { .string($0.strategy.rawValue) })),
            ("view", .string(view.rawValue)),
            ("scale", .number(scale)),
            ("frameSize", .object([("width", .number(size.width)), ("height", .number(size.height))])),
            ("fontFiles", FontRecords.json(FontRecords.identities(of: scene))),
        ]
    }

    /// One frame's entry; `overviewExtent` only when the overview shows a neighbourhood, since otherwise it is the
    /// content.
    func frameJSON(_ frame: ScrollFrame, file: String) -> JSONOutput {
        func ids(_ elements: [LayoutElement]) -> JSONOutput { .array(elements.map { .string($0.id.description) }) }
        let extent: [(String, JSONOutput)] = framing == .wholeContent ? [] : [("overviewExtent",
                                                                               .rect(frame.overviewExtent))]
        return .object([
            ("index", .integer(frame.index + 1)), ("file", .string(file)), ("offset", .number(frame.offset)),
            ("viewport", .rect(frame.visibleRect)),
        ] + extent + [
            ("results", .array(zip(queries, frame.audits).map { query, audit in
                .object([("strategy", .string(query.strategy.rawValue)), ("returned", ids(audit.returned)),
                         ("missing", ids(audit.missing)), ("extra", ids(audit.extra))])
            })),
        ])
    }

    func hold(_ index: Int) -> Double { 0 }
}
