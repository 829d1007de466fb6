import Foundation
import TagFlowLayout
import TagFlowImage
import TagFlowRender
import TagFlowReview
import TagFlowInput
import TagFlowPipeline
import TagFlowPreview
import TagFlowSnapshot

/// What `tagflow preview` shows, kept up to date: the screens, each variant's last picture, and the errors of the
/// files that do not read. It publishes into a ``RouteTable`` and tells open pages through its events.
///
/// Variants are redrawn only when one of their own inputs changed, one at a time; while a file does not read, its
/// screen keeps its last good pictures and shows the error.
final class PreviewSession: Sendable {
    enum Source: Sendable {
        /// Every screen and variant of a manifest (`tagflow.json`).
        case manifest(path: String)
        /// One tags file, with the flags given; its variants are those the page's switches ask for.
        case tags(path: String, input: LayoutInput)
    }

    private struct State {
        var screens: [PreviewScreen] = []
        var drawings: [PreviewDrawing] = []
        var manifestError: ErrorReport?
        var nextKey = 0
        /// The picture routes published, so those of older generations are taken down.
        var published: Set<String> = []
        var revision = 0
    }

    let source: Source
    let routes: RouteTable
    let console: Console
    /// The page's record button, when `--allow-record` gave a token.
    let recordToken: String?
    private let state = Locked(State())
    /// The goldens' pictures served for each variant compared, by its picture's id, so a new comparison replaces them.
    private let compared = Locked<[String: [String]]>([:])

    private let page: PreviewPage

    /// The languages of a tags file's string catalog, named by `--catalog` or its config; none when there is no
    /// catalog or it does not read (the page then says why once the file is drawn).
    static func catalogLanguages(_ source: Source) -> [String] {
        guard case let .tags(_, input) = source,
              let path = input.catalog ?? (try? ConfigFile.load(input.config))?.catalog,
              let catalog = try? StringCatalog.load(path) else { return [] }
        return catalog.languages
    }

    /// A tags file's variants beyond this many, the least recently chosen go.
    static let keptVariants = 24

    init(source: Source, console: Console, recordToken: String? = nil) {
        self.source = source
        self.console = console
        self.recordToken = recordToken
        routes = RouteTable()
        page = PreviewPage(isManifest: source.isManifest, canRecord: recordToken != nil,
                           locales: Self.catalogLanguages(source))
        routes.update(page.routes)
        routes.provide { [weak self] path in self?.respond(to: path) }
    }

    /// Reads everything and draws every variant; what does not read is said, and shown.
    func start() {
        state.withLock { state in
            load(&state)
            publish(&state)
        }
    }

    /// The files and folders to follow now: the manifest, and every screen's inputs.
    var inputs: (files: [String], folders: [String]) {
        state.withLock { state in
            var files = Set(state.screens.flatMap(\.inputFiles))
            if case let .manifest(path) = source { files.insert(path) }
            return (files.sorted(), Set(state.screens.flatMap(\.fontFolders)).sorted())
        }
    }

    /// Redraws what `changed` affects; true if the set of inputs to follow may have changed with it.
    @discardableResult
    func refresh(_ changed: Set<String>) -> Bool {
        let start = ContinuousClock.now
        return state.withLock { state in
            let before = state.drawings.map(\.redraws).reduce(0, +)
            var inputsChanged = false
            if case let .manifest(path) = source, changed.contains(path) {
                load(&state)
                inputsChanged = true
            } else {
                for index in state.screens.indices where state.screens[index].isAffected(by: changed) {
                    let fontsChanged = !changed.isDisjoint(with: state.screens[index].fontFolders)
                        || !changed.isDisjoint(with: state.screens[index].fonts.files)
                    let folders = state.screens[index].fontFolders
                    readAndDraw(&state, screen: index, fontsChanged: fontsChanged)
                    inputsChanged = inputsChanged || folders != state.screens[index].fontFolders
                }
            }
            publish(&state)
            let redrawn = state.drawings.map(\.redraws).reduce(0, +) - before
            let elapsed = ProgressLine.seconds(ContinuousClock.now - start) * 1000
            console.err(String(format: "redrew %d variant%@ in %.0f ms\n", redrawn, redrawn == 1 ? "" : "s", elapsed))
            return inputsChanged
        }
    }

    // MARK: Pages asking

    /// The routes made when asked: a tags file's variant chosen by the switches, and a variant's scroll player.
    private func respond(to path: String) -> HTTPResponse? {
        if path.hasPrefix("/select/"), case .tags = source {
            guard let settings = page.settings(selecting: path) else { return nil }
            return select(settings)
        }
        if path.hasPrefix("/player/") { return player(path) }
        if path.hasPrefix("/compare/") { return comparison(path) }
        return nil
    }

