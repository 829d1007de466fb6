import Foundation
import TagFlowPipeline

/// Snapshots from Swift: what `tagflow snapshot verify` and `record` do, for a test target or a build tool.
///
/// ```swift
/// let suite = try SnapshotSuite(manifest: "tagflow.json")
/// let report = try suite.verify(SnapshotRun(reportFolder: ".build/snapshots"))
/// #expect(report.passed, "\(report.summaryLine)")
/// ```
///
/// A run draws and compares as the command does, and writes files the same way: goldens (in `record`) and the
/// report folder's `report.json`, `report.md`, `junit.xml` and `report.html`, each under a temporary name renamed
/// into place. It prints nothing: warnings about fonts and the goldens folder are the report's `fontNotes` and
/// `notes`. Unlike the command, `record` runs wherever it is called, CI or not.
public struct SnapshotSuite: Sendable {
    let manifest: SnapshotManifest

    /// The manifest a run reads when none is named: `tagflow.json`.
    public static let defaultManifest = "tagflow.json"

    /// Reads and checks a manifest. Paths in it are relative to its folder, and must stay inside it, links
    /// resolved: the goldens, the screens' tags and configs, and the fonts those name. `allowingPathsOutside` lifts
    /// that, for a manifest that is trusted (the command's `--allow-outside`). The report folder is the caller's
    /// (``SnapshotRun/reportFolder``), so it may lie anywhere but inside the goldens folder.
    public init(manifest path: String = defaultManifest, allowingPathsOutside: Bool = false) throws(TagFlowError) {
        do {
            guard FileManager.default.fileExists(atPath: path) else { throw SnapshotError.noManifest(path) }
            var manifest = try SnapshotManifest.load(path)
            manifest.allowsPathsOutside = allowingPathsOutside
            if !allowingPathsOutside { try manifest.checkPathsStayInside() }
            self.manifest = manifest
        } catch {
            throw TagFlowError(error)
        }
    }

    /// The folder the goldens are kept in.
    public var goldensFolder: String { manifest.goldensFolder }

    /// The screens' names, in the manifest's order.
    public var screenNames: [String] { manifest.screens.map(\.name) }

    /// Draws the run's variants and compares each with its golden; writes no golden. The report has passed when
    /// no golden changed beyond its tolerance, is missing, or is stale.
    public func verify(_ run: SnapshotRun = SnapshotRun()) throws(TagFlowError) -> SnapshotReport {
        try self.run(recordMode: nil, run)
    }

    /// Draws the run's variants and writes the goldens `mode` names. A golden whose pixels are unchanged is never
    /// rewritten.
    public func record(mode: RecordMode = .all,
                       _ run: SnapshotRun = SnapshotRun()) throws(TagFlowError) -> SnapshotReport {
        try self.run(recordMode: mode, run)
    }

    /// The one sequence of a run, for the command and the API: the folders checked before any work, the variants
    /// drawn, the report written.
    package func run(recordMode: RecordMode?, _ run: SnapshotRun, console: Console = .silent,
                     showsProgress: Bool = false,
                     interruption: Interruption? = nil) throws(TagFlowError) -> SnapshotReport {
        var madeReportFolder: String?
        do {
            try SnapshotRunner.checkGoldensFolder(manifest.goldensFolder, recording: recordMode != nil)
            if run.prune { try manifest.checkGoldensFolderCanBePruned() }
            // Checked before any work, so a report that cannot be written stops the run before a golden is. The
            // report folder comes from the command line, not the manifest, so it may lie anywhere; no link below it
            // is followed.
            let reportFolder = try run.reportFolder.map {
                try OutputPath.checkReportFolder($0, outside: [manifest.goldensFolder])
            }
            if let reportFolder, !FileManager.default.fileExists(atPath: reportFolder) {
                madeReportFolder = reportFolder
            }
            let earlierImages = reportFolder.map(SnapshotReport.images(ofReportIn:)) ?? []
            var runner = SnapshotRunner(manifest: manifest, recordMode: recordMode, shard: run.shard, prune: run.prune,
                                        reportFolder: reportFolder,
                                        threads: max(1, run.threads ?? ProcessInfo.processInfo.activeProcessorCount),
                                        console: console, quiet: !showsProgress)
            runner.filter = VariantFilter(patterns: run.filters)
            runner.plainDiff = run.plainDiff
            let report = try runner.run(interruption: interruption)
            if let reportFolder { try report.write(to: reportFolder, replacing: earlierImages) }
            return report
        } catch {
            // A report folder this run made holds only what it wrote before failing: no report names it.
            if let madeReportFolder { try? FileManager.default.removeItem(atPath: madeReportFolder) }
            // A TagFlowError passes through as it is: its report is its own.
            throw TagFlowError(error)
        }
    }
}
