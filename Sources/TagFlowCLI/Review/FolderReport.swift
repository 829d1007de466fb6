import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview

/// Two folders of PNGs compared file by file, paired by relative path as reg-cli does: each file is new,
/// deleted, changed or unchanged. Writes `report.json`, `report.md` and a self-contained `report.html`.
struct FolderReport {
    struct Item {
        enum Status: String, CaseIterable {
            /// Differs beyond the tolerance.
            case changed
            case new
            case deleted
            /// Differs within `--max-diff-pixels` / `--max-diff-ratio`.
            case passed
            /// The decoded pixels are equal.
            case unchanged

            /// New and deleted files and changes beyond the tolerance fail a run.
            var fails: Bool { self == .changed || self == .new || self == .deleted }
        }

        var name: String
        var status: Status
        var oldSize: (width: Int, height: Int)?
        var newSize: (width: Int, height: Int)?
        /// For files in both folders.
        var result: PixelDiff.Result?
        /// The diff image, for files whose pixels differ.
        var diffPNG: [UInt8]?

        var diffName: String? { diffPNG == nil ? nil : "diff/" + name }
    }

    let oldDirectory: String
    let newDirectory: String
    let options: PixelDiff.Options
    let tolerance: PixelDiff.Tolerance
    private(set) var items: [Item] = []

