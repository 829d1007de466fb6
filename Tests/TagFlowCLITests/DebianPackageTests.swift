import Foundation
import Testing
import TagFlowTestSupport

/// The package `make deb` writes (`TAGFLOW_DEB`, which `make test` sets): its control fields, its files, a binary
/// that links no Swift library, lintian's verdict, and the installed binary drawing the demo as the built one does.
@Suite(.serialized, .enabled(if: debianPackage != nil || toolAvailable("a Debian package made by make deb")))
struct DebianPackageTests {
    /// The runtime libraries the binary links, by Debian package, and the default font.
    static let depends = ["libcairo2", "libharfbuzz0b", "libfontconfig1", "libfreetype6", "libgif7", "libpng16-16",
                          "libdeflate0", "libisal2", "libfribidi0", "libmicrohttpd12", "libc6", "fonts-dejavu-core"]

    func deb() throws -> String { try #require(debianPackage, "TAGFLOW_DEB names no package; run make deb") }

    func tool(_ name: String, _ arguments: [String], in directory: URL? = nil) throws -> RunResult {
        let run = try ProcessRunner.runTool(name, arguments, in: directory)
        #expect(run.status == 0, "\(name) \(arguments.joined(separator: " ")): \(run.stderr)")
        return run
    }

    @Test func theControlFieldsNameTheVersionAndEveryRuntimeLibrary() throws {
        let info = try tool("dpkg-deb", ["--field", try deb()]).stdout
        let version = try tagflow(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(info.contains("Package: tagflow\n") && info.contains("Version: \(version)\n"), "\(info)")
        #expect(info.contains("Architecture: amd64\n"), "\(info)")
        #expect(URL(fileURLWithPath: try deb()).lastPathComponent == "tagflow_\(version)_amd64.deb")
        let depends = try #require(info.split(separator: "\n").first { $0.hasPrefix("Depends: ") })
        let names = Set(depends.dropFirst("Depends: ".count).split(separator: ",").map {
            String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })
        })
        for package in Self.depends { #expect(names.contains(package), "Depends lacks \(package): \(depends)") }
        #expect(!names.contains { $0.hasPrefix("swift") || $0.hasPrefix("libswift") }, "\(depends)")
    }

    @Test func itHoldsTheBinaryTheManualPageAndTheCompletions() throws {
        let contents = try tool("dpkg-deb", ["--contents", try deb()]).stdout
        for path in ["./usr/bin/tagflow", "./usr/share/man/man1/tagflow.1.gz",
                     "./usr/share/bash-completion/completions/tagflow", "./usr/share/zsh/vendor-completions/_tagflow",
                     "./usr/share/fish/vendor_completions.d/tagflow.fish", "./usr/share/doc/tagflow/copyright",
                     "./usr/share/doc/tagflow/changelog.gz"] {
            #expect(contents.contains(" \(path)\n"), "no \(path) in:\n\(contents)")
        }
        #expect(contents.split(separator: "\n").allSatisfy { $0.contains(" root/root ") }, "\(contents)")
    }

    @Test func lintianFindsNoError() throws {
        let run = try ProcessRunner.runTool("lintian", ["--fail-on", "error", try deb()])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("E: "), "\(run.stdout)")
    }

    /// Installed under a root of its own by dpkg (the libraries it depends on are this machine's), the binary links no
    /// Swift library, finds every library it needs, and draws the demo byte for byte as the built binary does.
    @Test func theInstalledBinaryDrawsTheDemoAsTheBuiltOneDoes() throws {
        let root = try TemporaryFolder()
        for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates"] {
            try FileManager.default.createDirectory(at: root.url.appendingPathComponent(folder),
                                                    withIntermediateDirectories: true)
        }
        try root.write("var/lib/dpkg/status", "")
        _ = try tool("dpkg", ["--root=\(root.path(""))", "--force-depends", "--force-script-chrootless",
                              "--log=/dev/null", "--install", try deb()])
        let installed = root.path("usr/bin/tagflow")
        let listed = try tool("dpkg", ["--root=\(root.path(""))", "--listfiles", "tagflow"]).stdout
        #expect(listed.contains("/usr/bin/tagflow\n") && listed.contains("/usr/share/man/man1/tagflow.1.gz\n"))
        let libraries = try tool("ldd", [installed]).stdout
        #expect(!libraries.contains("libswift") && !libraries.contains("libFoundation"), "\(libraries)")
        #expect(!libraries.contains("not found"), "\(libraries)")
        #expect(libraries.contains("libcairo.so.2"), "\(libraries)")

        let output = try TemporaryFolder()
        let demo = ["render", "Examples/demo.tags", "--config", "Examples/demo.json", "-o"]
        let fromPackage = try ProcessRunner.run(URL(fileURLWithPath: installed), demo + [output.path("deb.png")],
                                                in: packageRoot)
        #expect(fromPackage.status == 0, "\(fromPackage.stderr)")
        let built = try tagflow(demo + [output.path("built.png")])
        #expect(built.status == 0, "\(built.stderr)")
        let picture = try Data(contentsOf: output.url.appendingPathComponent("deb.png"))
        let builtPicture = try Data(contentsOf: output.url.appendingPathComponent("built.png"))
        #expect(!picture.isEmpty && picture == builtPicture)
    }
}

/// The Debian package the tests check: `TAGFLOW_DEB`, set by `make test` after `make deb`.
let debianPackage: String? = ProcessInfo.processInfo.environment["TAGFLOW_DEB"].flatMap { $0.isEmpty ? nil : $0 }
