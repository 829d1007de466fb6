import Foundation
import TagFlowImage
import TagFlowLayout
import TagFlowReview
import TagFlowInput
import TagFlowPipeline

/// What became of one golden in a snapshot run: a comparison report's item, its kind a ``GoldenKind``.
public typealias SnapshotItem = ComparisonItem


/// The outcome of `snapshot verify` or `record`: every golden's item, by screen and then name, and the words written
/// about it as JSON, Markdown, JUnit XML and HTML.
public struct SnapshotReport: Equatable, Sendable {
    /// What a run did with its goldens.
    public enum Action: String, CaseIterable, Sendable {
        /// Compared each variant with its golden.
        case verify
        /// Wrote the goldens the record mode names.
        case record
    }

    public internal(set) var action: Action
    public internal(set) var items: [SnapshotItem]
    /// Said before anything else: the fonts differ from those the goldens were recorded with (those notes first),
    /// and characters no installed font can draw.
    public internal(set) var fontNotes: [String] = []
    /// Said on the terminal only, after the font notes: the goldens folder's housekeeping.
    public internal(set) var notes: [String] = []
    /// How a note about the fonts the goldens were recorded with begins.
    static let recordedFontsNote = "the goldens were recorded with"

    /// The part of the variants the run drew, and the `--filter` patterns that chose them, so that a merge can
    /// tell that its shards make up one whole run.
    public internal(set) var shard: Shard
    public internal(set) var filter: [String]
    /// The bytes of the files in the goldens folder when the run ended; nil for a report made another way.
    public internal(set) var goldensSize: Int?

    init(action: Action, items: [SnapshotItem], fontNotes: [String] = [], shard: Shard = .whole,
         filter: [String] = []) {
        self.action = action
        self.shard = shard
        self.filter = filter
        // Each golden once: shards of earlier versions each listed every stale golden.
        var seen = Set<String>()
        // By screen, then name, as JUnit and HTML group them: `chooser/…` before `chooser-scroll/…`.
        self.items = items.sorted {
            ($0.screen, $0.name) < ($1.screen, $1.name)
        }.filter { seen.insert($0.name).inserted }
        self.fontNotes = Array(Set(fontNotes)).sorted {
            ($0.hasPrefix(Self.recordedFontsNote) ? 0 : 1, $0) < ($1.hasPrefix(Self.recordedFontsNote) ? 0 : 1, $1)
        }
    }

    /// Shards' reports as one, as if the run had not been split: one report of each of the shards of one run,
    /// of one action and filter, in any order. `folders` name the reports in what is thrown.
    package static func merged(_ reports: [SnapshotReport], folders: [String]) throws(SnapshotError) -> SnapshotReport {
        guard let first = reports.first else { return SnapshotReport(action: .verify, items: []) }
        for (report, folder) in zip(reports, folders) {
            if report.action != first.action {
                throw .mergedRunsDiffer(folders[0], folder,
                                        what: "one is a snapshot \(first.action.rawValue), the other a snapshot "
                                            + "\(report.action.rawValue)")
            }
            if report.filter != first.filter {
                throw .mergedRunsDiffer(folders[0], folder, what: "their --filter patterns differ")
            }
            if report.shard.count != first.shard.count {
                throw .mergedRunsDiffer(folders[0], folder,
                                        what: "one is shard \(first.shard), the other shard \(report.shard)")
            }
        }
        var folderOfShard = [Int: String]()
        for (report, folder) in zip(reports, folders) {
            if let earlier = folderOfShard[report.shard.index] {
                throw .shardMergedTwice(report.shard, earlier, folder)
            }
            folderOfShard[report.shard.index] = folder
        }
        let missing = (1...first.shard.count).filter { folderOfShard[$0] == nil }
        if !missing.isEmpty { throw .shardsMissing(missing.compactMap { Shard(index: $0, count: first.shard.count) }) }
        var merged = SnapshotReport(action: first.action, items: reports.flatMap(\.items),
                                    fontNotes: reports.flatMap(\.fontNotes),
                                    filter: first.filter)
        // The shards share one goldens folder; the largest is the last written.
        merged.goldensSize = reports.compactMap(\.goldensSize).max()
        return merged
    }

    /// How many goldens ended in `status`.
    public func count(_ status: SnapshotItem.Status) -> Int { items.count { $0.status == status } }

    /// Every picture the items name, relative to the report's folder.
    var imagePaths: Set<String> { Set(items.flatMap { $0.images.map(\.path) }) }

    /// The changed, missing, stale and unreadable goldens.
    public var failures: [SnapshotItem] { comparison.failures }

    /// Whether `verify` would exit 0: no golden changed beyond its tolerance, is missing, stale or unreadable.
    public var passed: Bool { failures.isEmpty }

    /// How the command line exits for this report: 0 when it passed, 2 when a golden could not be read (an error,
    /// not a difference), else 1.
    public var exitStatus: ExitStatus { passed ? .success : count(.unreadable) > 0 ? .usage : .failure }

