import TagFlowLayout
import TagFlowImage
import TagFlowText

/// The same screen in several settings side by side, in a labelled table: a row for each value of one setting, a
/// column for each value of another, as a designer compares languages and text sizes at a glance. A cell can be
/// flagged: its picture framed and the elements it names outlined in the style's `missing` colour, with a note
/// under it saying why.
public struct SceneGrid: Sendable {
    /// What each cell shows.
    public enum View: String, CaseIterable, Sendable {
        /// The whole content with its inset, as `render` draws it.
        case content
        /// The phone's screen at the top of the scroll, as the cached layout answers it.
        case device
    }

    public struct Cell: Sendable {
        public var scene: Scene
        /// Elements outlined and tinted, such as the tags that do not fit.
        public var marked: Set<ElementID>
        /// A line under the picture.
        public var note: String?
        /// Whether the picture is framed and the note drawn in the `missing` colour.
        public var isFlagged: Bool

        public init(scene: Scene, marked: Set<ElementID> = [], note: String? = nil, isFlagged: Bool = false) {
            self.scene = scene
            self.marked = marked
            self.note = note
            self.isFlagged = isFlagged
        }
    }

    public let cells: [[Cell]]
    public let rowLabels: [String]
    public let columnLabels: [String]
    public let view: View
    /// The whole picture, in points.
    public let size: Size

    private let columnWidths: [Double]
    private let rowHeights: [Double]
    /// The row labels' column, with its gap; 0 without row labels.
    let rowLabelWidth: Double
    private let hasNotes: Bool

    static let margin = 16.0
    static let gap = 16.0
    static let headingSize = 14.0
    static let headingHeight = 26.0
    static let noteHeight = 20.0

    /// `cells` in rows, each row as long as `columnLabels`; a label list may be empty when that axis does not vary.
    public init(cells: [[Cell]], rowLabels: [String], columnLabels: [String], view: View) throws(FontError) {
        precondition(!cells.isEmpty && cells.allSatisfy { $0.count == cells[0].count && !$0.isEmpty },
                     "a grid has rows of equal, non-zero length")
        self.cells = cells
        self.rowLabels = rowLabels
        self.columnLabels = columnLabels
        self.view = view
        let sizes = cells.map { $0.map { Self.pictureSize(of: $0.scene, view: view) } }
        columnWidths = sizes[0].indices.map { column in sizes.map { $0[column].width }.max()! }
        rowHeights = sizes.map { row in row.map(\.height).max()! }
        let hasNotes = cells.joined().contains { $0.note != nil }
        self.hasNotes = hasNotes
        let first = cells[0][0].scene
        let heading = try Self.headingFont(first.engine)
        let widest = rowLabels.map { first.engine.shape($0, font: heading).width }.max() ?? 0
        rowLabelWidth = rowLabels.isEmpty ? 0 : (widest + Self.gap).rounded(.up)
        let top = Self.margin + (columnLabels.isEmpty ? 0 : Self.headingHeight)
        let cellRows = rowHeights.reduce(0) { $0 + $1 + (hasNotes ? Self.noteHeight : 0) }
        size = Size(width: 2 * Self.margin + rowLabelWidth + columnWidths.reduce(0, +)
                        + Double(columnWidths.count - 1) * Self.gap,
                    height: top + cellRows + Double(rowHeights.count - 1) * Self.gap + Self.margin)
    }

    /// The grid as a file of `format`; `scale` applies to PNG.
    public func render(_ format: PictureFormat, scale: Double, png: PNGEncoder = PNGEncoder()) throws -> [UInt8] {
        switch format {
        case .png: return try png.encode(image(scale: scale))
        case .svg, .pdf:
            let canvas = try Canvas(width: size.width, height: size.height, kind: format == .svg ? .svg : .pdf)
            try draw(on: canvas.context)
            return try canvas.documentBytes()
        }
    }

