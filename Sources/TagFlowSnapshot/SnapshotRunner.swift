import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// Renders a manifest's variants and compares each picture with its golden; in `record`, writes the goldens its
/// mode names. Variants render on every core. Every file is written under a hidden temporary name and renamed into
/// place when the run ends, so a run that fails writes nothing, and an interrupted one keeps the variants it
/// finished; a golden is always old or new, never half-written.
package struct SnapshotRunner: Sendable {
    let manifest: SnapshotManifest
    /// `nil` for `verify`: nothing is written to the goldens.
    let recordMode: RecordMode?
    let shard: Shard
    /// Which variants run; the others are neither drawn, compared, written nor reported stale.
    var filter = VariantFilter.everything
    let prune: Bool
    /// Where pictures for the report go (`images/…`), if a report is written.
    let reportFolder: String?
    /// The report's diffs mark every differing pixel, even of tags a recorded layout says only moved.
    var plainDiff = false
    let threads: Int
    let console: Console
    let quiet: Bool

    /// A file a variant's work wants written, in the goldens or the report.
    private struct PendingWrite: Sendable {
        /// The file's path below the goldens folder, or below the report folder for a picture of the report.
        var name: String
        var bytes: [UInt8]
        /// A picture for the report, which only a run that ends writes: without its report, nothing would name it.
        var isForReport = false
    }

    /// What one variant's work found and wants done.
    private struct VariantOutcome: Sendable {
        var items: [SnapshotItem] = []
        var writes: [PendingWrite] = []
        /// Golden frames to remove, below the goldens folder: a sequence that got shorter.
        var removals: [String] = []
        /// The font families that drew the variant's tags.
        var families: Set<String> = []
        /// A line for each kind of character in the variant's tags that no installed font can draw.
        var missingGlyphs: [String] = []
    }

    /// What every variant of a screen shares, read and made once: its tags, its config, and the text engine, which
    /// every screen with the same fonts shares too, so variants and screens reuse each other's shapes and fontconfig's
    /// configuration is loaded once.
    private struct ScreenInputs: Sendable {
        let document: TagDocument
        let config: ConfigFile
        let engine: TextEngine
    }

    /// Refuses, before any work, a goldens folder that is a file, and in `record` one that cannot be written or made.
    static func checkGoldensFolder(_ goldens: String, recording: Bool) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: goldens, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw SnapshotError.goldensFolderIsAFile(goldens) }
            if recording, access(goldens, W_OK) != 0 {
                throw SnapshotError.goldensFolderNotWritable(goldens, folder: goldens)
            }
            return
        }
        guard recording else { return }
        // The nearest folder that exists is where record makes the rest.
        var existing = AtomicFile.folder(of: goldens)
        while !FileManager.default.fileExists(atPath: existing) { existing = AtomicFile.folder(of: existing) }
        guard FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder), isFolder.boolValue else {
            throw SnapshotError.goldensFolderIsAFile(existing)
        }
        guard access(existing, W_OK) == 0 else {
            throw SnapshotError.goldensFolderNotWritable(goldens, folder: existing)
        }
    }

    /// The font files the goldens were recorded with; nil before the first record. Read before any variant is drawn,
    /// so that a damaged file stops the run at once.
    private func recordedFonts() throws -> [FontFileIdentity]? {
        let path = try goldenPath(Self.fontsFileName)
        guard let bytes = try Self.readGolden(path) else { return nil }
        do {
            return try FontFileIdentity.list(fromJSON: JSONParser.parse(bytes, file: path), what: Self.fontsFileName)
        } catch {
            throw SnapshotError.brokenFontsRecord(ErrorReport(error))
        }
    }

    /// Reads a file a screen names; a file that cannot be read is reported where the manifest names it.
    private static func reading<T>(_ screen: SnapshotManifest.Screen, key: String, at location: SourceSpan?,
                                   _ read: () throws(InputError) -> T) throws(InputError) -> T {
        do {
            return try read()
        } catch let .unreadable(error) {
            throw .screenFileUnreadable(screen: screen.name, key: key, error, at: location)
        }
    }

    /// Whether this run draws every variant: neither a shard nor filtered.
    private var drawsEverything: Bool { shard == .whole && filter.isEverything }

    /// The font files the goldens were recorded with, beside them.
    static let fontsFileName = "fonts.json"

    /// Runs to the end, or, when `interruption` is given, until a signal asks it to stop: the variants this run
    /// draws are chosen, their screens' inputs read, each variant drawn and compared on the workers, and what they
    /// want written is written in order; stale goldens are found, the fonts checked, and then every change to the
    /// goldens is put in place at once.
    func run(interruption: Interruption?) throws -> SnapshotReport {
        // Each golden is flushed before it is renamed; the folders' entries are flushed once, at the end.
        let directories = DeferredDirectoryFlushes()
        defer { directories.flush() }
        let changes = GoldensChanges(runner: self)
        let reportImages = AtomicFileBatch()
        defer {
            changes.files.discard()
            reportImages.discard()
        }
        let (manifest, configs) = try resolvedManifest()
        let recordedFonts = try recordedFonts()
        let everything = manifest.variants
        let mine = try chosenVariants(of: everything)
        let (screenInputs, engines) = try inputs(of: mine, in: manifest, configs: configs)
        let drawn = try draw(mine, inputs: screenInputs, changes: changes, reportImages: reportImages,
                             interruption: interruption)
        var items = drawn.items
        // A signal stops the run at any point before it commits, even while the last variant was drawn, which is
        // then left out: the finished variants' goldens are kept, and nothing is pruned.
        func stopIfAsked() throws {
            guard let interruption, interruption.wasRequested else { return }
            changes.pruned.removeAll()
            changes.leftOvers.removeAll()
            try changes.commit(directories: directories)
            throw interruption.stop(completed: "\(drawn.done) of \(mine.count) variants done; every golden is whole")
        }
        try stopIfAsked()
        var notes = [String]()
        let expected = Set(everything.flatMap { screen, variant in screen.outputs.map { $0.path(for: variant.name) } })
        items += try staleItems(expected: expected, pruned: &changes.pruned, leftOvers: &changes.leftOvers,
                                notes: &notes)
        let fonts = drawn.families.reduce(into: Set<FontFileRecord>()) { fonts, screen in
            fonts.formUnion(screenInputs[screen.key]!.engine.fontFiles(families: screen.value))
        }
        // Only a whole run has the fonts of every screen to look in.
        let (fontsNotes, update) = checkFonts(fonts, recorded: recordedFonts)
        changes.fontsRecord = update
        let notInstalled = drawsEverything
            ? Self.recordedFontsNotInstalled(recordedFonts ?? [], engines: Array(engines.values)) : []
        try stopIfAsked()
        try changes.commit(directories: directories)
        try reportImages.commit(directories: directories)
        var report = SnapshotReport(action: recordMode == nil ? .verify : .record, items: items,
                                    fontNotes: fontsNotes + notInstalled + drawn.missingGlyphs, shard: shard,
                                    filter: filter.patterns)
        report.notes = notes
        report.goldensSize = Self.bytes(under: goldens)
        return report
    }

    /// What the workers drew, gathered in the variants' order.
    private struct DrawnVariants {
        var items = [SnapshotItem]()
        /// The font families that drew each screen's tags, by the screen's name.
        var families = [String: Set<String>]()
        var missingGlyphs = Set<String>()
        /// How many variants were drawn before the run ended or was asked to stop.
        var done = 0
    }

    /// Draws and compares `mine` on the workers, and writes what each variant wants written, in order, until every
    /// one is done or `interruption` asks to stop.
    private func draw(_ mine: [(screen: SnapshotManifest.Screen, variant: SnapshotVariant)],
                      inputs screenInputs: [String: ScreenInputs], changes: GoldensChanges,
                      reportImages: AtomicFileBatch, interruption: Interruption?) throws -> DrawnVariants {
        let progress = ProgressLine(console: console, total: mine.count, quiet: quiet)
        var items = [SnapshotItem]()
        var families = [String: Set<String>]()
        // Tofu explains changed pixels as missing fonts do: each line once, after the tags file it is about, so
        // screens that share a file share the line, in a whole run and in shards merged alike.
        var missingGlyphs = Set<String>()
        let runner = self
        // Variants cost unevenly (widths, lengths, sheets); a longer batch keeps every worker busy between hand-overs.
        let pipeline = OrderedPipeline(workers: threads, itemsPerWorker: 8)
        let shouldStop = { interruption?.wasRequested ?? false }
        let done = try pipeline.run(count: mine.count, shouldStop: shouldStop, make: { index in
            let (screen, variant) = mine[index]
            do {
                return try runner.process(screen: screen, variant: variant, inputs: screenInputs[screen.name]!)
            } catch {
                throw SnapshotError.variantFailed(variant.name, ErrorReport(error))
            }
        }, consume: { index, outcome in
            try write(outcome.writes, changes: changes, reportImages: reportImages)
            changes.removals += outcome.removals
            items += outcome.items
            let screen = mine[index].screen.name
            if families[screen] == nil {
                // Hashes the screen's font files here, while the workers draw, rather than on a worker that the
                // other workers would wait for; the records are made at the end, from every variant's families.
                _ = FontRecords.identities(engine: screenInputs[screen]!.engine, families: outcome.families)
            }
            families[screen, default: []].formUnion(outcome.families)
            let tagsFile = InputFiles.displayName(mine[index].screen.tagsPath)
            missingGlyphs.formUnion(outcome.missingGlyphs.map { "\(tagsFile): \($0)" })
            progress.update(done: index + 1, what: "variant")
        })
        progress.finish()
        return DrawnVariants(items: items, families: families, missingGlyphs: missingGlyphs, done: done)
    }

    /// The bytes of every regular file under `folder`, links not followed: what the goldens add to a repository.
    static func bytes(under folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        while walker.nextObject() != nil {
            guard let attributes = walker.fileAttributes,
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            total += (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        return total
    }

    /// What a run changes in the goldens folder, put in place together when it ends: new goldens, the fonts
    /// record, frames a shorter sequence no longer has, goldens `--prune` removes, and temporary files of runs
    /// that were killed. All are named below the goldens folder, and removed without following a link.
    private final class GoldensChanges {
        let runner: SnapshotRunner
        let files = AtomicFileBatch()
        var fontsRecord: FontsRecordUpdate?
        var removals = [String]()
        var pruned = [String]()
        var leftOvers = [String]()

        init(runner: SnapshotRunner) {
            self.runner = runner
        }

        func commit(directories: DeferredDirectoryFlushes) throws {
            let root = runner.goldensRoot
            try files.commit(directories: directories)
            if let fontsRecord { try runner.write(fontsRecord) }
            for name in removals { try? root.removeFile(name) }
            // Another cleaner may have been first.
            for name in leftOvers { try? root.removeFile(name) }
            for name in pruned {
                if name.hasSuffix(GoldenKind.sequence.suffix) {
                    let frames = (try? FileManager.default.contentsOfDirectory(atPath: runner.goldenPath(name))) ?? []
                    for frame in frames { try root.removeFile(name + "/" + frame) }
                    try root.removeEmptyFolder(name)
                } else {
                    try root.removeFile(name)
                }
                // A screen folder --prune emptied goes too.
                if let screen = name.split(separator: "/").first, name.contains("/") {
                    try root.removeEmptyFolder(String(screen))
                }
            }
        }
    }

    /// A variant's files: its goldens into the batch put in place at the end, its report pictures into the report's.
    private func write(_ writes: [PendingWrite], changes: GoldensChanges, reportImages: AtomicFileBatch) throws {
        for write in writes {
            if write.isForReport, let reportRoot {
                let path = try Self.confined(reportRoot, "the report folder") { folder throws(ConfinementError) in
                    try folder.path(of: write.name)
                }
                try reportImages.write(write.bytes, to: path)
            } else {
                try changes.files.write(write.bytes, to: goldenPath(write.name))
            }
        }
    }

    /// The manifest with each screen's devices named as its config's profiles name them, so its config is read
    /// before the names are known; a config that does not read is said only if its screen is drawn.
    private func resolvedManifest() throws -> (SnapshotManifest, configs: [String: ConfigFile]) {
        let (manifest, configs) = try self.manifest.resolvingDevices()
        try manifest.checkGoldenNamesAreDistinct()
        return (manifest, configs)
    }

    /// The variants this run draws: those the filter matches, in this shard. Each pattern must match: a misspelt
    /// one beside good ones would skip its screen in silence.
    private func chosenVariants(of everything: [(screen: SnapshotManifest.Screen, variant: SnapshotVariant)]) throws
        -> [(screen: SnapshotManifest.Screen, variant: SnapshotVariant)] {
        let names = everything.map(\.variant.name)
        let unmatched = filter.patterns.filter { pattern in !VariantFilter(patterns: [pattern]).matchesAny(names) }
        if !unmatched.isEmpty {
            let meant = unmatched.compactMap { Self.patternMeant($0, names: names) }
            throw SnapshotError.noVariantMatches(unmatched,
                                                 examples: meant + names.prefix(3).filter { !meant.contains($0) })
        }
        return shard.select(everything.filter { filter.matches($0.variant.name) })
    }

    /// Each drawn screen's tags and config, read once, and a text engine for each set of fonts: screens with the
    /// same fonts share one, and so their shapes. A config's fonts must lie inside the manifest's folder too.
    private func inputs(of variants: [(screen: SnapshotManifest.Screen, variant: SnapshotVariant)],
                        in manifest: SnapshotManifest, configs: [String: ConfigFile])
        throws -> ([String: ScreenInputs], engines: [FontSources: TextEngine]) {
        var inputs = [String: ScreenInputs]()
        var engines = [FontSources: TextEngine]()
        for screen in manifest.screens where variants.contains(where: { $0.screen.name == screen.name }) {
            let config = try configs[screen.name] ?? Self.reading(screen, key: "config", at: screen.configLocation) {
                () throws(InputError) in try ConfigFile.load(screen.configPath)
            }
            let fonts = screen.input.fonts(config: config)
            if !manifest.allowsPathsOutside {
                let root = ConfinedFolder(manifest.folder)
                for path in fonts.files + fonts.directories where !root.contains(resolving: path) {
                    throw SnapshotError.outsideManifestFolder(
                        what: "a font the config of the screen '\(screen.name)' names", path: path,
                        resolved: ConfinedFolder.resolved(path), folder: manifest.folder, at: screen.configLocation)
                }
            }
            let engine = try engines[fonts] ?? LayoutInput.engine(fonts: fonts, caching: .shapedTexts)
            engines[fonts] = engine
            let document = try Self.reading(screen, key: "tags", at: screen.tagsLocation) { () throws(InputError) in
                try TagsInputFormat.document(at: screen.tagsPath, format: .auto)
            }
            inputs[screen.name] = ScreenInputs(document: document, config: config, engine: engine)
        }
        return (inputs, engines)
    }

    /// Compares the fonts this run drew with against those the goldens were recorded with, and in `record` keeps
    /// the file up to date. Different fonts explain changed pixels, so the report says so first.
    private func checkFonts(_ drawn: Set<FontFileRecord>,
                            recorded: [FontFileIdentity]?) -> ([String], FontsRecordUpdate?) {
        let used = Set(drawn.map { FontRecords.identity($0, matching: recorded ?? []) })
        let unrecorded = used.subtracting(recorded ?? []).sorted { $0.description < $1.description }
        // A whole record in mode all leaves every golden as drawn now, so the file lists just the fonts drawn with.
        let dropsUnused = drawsEverything && recordMode == .all && recorded.map { Set($0) != used } ?? false
        if recordMode != nil, recordMode != .never, recorded == nil || !unrecorded.isEmpty || dropsUnused {
            // A shard, or a filtered run, records what it drew beside what the rest recorded.
            return ([], FontsRecordUpdate(used: used, replaces: drawsEverything))
        }
        guard let recorded, !unrecorded.isEmpty else { return ([], nil) }
        // Each font this run drew with that the goldens were not recorded with, beside the one it replaces.
        let differences = unrecorded.map { drawn -> String in
            guard let was = recorded.first(where: { $0.fileName == drawn.fileName })
                ?? recorded.first(where: { $0.family == drawn.family && $0.style == drawn.style }) else {
                return "\(drawn), which \(Self.fontsFileName) does not list"
            }
            let changes = [("file", was.fileName, drawn.fileName), ("version", was.version, drawn.version),
                           ("content", was.contentHash, drawn.contentHash)]
                .filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1) → \($0.2)" }
            return "\(drawn.family) \(drawn.style) (\(changes.joined(separator: ", ")))"
        }
        return ([SnapshotReport.recordedFontsNote + " other font files: " + differences.joined(separator: "; ")
                 + "; if a golden changed, these fonts may be why"], nil)
    }

    /// What a record changes in `fonts.json`: the fonts it drew with, added to those recorded, or, for a whole
    /// record, in their place.
    private struct FontsRecordUpdate {
        var used: Set<FontFileIdentity>
        var replaces: Bool
    }

    /// Writes `fonts.json` under a lock beside it, read again inside the lock: records that run at once (shards, or
    /// filtered runs) each add their fonts to what the others wrote, instead of the last one's list winning.
    private func write(_ update: FontsRecordUpdate) throws {
        let lock = try goldenPath(Self.lockFileName)
        do {
            try FileLock.withExclusiveLock(at: lock, waiting: {
                console.err("waiting for another tagflow run that is recording in '\(goldens)'\n")
            }) {
                let recorded = try recordedFonts()
                let all = update.replaces ? update.used : Set(recorded ?? []).union(update.used)
                guard recorded.map(Set.init) != all else { return }
                let sorted = all.sorted { $0.description < $1.description }
                try AtomicFile.write(Array((FontRecords.json(sorted).rendered() + "\n").utf8),
                                     to: goldenPath(Self.fontsFileName))
            }
        } catch let error as FileLockError {
            throw SnapshotError.fontsRecordLock(error)
        }
    }

    /// The lock file beside the goldens that updates of `fonts.json` take in turn; hidden, so never a golden.
    static let lockFileName = ".tagflow.lock"

    /// What a `--filter` pattern that matches no variant was likely meant to be: a golden's path without what its
    /// output adds (`demo/iphone-15.png` is `demo/iphone-15`), a screen's name with all its variants (`demo/*`), or
    /// the pattern with its screen's name spelt as the closest screen's (`scrpits/*` is `scripts/*`).
    private static func patternMeant(_ pattern: String, names: [String]) -> String? {
        let variant = SnapshotOutput.variantName(ofGolden: pattern)
        if variant != pattern, VariantFilter(patterns: [variant]).matchesAny(names) { return variant }
        if !pattern.contains("/"), VariantFilter(patterns: [pattern + "/*"]).matchesAny(names) { return pattern + "/*" }
        let parts = variant.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let screens = Set(names.map { String($0.split(separator: "/")[0]) })
        if let screen = closestMatch(to: String(parts[0]), in: screens.sorted()) {
            let respelt = ([screen] + parts.dropFirst().map(String.init)).joined(separator: "/")
            if VariantFilter(patterns: [respelt]).matchesAny(names) { return respelt }
        }
        return nil
    }

    /// A note for each family the goldens were recorded with that none of this run's fonts has: on a CI machine
    /// without a font package, every golden with its text changes, and this says why first.
    private static func recordedFontsNotInstalled(_ recorded: [FontFileIdentity], engines: [TextEngine]) -> [String] {
        let installed = Set(engines.flatMap { $0.availableFamilies() }.map { $0.lowercased() })
        let missing = Set(recorded.map(\.family)).filter { !installed.contains($0.lowercased()) }.sorted()
        return missing.map { family in
            let files = recorded.filter { $0.family == family }.map(\.fileName).sorted().joined(separator: ", ")
            return SnapshotReport.recordedFontsNote + " the font \(family) (\(files)), which this machine does not "
                + "have: install it, "
                + "or name its file in the config's \"fontFiles\""
        }
    }

    // MARK: One variant

    private func process(screen: SnapshotManifest.Screen, variant: SnapshotVariant,
                         inputs: ScreenInputs) throws -> VariantOutcome {
        if variant.isGrid, let grid = screen.grid {
            return try processGrid(grid, screen: screen, variant: variant, inputs: inputs)
        }
        let (scene, warnings) = try Self.scene(inputs, screen: screen, settings: variant.settings)
        var outcome = VariantOutcome(families: FontRecords.families(of: scene), missingGlyphs: warnings.missingGlyphs)
        for output in screen.outputs {
            let name = output.path(for: variant.name)
            do {
                try check(output, name: name, scene: scene, screen: screen, variant: variant, into: &outcome)
            } catch let error as SnapshotError where recordMode == nil && error.isUnreadableGolden {
                // A verify reports the golden it cannot read beside the others, and exits 2 once all are compared.
                // Named below the goldens folder, as every item is, so the detail is the same wherever the run is.
                let report = ErrorReport(error)
                let detail = (report.message + (report.hint.map {
                    "; " + $0
                } ?? "")).replacingOccurrences(of: (try? goldenPath(name)) ?? name, with: name)
                outcome.items.append(SnapshotItem(name: name, screen: screen.name, kind: output.kind,
                                                  status: .unreadable, detail: detail))
            }
        }
        return outcome
    }

    /// Draws a screen's grid with `variant`'s settings in every cell and compares it with its golden, or records it.
    /// Its cells' text warnings are left to the variants that draw them alone.
    private func processGrid(_ grid: SnapshotGrid, screen: SnapshotManifest.Screen, variant: SnapshotVariant,
                             inputs: ScreenInputs) throws -> VariantOutcome {
        let drawn = try grid.variantGrid(of: screen.matrix)
            .draw(screen.input, document: inputs.document, config: inputs.config, engine: inputs.engine,
                  tagsName: screen.tagsPath, common: variant.settings)
        let cells = drawn.grid.cells.joined()
        var outcome = VariantOutcome(families: cells.reduce(into: Set<String>()) {
            $0.formUnion(FontRecords.families(of: $1.scene))
        }, missingGlyphs: [])
        let scale = variant.settings.scale ?? drawn.defaultScale
        try drawn.grid.checkSize(scale: scale)
        let image = try drawn.grid.image(scale: scale)
        try compare(name: SnapshotOutput.render.path(for: variant.name), screen: screen, kind: .render, layout: nil,
                    actual: { image }, encode: { try PNGEncoder().encode(image) }, into: &outcome)
        return outcome
    }

    /// Draws one of a variant's outputs and compares it with its golden, or records it.
    private func check(_ output: SnapshotOutput, name: String, scene: Scene, screen: SnapshotManifest.Screen,
                       variant: SnapshotVariant,
                       into outcome: inout VariantOutcome) throws {
        switch output {
        case .render:
            let scale = variant.settings.scale ?? scene.layout.options.displayScale
            let renderer = ContentRenderer(scene: scene)
            let layout = DrawnLayout(scene: scene, variant: variant.name, scale: scale)
            try compare(name: name, screen: screen, kind: output.kind, layout: layout,
                        actual: { try renderer.image(scale: scale) },
                        sameAsGolden: { golden in
                            try PNGDecoder().holdsExactly(in: golden) { check in
                                try renderer.drawBands(scale: scale, check)
                            }
                                ? try renderer.pixelSize(scale: scale) : nil
                        },
                        encode: { try renderer.render(.png, scale: scale) }, into: &outcome)
        case let .sheet(strategies, frames):
            let sheet = ContactSheet(renderer: Self.scrollRenderer(scene, strategies: strategies, frames: frames))
            let scale = variant.settings.scale ?? ScrollFrameRenderer.defaultScale
            try sheet.checkSize(scale: scale)
            guard let image = try sheet.image(scale: scale) else { return }
            try compare(name: name, screen: screen, kind: output.kind,
                        layout: DrawnLayout(scene: scene, variant: variant.name, scale: nil), actual: { image },
                        encode: { try PNGEncoder().encode(image) }, into: &outcome)
        case let .sequence(strategies, frames):
            let renderer = Self.scrollRenderer(scene, strategies: strategies, frames: frames)
            let scale = variant.settings.scale ?? ScrollFrameRenderer.defaultScale
            let images = try (0..<renderer.plan.offsets.count).map { try renderer.image($0, scale: scale) }
            try compareSequence(name: name, screen: screen, frames: images,
                                layout: DrawnLayout(scene: scene, variant: variant.name, scale: nil), into: &outcome)
        }
    }

    /// The scene a variant draws: the screen's config, with the variant's settings on top.
    private static func scene(_ inputs: ScreenInputs, screen: SnapshotManifest.Screen,
                              settings: SnapshotVariant.Settings) throws -> (Scene, TextWarnings) {
        try settings.scene(screen.input, document: inputs.document, config: inputs.config, engine: inputs.engine,
                                  tagsName: screen.tagsPath)
    }

    package static func scrollRenderer(_ scene: Scene, strategies: [QueryStrategy],
                                       frames: Int) -> ScrollFrameRenderer {
        ScrollFrameRenderer(scene: scene, strategies: strategies, view: .overview,
                            maxOverviewHeight: ScrollFrameRenderer.defaultMaxOverviewHeight,
                            plan: ScrollPlan(options: scene.layout.options, contentSize: scene.layout.flow.contentSize,
                                             spacing: .frames(frames)))
    }

    // MARK: Comparing

    private var goldens: String { manifest.goldensFolder }

    /// The goldens folder, which a run reads, writes and removes below and never outside.
    private var goldensRoot: ConfinedFolder { ConfinedFolder(goldens) }

    /// The report folder, likewise.
    private var reportRoot: ConfinedFolder? { reportFolder.map(ConfinedFolder.init) }

    /// The path of `name` below the goldens folder; refused if it would leave it or pass a symbolic link.
    private func goldenPath(_ name: String) throws -> String {
        try Self.confined(goldensRoot,
                          "the goldens folder") { folder throws(ConfinementError) in try folder.path(of: name) }
    }

    /// `body` on a confined folder, its refusal worded as a snapshot error naming `what` the folder is.
    private static func confined<T>(_ folder: ConfinedFolder, _ what: String,
                                    _ body: (ConfinedFolder) throws(ConfinementError) -> T) throws -> T {
        do { return try body(folder) } catch { throw SnapshotError.confined(error, folder: what) }
    }

    /// Compares one picture with its golden, and decides what to write. `makeActual` gives the picture's pixels and
    /// `encode` its PNG; a picture with no golden yet is only encoded, so it is drawn once. `sameAsGolden`, when
    /// given, tells cheaply whether a golden holds exactly the picture, and its size if so; only when it does not is
    /// the picture made whole and compared.
    private func compare(name: String, screen: SnapshotManifest.Screen, kind: GoldenKind, layout: DrawnLayout?,
                         actual makeActual: () throws -> RGBAImage,
                         sameAsGolden: ((_ golden: [UInt8]) throws -> PixelSize?)? = nil,
                         encode: () throws -> [UInt8], into outcome: inout VariantOutcome) throws {
        let path = try goldenPath(name)
        let golden = try Self.readGolden(path)
        var result: PixelDiff.Result?
        // The picture drawn whole, when it had to be: kept for the explained diff.
        var actual: RGBAImage?
        if let golden {
            (result, actual) = try compare(golden: golden, path: path, screen: screen, actual: makeActual,
                                           sameAsGolden: sameAsGolden)
        }
        let pixelsEqual = result?.identical ?? false
        let within = result.map { screen.tolerance.limits.accepts($0) } ?? false
        var item = SnapshotItem(name: name, screen: screen.name, kind: kind,
                                status: golden == nil ? .missing : within ? .matched : .changed,
                                detail: Self.detail(result), differentPixels: result?.differentPixels)
        let layoutDiff = golden != nil && !within ? try layout.flatMap { layout in try explain(&item, by: layout) }
            : nil
        var actualBytes: [UInt8]?
        if let recordMode, recordMode.writes(goldenExists: golden != nil, pixelsEqual: pixelsEqual,
                                             withinTolerance: within) {
            let bytes = try encode()
            actualBytes = bytes
            outcome.writes.append(PendingWrite(name: name, bytes: bytes))
            item.detail = golden == nil ? "recorded" : "re-recorded: " + item.detail
            item.status = .written
        }
        if reportFolder != nil, item.status != .matched {
            // Before, after, and what changed: the order a reviewer reads them in.
            let base = Self.reportImageBase(name)
            if let golden, item.status != .written { attach(.golden, golden, base: base, to: &item, &outcome) }
            attach(.actual, try actualBytes ?? encode(), base: base, to: &item, &outcome)
            if golden != nil, item.status != .written, let diffImage = result?.image {
                if !plainDiff, let layoutDiff, let golden, let layout, let scale = layout.scale,
                   let image = try Self.layoutAwareDiffImage(golden: golden, actual: actual ?? makeActual(),
                                                             diff: layoutDiff, scene: layout.scene, scale: scale,
                                                             options: screen.tolerance.diffOptions) {
                    attach(.diff, try PNGEncoder().encode(image), base: base, to: &item, &outcome)
                    attach(.pixels, try PNGEncoder().encode(diffImage), base: base, to: &item, &outcome)
                } else {
                    attach(.diff, try PNGEncoder().encode(diffImage), base: base, to: &item, &outcome)
                }
            }
        }
        if let layout, let recordMode, recordMode != .never,
           item.status == .written || (golden != nil && pixelsEqual) {
            try recordLayout(layout, into: &outcome)
        }
        outcome.items.append(item)
    }

    /// The pixel diff of a picture and its golden, and the picture when it had to be drawn whole: `sameAsGolden`
    /// tells cheaply when the golden holds exactly the picture.
    private func compare(golden: [UInt8], path: String, screen: SnapshotManifest.Screen,
                         actual makeActual: () throws -> RGBAImage,
                         sameAsGolden: ((_ golden: [UInt8]) throws -> PixelSize?)?)
        throws -> (PixelDiff.Result, actual: RGBAImage?) {
        // The diff image costs a pass over every pixel; it is made only for a report of a golden that changed.
        var options = screen.tolerance.diffOptions
        options.makeImage = false
        if let size = try sameAsGolden?(golden) {
            return (PixelDiff.identical(width: size.width, height: size.height, options: options), nil)
        }
        let drawn = try makeActual()
        var result = try Self.compare(golden: golden, path: path, drawn, options: options)
        if reportFolder != nil, !screen.tolerance.limits.accepts(result) {
            options.makeImage = true
            result = try Self.compare(golden: golden, path: path, drawn, options: options)
        }
        return (result, drawn)
    }

    /// Explains a golden that changed by the layout it was drawn from, when that was recorded: the change in words,
    /// and, for a picture of the content drawn whole, where each change is in it. Without a recorded layout, the
    /// item says so. Returns the layout diff, for the diff picture.
    private func explain(_ item: inout SnapshotItem, by layout: DrawnLayout) throws -> LayoutDiff? {
        guard let recorded = try recordedLayout(of: layout.variant) else {
            item.hasNoLayout = true
            return nil
        }
        let diff = LayoutDiff(old: recorded, new: layout.snapshot)
        let explanation = LayoutChangeSummary(diff)
        item.explanation = explanation
        if let scale = layout.scale { item.marks = explanation.changes.map { SnapshotItem.Mark($0, scale: scale) } }
        return diff
    }

    /// What a variant was drawn from, for its golden's layout sidecar; its snapshot is made once, when first needed.
    final class DrawnLayout {
        let scene: Scene
        let variant: String
        /// Pixels a point of the picture compared, when it is the content drawn whole (a render).
        let scale: Double?

        init(scene: Scene, variant: String, scale: Double?) {
            self.scene = scene
            self.variant = variant
            self.scale = scale
        }

        lazy var snapshot = LayoutSnapshot(scene.layout, fontFiles: FontRecords.identities(of: scene))
    }

    /// The layout recorded beside a variant's goldens, nil for goldens recorded without one.
    private func recordedLayout(of variant: String) throws -> LayoutSnapshot? {
        let path = try goldenPath(GoldenLayout.fileName(ofVariant: variant))
        guard let bytes = try Self.readGolden(path) else { return nil }
        do {
            return try GoldenLayout.snapshot(fromJSON: bytes, file: path)
        } catch {
            // A layout that does not read explains nothing: the golden is still compared by its pixels.
            return nil
        }
    }

    /// Writes a variant's layout beside its goldens when it is missing or says something else; the bytes decide, so
    /// a layout already recorded is left as it is.
    private func recordLayout(_ layout: DrawnLayout, into outcome: inout VariantOutcome) throws {
        let name = GoldenLayout.fileName(ofVariant: layout.variant)
        let text = Array(GoldenLayout.json(layout.snapshot).utf8)
        guard try Self.readGolden(goldenPath(name)) != text, !outcome.writes.contains(where: { $0.name == name }) else {
            return
        }
        outcome.writes.append(PendingWrite(name: name, bytes: text))
    }

    /// The golden laid out again as the new layout places its elements, compared with what was drawn: red only where
    /// no move explains the change. Nil when the golden does not decode.
    private static func layoutAwareDiffImage(golden: [UInt8], actual: RGBAImage, diff: LayoutDiff, scene: Scene,
                                             scale: Double, options: PixelDiff.Options) throws -> RGBAImage? {
        guard let goldenImage = try? PNGDecoder().decode(golden) else { return nil }
        let background = scene.style.background
        var options = options
        options.makeImage = true
        return LayoutAwareDiff.compare(golden: goldenImage, actual: actual, diff: diff, scale: scale,
                                       background: background, options: options).pixels.image
    }

    /// Where a golden's pictures go in the report folder, before `.ROLE.png`.
    static func reportImageBase(_ name: String) -> String {
        SnapshotReport.imagesFolder + "/" + (name as NSString).deletingPathExtension
    }

    /// Whether `path` is a name the run gives a picture of the golden `name` in a report folder:
    /// `images/NAME.ROLE.png`, or, for a sequence, `images/NAME.step-N.ROLE.png`.
    package static func isReportImage(_ path: String, of name: String) -> Bool {
        let base = reportImageBase(name) + "."
        guard path.hasPrefix(base), path.hasSuffix(".png") else { return false }
        var middle = path.dropFirst(base.count).dropLast(".png".count)
        if middle.hasPrefix("step-"), let dot = middle.firstIndex(of: ".") {
            guard Int(middle[middle.index(middle.startIndex, offsetBy: 5)..<dot]) != nil else { return false }
            middle = middle[middle.index(after: dot)...]
        }
        return SnapshotItem.Image.Role(rawValue: String(middle)) != nil
    }

    /// A picture for the report, in the role it plays (golden, actual, diff): written as `base.ROLE.png` in the report
    /// folder, and named on `item`.
    private func attach(_ role: SnapshotItem.Image.Role, _ bytes: [UInt8], base: String, to item: inout SnapshotItem,
                        _ outcome: inout VariantOutcome) {
        guard reportFolder != nil else { return }
        let file = base + ".\(role).png"
        outcome.writes.append(PendingWrite(name: file, bytes: bytes, isForReport: true))
        item.images.append(SnapshotItem.Image(role: role, path: file, size: PNGDecoder.size(of: bytes)))
    }

    /// Compares a scroll sequence frame by frame with the golden folder's frames; the item names the steps that
    /// changed, were added or were removed.
    private func compareSequence(name: String, screen: SnapshotManifest.Screen, frames: [RGBAImage],
                                 layout: DrawnLayout, into outcome: inout VariantOutcome) throws {
        let folder = try goldenPath(name)
        let compared = try SequenceComparison(frames: frames, folder: folder, tolerance: screen.tolerance)
        let exists = compared.exists
        let (changed, added, removed) = (compared.changed, compared.added, compared.removed)
        let steps = (changed + (exists ? added : []) + removed).sorted()
        let detail = Self.sequenceDetail(frames: frames.count, exists: exists, changed: changed, added: added,
                                         removed: removed)
        var item = SnapshotItem(name: name, screen: screen.name, kind: .sequence,
                                status: !exists ? .missing : steps.isEmpty ? .matched : .changed, detail: detail,
                                differentPixels: compared.differentPixels, changedSteps: steps)
        if item.status == .changed { _ = try explain(&item, by: layout) }
        if reportFolder != nil, exists, recordMode == nil {
            try attachSequencePictures(compared, frames: frames, name: name, folder: folder,
                                       options: screen.tolerance.diffOptions, to: &item, &outcome)
        }
        let pixelsEqual = !compared.anyPixelChange && compared.extra.isEmpty
        let withinTolerance = changed.isEmpty && added.isEmpty && removed.isEmpty
        if let recordMode,
           recordMode.writes(goldenExists: exists, pixelsEqual: pixelsEqual, withinTolerance: withinTolerance) {
            for write in compared.frameWrites
            where recordMode.writes(goldenExists: !write.missing, pixelsEqual: write.equal,
                                    withinTolerance: write.within) {
                let file = name + "/" + FrameFolder.frameName(write.step - 1, format: .png)
                outcome.writes.append(PendingWrite(name: file, bytes: try PNGEncoder().encode(frames[write.step - 1])))
            }
            outcome.removals += compared.extra.map { name + "/" + $0.key }
            item.detail = exists ? "re-recorded: " + item.detail : "recorded \(frames.count) frames"
            item.status = .written
        }
        if let recordMode, recordMode != .never, item.status == .written || (exists && pixelsEqual) {
            try recordLayout(layout, into: &outcome)
        }
        outcome.items.append(item)
    }

    /// A sequence's frames against the golden folder's, step by step.
    private struct SequenceComparison {
        /// Whether the golden folder holds any frame.
        var exists = false
        /// Steps (from 1) changed beyond the tolerance, and steps the golden lacks.
        var changed = [Int](), added = [Int]()
        /// Golden frames past the sequence's end, by file name, and their steps.
        var extra = [(key: String, value: Int)]()
        var removed: [Int] { extra.map(\.value) }
        var differentPixels = 0
        var anyPixelChange = false
        var frameWrites = [(step: Int, path: String, equal: Bool, within: Bool, missing: Bool)]()
        /// The first step whose frame differs beyond the tolerance, with its golden: what the report shows.
        var firstChange: (step: Int, golden: [UInt8])?

        init(frames: [RGBAImage], folder: String, tolerance: SnapshotManifest.Tolerance) throws {
            // The golden frames by file name, each with its step.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let goldenSteps = Dictionary(uniqueKeysWithValues: names.compactMap { name in
                FrameFolder.frameNumber(ofFile: name, format: .png).map { (name, $0) }
            })
            exists = !goldenSteps.isEmpty
            var options = tolerance.diffOptions
            options.makeImage = false
            for (index, frame) in frames.enumerated() {
                let frameName = FrameFolder.frameName(index, format: .png)
                let path = folder + "/" + frameName
                guard goldenSteps[frameName] != nil, let bytes = try SnapshotRunner.readGolden(path) else {
                    added.append(index + 1)
                    anyPixelChange = true
                    frameWrites.append((index + 1, path, false, false, true))
                    continue
                }
                let result = try SnapshotRunner.compare(golden: bytes, path: path, frame, options: options)
                let within = tolerance.limits.accepts(result)
                if !within {
                    changed.append(index + 1)
                    if firstChange == nil { firstChange = (index + 1, bytes) }
                }
                if !result.identical { anyPixelChange = true }
                differentPixels += result.differentPixels
                frameWrites.append((index + 1, path, result.identical, within, false))
            }
            extra = goldenSteps.filter { $0.value > frames.count }.sorted { $0.value < $1.value }
        }
    }

    /// A changed sequence's pictures for the report: those of the first step that changed, as a render's (before,
    /// after, and what changed), or, when frames were only gained or lost, the first such step as drawn now or as
    /// the golden had it.
    private func attachSequencePictures(_ compared: SequenceComparison, frames: [RGBAImage], name: String,
                                        folder: String, options: PixelDiff.Options, to item: inout SnapshotItem,
                                        _ outcome: inout VariantOutcome) throws {
        if let firstChange = compared.firstChange {
            let base = Self.reportImageBase(name) + ".step-\(firstChange.step)"
            var options = options
            options.makeImage = true
            let frame = frames[firstChange.step - 1]
            let path = folder + "/" + FrameFolder.frameName(firstChange.step - 1, format: .png)
            let result = try Self.compare(golden: firstChange.golden, path: path, frame, options: options)
            attach(.golden, firstChange.golden, base: base, to: &item, &outcome)
            attach(.actual, try PNGEncoder().encode(frame), base: base, to: &item, &outcome)
            if let diffImage = result.image {
                attach(.diff, try PNGEncoder().encode(diffImage), base: base, to: &item, &outcome)
            }
            item.imagesStep = firstChange.step
        } else if let step = compared.added.first ?? compared.removed.first {
            let base = Self.reportImageBase(name) + ".step-\(step)"
            if step <= frames.count {
                attach(.actual, try PNGEncoder().encode(frames[step - 1]), base: base, to: &item, &outcome)
            } else if let golden = try Self.readGolden(folder + "/" + FrameFolder.frameName(step - 1, format: .png)) {
                attach(.golden, golden, base: base, to: &item, &outcome)
            }
            item.imagesStep = step
        }
    }

    /// `12 frames; step 3 changed; steps 11, 12 removed`, or `12 frames match`; a sequence with no golden
    /// yet says only how many frames it has.
    private static func sequenceDetail(frames: Int, exists: Bool, changed: [Int], added: [Int],
                                       removed: [Int]) -> String {
        guard exists else { return "no golden (\(frames) frame\(frames == 1 ? "" : "s"))" }
        let parts = [(changed, "changed"), (added, "added"),
                     (removed, "removed")].compactMap { steps, what -> String? in
            steps.isEmpty ? nil : "step\(steps.count == 1 ? "" : "s") \(Self.runs(of: steps)) \(what)"
        }
        return parts.isEmpty ? "\(frames) frames match" : (["\(frames) frames"] + parts).joined(separator: "; ")
    }

    /// Ascending `steps` with each run of three or more written as its ends: `1–60`, `3, 4, 9–12`.
    static func runs(of steps: [Int]) -> String {
        var words = [String]()
        var start = 0
        while start < steps.count {
            var end = start
            while end + 1 < steps.count, steps[end + 1] == steps[end] + 1 { end += 1 }
            words += end - start >= 2 ? ["\(steps[start])–\(steps[end])"] : steps[start...end].map(String.init)
            start = end + 1
        }
        return words.joined(separator: ", ")
    }

    private static func detail(_ result: PixelDiff.Result?) -> String {
        guard let result else { return "no golden" }
        if result.identical { return "identical" }
        if result.sizeChanged {
            return "size changed: \(result.oldWidth)×\(result.oldHeight) → \(result.newWidth)×\(result.newHeight)"
        }
        return "\(result.differentPixels) pixel\(result.differentPixels == 1 ? "" : "s") differ "
            + "(\(PixelDiffReport.percent(result.ratio)))"
            + (result.antiAliasedPixels > 0 ? ", \(result.antiAliasedPixels) anti-aliased" : "")
    }

    // MARK: Stale goldens

    /// Goldens no variant makes any more: PNGs and `.scroll` folders in the screen folders of the goldens folder that
    /// are not expected (with `--filter`, those whose names it matches); with `--prune`, adds each to `pruned`. Only
    /// names tagflow could have written are looked at: no hidden file or folder, no link, nothing deeper. Also the
    /// temporary files of runs killed before they could remove them: not goldens, so not items, but added to
    /// `leftOvers` to remove by a run that prunes, or by a record once they are ``leftOverAge`` old, and otherwise
    /// said in `notes`.
    private func staleItems(expected: Set<String>, pruned: inout [String], leftOvers: inout [String],
                            notes: inout [String]) throws -> [SnapshotItem] {
        let scan = scanGoldensFolder(expected: expected)
        var stale = scan.stale
        let staleVariants = Set(stale.map(SnapshotOutput.variantName(ofGolden:)))
        for layout in scan.staleLayouts {
            if !staleVariants.contains(layout.variant) {
                stale.append(layout.file)
            } else if prune, recordMode != .never, shard.owns(layout.file) {
                pruned.append(layout.file)
            }
        }
        leftOvers += removeLeftOvers(scan.leftOver, notes: &notes)
        // A golden named by an earlier spelling of its device (`iPhone 15.png` for `iphone-15.png`) is the same
        // picture under its old name: said so, beside the name it has now.
        func spelling(_ path: String) -> String {
            String(path.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "/" })
        }
        let expectedBySpelling = Dictionary(expected.map { (spelling($0), $0) }, uniquingKeysWith: min)
        // Each shard lists (and prunes) its share of the stale goldens, so that the jobs of a CI matrix count each
        // once between them, as the merged report does.
        return stale.filter(shard.owns).sorted().map { name in
            staleItem(name, nowNamed: expectedBySpelling[spelling(name)], pruned: &pruned)
        }
    }

    /// What the goldens folder holds that this run makes no more: goldens of variants the filter chooses, layouts
    /// of variants gone (each listed on its own only when no golden of its variant is), and temporary files of
    /// stopped runs. Two levels deep, never through a link.
    private func scanGoldensFolder(expected: Set<String>)
        -> (stale: [String], staleLayouts: [(file: String, variant: String)], leftOver: [String]) {
        var stale = [String](), leftOver = [String]()
        let expectedVariants = Set(expected.map(SnapshotOutput.variantName(ofGolden:)))
        var staleLayouts = [(file: String, variant: String)]()
        for entry in Self.entries(of: goldens) {
            if AtomicFile.isLeftOverTemporary(named: entry) { leftOver.append(entry) }
            guard !entry.hasPrefix("."), Self.kind(of: goldens + "/" + entry) == S_IFDIR else { continue }
            for file in Self.entries(of: goldens + "/" + entry) {
                let relative = entry + "/" + file
                if AtomicFile.isLeftOverTemporary(named: file) { leftOver.append(relative) }
                guard !file.hasPrefix(".") else { continue }
                let kind = Self.kind(of: goldens + "/" + relative)
                if let variant = GoldenLayout.variant(ofFile: relative), kind == S_IFREG {
                    if !expectedVariants.contains(variant), filter.matches(variant) {
                        staleLayouts.append((relative, variant))
                    }
                    continue
                }
                let isGolden = file.hasSuffix(GoldenKind.sequence.suffix) ? kind == S_IFDIR
                    : file.lowercased().hasSuffix(".png") && kind == S_IFREG
                guard isGolden else { continue }
                if !expected.contains(relative) {
                    if filter.matches(SnapshotOutput.variantName(ofGolden: relative)) { stale.append(relative) }
                } else if kind == S_IFDIR {
                    leftOver += Self.entries(of: goldens + "/" + relative)
                        .filter(AtomicFile.isLeftOverTemporary(named:))
                        .map { relative + "/" + $0 }
                }
            }
        }
        return (stale, staleLayouts, leftOver)
    }

    /// The temporary files of stopped runs this run removes, with a note of those and of those kept. A process that
    /// is gone may be one in another container sharing the folder, still writing: unasked, only files untouched
    /// for a while are removed.
    private func removeLeftOvers(_ leftOver: [String], notes: inout [String]) -> [String] {
        let writes = recordMode != .never && (recordMode != nil || prune)
        let removed = !writes ? [] : prune ? leftOver
            : leftOver.filter { Self.isUntouched(goldens + "/" + $0, for: Self.leftOverAge) }
        let removedSet = Set(removed)
        let kept = leftOver.filter { !removedSet.contains($0) }
        func count(_ files: [String]) -> String {
            "\(files.count) temporary file\(files.count == 1 ? "" : "s") that stopped runs left"
        }
        if !removed.isEmpty { notes.append("removed \(count(removed)) in the goldens folder") }
        if let first = kept.min() {
            notes.append("\(count(kept)) \(kept.count == 1 ? "is" : "are") in the goldens folder, such as \(first); "
                         + "they are not goldens: verify --prune removes them, and a record once they are "
                         + "\(Int(Self.leftOverAge / 60)) minutes old")
        }
        return removed
    }

    /// A stale golden's item: removed by `--prune`, or said it would be in a dry run.
    private func staleItem(_ name: String, nowNamed current: String?, pruned: inout [String]) -> SnapshotItem {
        let renamed = current.map { "the golden now named \($0), under an earlier name; " } ?? ""
        var item = SnapshotItem(name: name, screen: String(name.prefix { $0 != "/" }), kind: nil, status: .stale,
                                detail: renamed.isEmpty ? "no screen or variant makes it; --prune removes it"
                                    : renamed + "record writes it under the new name, and --prune removes this one")
        if prune, recordMode == .never {
            // A dry run removes nothing either.
            item.detail = "--prune would remove it"
        } else if prune {
            pruned.append(name)
            item.status = .removed
            item.detail = "removed by --prune"
        }
        return item
    }

    // MARK: Files

    /// How long a stopped run's temporary file is left alone by a record not asked to prune.
    static let leftOverAge: Double = 10 * 60

    /// Whether the file at `path` was last changed at least `seconds` ago.
    private static func isUntouched(_ path: String, for seconds: Double) -> Bool {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        else {
            return false
        }
        return Date().timeIntervalSince(modified) >= seconds
    }

    /// The names in a folder, without following a link to it; none if it cannot be listed.
    private static func entries(of folder: String) -> [String] {
        guard kind(of: folder) == S_IFDIR else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The type bits of what is at `path` (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …), links not followed; nil if nothing.
    private static func kind(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// A golden's bytes, nil when it is missing. Only a regular file is read: a FIFO or device could block the run.
    private static func readGolden(_ path: String) throws -> [UInt8]? {
        switch kind(of: path) {
        case nil: return nil
        case S_IFREG: break
        case S_IFDIR: throw SnapshotError.goldenIsAFolder(path)
        case S_IFIFO: throw SnapshotError.goldenNotAFile(path, kind: "a FIFO")
        case S_IFSOCK: throw SnapshotError.goldenNotAFile(path, kind: "a socket")
        default: throw SnapshotError.goldenNotAFile(path, kind: "a device or link")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw SnapshotError.unreadableGolden(path) }
        // Goldens kept in Git LFS are pointer files until `git lfs pull` fetches them.
        if data.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) {
            throw SnapshotError.goldenIsLFSPointer(path)
        }
        return Array(data)
    }

    /// The golden PNG at `path` against `actual`; a golden that will not decode is broken.
    private static func compare(golden: [UInt8], path: String, _ actual: RGBAImage,
                                options: PixelDiff.Options) throws -> PixelDiff.Result {
        do {
            return try PixelDiff.compare(png: golden, actual, options: options)
        } catch { throw SnapshotError.brokenGolden(path, reason: "\(error)") }
    }
}

