import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender

/// Two folders of PNGs compared file by file, paired by relative path as reg-cli does: each file is new,
/// deleted, changed or unchanged. Writes `report.json`, `report.md` and a self-contained `report.html`.
public struct FolderReport {
    /// One file and what became of it.
    public struct Item {
        public enum Status: String, CaseIterable, Sendable {
            /// Differs beyond the tolerance.
            case changed
            /// Only in the new folder.
            case new
            /// Only in the old folder.
            case deleted
            /// Differs within `--max-diff-pixels` / `--max-diff-ratio`.
            case passed
            /// The decoded pixels are equal.
            case unchanged
            /// A file of either folder that cannot be read as a PNG; the others are compared all the same.
            case unreadable

            /// New and deleted files, changes beyond the tolerance and files that cannot be read fail a run.
            public var fails: Bool { self == .changed || self == .new || self == .deleted || self == .unreadable }
        }

        /// The path relative to both folders.
        public var name: String
        public var status: Status
        public var oldSize: (width: Int, height: Int)?
        public var newSize: (width: Int, height: Int)?
        /// For files in both folders.
        public var result: PixelDiff.Result?
        /// The diff image, for files whose pixels differ.
        public var diffPNG: [UInt8]?
        /// Why an unreadable file could not be read.
        public var problem: String?

        /// Where the diff image goes, relative to the report folder.
        public var diffName: String? { diffPNG == nil ? nil : "diff/" + name }
    }

    public let oldDirectory: String
    public let newDirectory: String
    public let options: PixelDiff.Options
    public let tolerance: PixelDiff.Tolerance
    /// Every file of either folder, sorted by name.
    public private(set) var items: [Item] = []

