import Foundation
import TagFlowLayout
import TagFlowInput
import TagFlowPipeline
import TagFlowPreview
import TagFlowSnapshot

/// `tagflow preview`: a page on the loopback that shows a manifest's screens or a tags file's variants, and follows
/// the files: a save redraws the variants it affects, and the page shows them.
struct PreviewCommand: ParsableCommand {
    var inputPath = SnapshotSuite.defaultManifest
    var input = LayoutInput()
    var port: UInt16?
    var allowRecord = false

    static let configuration = CommandConfiguration(
        name: "preview",
        abstract: "Serve a live preview page that redraws on every save.",
        discussion: "Given a manifest (tagflow.json), the page shows every screen and variant, grouped by screen; "
            + "given a tags file, one screen with switches for device, theme, content size, direction, Bold Text, "
            + "language and pseudolanguage. "
            + "Saving an input redraws the variants it affects, and the page updates itself. Ctrl-C stops it.",
        details: "Each variant shows its picture, its check verdict and its scroll player, and, for a manifest, its "
            + "goldens as 'snapshot verify' compares them. The inputs (tags, configs, the manifest, font files and "
            + "folders) are followed with inotify, saves by rename too. A file that does not read shows its error, on "
            + "the page and here, and the last good pictures stay. The server listens on 127.0.0.1 and ::1 only, "
            + "answers only to its own address, and writes nothing unless --allow-record.",
        examples: [
            "tagflow preview Examples/demo.tags --config Examples/demo.json",
            "tagflow preview tagflow.json --port 8080",
            "tagflow preview tagflow.json --allow-record",
        ])

    static var arguments: [ArgumentGroup<Self>] {
        [ArgumentGroup("Arguments", [
            .positional(\.inputPath, "input",
                        help: "A manifest (a JSON file with \"screens\", such as tagflow.json) or a tags file.",
                        completion: .files(extensions: ["json", "tags", "txt"]),
                        whenLeftOut: SnapshotSuite.defaultManifest),
        ])]
            + LayoutInput.arguments.map { $0.lifted(into: \.input) }
            + [ArgumentGroup("Server", [
                .option(\.port, "--port", help: "The port to listen on.", value: .port,
                        defaultDescription: "a free port"),
                .flag(\.allowRecord, "--allow-record",
                      help: "Add a record button (a manifest only): it records goldens as 'snapshot record' does, "
                        + "for a page holding this run's token."),
            ])]
    }

    func run(console: Console) throws -> ExitStatus {
        try CommandLineError.checkManifestHere(inputPath, command: "preview", example: "Examples/demo.tags")
        let interruption = Interruption()
        let isManifest = SnapshotManifest.isManifest(inputPath)
        if !isManifest {
            if allowRecord { throw RunError.recordNeedsManifest(inputPath) }
            _ = try input.load(tagsPath: inputPath)
        }
        let token = allowRecord ? Self.randomToken() : nil
        let source: PreviewSession.Source = isManifest ? .manifest(path: inputPath)
            : .tags(path: inputPath, input: input)
        let session = PreviewSession(source: source, console: console, recordToken: token)
        session.start()
        let server: PreviewServer
        do {
            server = try PreviewServer(port: port, routes: session.routes,
                                       writeEndpoint: token.map { session.recordEndpoint(token: $0) })
        } catch {
            throw RunError.previewServerFailed(error.description)
        }
        let follower = try PreviewFollower(session: session)
        console.out("tagflow preview: \(server.url(token.map { "/?token=" + $0 } ?? "/"))\n")
        if server.hosts.count > 1 { console.out("  also on http://\(server.hosts[1])/\n") }
        let inputs = session.inputs
        console.err("following \(inputs.files.count + inputs.folders.count) input"
            + "\(inputs.files.count + inputs.folders.count == 1 ? "" : "s"); Ctrl-C stops\n")
        _ = interruption.waitForSignal()
        follower.stop()
        server.stop()
        throw interruption.stop(completed: "the preview stopped; nothing written")
    }

    /// 128 random bits as hex, from the kernel.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in hex(generator.next() as UInt64, digits: 16, uppercase: false) }.joined()
    }
}
