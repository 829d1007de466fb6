import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender

/// Two folders of PNGs compared file by file, paired by relative path as reg-cli does: each file is new,
/// deleted, changed or unchanged. Its items are a ``ComparisonReport``'s, the old folder's files the goldens and the
/// new folder's the actual pictures; it writes that report as `report.json` (with reg-cli's keys first),
/// `report.md`, `junit.xml` and a self-contained `report.html`, beside the diff images.
public struct FolderReport {
    public let oldDirectory: String
    public let newDirectory: String
    public let options: PixelDiff.Options
    public let tolerance: PixelDiff.Tolerance
    /// Every file of either folder, sorted by name; images name the golden and actual pictures by their paths from
    /// the current folder, and the diff by its path in a report folder.
    public private(set) var items: [ComparisonItem] = []
    /// The diff images, by their paths in a report folder.
    private var diffPNGs: [String: [UInt8]] = [:]

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
        let names = Set(oldNames).union(newNames).sorted()
        for name in names {
            do throws(ReviewError) {
                try compare(name, inOld: oldSet.contains(name), inNew: newSet.contains(name))
            } catch {
                switch error {
                case .notAPNG, .unreadable: items.append(item(name, .unreadable, detail: error.description))
                default: throw error
                }
            }
        }
    }

    /// An item for the file `name`, in the folder its path begins with.
    private func item(_ name: String, _ status: ComparisonItem.Status, detail: String,
                      images: [ComparisonItem.Image] = []) -> ComparisonItem {
        let screen = name.contains("/") ? String(name.prefix { $0 != "/" }) : ""
        return ComparisonItem(name: name, screen: screen, kind: nil, status: status, detail: detail, images: images)
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
            let status: ComparisonItem.Status = report.status == .failed ? .changed : .matched
            var images = [ComparisonItem.Image(role: .golden, path: oldPath, size: old.size),
                          ComparisonItem.Image(role: .actual, path: newPath, size: new.size)]
            if !result.identical, let image = result.image {
                do { diffPNGs["diff/" + name] = try PNGEncoder().encode(image) } catch {
                    throw .diffNotEncoded(name: name, error)
                }
                images.append(ComparisonItem.Image(role: .diff, path: "diff/" + name, size: image.size))
            }
            var item = item(name, status, detail: detail(result, old: old.size, new: new.size),
                            images: result.identical ? [] : images)
            item.differentPixels = result.differentPixels
            item.pixelDiff = result
            item.pixelDiff?.image = nil
            items.append(item)
        case (false, true):
            let size = try Self.size(of: newPath)
            items.append(item(name, .missing, detail: size.description,
                              images: [ComparisonItem.Image(role: .actual, path: newPath, size: size)]))
        case (true, false):
            let size = try Self.size(of: oldPath)
            items.append(item(name, .stale, detail: size.description,
                              images: [ComparisonItem.Image(role: .golden, path: oldPath, size: size)]))
        case (false, false):
            break
        }
    }

    /// A PNG's size, read by decoding it, which also proves it is a PNG.
    private static func size(of path: String) throws(ReviewError) -> PixelSize {
        try PixelDiffReport.decode(path).size
    }

    /// What changed in a file of both folders, for the report and a table cell.
    private func detail(_ result: PixelDiff.Result, old: PixelSize, new: PixelSize) -> String {
        if result.identical { return "identical" }
        var text = "\(result.differentPixels) px (\(PixelDiffReport.percent(result.ratio)))"
        if result.sizeChanged { text += ", size \(old) → \(new)" }
        if !options.includeAntiAliasing
            && result.antiAliasedPixels > 0 { text += ", \(result.antiAliasedPixels) anti-aliased" }
        return text
    }

    /// Whether any file is new, deleted, or changed beyond the tolerance.
    public var failed: Bool { items.contains { $0.status.fails } }

    /// How many files have the reg-cli status `word`: changed, new, deleted, passed, unchanged or unreadable.
    public func count(_ word: String) -> Int { items.count { ComparisonTerms.folders.word($0) == word } }

    /// The report, its pictures named from `reportDirectory` (the current folder when nil).
    public func comparison(reportDirectory: String?) -> ComparisonReport {
        let folder = reportDirectory ?? "."
        let items = items.map { item in
            var item = item
            item.images = item.images.map { image in
                image.role == .diff ? image : ComparisonItem.Image(role: image.role,
                                                                   path: ReportPath.relative(image.path, from: folder),
                                                                   size: image.size)
            }
            return item
        }
        let threshold = "threshold \(options.threshold)"
            + (options.includeAntiAliasing ? ", anti-aliasing counted" : "")
        return ComparisonReport(terms: .folders, items: items,
                                subtitle: "old \(oldDirectory) → new \(newDirectory) · \(threshold)")
    }

    // MARK: Summaries

    /// The counts in one line: `1 changed, 0 new, 0 deleted, 3 unchanged`.
    public var summary: String {
        let passed = count("passed")
        let unreadable = count("unreadable")
        return "\(count("changed")) changed, \(count("new")) new, \(count("deleted")) deleted, "
            + "\(count("unchanged") + passed) unchanged"
            + (passed > 0 ? " (\(passed) within tolerance)" : "") + (unreadable > 0 ? ", \(unreadable) unreadable" : "")
    }

    /// The summary and a table of the files that are not unchanged, for a terminal.
    public var text: String {
        var lines = ["visual diff: " + summary]
        var table = TextTable(columns: ["status", "file", "detail"])
        for item in items where ComparisonTerms.folders.word(item) != "unchanged" {
            table.add([ComparisonTerms.folders.word(item), item.name, item.detail])
        }
        if !table.isEmpty { lines.append(table.rendered) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// reg-cli's `reg.json` keys, then the comparison report's counts and items.
    public func json(reportDirectory: String?) -> JSONOutput {
        func names(_ words: [String]) -> JSONOutput {
            .array(items.filter { words.contains(ComparisonTerms.folders.word($0)) }.map { .string($0.name) })
        }
        let comparison = comparison(reportDirectory: reportDirectory)
        return .object([
            ("mode", .string("folder")),
            ("failed", .bool(failed)),
            ("summary", comparison.summaryJSON),
            // Unreadable files fail the run, so tools that read only these lists see it fail.
            ("failedItems", names(["changed", "unreadable"])), ("newItems", names(["new"])),
            ("deletedItems", names(["deleted"])), ("passedItems", names(["passed", "unchanged"])),
            ("expectedItems", names(["changed", "deleted", "passed", "unchanged"])),
            ("actualItems", names(["changed", "new", "passed", "unchanged"])),
            ("diffItems", .array(items.compactMap { $0.image(.diff) == nil ? nil : .string($0.name) })),
            ("expectedDir", .string(oldDirectory)), ("actualDir", .string(newDirectory)),
            ("diffDir", .optional(reportDirectory.map { $0 + "/diff" })),
            ("options", PixelDiffReport.optionsJSON(options, tolerance)),
            ("items", comparison.itemsJSON),
        ])
    }

    // MARK: Writing

    /// Writes the diff images, `report.json`, `report.md`, `junit.xml` and, last, `report.html`, each file whole or
    /// not at all. `toolVersion` names the tagflow that made the page. Diff images of the report this one replaces
    /// that it does not name are removed, so that the folder holds only this run's.
    public func write(to directory: String, toolVersion: String) throws(ReviewError) {
        let earlierDiffs = Self.diffNames(ofReportIn: directory)
        try Self.makeDirectory(directory)
        for (diffName, png) in diffPNGs.sorted(by: { $0.key < $1.key }) {
            let path = directory + "/" + diffName
            try Self.makeDirectory(AtomicFile.folder(of: path))
            try Self.write(png, to: path)
        }
        let comparison = comparison(reportDirectory: directory)
        try Self.write(Array((json(reportDirectory: directory).rendered() + "\n").utf8), to: directory + "/report.json")
        try Self.write(Array(comparison.markdown().utf8), to: directory + "/report.md")
        try Self.write(Array(comparison.junitXML.utf8), to: directory + "/junit.xml")
        try Self.writeHTML(comparison, to: directory, toolVersion: toolVersion)
        for name in earlierDiffs.subtracting(diffPNGs.keys) where !name.split(separator: "/").contains("..") {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    /// Writes `report.html` with every picture inline, a piece at a time.
    private static func writeHTML(_ comparison: ComparisonReport, to directory: String,
                                  toolVersion: String) throws(ReviewError) {
        let htmlPath = directory + "/report.html"
        let writer: AtomicFile.Writer
        do { writer = try AtomicFile.Writer(path: htmlPath) } catch { throw .writeFailed(path: htmlPath, error) }
        let page = ComparisonHTML(report: comparison, pictures: .inline(folder: directory), toolVersion: toolVersion)
        try page.write { chunk throws(ReviewError) in
            do throws(AtomicFileError) {
                try writer.write(Array(chunk.utf8))
            } catch {
                throw .writeFailed(path: htmlPath, error)
            }
        }
        do { try writer.commit() } catch { throw .writeFailed(path: htmlPath, error) }
    }

    /// The diff images the `report.json` in `directory` names, relative to it; none if there is no such report.
    /// Reports before the comparison report named them as `diff`, later ones as `images.diff`.
    private static func diffNames(ofReportIn directory: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: directory + "/report.json"),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = json["items"] as? [[String: Any]] else { return [] }
        let names = items.compactMap { ($0["images"] as? [String: Any])?["diff"] as? String ?? $0["diff"] as? String }
        return Set(names.filter { $0.hasPrefix("diff/") })
    }

    /// Copies every new, changed and within-tolerance file over its old namesake, each atomically. Deleted files'
    /// baselines are left for a person to remove. Returns the names copied.
    public func accept() throws(ReviewError) -> [String] {
        var accepted = [String]()
        for item in items where ["changed", "new", "passed"].contains(ComparisonTerms.folders.word(item)) {
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
