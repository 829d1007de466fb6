import Foundation
import TagFlowImage
import TagFlowLayout
import TagFlowReview
import TagFlowInput
import TagFlowPipeline

/// What became of one golden in a snapshot run.
public struct SnapshotItem: Equatable, Sendable {
    public enum Status: String, CaseIterable, Sendable {
        /// The pixels match the golden, exactly or within the tolerance.
        case matched
        /// The pixels differ from the golden beyond the tolerance.
        case changed
        /// No golden exists for this variant.
        case missing
        /// A golden that no screen or variant makes any more.
        case stale
        /// `record` wrote this golden.
        case written
        /// A stale golden `--prune` removed.
        case removed
        /// The golden could not be read: truncated, not a PNG, or a Git LFS pointer not pulled. `verify` still
        /// compares the others, and exits 2.
        case unreadable

        /// Changed, missing, stale and unreadable goldens fail `verify`.
        public var fails: Bool { self == .changed || self == .missing || self == .stale || self == .unreadable }
    }

    /// The golden's path below the goldens folder: `demo/iphone-15-dark.png`, or a `.scroll` folder.
    public internal(set) var name: String
    /// The screen whose folder holds the golden; empty for a file at the top of the goldens folder.
    public internal(set) var screen: String
    /// What the golden is; nil for a stale golden, which no variant makes.
    public internal(set) var kind: GoldenKind?
    public internal(set) var status: Status
    /// One line for people: how many pixels differ, which steps changed.
    public internal(set) var detail: String
    public internal(set) var differentPixels: Int?
    /// For a sequence: the scroll steps (from 1) whose frames changed, were added or were removed.
    public internal(set) var changedSteps: [Int] = []
    /// Pictures of this golden in the report folder: the golden, what was drawn, and where they differ.
    public internal(set) var images: [Image] = []
    /// For a sequence, the scroll step its images show: the first that changed.
    public internal(set) var imagesStep: Int?
    /// What changed in the layout the golden was drawn from, for a golden that changed and has its layout recorded.
    public internal(set) var explanation: LayoutChangeSummary?
    /// A golden that changed but was recorded without its layout, so only its pixels explain it.
    public internal(set) var hasNoLayout = false
    /// The explanation's changes where the golden and the actual picture show them, for a golden drawn whole.
    public internal(set) var marks: [Mark] = []

    /// The detail, after what the change in layout did to this golden, when its layout explains it.
    package var explainedDetail: String {
        let effect = explanation?.effect ?? []
        return effect.isEmpty ? detail : effect.joined(separator: "; ") + " · " + detail
    }

    /// How reports title a screen's group: its name, or what holds goldens outside any screen's folder.
    package static func title(ofScreen screen: String) -> String {
        screen.isEmpty ? "(top of the goldens folder)" : screen
    }

    /// One change of a golden's explanation, located in its pictures: what a reviewer is pointed to.
    public struct Mark: Equatable, Sendable {
        public let kind: LayoutChangeSummary.Change.Kind
        public let words: String
        /// In the golden's pixels; nil where the golden has no such element.
        public let golden: PixelRegion?
        /// In the actual picture's pixels; nil where it has no such element.
        public let actual: PixelRegion?

        /// `change`'s frames in pictures drawn at `scale` pixels a point.
        init(_ change: LayoutChangeSummary.Change, scale: Double) {
            self.init(kind: change.kind, words: change.words,
                      golden: change.old.map { LayoutAwareDiff.pixels($0, scale: scale, margin: 0) },
                      actual: change.new.map { LayoutAwareDiff.pixels($0, scale: scale, margin: 0) })
        }

        init(kind: LayoutChangeSummary.Change.Kind, words: String, golden: PixelRegion?,
             actual: PixelRegion?) {
            self.kind = kind
            self.words = words
            self.golden = golden
            self.actual = actual
        }
    }