    public func image(scale: Double) throws -> RGBAImage {
        let canvas = try Canvas(width: size.width, height: size.height, kind: .image(scale: scale))
        try draw(on: canvas.context)
        return try canvas.image()
    }

    /// Checks the picture's size against cairo's limits before anything is drawn.
    public func checkSize(scale: Double) throws(RenderError) {
        _ = try Canvas.pixelSize(width: size.width, height: size.height, scale: scale)
    }

    /// The size of a cell's picture of `scene`.
    static func pictureSize(of scene: Scene, view: View) -> Size {
        switch view {
        case .content: scene.contentBounds.size
        case .device: DeviceView(scene: scene).size
        }
    }

    static func headingFont(_ engine: TextEngine) throws(FontError) -> FontSpec {
        try engine.font(family: "sans-serif", size: headingSize, weight: .bold)
    }

    private func draw(on context: CairoContext) throws {
        let first = cells[0][0].scene
        let page = SceneDrawer(scene: first, context: context)
        page.painter.paintEverything(first.style.background)
        let heading = try Self.headingFont(first.engine)
        let left = Self.margin + rowLabelWidth
        var y = Self.margin
        if !columnLabels.isEmpty {
            var x = left
            for (column, label) in columnLabels.enumerated() {
                _ = page.drawLabel(label, at: Point(x: x, y: y + Self.headingSize), colour: first.style.captionText,
                                   font: heading)
                x += columnWidths[column] + Self.gap
            }
            y += Self.headingHeight
        }
        for (row, cellsOfRow) in cells.enumerated() {
            if row < rowLabels.count {
                _ = page.drawLabel(rowLabels[row], at: Point(x: Self.margin, y: y + Self.headingSize),
                                   colour: first.style.captionText, font: heading)
            }
            var x = left
            for (column, cell) in cellsOfRow.enumerated() {
                draw(cell, at: Point(x: x, y: y), page: page)
                x += columnWidths[column] + Self.gap
            }
            y += rowHeights[row] + (hasNotes ? Self.noteHeight : 0) + Self.gap
        }
    }

    /// One cell: its picture with the corner at `origin`, a frame around it, and its note below.
    private func draw(_ cell: Cell, at origin: Point, page: SceneDrawer) {
        let scene = cell.scene
        let (window, returned) = switch view {
        case .content: (scene.contentBounds, scene.layout.flow.elements(in: scene.contentBounds))
        case .device:
            (scene.layout.options.visibleRect(offset: 0), DeviceView.cachedAnswer(scene, offset: 0))
        }
        let size = Self.pictureSize(of: scene, view: view)
        // Half as strong a tint as a diff's highlight: a cell may mark every tag, and its text must stay legible.
        let mark = DeviceView.Highlight(fill: scene.style.missing.withAlpha(128).over(scene.style.background),
                                        stroke: scene.style.missing)
        let layers = DeviceView.layers(scene, returned: returned).map { layer in
            var layer = layer
            if cell.marked.contains(layer.id) { layer.highlight = mark }
            return layer
        }
        DeviceView(size: size).draw(window: window, backgrounds: [(scene, 1)], layers: layers, scrollIndicator: nil,
                                    at: origin, on: page.context)
        let frame = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        if cell.isFlagged {
            page.setColour(scene.style.missing)
            page.context.setLineWidth(2)
            page.context.rectangle(x: frame.x - 1, y: frame.y - 1, width: frame.width + 2, height: frame.height + 2)
        } else {
            page.setColour(page.style.captionText, alpha: 0.25)
            page.context.setLineWidth(1)
            page.context.rectangle(x: frame.x - 0.5, y: frame.y - 0.5, width: frame.width + 1, height: frame.height + 1)
        }
        page.context.stroke()
        if let note = cell.note {
            _ = page.drawLabel(note, at: Point(x: frame.x, y: frame.maxY + 15),
                               colour: cell.isFlagged ? page.style.missing : page.style.captionText)
        }
    }
}
