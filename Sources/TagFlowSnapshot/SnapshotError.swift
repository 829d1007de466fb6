import TagFlowLayout
import TagFlowImage
import TagFlowInput
import Foundation
import TagFlowPipeline

/// Why a snapshot run could not go on.
package enum SnapshotError: Error, Equatable {
    /// `record`, or `verify --prune` (`prunes`), on CI, where goldens must never change silently.
    case goldensChangedOnCI(prunes: Bool)
    case unreadableGolden(String)
    case brokenGolden(String, reason: String)
    /// A golden that is a Git LFS pointer, not the file it points to.
    case goldenIsLFSPointer(String)
    case noManifest(String)
    /// The goldens folder the manifest names is a file.
    case goldensFolderIsAFile(String)
    /// `record` could not write into the goldens folder, or make it (`folder` is where it would be made).
    case goldensFolderNotWritable(String, folder: String)
    /// A golden's path is a folder.
    case goldenIsAFolder(String)
    /// `fonts.json` beside the goldens does not read: the report of why.
    case brokenFontsRecord(ErrorReport)
    /// `--filter` patterns no variant's name matches, and some names that are.
    case noVariantMatches([String], examples: [String])
    /// A variant (`screen/variant`) that could not be drawn or compared, and why.
    case variantFailed(String, ErrorReport)
    /// Two report folders given to `merge` that are not shards of one run: `what` says how they differ.
    case mergedRunsDiffer(String, String, what: String)
    /// Two report folders given to `merge` of the same shard.
    case shardMergedTwice(Shard, String, String)
    /// Shards of the run no report folder given to `merge` holds.
    case shardsMissing([Shard])
    /// A folder given to `merge` that holds no `report.json`.
    case noShardReport(String)
    /// Two goldens of the manifest's variants with one path, or paths that differ only in case.
    case goldenNamesCollide(String, String, variants: [String])
    /// A path the manifest names (`what`), which resolves to `resolved`, outside the manifest's `folder`.
    case outsideManifestFolder(what: String, path: String, resolved: String, folder: String, at: SourceSpan?)
    /// `--prune` with a goldens folder that holds the manifest itself.
    case pruneOutsideGoldens(goldens: String, manifest: String)
    /// A path in the goldens or report folder (`folder` says which) that leaves it or passes a symbolic link.
    case confined(ConfinementError, folder: String)
    /// A shard's `report.json` naming a picture (`path`) for `item` that is not one tagflow writes for it.
    case unsafeReportImage(report: String, item: String, path: String)
    /// A golden that is a FIFO, socket or device (`kind`), which reading could block on.
    case goldenNotAFile(String, kind: String)
    /// The lock that serialises updates of `fonts.json` could not be taken.
    case fontsRecordLock(FileLockError)

    /// A golden that is there but cannot be read or decoded, which `verify` reports as an item.
    var isUnreadableGolden: Bool {
        switch self {
        case .unreadableGolden, .brokenGolden, .goldenIsLFSPointer: true
        default: false
        }
    }
}