    /// A picture a report folder holds for an item.
    public struct Image: Equatable, Sendable {
        public enum Role: String, CaseIterable, Sendable {
            /// The golden as it is on disk.
            case golden
            /// What this run drew.
            case actual
            /// The two with their differing pixels marked: where a recorded layout explains moves, only the rest.
            case diff
            /// Every differing pixel marked, beside a diff that a recorded layout explained.
            case pixels
        }

        public let role: Role
        /// Relative to the report folder: `images/demo/iphone-15-dark.diff.png`.
        public let path: String
        /// In pixels, as its PNG header says: the HTML report sizes the picture before it loads.
        public let size: PixelSize?

        public init(role: Role, path: String, size: PixelSize? = nil) {
            self.role = role
            self.path = path
            self.size = size
        }
    }

    /// A picture's width and height in pixels.
    public struct PixelSize: Equatable, Sendable {
        public let width: Int
        public let height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }
}

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
    public var failures: [SnapshotItem] { items.filter(\.status.fails) }

    /// Whether `verify` would exit 0: no golden changed beyond its tolerance, is missing, stale or unreadable.
    public var passed: Bool { failures.isEmpty }

    /// How the command line exits for this report: 0 when it passed, 2 when a golden could not be read (an error,
    /// not a difference), else 1.
    public var exitStatus: ExitStatus { passed ? .success : count(.unreadable) > 0 ? .usage : .failure }

    /// Goldens that matched within the tolerance, though some pixels differ: they pass, and a record in mode
    /// `all` would rewrite them.
    public var matchedWithinTolerance: [SnapshotItem] {
        items.filter { $0.status == .matched && ($0.differentPixels ?? 0) > 0 }
    }

    /// One line: `12 goldens: 10 matched (2 within the tolerance), 1 changed, 1 missing`.
    public var summaryLine: String {
        let tolerated = matchedWithinTolerance.count
        let counts = SnapshotItem.Status.allCases.compactMap { status -> String? in
            let n = count(status)
            guard n > 0 else { return nil }
            return "\(n) \(status.rawValue)" + (status == .matched && tolerated > 0 ? " (\(tolerated) within the "
                + "tolerance)" : "")
        }
        return "\(items.count) "
            + "golden\(items.count == 1 ? "" : "s")" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))
            + (goldensSize.map { "; the goldens folder holds \(formatByteSize($0))" } ?? "")
    }

    // MARK: JSON

    var json: JSONOutput {
        .object([
            ("action", .string(action.rawValue)),
            ("shard", .string(shard.description)),
            ("filter", .array(filter.map(JSONOutput.string))),
            ("passed", .bool(passed)),
            ("summary", .object([("total", .integer(items.count))]
                + SnapshotItem.Status.allCases.map { ($0.rawValue, .integer(count($0))) }
                + (goldensSize.map { [("goldensBytes", JSONOutput.integer($0))] } ?? []))),
            ("fontNotes", .array(fontNotes.map(JSONOutput.string))),
            ("items", .array(items.map { item in
                .object([
                    ("name", .string(item.name)), ("screen", .string(item.screen)),
                    ("kind", .string(item.kind?.rawValue ?? "")),
                    ("status", .string(item.status.rawValue)), ("detail", .string(item.detail)),
                    ("differentPixels", item.differentPixels.map(JSONOutput.integer) ?? .null),
                    ("changedSteps", .array(item.changedSteps.map(JSONOutput.integer))),
                    ("images", .object(item.images.map { ($0.role.rawValue, .string($0.path)) })),
                    ("imageSizes", .object(item.images.compactMap { image in
                        image.size.map { (image.role.rawValue, .array([.integer($0.width), .integer($0.height)])) }
                    })),
                ] + (item.imagesStep.map { [("imagesStep", JSONOutput.integer($0))] } ?? [])
                  + (item.explanation.map { explanation in
                      let words = { (words: [String]) in JSONOutput.array(words.map(JSONOutput.string)) }
                      let said = JSONOutput.object([("cause", words(explanation.cause)),
                                                    ("effect", words(explanation.effect))])
                      return [("explanation", said)]
                  } ?? [])
                  + (item.hasNoLayout ? [("layout", JSONOutput.string("not recorded"))] : [])
                  + (item.marks.isEmpty ? [] : [("marks", .array(item.marks.map(Self.json)))]))
            })),
        ])
    }

    /// A mark as `{"kind", "words", "golden": [x, y, width, height], "actual": …}`, null for a side without it.
    private static func json(_ mark: SnapshotItem.Mark) -> JSONOutput {
        func region(_ region: PixelRegion?) -> JSONOutput {
            region.map { .array([$0.x, $0.y, $0.width, $0.height].map(JSONOutput.integer)) } ?? .null
        }
        return .object([("kind", .string(mark.kind.rawValue)), ("words", .string(mark.words)),
                        ("golden", region(mark.golden)), ("actual", region(mark.actual))])
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
        try AtomicFile.write(Array(SnapshotReportHTML(report: self).page.utf8), to: folder + "/report.html")
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
                let size = try sizes?[key.value].map { value throws(InputError) -> SnapshotItem.PixelSize in
                    let numbers = try value.array("an image's size").map { value throws(InputError) in
                        Int(try value.number("an image's size"))
                    }
                    guard numbers.count == 2 else {
                        throw .unknownReportWord(what: "an image's size", known: ["[width, height]"],
                                                 at: value.location)
                    }
                    return SnapshotItem.PixelSize(width: numbers[0], height: numbers[1])
                }
                images.append(SnapshotItem.Image(role: role, path: try path.string("an image path"), size: size))
            }
        }
        return images
    }

    // MARK: Markdown

    /// For a pull-request comment: the summary, then, screen by screen in a `<details>` block, the failures grouped by
    /// what changed in their layout (each cause said once), each with its pictures; then what passed within the
    /// tolerance. At most `limit` rows, and never more than GitHub takes in a comment.
    public func markdown(limit: Int = 50, maxCharacters: Int = 60_000) -> String {
        var lines = ["**tagflow snapshots** — \(passed ? "✅ all match" : "❌ \(failures.count) failing") · "
            + "\(summaryLine)", ""]
        for note in fontNotes + layoutNotes { lines.append("> ⚠️ \(note)") }
        if !fontNotes.isEmpty || !layoutNotes.isEmpty { lines.append("") }
        let listed = failures + matchedWithinTolerance
        var shown = Set<String>(), size = lines.reduce(0) { $0 + $1.count + 1 }
        var detailsOpen = false
        func add(_ newLines: [String]) -> Bool {
            let added = newLines.reduce(0) { $0 + $1.count + 1 }
            guard size + added < maxCharacters - 200 else { return false }
            lines += newLines
            size += added
            return true
        }
        screens: for (screen, items) in Dictionary(grouping: listed, by: \.screen).sorted(by: { $0.key < $1.key }) {
            let failing = items.count(where: \.status.fails)
            let title = MarkdownText.cell(SnapshotItem.title(ofScreen: screen))
            let summary = "<summary><strong>\(title)</strong>: \(failing) failing</summary>"
            guard add(["<details open>", summary, ""]) else { break }
            detailsOpen = true
            for (cause, group) in Self.groupedByCause(items) {
                let goldens = "\(group.count) golden\(group.count == 1 ? "" : "s")"
                let heading = cause.map { "**\(MarkdownText.cell($0))**, in \(goldens):" }
                let table = ["| Golden | Status | Detail |", "| --- | --- | --- |"]
                guard add((heading.map { [$0, ""] } ?? []) + table) else { break screens }
                for item in group {
                    guard shown.count < limit, add([row(item)]) else { break screens }
                    shown.insert(item.name)
                }
                _ = add([""])
            }
            if add(["</details>", ""]) { detailsOpen = false }
        }
        if detailsOpen { lines += ["", "</details>"] }
        let unshown = listed.count - shown.count
        if unshown > 0 {
            // By screen, so that a screen none of whose rows fit is still named.
            let rest = listed.filter { !shown.contains($0.name) }
            let screens = Dictionary(grouping: rest, by: \.screen).sorted { $0.key < $1.key }.map { screen, items in
                "\(MarkdownText.code(SnapshotItem.title(ofScreen: screen), inTable: false)) \(items.count)"
            }
            lines += ["", "…and \(unshown) more in report.json: \(screens.joined(separator: ", "))."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A golden's row: its name, status, what changed in its layout and pixels, and links to its pictures.
    private func row(_ item: SnapshotItem) -> String {
        let status = item.status == .matched ? "matched within the tolerance" : item.status.rawValue
        let detail = item.explainedDetail
        let links = item.images.map { "[\($0.role.rawValue)](\(Self.percentEncoded($0.path)))" }.joined(separator: " ")
        return "| \(MarkdownText.code(item.name, inTable: true)) | \(status) | \(MarkdownText.cell(detail))"
            + (links.isEmpty ? "" : " · " + links) + " |"
    }

    /// Items by the cause their layout gives, causes in order of first appearance; nil for those with none.
    package static func groupedByCause(_ items: [SnapshotItem]) -> [(cause: String?, items: [SnapshotItem])] {
        var groups = [(cause: String?, items: [SnapshotItem])]()
        for item in items {
            let cause = item.explanation.map(\.causeSentence)
            if let index = groups.firstIndex(where: { $0.cause == cause }) {
                groups[index].items.append(item)
            } else {
                groups.append((cause, [item]))
            }
        }
        return groups.sorted { ($0.cause == nil ? 1 : 0) < ($1.cause == nil ? 1 : 0) }
    }

    /// Said once: goldens that changed but were recorded before layouts were kept beside them.
    package var layoutNotes: [String] {
        let count = items.count(where: \.hasNoLayout)
        guard count > 0 else { return [] }
        let one = count == 1
        return ["\(count) changed golden\(one ? " was" : "s were") recorded without \(one ? "its" : "their") layout, "
                + "so \(one ? "it is" : "they are") compared by pixels alone; record \(one ? "it" : "them") again "
                + "to have changes explained"]
    }

    /// A report folder's relative path as a Markdown link target.
    static func percentEncoded(_ path: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "()"))
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    // MARK: JUnit

    /// JUnit XML, as CI systems read it: a test suite per screen, a test case per golden, a failure per failing one.
    /// No times are written, so the file is the same on every run.
    public var junitXML: String {
        let screens = Dictionary(grouping: items, by: \.screen).sorted { $0.key < $1.key }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // A golden that could not be read is an error, as JUnit counts them apart from failures.
        func isError(_ item: SnapshotItem) -> Bool { item.status == .unreadable }
        xml += "<testsuites name=\"tagflow snapshots\" tests=\"\(items.count)\" "
            + "failures=\"\(failures.count { !isError($0) })\" "
            + "errors=\"\(items.count(where: isError))\">\n"
        for (screen, items) in screens {
            let failing = items.count { $0.status.fails && !isError($0) }
            let title = Self.xml(SnapshotItem.title(ofScreen: screen))
            xml += "  <testsuite name=\"\(title)\" tests=\"\(items.count)\" failures=\"\(failing)\" "
                + "errors=\"\(items.count(where: isError))\">\n"
            for item in items {
                let caseName = item.name.hasPrefix(screen + "/") ? String(item.name.dropFirst(screen.count + 1))
                                                                 : item.name
                xml += "    <testcase classname=\"\(title)\" name=\"\(Self.xml(caseName))\""
                if item.status.fails {
                    let element = isError(item) ? "error" : "failure"
                    // What changed in the layout comes first, when the golden's layout was recorded.
                    let message = item.explanation.map { $0.sentence + " · " + item.detail } ?? item.detail
                    xml += ">\n      <\(element) type=\"\(item.status.rawValue)\" message=\"\(Self.xml(message))\">"
                    xml += Self.xml("\(item.name): \(item.status.rawValue). \(message)")
                    xml += "</\(element)>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// `text` escaped for an XML attribute or text, without the control characters XML 1.0 does not allow.
    static func xml(_ text: String) -> String {
        FolderReportHTML.escape(String(text.unicodeScalars.filter {
            $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r"
        }.map(Character.init)))
    }
}