    /// The name of the variant whose current picture is `KEY-GENERATION`.
    func variantName(pictureID: String) -> String? {
        state.withLock { state in state.drawings.first { "\($0.key)-\($0.generation)" == pictureID }?.name }
    }

    /// Keeps `paths` as the compared pictures of the variant drawn as `id`, returning those of its older drawings.
    func comparedPictures(replacing id: String, with paths: [String]) -> [String] {
        let key = String(id.prefix { $0 != "-" })
        return compared.withLock { compared in
            let old = compared[key] ?? []
            compared[key] = paths
            return old.filter { !paths.contains($0) }
        }
    }

    /// Draws a tags file's variant if it is new, and answers with its key; the state follows on the events.
    private func select(_ settings: SnapshotVariant.Settings) -> HTTPResponse {
        state.withLock { state in
            var index = state.drawings.firstIndex { $0.settings == settings }
            if let found = index {
                state.drawings.append(state.drawings.remove(at: found))
                index = state.drawings.count - 1
            } else {
                index = register(&state, screen: 0, settings: settings)
                if state.screens[0].error == nil { Self.draw(&state.drawings[index!], screen: state.screens[0]) }
                if state.drawings.count > Self.keptVariants { state.drawings.removeFirst() }
                index = state.drawings.count - 1
            }
            publish(&state)
            let key = state.drawings[index!].key
            return HTTPResponse(contentType: "application/json", body: Array(#"{"key":"\#(key)"}"#.utf8))
        }
    }

    /// The scroll player of a variant's current drawing, as `tagflow scroll --compare -o NAME.html` writes it.
    private func player(_ path: String) -> HTTPResponse? {
        state.withLock { state in
            guard let drawing = state.drawings.first(where: { $0.playerPath == path }), let scene = drawing.scene
            else { return nil }
            let renderer = SnapshotRunner.scrollRenderer(scene, strategies: ScrollCommand.defaultPair, frames: 40)
            let page = ScrollPlayer(renderer: renderer, fonts: state.screens[drawing.screen].fonts).html()
            return HTTPResponse(contentType: "text/html; charset=utf-8", body: page,
                                contentSecurityPolicy: ScrollPlayer.contentSecurityPolicy + "; frame-ancestors 'self'")
        }
    }

    /// The page's record button: records the manifest's goldens through ``SnapshotSuite``, as `snapshot record`
    /// does, and answers with the run's summary.
    func recordEndpoint(token: String) -> PreviewServer.WriteEndpoint {
        PreviewServer.WriteEndpoint(path: "/record", token: token) { [source, console] in
            guard case let .manifest(path) = source else { return .text(404, "not found") }
            do {
                let report = try SnapshotSuite(manifest: path).record(mode: .all)
                console.err("recorded from the page: \(report.summaryLine)\n")
                return .text(200, report.summaryLine)
            } catch {
                let words = ErrorReport(error).text
                console.err(words + "\n")
                return .text(409, words)
            }
        }
    }

    // MARK: Reading and drawing

    private func load(_ state: inout State) {
        switch source {
        case let .manifest(path):
            do {
                let screens = try Self.screens(ofManifest: path)
                state.manifestError = nil
                state.screens = screens
                state.drawings = []
            } catch {
                let report = ErrorReport(error)
                state.manifestError = report
                console.err(report.text + "\n")
                return
            }
        case let .tags(path, input):
            if state.screens.isEmpty {
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                state.screens = [PreviewScreen(name: name, tagsPath: path, input: input, variants: [.init()])]
            }
        }
        for index in state.screens.indices {
            for settings in state.screens[index].variants { register(&state, screen: index, settings: settings) }
            readAndDraw(&state, screen: index, fontsChanged: true)
        }
    }

    /// A manifest's screens, each with its variants; devices named as the screens' configs name them.
    private static func screens(ofManifest path: String) throws -> [PreviewScreen] {
        guard FileManager.default.fileExists(atPath: path) else { throw SnapshotError.noManifest(path) }
        let (manifest, _) = try SnapshotManifest.load(path).resolvingDevices()
        return manifest.screens.map { screen in
            PreviewScreen(name: screen.name, tagsPath: screen.tagsPath, input: screen.input,
                          variants: screen.matrix.combinations)
        }
    }

    @discardableResult
    private func register(_ state: inout State, screen: Int, settings: SnapshotVariant.Settings) -> Int {
        let name = SnapshotVariant(screen: state.screens[screen].name, settings: settings).name
        state.drawings.append(PreviewDrawing(key: "v\(state.nextKey)", screen: screen, settings: settings, name: name))
        state.nextKey += 1
        return state.drawings.count - 1
    }

    private func readAndDraw(_ state: inout State, screen index: Int, fontsChanged: Bool) {
        guard state.screens[index].read(fontsChanged: fontsChanged) else {
            if let error = state.screens[index].error { console.err(error.text + "\n") }
            return
        }
        for drawing in state.drawings.indices where state.drawings[drawing].screen == index {
            Self.draw(&state.drawings[drawing], screen: state.screens[index])
        }
    }

    /// Draws one variant's whole content, as `render` does, and checks its queries, as `check` does.
    private static func draw(_ drawing: inout PreviewDrawing, screen: PreviewScreen) {
        guard let document = screen.document, let config = screen.config, let engine = screen.engine else { return }
        do {
            let (scene, warnings) = try drawing.settings.scene(screen.input, document: document, config: config,
                                                               engine: engine)
            let scale = drawing.settings.scale ?? scene.layout.options.displayScale
            let renderer = ContentRenderer(scene: scene)
            drawing.png = try renderer.render(.png, scale: scale,
                                              png: PNGEncoder(options: PNGEncoder.Compression.fastest.options))
            let size = try renderer.pixelSize(scale: scale)
            (drawing.pixelWidth, drawing.pixelHeight) = (size.width, size.height)
            drawing.scale = scale
            let check = try QueryCheck(layout: scene.layout, strategy: .cached, kind: .visible, step: 10, seed: 0,
                                       stockItemSize: StockFlowLayout.defaultItemSize)
            drawing.verdict = "check (cached): " + (check.text(maxFailures: 0).split(separator: "\n").last ?? "")
            drawing.passed = check.passed
            drawing.warnings = warnings.all
            drawing.scene = scene
            drawing.error = nil
        } catch {
            drawing.error = ErrorReport(error)
        }
        drawing.generation += 1
        drawing.redraws += 1
    }

    // MARK: Publishing

    private func publish(_ state: inout State) {
        state.revision += 1
        var changes = [String: HTTPResponse]()
        for drawing in state.drawings where !drawing.png.isEmpty {
            changes[drawing.picturePath] = HTTPResponse(contentType: "image/png", body: drawing.png)
        }
        let json = stateJSON(state).rendered()
        changes["/state.json"] = HTTPResponse(contentType: "application/json", body: Array(json.utf8))
        routes.update(changes, removing: Array(state.published.subtracting(changes.keys)))
        state.published = Set(changes.keys).subtracting(["/state.json"])
        routes.events.publish("state", data: json)
    }

    private func stateJSON(_ state: State) -> JSONOutput {
        func error(_ report: ErrorReport?) -> JSONOutput {
            guard let report else { return .null }
            return .object([("text", .string(report.text)), ("message", .string(report.message)),
                            ("file", report.location.map { .string($0.file) } ?? .null),
                            ("line", report.location.map { .integer($0.line) } ?? .null),
                            ("column", report.location.map { .integer($0.column) } ?? .null)])
        }
        let screens: [JSONOutput] = state.screens.indices.map { index in
            let screen = state.screens[index]
            let variants: [JSONOutput] = state.drawings.filter { $0.screen == index }.map { drawing in
                .object([("key", .string(drawing.key)), ("name", .string(drawing.name)),
                         ("settings", .array(drawing.settings.nameParts.map(JSONOutput.string))),
                         ("picture", drawing.png.isEmpty ? .null : .string(drawing.picturePath)),
                         ("player", drawing.scene == nil ? .null : .string(drawing.playerPath)),
                         ("width", .number(Double(drawing.pixelWidth) / drawing.scale)),
                         ("height", .number(Double(drawing.pixelHeight) / drawing.scale)),
                         ("generation", .integer(drawing.generation)), ("redraws", .integer(drawing.redraws)),
                         ("verdict", .string(drawing.verdict)), ("passed", .bool(drawing.passed)),
                         ("warnings", .array(drawing.warnings.map(JSONOutput.string))),
                         ("error", error(drawing.error))])
            }
            return .object([("name", .string(screen.name)), ("tags", .string(screen.tagsPath)),
                            ("config", screen.input.config.map(JSONOutput.string) ?? .null),
                            ("error", error(screen.error)), ("variants", .array(variants))])
        }
        return .object([("revision", .integer(state.revision)), ("manifest", error(state.manifestError)),
                        ("redraws", .integer(state.drawings.map(\.redraws).reduce(0, +))),
                        ("screens", .array(screens))])
    }
}

extension PreviewSession.Source {
    var isManifest: Bool {
        if case .manifest = self { return true }
        return false
    }
}