extension SnapshotError: ReportedError {
    package var report: ErrorReport {
        switch self {
        case let .mergedRunsDiffer(first, other, what):
            ErrorReport(message: "'\(first)' and '\(other)' are not shards of one run: \(what)",
                        hint: "merge the report folders of one snapshot run's --shard 1/n … n/n jobs")
        case let .shardMergedTwice(shard, first, second):
            ErrorReport(message: "'\(first)' and '\(second)' both hold shard \(shard)",
                        hint: "give each shard's report folder once")
        case let .noShardReport(folder):
            ErrorReport(message: "'\(folder)' holds no report.json",
                        hint: "give the folders that tagflow snapshot verify --shard I/N --report wrote")
        case let .shardsMissing(shards):
            ErrorReport(message: "no report folder holds shard\(shards.count == 1 ? "" : "s") "
                + "\(shards.map(\.description).joined(separator: ", ")) of the run",
                        hint: "every shard's report is needed: check that each CI job of the matrix ran and kept its "
                            + "report folder")
        case let .goldensChangedOnCI(prunes):
            ErrorReport(message: "snapshot \(prunes ? "verify --prune" : "record") refuses to run on CI (CI is set), "
                + "so goldens never change there by accident",
                        hint: prunes
                            ? "verify without --prune, which fails on stale goldens, and prune on your machine; or, on "
                                + "purpose, add --force"
                            : "record on your machine and commit the goldens; or, to record on CI on purpose, add "
                                + "--force "
                                + "(--mode never, which writes nothing, runs anywhere)")
        case let .unreadableGolden(path): ErrorReport(message: "cannot read the golden '\(path)'",
                                                      hint: "check its permissions")
        case let .brokenGolden(path, reason):
            ErrorReport(message: "the golden '\(path)' is not a PNG tagflow can read: \(reason)",
                        hint: "record it again: tagflow snapshot record --mode failed, after removing the file")
        case let .goldenIsLFSPointer(path):
            ErrorReport(message: "the golden '\(path)' is a Git LFS pointer, not the file itself: this checkout has "
                + "not fetched the goldens",
                        hint: "run git lfs pull (on CI, check out with LFS, e.g. actions/checkout with lfs: true)")
        case let .noManifest(path):
            ErrorReport(message: "no manifest at '\(path)'",
                        hint: "run in the folder holding tagflow.json, or name it with --manifest FILE")
        case let .goldensFolderIsAFile(path):
            ErrorReport(message: "the goldens folder '\(path)' is a file",
                        hint: "set \"goldens\" in the manifest to a folder, or move the file")
        case let .goldensFolderNotWritable(path, folder):
            ErrorReport(message: folder == path ? "cannot write to the goldens folder '\(path)'" : "cannot make the "
                + "goldens folder '\(path)': '\(folder)' is not writable",
                        hint: "check the folder's permissions, or set \"goldens\" in the manifest to a folder you can "
                            + "write")
        case let .brokenFontsRecord(report):
            ErrorReport(message: report.message, location: report.location,
                        hint: "fonts.json is tagflow's record of the fonts the goldens were drawn with: delete it, and "
                            + "snapshot record writes it again")
        case let .goldenIsAFolder(path):
            ErrorReport(message: "the golden '\(path)' is a folder, not a PNG",
                        hint: "remove or rename the folder; record then writes the golden")
        case let .noVariantMatches(patterns, examples):
            ErrorReport(message: "no variant's name matches --filter "
                + "\(patterns.map { "'\($0)'" }.joined(separator: ", "))",
                        hint: "match names as the goldens are named, without .png, .sheet.png or .scroll, e.g. "
                            + "\(examples.map { "'\($0)'" }.joined(separator: ", "))")
        case let .variantFailed(variant, report):
            ErrorReport(message: "\(variant): \(report.message)", location: report.location, hint: report.hint,
                        status: report.status)
        case let .outsideManifestFolder(what, path, resolved, folder, location):
            ErrorReport(message: "\(what), '\(path)', lies outside the manifest's folder '\(folder)'"
                            + (resolved == path ? "" : " (it resolves to '\(resolved)')"),
                        location: location,
                        hint: "name a path inside the manifest's folder, without .. or a link that leads out; a "
                            + "manifest "
                            + "from a pull request must not reach other files. To allow it on purpose, add "
                            + "--allow-outside")
        case let .pruneOutsideGoldens(goldens, manifest):
            ErrorReport(message: "--prune refuses the goldens folder '\(goldens)': it holds the manifest "
                + "'\(manifest)', "
                            + "so pictures that are not goldens would be removed",
                        hint: #"keep the goldens in a folder of their own, such as "goldens": "snapshots""#)
        case let .confined(.symbolicLink(path, link, folder), role):
            ErrorReport(message: "'\(link)' is a symbolic link inside \(role) '\(folder)'; tagflow does not follow "
                + "links "
                            + "there (reaching '\(path)')",
                        hint: "replace the link with the file or folder itself")
        case let .confined(.leavesFolder(path, folder), role), let .confined(.resolvesOutside(path, _, folder), role):
            ErrorReport(message: "'\(path)' is not a name inside \(role) '\(folder)'",
                        hint: "name files below the folder, without .. or an absolute path")
        case let .unsafeReportImage(report, item, path):
            ErrorReport(message: "\(report): the item '\(item)' names the picture '\(path)', which is not one tagflow "
                + "writes "
                            + "for it inside the report folder",
                        hint: "merge only report folders that tagflow snapshot verify --shard I/N --report wrote, "
                            + "unchanged")
        case let .goldenNotAFile(path, kind):
            ErrorReport(message: "the golden '\(path)' is \(kind), not a file",
                        hint: "remove it; record then writes the golden")
        case let .fontsRecordLock(.open(path, code)):
            ErrorReport(message: "cannot lock '\(path)': \(String(cString: strerror(code)))",
                        hint: "check the goldens folder's permissions")
        case let .fontsRecordLock(.notARegularFile(path)):
            ErrorReport(message: "'\(path)' is not a regular file, so it cannot be tagflow's lock",
                        hint: "remove it; the next record makes it again")
        case let .goldenNamesCollide(first, second, variants):
            ErrorReport(message: first == second
                            ? "the variants '\(variants[0])' and '\(variants[1])' would both write the golden "
                                + "'\(first)'"
                            : "the goldens '\(first)' and '\(second)' differ only in case, and are one file on a "
                                + "case-insensitive disk such as a Mac's",
                        hint: "rename a screen or a device so that each variant's goldens have names of their own")
        }
    }
}
