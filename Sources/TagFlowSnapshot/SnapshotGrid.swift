import TagFlowLayout
import TagFlowInput
import TagFlowRender

/// A screen's `"grid"`: one golden picture laying out one or two of its variants' axes as rows and columns, for each
/// combination of the other axes' values.
package struct SnapshotGrid: Equatable, Sendable {
    package var rows: GridAxis.Setting?
    package var columns: GridAxis.Setting
    package var view: SceneGrid.View
    /// Whether what `fit` finds in a cell is outlined and counted under it.
    package var marksFindings: Bool

    /// The grid's axes with `matrix`'s values.
    func variantGrid(of matrix: SnapshotMatrix) -> VariantGrid {
        VariantGrid(rows: rows.map { GridAxis($0, of: matrix) }, columns: GridAxis(columns, of: matrix), view: view,
                    marksFindings: marksFindings)
    }

    /// `matrix` without the axes the grid lays out: one grid is drawn for each of its combinations.
    func otherAxes(of matrix: SnapshotMatrix) -> SnapshotMatrix {
        [rows, columns].compactMap { $0 }.reduce(matrix) { $0.without($1) }
    }

    /// A screen's `"grid"` object: `columns` required, `rows`, `view` and `markFindings` optional; each axis named must
    /// be one the screen's `variants` give.
    static func fromJSON(_ value: Located<JSONValue>, matrix: SnapshotMatrix) throws(InputError) -> SnapshotGrid {
        let reader = try JSONObjectReader(value, context: "\"grid\"")
        try reader.rejectUnknownKeys(allowed: ["rows", "columns", "view", "markFindings"])
        func axis(_ key: String) throws(InputError) -> GridAxis.Setting? {
            guard let value = reader[key] else { return nil }
            let names = GridAxis.Setting.allCases.map(\.rawValue)
            let text = try value.string("\"\(key)\"")
            guard let setting: GridAxis.Setting = chosenCase(text) else {
                throw .value(.notAChoice(text, choices: names), key: "the grid's \"\(key)\"", at: value.location)
            }
            guard !matrix.values(of: setting).isEmpty else {
                throw .gridAxisNotVaried(setting.rawValue, key: key, at: value.location)
            }
            return setting
        }
        guard let columns = try axis("columns") else { throw .missingKey("columns", in: "\"grid\"", kind: .manifest,
                                                                          at: value.location) }
        let rows = try axis("rows")
        if rows == columns, let location = reader["rows"]?.location {
            throw .gridAxesSame(columns.rawValue, at: location)
        }
        let view = try reader["view"].map { value throws(InputError) in
            let text = try value.string("\"view\"")
            guard let view: SceneGrid.View = chosenCase(text) else {
                throw .value(.notAChoice(text, choices: SceneGrid.View.allCases.map(\.rawValue)),
                             key: "the grid's \"view\"", at: value.location)
            }
            return view
        } ?? .content
        let marksFindings = try reader["markFindings"]?.bool("\"markFindings\"") ?? false
        return SnapshotGrid(rows: rows, columns: columns, view: view, marksFindings: marksFindings)
    }
}