    /// Files ending in `.png` (any case) below `directory`, as sorted relative paths; hidden files and folders are skipped.
    static func pngFiles(in directory: String) throws(InputError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw InputError("cannot list the folder '\(directory)'", hint: "check that it exists and is readable")
        }
        var names = [String]()
        while let name = enumerator.nextObject() as? String {
            let last = (name as NSString).lastPathComponent
            if last.hasPrefix(".") {
                if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            guard last.lowercased().hasSuffix(".png") else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// Compares every PNG of `oldDirectory` with its namesake in `newDirectory`.
    init(oldDirectory: String, newDirectory: String, options: PixelDiff.Options, tolerance: PixelDiff.Tolerance) throws(InputError) {
        self.oldDirectory = oldDirectory
        self.newDirectory = newDirectory
        self.options = options
        self.tolerance = tolerance
        let oldNames = try Self.pngFiles(in: oldDirectory), newNames = try Self.pngFiles(in: newDirectory)
        let newSet = Set(newNames), oldSet = Set(oldNames)
        for name in Set(oldNames).union(newNames).sorted() {
            let oldPath = oldDirectory + "/" + name, newPath = newDirectory + "/" + name
            switch (oldSet.contains(name), newSet.contains(name)) {
            case (true, true):
                let (old, new) = try PixelDiffReport.decodePair(oldPath, newPath)
                let result = PixelDiff.compare(old, new, options: options)
                let report = PixelDiffReport(oldPath: oldPath, newPath: newPath, result: result, options: options, tolerance: tolerance)
                let status: Item.Status = switch report.status {
                case .identical: .unchanged
                case .passed: .passed
                case .failed: .changed
                }
                var diffPNG: [UInt8]?
                if status != .unchanged, let image = result.image {
                    do { diffPNG = try PNGEncoder().encode(image) } catch { throw InputError("cannot encode the diff of '\(name)': \(error)") }
                }
                var item = Item(name: name, status: status, oldSize: (old.width, old.height), newSize: (new.width, new.height))
                item.result = result
                item.diffPNG = diffPNG
                items.append(item)
            case (false, true):
                items.append(Item(name: name, status: .new, newSize: try Self.size(of: newPath)))
            case (true, false):
                items.append(Item(name: name, status: .deleted, oldSize: try Self.size(of: oldPath)))
            case (false, false):
                break
            }
        }
    }

    /// A PNG's size, read by decoding it, which also proves it is a PNG.
    private static func size(of path: String) throws(InputError) -> (width: Int, height: Int) {
        let image = try PixelDiffReport.decode(path)
        return (image.width, image.height)
    }

    var failed: Bool { items.contains { $0.status.fails } }

    func items(_ status: Item.Status) -> [Item] { items.filter { $0.status == status } }

    func count(_ status: Item.Status) -> Int { items.count { $0.status == status } }

    // MARK: Summaries

    var summary: String {
        let passed = count(.passed)
        return "\(count(.changed)) changed, \(count(.new)) new, \(count(.deleted)) deleted, \(count(.unchanged) + passed) unchanged"
            + (passed > 0 ? " (\(passed) within tolerance)" : "")
    }

    static func sizeText(_ size: (width: Int, height: Int)?) -> String { size.map { "\($0.width)×\($0.height)" } ?? "" }

    func detail(_ item: Item) -> String {
        switch item.status {
        case .new: return Self.sizeText(item.newSize)
        case .deleted: return Self.sizeText(item.oldSize)
        case .unchanged: return "identical"
        case .changed, .passed:
            guard let result = item.result else { return "" }
            var text = "\(result.differentPixels) px (\(PixelDiffReport.percent(result.ratio)))"
            if result.sizeChanged { text += ", size \(Self.sizeText(item.oldSize)) → \(Self.sizeText(item.newSize))" }
            if !options.includeAntiAliasing && result.antiAliasedPixels > 0 { text += ", \(result.antiAliasedPixels) anti-aliased" }
            return text
        }
    }

    var text: String {
        var lines = ["visual diff: " + summary]
        var table = TextTable(columns: ["status", "file", "detail"])
        for item in items where item.status != .unchanged { table.add([item.status.rawValue, item.name, detail(item)]) }
        if !table.isEmpty { lines.append(table.rendered) }
        return lines.joined(separator: "\n") + "\n"
    }

    var markdown: String {
        let verdict = failed ? "❌" : "✅"
        var lines = ["## \(verdict) tagflow visual diff", "",
                     "**\(count(.changed)) changed** · **\(count(.new)) new** · **\(count(.deleted)) deleted** · \(count(.unchanged) + count(.passed)) unchanged", ""]
        let listed = items.filter { $0.status != .unchanged }
        if !listed.isEmpty {
            lines += ["| Status | File | Pixels differing | Size |", "| --- | --- | --- | --- |"]
            for item in listed.prefix(LayoutDiffReport.markdownRowLimit) {
                let icon = switch item.status {
                case .changed: "🔴"
                case .new: "🟢"
                case .deleted: "⚪"
                case .passed, .unchanged: "🔵"
                }
                let pixels = item.result.map { "\($0.differentPixels) (\(PixelDiffReport.percent($0.ratio)))" } ?? "—"
                let size = item.status == .new ? Self.sizeText(item.newSize) : item.status == .deleted ? Self.sizeText(item.oldSize)
                    : item.result?.sizeChanged == true ? "\(Self.sizeText(item.oldSize)) → \(Self.sizeText(item.newSize))" : Self.sizeText(item.newSize)
                let status = item.status == .passed ? "within tolerance" : item.status.rawValue
                lines.append("| \(icon) \(status) | `\(item.name.replacingOccurrences(of: "`", with: "'"))` | \(pixels) | \(size) |")
            }
            if listed.count > LayoutDiffReport.markdownRowLimit {
                lines += ["", "… and \(listed.count - LayoutDiffReport.markdownRowLimit) more; see report.json."]
            }
            lines.append("")
        }
        let unchanged = items(.unchanged)
        if !unchanged.isEmpty {
            lines += ["<details><summary>\(unchanged.count) unchanged</summary>", ""]
            lines += unchanged.map { "- `\($0.name.replacingOccurrences(of: "`", with: "'"))`" }
            lines += ["", "</details>", ""]
        }
        return lines.joined(separator: "\n")
    }

    /// reg-cli's `reg.json` keys, then every item with its counts.
    func json(reportDirectory: String?) -> JSONOutput {
        func names(_ statuses: [Item.Status]) -> JSONOutput {
            .array(items.filter { statuses.contains($0.status) }.map { .string($0.name) })
        }
        func sizeJSON(_ size: (width: Int, height: Int)?) -> JSONOutput {
            size.map { .object([("width", .integer($0.width)), ("height", .integer($0.height))]) } ?? .null
        }
        let itemsJSON: [JSONOutput] = items.map { item in
            var members: [(String, JSONOutput)] = [("name", .string(item.name)), ("status", .string(item.status.rawValue)),
                                                   ("old", sizeJSON(item.oldSize)), ("new", sizeJSON(item.newSize))]
            if let result = item.result {
                members += [("sizeChanged", .bool(result.sizeChanged)), ("differentPixels", .integer(result.differentPixels)),
                            ("antiAliasedPixels", .integer(result.antiAliasedPixels)), ("ignoredPixels", .integer(result.ignoredPixels)),
                            ("comparedPixels", .integer(result.comparedPixels)),
                            ("percentage", .number((result.ratio * 100_000_000).rounded() / 1_000_000))]
            }
            members.append(("diff", .optional(item.diffName)))
            return .object(members)
        }
        return .object([
            ("mode", .string("folder")),
            ("failed", .bool(failed)),
            ("summary", .object(Item.Status.allCases.map { ($0.rawValue, .integer(count($0))) } + [("total", .integer(items.count))])),
            ("failedItems", names([.changed])), ("newItems", names([.new])), ("deletedItems", names([.deleted])),
            ("passedItems", names([.passed, .unchanged])),
            ("expectedItems", names([.changed, .deleted, .passed, .unchanged])), ("actualItems", names([.changed, .new, .passed, .unchanged])),
            ("diffItems", .array(items.compactMap { $0.diffPNG == nil ? nil : .string($0.name) })),
            ("expectedDir", .string(oldDirectory)), ("actualDir", .string(newDirectory)),
            ("diffDir", .optional(reportDirectory.map { $0 + "/diff" })),
            ("options", PixelDiffReport.optionsJSON(options, tolerance)),
            ("items", .array(itemsJSON)),
        ])
    }

    // MARK: Writing

    /// Writes the diff images, `report.json`, `report.md` and, last, `report.html`, each file whole or not at all.
    func write(to directory: String) throws(InputError) {
        try Self.makeDirectory(directory)
        for item in items {
            guard let png = item.diffPNG, let diffName = item.diffName else { continue }
            let path = directory + "/" + diffName
            try Self.makeDirectory((path as NSString).deletingLastPathComponent)
            try Self.write(png, to: path)
        }
        try Self.write(Array((json(reportDirectory: directory).rendered() + "\n").utf8), to: directory + "/report.json")
        try Self.write(Array(markdown.utf8), to: directory + "/report.md")
        let writer: AtomicFile.Writer
        do { writer = try AtomicFile.Writer(path: directory + "/report.html") } catch { throw InputError("cannot write '\(directory)/report.html': \(error)") }
        do {
            try FolderReportHTML(report: self).write { chunk throws(AtomicFileError) in try writer.write(Array(chunk.utf8)) }
            try writer.commit()
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError("cannot write '\(directory)/report.html': \(error)")
        }
    }

    /// Copies every new, changed and within-tolerance file over its old namesake, each atomically. Deleted files'
    /// baselines are left for a person to remove. Returns the names copied.
    func accept() throws(InputError) -> [String] {
        var accepted = [String]()
        for item in items where [.changed, .new, .passed].contains(item.status) {
            let target = oldDirectory + "/" + item.name
            try Self.makeDirectory((target as NSString).deletingLastPathComponent)
            try Self.write(InputFiles.read(newDirectory + "/" + item.name), to: target)
            accepted.append(item.name)
        }
        return accepted
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(InputError) {
        do { try AtomicFile.write(bytes, to: path) } catch { throw InputError("cannot write '\(path)': \(error)") }
    }

    private static func makeDirectory(_ path: String) throws(InputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create the folder '\(path)': \(error.localizedDescription)")
        }
    }
}
