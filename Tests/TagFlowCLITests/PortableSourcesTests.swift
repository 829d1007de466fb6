import Foundation
import Testing

/// A Mac build has one list of files to check: the C library is reached only from the files docs/macos.md lists,
/// each importing Glibc or Darwin by the same block, and nothing names `Glibc.` directly.
@Suite struct PortableSourcesTests {
    static let sources = packageRoot.appendingPathComponent("Sources")

    /// Every Swift file under Sources/, as `Sources/…` paths, with its lines.
    static func swiftFiles() throws -> [(path: String, lines: [String])] {
        let names = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            return ("Sources/" + name, text.components(separatedBy: "\n"))
        }
    }

    /// The files docs/macos.md lists after its "libc files" marker.
    static func documentedFiles() throws -> [String] {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/macos.md"), encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex { $0.contains("<!-- libc files:") }, "no libc files marker")
        return lines[(marker + 1)...].prefix { $0.hasPrefix("  - `Sources/") }.map { line in
            String(line.dropFirst("  - `".count).prefix { $0 != "`" })
        }
    }

    @Test func onlyTheListedFilesImportTheCLibraryAndEachDoesSoPortably() throws {
        var importing = [String]()
        for file in try Self.swiftFiles() {
            for (index, line) in file.lines.enumerated() where line.contains("Glibc") {
                let place = "\(file.path):\(index + 1)"
                #expect(!line.contains("Glibc."), "\(place) names Glibc directly: \(line)")
                guard line == "import Glibc" else { continue }
                importing.append(file.path)
                #expect(index > 0 && file.lines[index - 1] == "#if canImport(Glibc)", "\(place): not inside #if")
                // The block goes on to Darwin before it ends (a Musl branch may come between).
                let rest = file.lines[(index + 1)...].prefix { $0 != "#endif" }
                #expect(rest.contains("#elseif canImport(Darwin)") && rest.contains("import Darwin"),
                        "\(place): no #elseif canImport(Darwin) branch")
            }
        }
        #expect(importing.sorted() == (try Self.documentedFiles()).sorted(),
                "the files importing Glibc are not docs/macos.md's list")
    }

    @Test func everySystemLibraryNamesItsHomebrewFormula() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let calls = manifest.components(separatedBy: "\n").filter { $0.contains("systemLibrary(\"C") }
        #expect(calls.count == 10, "\(calls)")
        for call in calls {
            #expect(call.contains("brew: [\""), "\(call) names no Homebrew formula")
        }
        #expect(manifest.contains(#"systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"], brew: ["freetype"])"#))
    }
}
