import TagFlowLayout
import TagFlowText
import TagFlowInput
import TagFlowRender
import TagFlowReview
import TagFlowPipeline

/// A grid picture of one screen: a row for each value of one axis, a column for each value of another, each cell
/// the scene a snapshot variant with those settings draws; with `marksFindings`, what `fit` finds in a cell is
/// outlined in it and counted under it.
package struct VariantGrid: Sendable {
    package var rows: GridAxis?
    package var columns: GridAxis
    package var view: SceneGrid.View
    package var marksFindings: Bool

    package init(rows: GridAxis?, columns: GridAxis, view: SceneGrid.View, marksFindings: Bool) {
        self.rows = rows
        self.columns = columns
        self.view = view
        self.marksFindings = marksFindings
    }

    /// A drawn grid, with its cells' text warnings (each once).
    package struct Drawn {
        package var grid: SceneGrid
        package var warnings: [String]

        /// How many cells `fit` flagged.
        package var flaggedCells: Int { grid.cells.joined().count(where: \.isFlagged) }

        /// Pixels a point when none is asked for: the first cell's device's, but at most 2, as a grid of many
        /// screens is an overview, and 3× would more than double its bytes.
        package var defaultScale: Double { min(2, grid.cells[0][0].scene.layout.options.displayScale) }
    }

    /// The grid of `document` with `base`'s config and flags, `common` set in every cell under the row's and
    /// column's values, in `style`. One engine measures every cell, so a text shaped in one is reused by the rest.
    package func draw(_ base: LayoutInput, document: TagDocument, config: ConfigFile, engine: TextEngine,
                      tagsName: String, style: StyleSettings = StyleSettings(),
                      common: SnapshotVariant.Settings = .init()) throws -> Drawn {
        var warnings = [String]()
        let rowValues = rows?.values ?? [SnapshotVariant.Settings()]
        let cells = try rowValues.map { row in
            try columns.values.map { column in
                let settings = common.merged(with: row).merged(with: column)
                let (scene, textWarnings) = try settings.scene(base, document: document, config: config,
                                                               engine: engine, tagsName: tagsName, style: style)
                for warning in textWarnings.all where !warnings.contains(warning) { warnings.append(warning) }
                return marksFindings ? try Self.cell(scene, findingsOf: settings, device: base.device)
                    : SceneGrid.Cell(scene: scene)
            }
        }
        let grid = try SceneGrid(cells: cells, rowLabels: rows?.labels ?? [], columnLabels: columns.labels,
                                 view: view)
        return Drawn(grid: grid, warnings: warnings)
    }

    /// A cell of `scene` with `fit`'s findings marked: the elements outlined, their count by kind under it.
    private static func cell(_ scene: Scene, findingsOf settings: SnapshotVariant.Settings,
                             device: String?) throws -> SceneGrid.Cell {
        let layout = scene.layout
        let options = layout.options
        let variant = FitVariant(device: settings.device ?? device ?? "", width: options.width,
                                 contentSize: options.contentSize, locale: settings.locale,
                                 pseudo: settings.pseudo?.rawValue, legibilityWeight: options.legibilityWeight)
        let findings = layout.fitFindings(variant: variant, engine: scene.engine,
                                          font: try scene.engine.tagFont(for: options))
        guard !findings.isEmpty else { return SceneGrid.Cell(scene: scene, note: "fits") }
        return SceneGrid.Cell(scene: scene, marked: Set(findings.flatMap { $0.elements(in: layout) }),
                              note: FitFinding.summary(findings), isFlagged: true)
    }
}
