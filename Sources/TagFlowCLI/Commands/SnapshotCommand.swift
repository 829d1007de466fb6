import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowReview
import TagFlowInput
import TagFlowPipeline
import TagFlowSnapshot

/// `tagflow snapshot record|verify|merge`: goldens a team keeps in its repository, rendered from a manifest of
/// screens and variants, and reports its CI reads.
struct SnapshotCommand: ParsableCommand {
    /// The action, then, for `merge`, the report folders to merge.
    var words: [String] = []
    var manifest: String?
    var mode: RecordMode?
    var prune = false
    var shard: String?
    var filters: [String] = []
    var report: String?
    var force = false
    var threads: Int?
    var quiet = false
    var allowOutside = false
    var plainDiff = false

    enum Action: String, CaseIterable {
        /// Render every variant and write the goldens the mode names.
        case record
        /// Render every variant and compare it with its golden.
        case verify
        /// Combine the reports of a sharded run into one.
        case merge
    }

    static let configuration = CommandConfiguration(
        name: "snapshot",
        abstract: "Record and verify goldens of every screen and variant a manifest lists.",
        discussion: """
        record renders every variant of every screen in tagflow.json and writes the goldens --mode names: all \
        (missing, or with any pixel changed), missing, failed (missing, or changed beyond the tolerance) or never. A \
        golden whose pixels are unchanged is never rewritten. It refuses to run where CI is set, unless --force \
        (--mode never, which writes nothing, runs anywhere).
        verify renders every variant and compares it with its golden. It exits 0 when every golden matches, 1 on a \
        changed, missing or stale golden, and 2 on an error or a golden it cannot read. With --prune it removes stale \
        goldens, and then refuses to run where CI is set, unless --force. --report DIR writes report.html, \
        report.json, report.md (for a pull-request comment) and junit.xml.
        merge DIR... combines the report.json of each shard of a --shard i/n run into one report, as the whole run \
        would have written.
        """,
        failure: "verify found a golden changed beyond its tolerance, missing or stale",
        examples: [
            "tagflow snapshot record",
            "tagflow snapshot verify --report out/snapshots",
            "tagflow snapshot verify --shard 1/2 --report out/shard-1",
            "tagflow snapshot record --filter 'demo/*-dark'",
            "tagflow snapshot merge out/shard-1 out/shard-2 --report out/snapshots",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [
            .positionals(\.words, "action",
                         help: "record, verify or merge; merge takes the shards' report folders after it.",
                         completion: .choices(Action.allCases.map(\.rawValue))),
        ]), ArgumentGroup("Snapshots", [
            .option(\.manifest, "--manifest", help: "The manifest of screens and variants.",
                    value: .path("FILE", extensions: ["json"]),
                    defaultDescription: SnapshotSuite.defaultManifest),
            .option(\.mode, "--mode", help: "Which goldens record writes.", value: .choice,
                    defaultDescription: RecordMode.all.rawValue),
            .flag(\.prune, "--prune", help: "Remove stale goldens, which no screen or variant makes any more."),
            .option(\.shard, "--shard", help: "Run the i-th of n parts of the variants, for a CI matrix of n jobs.",
                    value: .text("I/N"), defaultDescription: "all"),
            .repeating(\.filters, "--filter",
                       help: "Only the variants whose names match, a name being a golden's path without .png, "
                        + ".sheet.png or .scroll: 'demo/*', '*-dark'; * and ? as in a shell; repeatable.",
                        value: .text("GLOB")),
            .option(\.report, "--report",
                    help: "Write report.html, report.json, report.md and junit.xml to this folder.",
                    value: .path("DIR")),
            .flag(\.plainDiff, "--plain-diff", help: "In the report, mark every differing pixel, as a plain pixel diff "
                  + "does, instead of leaving out tags the recorded layout says only moved."),
            .flag(\.force, "--force", help: "Record, or verify --prune, even where CI is set in the environment."),
            .option(\.threads, "--threads", help: "Variants rendered at once; the goldens are the same for any number.",
                    value: .positiveCount, defaultDescription: "all cores"),
            .flag(\.quiet, "--quiet", "-q", help: "No progress line."),
            .flag(\.allowOutside, "--allow-outside",
                  help: "Let the manifest name goldens, tags, configs and fonts outside "
                  + "its folder; without it, the paths it names must stay inside it."),
        ])]
    }

    var action: Action? { words.first.flatMap(Action.init(rawValue:)) }

    func validate() throws(CommandLineError) {
        guard let first = words.first, let action = Action(rawValue: first) else {
            throw .invalidValue(option: "<action>",
                                .notAChoice(words.first ?? "", choices: Action.allCases.map(\.rawValue)))
        }
        if action != .merge, words.count > 1 { throw .snapshotActionTakesNoFolders(action: first, extra: words[1]) }
        if action == .merge, words.count < 2 || report == nil { throw .mergeNeedsFoldersAndReport }
        if action != .record, mode != nil { throw .modeWithoutRecord(action: first) }
        if action == .merge {
            // Merging reads the shards' reports only: options of a run would mean nothing, and are refused.
            let runOptions: [(String, Bool)] = [("--prune", prune), ("--shard", shard != nil),
                                                ("--filter", !filters.isEmpty),
                                                ("--manifest", manifest != nil), ("--threads", threads != nil),
                                                ("--allow-outside", allowOutside), ("--plain-diff", plainDiff)]
            if let (option, _) = runOptions.first(where: \.1) {
                throw .notApplicable(option: option,
                                     because: "applies to record and verify; merge reads only the shards' report "
                                         + "folders")
            }
        }
        // A record takes --force in any mode, so that a script's dry run with it is not refused.
        if force, action != .record, !changesGoldens {
            throw .notApplicable(option: "--force",
                                 because: "lets record, or verify --prune, change goldens where CI is set; "
                                 + "this run changes none, so runs anywhere")
        }
        if let shard, Shard(shard) == nil { throw .invalidValue(option: "--shard", .notAShard(shard)) }
        if plainDiff, report == nil {
            throw .notApplicable(option: "--plain-diff",
                                 because: "chooses the report's diff pictures; add --report DIR")
        }
    }

    func run(console: Console) throws -> ExitStatus {
        let interruption = Interruption()
        guard let action else { return .usage }
        if action == .merge { return try merge(console: console) }
        if changesGoldens, !force, Self.isCI(ProcessInfo.processInfo.environment) {
            throw SnapshotError.goldensChangedOnCI(prunes: action == .verify)
        }
        let suite = try SnapshotSuite(manifest: manifest ?? SnapshotSuite.defaultManifest,
                                      allowingPathsOutside: allowOutside)
        let run = SnapshotRun(shard: shard.flatMap(Shard.init) ?? .whole, filters: filters, prune: prune,
                              reportFolder: report, threads: threads, plainDiff: plainDiff)
        let result = try suite.run(recordMode: action == .record ? mode ?? .all : nil, run, console: console,
                                   showsProgress: !quiet,
                                   interruption: interruption)
        // A signal that came once everything was committed still ends the process as a signal does.
        if interruption.wasRequested {
            throw interruption.stop(completed: "the run had finished; its goldens and report are written")
        }
        show(result, console: console)
        return result.exitStatus
    }

    /// Whether the run may write or remove goldens: a record in any mode but `never`, or a verify that prunes.
    private var changesGoldens: Bool {
        action == .record ? mode != .never : action == .verify && prune
    }

    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "false", "0", "no"].contains(value)
    }

    private func merge(console: Console) throws -> ExitStatus {
        guard let report else { return .usage }
        let folders = Array(words.dropFirst())
        // Not one of the shards' folders, which a retried merge reads again, nor the goldens folder, if the manifest
        // names one here.
        var outside = folders
        if FileManager.default.fileExists(atPath: SnapshotSuite.defaultManifest) {
            outside.append(try SnapshotManifest.load(SnapshotSuite.defaultManifest).goldensFolder)
        }
        _ = try OutputPath.checkReportFolder(report, outside: outside)
        let earlierImages = SnapshotReport.images(ofReportIn: report)
        let reports = try folders.map { folder in
            guard FileManager.default.fileExists(atPath: SnapshotReport.jsonPath(in: folder)) else {
                throw SnapshotError.noShardReport(folder)
            }
            return try SnapshotReport(folder: folder)
        }
        let merged = try SnapshotReport.merged(reports, folders: folders)
        // The shards' pictures come along, under the same names: only names a run gives its pictures, read from
        // inside each shard's folder and written inside the report's, links refused.
        var copies = [(source: String, target: String)]()
        let reportRoot = ConfinedFolder(report)
        for (folder, shardReport) in zip(folders, reports) {
            let shardRoot = ConfinedFolder(folder)
            for item in shardReport.items {
                for image in item.images {
                    guard SnapshotRunner.isReportImage(image.path, of: item.name),
                          let source = try? shardRoot.path(of: image.path),
                          let target = try? reportRoot.path(of: image.path) else {
                        throw SnapshotError.unsafeReportImage(report: SnapshotReport.jsonPath(in: folder),
                                                              item: item.name,
                                                              path: image.path)
                    }
                    copies.append((source, target))
                }
            }
        }
        for (source, target) in copies {
            // A picture a shard did not write is left out, as the shard's report would miss it; a FIFO is not read.
            var info = stat()
            guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  let data = FileManager.default.contents(atPath: source) else { continue }
            try FileManager.default.createDirectory(atPath: AtomicFile.folder(of: target),
                                                    withIntermediateDirectories: true)
            try AtomicFile.write(Array(data), to: target)
        }
        try merged.write(to: report, replacing: earlierImages)
        show(merged, console: console)
        return merged.exitStatus
    }

    /// The report's words on the terminal: notes, then every golden that did not match, then the summary.
    private func show(_ report: SnapshotReport, console: Console) {
        for note in report.fontNotes + report.notes + report.comparison.layoutNotes { console.warn(note) }
        // What changed in a screen's layout, said once for the goldens it explains.
        for (screen, items) in Dictionary(grouping: report.failures, by: \.screen).sorted(by: { $0.key < $1.key }) {
            for case let (cause?, group) in ComparisonReport.groupedByCause(items) {
                let goldens = "\(group.count) golden\(group.count == 1 ? "" : "s")"
                console.out("\(ComparisonTerms.snapshots.title(ofGroup: screen)): \(cause), in \(goldens)\n")
            }
        }
        for item in report.items where item.status != .matched {
            // Statuses in a column of 8, but a longer one whole (`unreadable`).
            let status = item.status.rawValue
            let padding = String(repeating: " ", count: max(1, 9 - status.count))
            console.out(status + padding + "\(item.name)  \(item.explainedDetail)\n")
        }
        console.out("\(report.action.rawValue): \(report.summaryLine)\n")
        if let folder = self.report { console.out("report: \(folder)/report.html\n") }
    }
}
