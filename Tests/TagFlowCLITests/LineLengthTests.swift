import Foundation
import Testing

/// Every line of the sources fits in 120 characters, as people read them side by side in review; a line naming a
/// URL may run longer. `make lint` runs the same check without building.
@Suite struct LineLengthTests {
    static let limit = 120

    @Test func everySourceLineFitsIn120Characters() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(!files.isEmpty, "no Swift files under \(sources.path)")
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Characters as Unicode scalars, the count Python's len() gives and `make lint` uses.
                let length = line.unicodeScalars.count
                guard length > Self.limit, !line.contains("http://"), !line.contains("https://") else { continue }
                Issue.record("Sources/\(file):\(index + 1): \(length) characters, over \(Self.limit)")
            }
        }
    }
}