    /// Files ending in `.png` (any case) below `directory`, as sorted relative paths; hidden files and folders are
    /// skipped.
    public static func pngFiles(in directory: String) throws(ReviewError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw .folderUnlistable(directory)
        }
        var names = [String]()
        while let name = enumerator.nextObject() as? String {
            let last = (name as NSString).lastPathComponent
            if last.hasPrefix(".") {
                if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory {
                    enumerator.skipDescendants()
                }
                continue
            }
            guard last.lowercased().hasSuffix(".png") else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// Compares every PNG of `oldDirectory` with its namesake in `newDirectory`.
    public init(oldDirectory: String, newDirectory: String, options: PixelDiff.Options,
                tolerance: PixelDiff.Tolerance) throws(ReviewError) {
        self.oldDirectory = oldDirectory
        self.newDirectory = newDirectory
        self.options = options
        self.tolerance = tolerance
        let oldNames = try Self.pngFiles(in: oldDirectory), newNames = try Self.pngFiles(in: newDirectory)
        // Nothing to compare is most likely pictures written somewhere else, which must not pass as no change.
        guard !oldNames.isEmpty
            || !newNames.isEmpty else { throw .noPNGsInFolders(old: oldDirectory, new: newDirectory) }
        let newSet = Set(newNames), oldSet = Set(oldNames)
        for name in Set(oldNames).union(newNames).sorted() {
            do throws(ReviewError) {
                try compare(name, inOld: oldSet.contains(name), inNew: newSet.contains(name))
            } catch {
                switch error {
                case .notAPNG, .unreadable: items.append(Item(name: name, status: .unreadable,
                                                              problem: error.description))
                default: throw error
                }
            }
        }
    }

    /// Compares the file `name` of either folder or both, and adds its item.
    private mutating func compare(_ name: String, inOld: Bool, inNew: Bool) throws(ReviewError) {
        let oldPath = oldDirectory + "/" + name, newPath = newDirectory + "/" + name
        switch (inOld, inNew) {
        case (true, true):
            let (old, new) = try PixelDiffReport.decodePair(oldPath, newPath)
            let result = PixelDiff.compare(old, new, options: options)
            let report = PixelDiffReport(oldPath: oldPath, newPath: newPath, result: result, options: options,
                                         tolerance: tolerance)
            let status: Item.Status = switch report.status {
            case .identical: .unchanged
            case .passed: .passed
            case .failed: .changed
            }
            var diffPNG: [UInt8]?
            if status != .unchanged, let image = result.image {
                do { diffPNG = try PNGEncoder().encode(image) } catch { throw .diffNotEncoded(name: name, error) }
            }
            var item = Item(name: name, status: status, oldSize: (old.width, old.height),
                            newSize: (new.width, new.height))
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

    /// A PNG's size, read by decoding it, which also proves it is a PNG.
    private static func size(of path: String) throws(ReviewError) -> (width: Int, height: Int) {
        let image = try PixelDiffReport.decode(path)
        return (image.width, image.height)
    }

    /// Whether any file is new, deleted, or changed beyond the tolerance.
    public var failed: Bool { items.contains { $0.status.fails } }

    /// The files with `status`, sorted by name.
    public func items(_ status: Item.Status) -> [Item] { items.filter { $0.status == status } }

    /// How many files have `status`.
    public func count(_ status: Item.Status) -> Int { items.count { $0.status == status } }

    // MARK: Summaries

    /// The counts in one line: `1 changed, 0 new, 0 deleted, 3 unchanged`.
    public var summary: String {
        let passed = count(.passed)
        let unreadable = count(.unreadable)
        return "\(count(.changed)) changed, \(count(.new)) new, \(count(.deleted)) deleted, "
            + "\(count(.unchanged) + passed) unchanged"
            + (passed > 0 ? " (\(passed) within tolerance)" : "") + (unreadable > 0 ? ", \(unreadable) unreadable" : "")
    }

    /// `375×812`, or nothing for a missing size.
    public static func sizeText(_ size: (width: Int,
                                         height: Int)?) -> String { size.map { "\($0.width)×\($0.height)" } ?? "" }

    /// What changed in `item`, for a table cell.
    public func detail(_ item: Item) -> String {
        switch item.status {
        case .new: return Self.sizeText(item.newSize)
        case .deleted: return Self.sizeText(item.oldSize)
        case .unchanged: return "identical"
        case .unreadable: return item.problem ?? ""
        case .changed, .passed:
            guard let result = item.result else { return "" }
            var text = "\(result.differentPixels) px (\(PixelDiffReport.percent(result.ratio)))"
            if result.sizeChanged { text += ", size \(Self.sizeText(item.oldSize)) → \(Self.sizeText(item.newSize))" }
            if !options.includeAntiAliasing
                && result.antiAliasedPixels > 0 { text += ", \(result.antiAliasedPixels) anti-aliased" }
            return text
        }
    }

    /// The summary and a table of the files that are not unchanged, for a terminal.
    public var text: String {
        var lines = ["visual diff: " + summary]
        var table = TextTable(columns: ["status", "file", "detail"])
        for item in items where item.status != .unchanged { table.add([item.status.rawValue, item.name, detail(item)]) }
        if !table.isEmpty { lines.append(table.rendered) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A verdict, a table and the unchanged files folded away, for a pull-request comment.
    public var markdown: String {
        let verdict = failed ? "❌" : "✅"
        var lines = ["## \(verdict) tagflow visual diff", "",
                     "**\(count(.changed)) changed** · **\(count(.new)) new** · **\(count(.deleted)) deleted** · "
                        + "\(count(.unchanged) + count(.passed)) unchanged"
                        + (count(.unreadable) > 0 ? " · **\(count(.unreadable)) unreadable**" : ""), ""]
        let listed = items.filter { $0.status != .unchanged }
        if !listed.isEmpty {
            lines += ["| Status | File | Pixels differing | Size |", "| --- | --- | --- | --- |"]
            for item in listed.prefix(LayoutDiffReport.markdownRowLimit) {
                let icon = switch item.status {
                case .changed: "🔴"
                case .new: "🟢"
                case .deleted: "⚪"
                case .passed, .unchanged: "🔵"
                case .unreadable: "⚠️"
                }
                let pixels = item.result.map { "\($0.differentPixels) (\(PixelDiffReport.percent($0.ratio)))" }
                    ?? item.problem.map(MarkdownText.cell) ?? "—"
                let size = item.status == .new ? Self.sizeText(item.newSize) : item.status == .deleted
                    ? Self.sizeText(item.oldSize)
                    : item.result?.sizeChanged == true
                        ? "\(Self.sizeText(item.oldSize)) → \(Self.sizeText(item.newSize))"
                        : Self.sizeText(item.newSize)
                let status = item.status == .passed ? "within tolerance" : item.status.rawValue
                lines.append("| \(icon) \(status) | \(MarkdownText.code(item.name, inTable: true)) | "
                                 + "\(pixels) | \(size) |")
            }
            if listed.count > LayoutDiffReport.markdownRowLimit {
                lines += ["", "… and \(listed.count - LayoutDiffReport.markdownRowLimit) more; see report.json."]
            }
            lines.append("")
        }
        let unchanged = items(.unchanged)
        if !unchanged.isEmpty {
            lines += ["<details><summary>\(unchanged.count) unchanged</summary>", ""]
            lines += unchanged.map { "- " + MarkdownText.code($0.name, inTable: false) }
            lines += ["", "</details>", ""]
        }
        return lines.joined(separator: "\n")
    }

    /// reg-cli's `reg.json` keys, then every item with its counts.
    public func json(reportDirectory: String?) -> JSONOutput {
        func names(_ statuses: [Item.Status]) -> JSONOutput {
            .array(items.filter { statuses.contains($0.status) }.map { .string($0.name) })
        }
        func sizeJSON(_ size: (width: Int, height: Int)?) -> JSONOutput {
            size.map { .object([("width", .integer($0.width)), ("height", .integer($0.height))]) } ?? .null
        }
        let itemsJSON: [JSONOutput] = items.map { item in
            var members: [(String, JSONOutput)] = [("name", .string(item.name)),
                                                   ("status", .string(item.status.rawValue)),
                                                   ("old", sizeJSON(item.oldSize)), ("new", sizeJSON(item.newSize))]
            if let result = item.result {
                members += [("sizeChanged", .bool(result.sizeChanged)),
                            ("differentPixels", .integer(result.differentPixels)),
                            ("antiAliasedPixels", .integer(result.antiAliasedPixels)), ("ignoredPixels",
                                                                                        .integer(result.ignoredPixels)),
                            ("comparedPixels", .integer(result.comparedPixels)),
                            ("percentage", PixelDiffReport.percentageJSON(result.ratio))]
            }
            members.append(("diff", .optional(item.diffName)))
            if let problem = item.problem { members.append(("problem", .string(problem))) }
            return .object(members)
        }
        return .object([
            ("mode", .string("folder")),
            ("failed", .bool(failed)),
            ("summary",
             .object(Item.Status.allCases.map { ($0.rawValue, .integer(count($0))) } + [("total",
                                                                                         .integer(items.count))])),
            // Unreadable files fail the run, so tools that read only these lists see it fail.
            ("failedItems", names([.changed, .unreadable])), ("newItems", names([.new])), ("deletedItems",
                                                                                           names([.deleted])),
            ("passedItems", names([.passed, .unchanged])),
            ("expectedItems", names([.changed, .deleted, .passed, .unchanged])), ("actualItems",
                                                                                  names([.changed, .new, .passed,
                                                                                         .unchanged])),
            ("diffItems", .array(items.compactMap { $0.diffPNG == nil ? nil : .string($0.name) })),
            ("expectedDir", .string(oldDirectory)), ("actualDir", .string(newDirectory)),
            ("diffDir", .optional(reportDirectory.map { $0 + "/diff" })),
            ("options", PixelDiffReport.optionsJSON(options, tolerance)),
            ("items", .array(itemsJSON)),
        ])
    }

    // MARK: Writing

    /// Writes the diff images, `report.json`, `report.md` and, last, `report.html`, each file whole or not at all.
    /// `toolVersion` names the tagflow that made the page.
    /// Diff images of the report this one replaces that it does not name are removed, so that the folder holds
    /// only this run's.
    public func write(to directory: String, toolVersion: String) throws(ReviewError) {
        let earlierDiffs = Self.diffNames(ofReportIn: directory)
        try Self.makeDirectory(directory)
        for item in items {
            guard let png = item.diffPNG, let diffName = item.diffName else { continue }
            let path = directory + "/" + diffName
            try Self.makeDirectory(AtomicFile.folder(of: path))
            try Self.write(png, to: path)
        }
        try Self.write(Array((json(reportDirectory: directory).rendered() + "\n").utf8), to: directory + "/report.json")
        try Self.write(Array(markdown.utf8), to: directory + "/report.md")
        let htmlPath = directory + "/report.html"
        let writer: AtomicFile.Writer
        do { writer = try AtomicFile.Writer(path: htmlPath) } catch { throw .writeFailed(path: htmlPath, error) }
        try FolderReportHTML(report: self, toolVersion: toolVersion).write { chunk throws(ReviewError) in
            do throws(AtomicFileError) {
                try writer.write(Array(chunk.utf8))
            } catch {
                throw .writeFailed(path: htmlPath, error)
            }
        }
        do { try writer.commit() } catch { throw .writeFailed(path: htmlPath, error) }
        for name in earlierDiffs.subtracting(items.compactMap(\.diffName))
            where !name.split(separator: "/").contains("..") {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    /// The diff images the `report.json` in `directory` names, relative to it; none if there is no such report.
    private static func diffNames(ofReportIn directory: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: directory + "/report.json"),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = json["items"] as? [[String: Any]] else { return [] }
        return Set(items.compactMap { $0["diff"] as? String }.filter { $0.hasPrefix("diff/") })
    }

    /// Copies every new, changed and within-tolerance file over its old namesake, each atomically. Deleted files'
    /// baselines are left for a person to remove. Returns the names copied.
    public func accept() throws(ReviewError) -> [String] {
        var accepted = [String]()
        for item in items where [.changed, .new, .passed].contains(item.status) {
            let target = oldDirectory + "/" + item.name
            try Self.makeDirectory(AtomicFile.folder(of: target))
            try Self.write(readFile(newDirectory + "/" + item.name), to: target)
            accepted.append(item.name)
        }
        return accepted
    }

    private static func write(_ bytes: [UInt8], to path: String) throws(ReviewError) {
        do { try AtomicFile.write(bytes, to: path) } catch { throw .writeFailed(path: path, error) }
    }

    private static func makeDirectory(_ path: String) throws(ReviewError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .folderNotCreated(path: path, reason: error.localizedDescription)
        }
    }
}
