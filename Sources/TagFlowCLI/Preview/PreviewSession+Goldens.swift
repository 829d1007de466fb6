import Foundation
import TagFlowLayout
import TagFlowReview
import TagFlowPipeline
import TagFlowPreview
import TagFlowSnapshot

extension PreviewSession {
    /// `/compare/KEY-GENERATION.json`: the variant against its goldens, as `snapshot verify` compares them, drawn
    /// from the files as saved: each golden's status, the detail and explanation of a change, and its golden,
    /// drawn and diff pictures, served from memory. The verify's report folder is a temporary folder outside the
    /// project, removed at once.
    func comparison(_ path: String) -> HTTPResponse? {
        guard case let .manifest(manifest) = source, path.hasPrefix("/compare/"), path.hasSuffix(".json") else {
            return nil
        }
        let id = String(path.dropFirst("/compare/".count).dropLast(".json".count))
        guard let name = variantName(pictureID: id) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tagflow-preview-\(getpid())-\(id)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pictures = [String: HTTPResponse]()
        let answer: JSONOutput
        do {
            let report = try SnapshotSuite(manifest: manifest)
                .verify(SnapshotRun(filters: [name], reportFolder: folder.path, threads: 1))
            answer = .array(report.items.map { item in
                let images: [JSONOutput] = item.images.compactMap { image in
                    let file = folder.appendingPathComponent(image.path).path
                    guard let bytes = FileManager.default.contents(atPath: file) else { return nil }
                    let route = "/compared/\(id)/\(item.images.firstIndex(of: image) ?? 0)-\(image.role.rawValue).png"
                    pictures[route] = HTTPResponse(contentType: "image/png", body: Array(bytes))
                    return .object([("role", .string(image.role.rawValue)), ("src", .string(route))])
                }
                let words = item.explanation.map { $0.cause + $0.effect } ?? []
                return .object([("name", .string(item.name)), ("status", .string(item.status.rawValue)),
                                ("fails", .bool(item.status.fails)), ("detail", .string(item.detail)),
                                ("explanation", .array(words.map(JSONOutput.string))), ("images", .array(images))])
            })
        } catch {
            answer = .object([("error", .string(ErrorReport(error).text))])
        }
        routes.update(pictures, removing: comparedPictures(replacing: id, with: Array(pictures.keys)))
        return HTTPResponse(contentType: "application/json", body: Array(answer.rendered().utf8))
    }
}