extension SnapshotVariant.Settings {
    /// The scene these settings draw: `input`'s config and flags, with the device, width, locale, pseudolanguage,
    /// theme, direction, text size and legibility weight set here on top; what `snapshot` and `preview` both draw.
    /// `tagsName` names the tags in the words about their strings; `style` holds the colours and sizes the theme
    /// goes under.
    package func scene(_ base: LayoutInput, document: TagDocument, config: ConfigFile, engine: TextEngine,
                       tagsName: String = "the tags",
                       style baseStyle: StyleSettings = StyleSettings()) throws -> (Scene, TextWarnings) {
        var input = base
        if let device { input.device = device }
        if let locale { input.locale = locale }
        if let pseudo { input.pseudo = pseudo }
        func override(_ key: LayoutOptionKey, _ value: LayoutSetting.Value) {
            input.overrides.append((LayoutSetting.named(key), value))
        }
        if let width { override(.width, .number(width)) }
        if let direction { override(.direction, .text(direction.rawValue)) }
        if let contentSize { override(.contentSize, .text(contentSize.rawValue)) }
        if let legibilityWeight { override(.legibilityWeight, .text(legibilityWeight.rawValue)) }
        let loaded = try input.loaded(document, config: config, tagsName: tagsName)
        var styleSettings = baseStyle
        if let theme { styleSettings.theme = Style.Theme(rawValue: theme) }
        let style = try styleSettings.style(config: loaded.config)
        // The text's warnings go to the report, once per screen, not to the terminal once per variant.
        let measured = try SceneLoader.layout(loaded, engine: engine, console: nil)
        return (try SceneLoader.scene(measured, style: style), measured.warnings)
    }
}
