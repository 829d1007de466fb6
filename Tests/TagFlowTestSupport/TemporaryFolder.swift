import Foundation

/// A fresh folder for one test's files, removed with everything in it when the value is released.
public final class TemporaryFolder {
    public let url: URL

    /// A folder in the system's temporary folder, or in `parent`, for a test whose files must lie in a given place.
    public init(in parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("tagflow-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` as UTF-8 to `name` in the folder and returns the file's URL.
    @discardableResult
    public func write(_ name: String, _ contents: String) throws -> URL { try write(name, Data(contents.utf8)) }

    /// Writes `bytes` to `name` in the folder and returns the file's URL.
    @discardableResult
    public func write(_ name: String, _ bytes: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try bytes.write(to: file)
        return file
    }

    /// The path of `name` in the folder, whether or not it exists.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names in the folder, sorted: proof that a failed run wrote nothing, or that no temporary file stayed.
    public var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}