    /// Goldens that matched within the tolerance, though some pixels differ: they pass, and a record in mode
    /// `all` would rewrite them.
    public var matchedWithinTolerance: [SnapshotItem] { comparison.matchedWithinTolerance }

    /// One line: `12 goldens: 10 matched (2 within the tolerance), 1 changed, 1 missing`.
    public var summaryLine: String {
        comparison.summaryLine + (goldensSize.map { "; the goldens folder holds \(formatByteSize($0))" } ?? "")
    }

    /// The report as a comparison report, in the snapshots' words, the font notes said first.
    public var comparison: ComparisonReport { ComparisonReport(terms: .snapshots, items: items, notes: fontNotes) }

    // MARK: JSON

    var json: JSONOutput {
        let comparison = comparison
        return .object([
            ("action", .string(action.rawValue)),
            ("shard", .string(shard.description)),
            ("filter", .array(filter.map(JSONOutput.string))),
            ("passed", .bool(passed)),
            ("summary", comparison.summaryJSON(adding: goldensSize.map { [("goldensBytes", .integer($0))] } ?? [])),
            ("fontNotes", .array(fontNotes.map(JSONOutput.string))),
            ("items", comparison.itemsJSON),
        ])
    }

    /// Reads back a mark ``json(_:)`` wrote.
    private static func mark(_ value: Located<JSONValue>) throws(InputError) -> SnapshotItem.Mark {
        let reader = try JSONObjectReader(value, context: "a mark")
        let kindText = try reader["kind"]?.string("a mark's \"kind\"") ?? ""
        guard let kind = LayoutChangeSummary.Change.Kind(rawValue: kindText) else {
            let known = LayoutChangeSummary.Change.Kind.allCases.map(\.rawValue)
            throw .unknownReportWord(what: "a mark's \"kind\"", known: known,
                                     at: reader["kind"]?.location ?? value.location)
        }
        func region(_ key: String) throws(InputError) -> PixelRegion? {
            guard let value = reader[key] else { return nil }
            if case .null = value.value { return nil }
            let numbers = try value.array("a mark's \"\(key)\"").map { value throws(InputError) in
                Int(try value.number("a mark's \"\(key)\""))
            }
            guard numbers.count == 4 else {
                throw .unknownReportWord(what: "a mark's \"\(key)\"", known: ["[x, y, width, height]"],
                                         at: value.location)
            }
            return PixelRegion(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        return SnapshotItem.Mark(kind: kind, words: try reader["words"]?.string("a mark's \"words\"") ?? "",
                                 golden: try region("golden"), actual: try region("actual"))
    }

    /// `report.json`'s text: the report for tools, which a merge reads back.
    public var jsonText: String { json.rendered() + "\n" }

    /// The report a run wrote to `folder`, read back from its `report.json`.
    package init(folder: String) throws {
        let path = Self.jsonPath(in: folder)
        try self.init(json: JSONParser.parse(InputFiles.read(path), file: path), file: path)
    }

    /// The folder of a report folder that holds its pictures.
    static let imagesFolder = "images"

    /// Where a report folder keeps its `report.json`.
    package static func jsonPath(in folder: String) -> String { folder + "/report.json" }

    /// The pictures the report already in `folder` names, if one is there.
    package static func images(ofReportIn folder: String) -> Set<String> {
        guard FileManager.default.fileExists(atPath: jsonPath(in: folder)),
              let report = try? SnapshotReport(folder: folder) else { return [] }
        return report.imagePaths
    }

    /// Writes `report.json`, `report.md`, `junit.xml` and `report.html` to `folder`, beside the pictures already
    /// there, and removes the pictures of the report it replaces (`earlierImages`) that this one does not name.
    package func write(to folder: String, replacing earlierImages: Set<String>) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write(Array(jsonText.utf8), to: Self.jsonPath(in: folder))
        try AtomicFile.write(Array(markdown().utf8), to: folder + "/report.md")
        try AtomicFile.write(Array(junitXML.utf8), to: folder + "/junit.xml")
        try AtomicFile.write(Array(htmlPage.utf8), to: folder + "/report.html")
        // Only pictures a report named, below its folder, and never through a link.
        let root = ConfinedFolder(folder)
        for image in earlierImages.subtracting(imagePaths) where image.hasPrefix(Self.imagesFolder + "/") {
            try? root.removeFile(image)
        }
    }

    /// Reads back what ``json`` wrote, for merging shards.
    init(json value: Located<JSONValue>, file: String) throws(InputError) {
        let reader = try JSONObjectReader(value, context: "the snapshot report")
        let action = try reader["action"].map { value throws(InputError) in
            guard let action = Action(rawValue: try value.string("\"action\"")) else {
                throw .unknownReportWord(what: "\"action\"", known: Action.allCases.map(\.rawValue), at: value.location)
            }
            return action
        } ?? .verify
        guard let shardValue = reader["shard"] else { throw .reportWithoutShard(file: file) }
        let shardText = try shardValue.string("\"shard\"")
        guard let shard = Shard(shardText) else {
            throw .value(.notAShard(shardText), key: "\"shard\"", at: shardValue.location)
        }
        let filter = try (reader["filter"]?.array("\"filter\"") ?? []).map { value throws(InputError) in
            try value.string("a --filter pattern")
        }
        let fontNotes = try (reader["fontNotes"]?.array("\"fontNotes\"") ?? []).map { value throws(InputError) in
            try value.string("a font note")
        }
        let items = try (reader["items"]?.array("\"items\"") ?? []).map { element throws(InputError) in
            try Self.item(fromJSON: element)
        }
        self.init(action: action, items: items, fontNotes: fontNotes, shard: shard, filter: filter)
        let summary = try reader["summary"].map { value throws(InputError) in
            try JSONObjectReader(value, context: "\"summary\"")
        }
        goldensSize = try summary?["goldensBytes"].map { value throws(InputError) in
            Int(try value.number("\"goldensBytes\""))
        }
    }

    /// An item of ``json``'s `items`.
    private static func item(fromJSON element: Located<JSONValue>) throws(InputError) -> SnapshotItem {
        let item = try JSONObjectReader(element, context: "an item")
        guard let statusText = try item["status"]?.string("\"status\""),
              let status = SnapshotItem.Status(rawValue: statusText) else {
            throw .unknownReportWord(what: "an item's \"status\"",
                                     known: SnapshotItem.Status.allCases.map(\.rawValue),
                                     at: item["status"]?.location ?? element.location)
        }
        let images = try Self.images(of: item)
        let explanation = try item["explanation"].map { value throws(InputError) -> LayoutChangeSummary in
            let reader = try JSONObjectReader(value, context: "\"explanation\"")
            func words(_ key: String) throws(InputError) -> [String] {
                try (reader[key]?.array("\"\(key)\"") ?? []).map { value throws(InputError) in
                    try value.string("a change")
                }
            }
            return LayoutChangeSummary(cause: try words("cause"), effect: try words("effect"))
        }
        let hasNoLayout = try item["layout"]?.string("\"layout\"") == "not recorded"
        let marks = try (item["marks"]?.array("\"marks\"") ?? []).map { value throws(InputError) in
            try Self.mark(value)
        }
        return SnapshotItem(
            name: try item["name"]?.string("\"name\"") ?? "",
            screen: try item["screen"]?.string("\"screen\"") ?? "",
            kind: GoldenKind(rawValue: try item["kind"]?.string("\"kind\"") ?? ""), status: status,
            detail: try item["detail"]?.string("\"detail\"") ?? "",
            differentPixels: try item["differentPixels"].flatMap { value throws(InputError) -> Int? in
                if case .null = value.value { return nil }
                return Int(try value.number("\"differentPixels\""))
            },
            changedSteps: try (item["changedSteps"]?.array("\"changedSteps\"") ?? []).map {
                value throws(InputError) in
                Int(try value.number("a step"))
            },
            images: images,
            imagesStep: try item["imagesStep"].map { value throws(InputError) in
                Int(try value.number("\"imagesStep\""))
            },
            explanation: explanation, hasNoLayout: hasNoLayout, marks: marks)
    }

    /// An item's pictures by role, with their sizes where the report gives them.
    private static func images(of item: JSONObjectReader) throws(InputError) -> [SnapshotItem.Image] {
        var images = [SnapshotItem.Image]()
        let sizes = try item["imageSizes"].map { value throws(InputError) in
            try JSONObjectReader(value, context: "\"imageSizes\"")
        }
        if let imageObject = item["images"] {
            for (key, path) in try JSONObjectReader(imageObject, context: "\"images\"").members {
                guard let role = SnapshotItem.Image.Role(rawValue: key.value) else {
                    throw .unknownReportWord(what: "an image's role",
                                             known: SnapshotItem.Image.Role.allCases.map(\.rawValue),
                                             at: key.location)
                }
                let size = try sizes?[key.value].map { value throws(InputError) -> PixelSize in
                    let numbers = try value.array("an image's size").map { value throws(InputError) in
                        Int(try value.number("an image's size"))
                    }
                    guard numbers.count == 2 else {
                        throw .unknownReportWord(what: "an image's size", known: ["[width, height]"],
                                                 at: value.location)
                    }
                    return PixelSize(width: numbers[0], height: numbers[1])
                }
                images.append(SnapshotItem.Image(role: role, path: try path.string("an image path"), size: size))
            }
        }
        return images
    }

    // MARK: Markdown, JUnit and HTML

    /// For a pull-request comment: see ``ComparisonReport/markdown(limit:maxCharacters:)``.
    public func markdown(limit: Int = 50, maxCharacters: Int = 60_000) -> String {
        comparison.markdown(limit: limit, maxCharacters: maxCharacters)
    }

    /// JUnit XML: a test suite per screen, a test case per golden, a failure per failing one.
    public var junitXML: String { comparison.junitXML }

    /// The review page, its pictures the files beside it.
    public var htmlPage: String {
        ComparisonHTML(report: comparison, pictures: .files, toolVersion: TagFlowVersion.current).page
    }
}
