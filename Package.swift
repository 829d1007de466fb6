// swift-tools-version:6.0
import PackageDescription

/// A system library found through pkg-config, with the Debian packages and the Homebrew formulae that provide it.
/// The formula's name is not always pkg-config's: FreeType's `freetype2` is the formula `freetype`.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String], brew: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt), .brew(brew)])
}

// Dependencies run one way: CLI → Snapshot → Pipeline → Review/Input → Render → Image/Text → Layout.
let package = Package(
    name: "tagflow",
    products: [
        .executable(name: "tagflow", targets: ["tagflow"]),
        // `swift package tagflow …` in a package that depends on tagflow.
        .plugin(name: "TagflowPlugin", targets: ["TagflowPlugin"]),
        .library(name: "TagFlowLayout", targets: ["TagFlowLayout"]),
        .library(name: "TagFlowText", targets: ["TagFlowText"]),
        .library(name: "TagFlowImage", targets: ["TagFlowImage"]),
        .library(name: "TagFlowRender", targets: ["TagFlowRender"]),
        .library(name: "TagFlowInput", targets: ["TagFlowInput"]),
        .library(name: "TagFlowReview", targets: ["TagFlowReview"]),
        .library(name: "TagFlowPipeline", targets: ["TagFlowPipeline"]),
        .library(name: "TagFlowSnapshot", targets: ["TagFlowSnapshot"]),
        .library(name: "TagFlowPreview", targets: ["TagFlowPreview"]),
        .library(name: "TagFlowCLI", targets: ["TagFlowCLI"]),
    ],
    targets: [
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"], brew: ["freetype"]),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: ["libfontconfig1-dev"], brew: ["fontconfig"]),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"], brew: ["harfbuzz"]),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: ["libfribidi-dev"], brew: ["fribidi"]),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"], brew: ["cairo"]),
        systemLibrary("CGIF", pkgConfig: "libgif", apt: ["libgif-dev"], brew: ["giflib"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev", "zlib1g-dev"], brew: ["libpng"]),
        systemLibrary("CDeflate", pkgConfig: "libdeflate", apt: ["libdeflate-dev"], brew: ["libdeflate"]),
        systemLibrary("CIgzip", pkgConfig: "libisal", apt: ["libisal-dev"], brew: ["isa-l"]),
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: ["libmicrohttpd-dev"], brew: ["libmicrohttpd"]),
        // glibc's malloc tuning, for the executable only; empty elsewhere.
        .systemLibrary(name: "CMalloc"),

        // Pure Swift: geometry, the document model, options and the flow layout. No C, no I/O. Rounding calls the C
        // library's maths (libm), which a program that imports nothing else would not link on Linux.
        .target(name: "TagFlowLayout", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Fonts (fontconfig), shaping (HarfBuzz over FreeType) and the measure cache.
        .target(name: "TagFlowText", dependencies: ["TagFlowLayout", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi"]),
        // Pixels and files: RGBA images, PNG/GIF/APNG codecs, atomic writes. No Cairo.
        .target(name: "TagFlowImage", dependencies: ["TagFlowLayout", "CGIF", "CPNG", "CDeflate", "CIgzip"]),
        // Cairo scenes, scroll frames and contact sheets. Every Cairo call sits in Sources/TagFlowRender/Cairo.
        .target(name: "TagFlowRender", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "CCairo", "CFreeType"]),
        // Reading what people write: tags files, tags JSON, configs with their style objects, device profiles,
        // saved layouts, and the table of layout settings, with file:line:column for every problem.
        .target(name: "TagFlowInput", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "TagFlowRender"]),
        // Checking layouts and pictures: check, the pixel and layout diffs, and their JSON, Markdown and HTML reports.
        .target(name: "TagFlowReview", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "TagFlowRender"]),
        // A loopback HTTP server of pages and pictures held in memory, with Server-Sent Events, and a folder watcher:
        // what `tagflow preview` serves with. Every libmicrohttpd and inotify call sits in Sources/TagFlowPreview/C.
        .target(name: "TagFlowPreview", dependencies: ["TagFlowLayout", "CMicroHTTPD"]),
        // From inputs to a scene, the one way every command takes (SceneLoader), and what a run shows people: the
        // console, progress, interruption by signals, output paths, and every error's words (ErrorReport).
        .target(name: "TagFlowPipeline", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "TagFlowInput",
                                                        "TagFlowRender", "TagFlowReview"]),
        // Snapshots: the manifest, recording and verifying goldens, and the reports; SnapshotSuite is its API.
        .target(name: "TagFlowSnapshot", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "TagFlowInput",
                                                        "TagFlowRender", "TagFlowReview", "TagFlowPipeline"]),
        // Commands, argument parsing and help.
        .target(name: "TagFlowCLI", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "TagFlowInput",
                                                   "TagFlowRender", "TagFlowReview", "TagFlowPipeline",
                                                   "TagFlowSnapshot", "TagFlowPreview"]),
        .executableTarget(name: "tagflow", dependencies: ["TagFlowCLI", "CMalloc"]),
        .plugin(name: "TagflowPlugin",
                capability: .command(intent: .custom(verb: "tagflow",
                                                     description: "Run tagflow in this package's root, where it finds "
                                                         + "tagflow.json: snapshot verify, snapshot record, render…"),
                                     permissions: [.writeToPackageDirectory(reason: "tagflow snapshot record writes "
                                         + "the goldens into the folder tagflow.json names")]),
                dependencies: ["tagflow"]),
        .executableTarget(name: "tagflow-bench",
                          dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowImage", "TagFlowInput", "TagFlowRender",
                                         "TagFlowReview", "TagFlowPipeline", "TagFlowSnapshot", "TagFlowCLI"]),

        // One temporary folder, one process runner and one GIF read-back for every test target.
        .target(name: "TagFlowTestSupport", dependencies: ["TagFlowImage", "CGIF"], path: "Tests/TagFlowTestSupport"),
        .testTarget(name: "TagFlowLayoutTests", dependencies: ["TagFlowLayout"]),
        .testTarget(name: "TagFlowTextTests", dependencies: ["TagFlowText"], exclude: ["Fonts"]),
        .testTarget(name: "TagFlowImageTests", dependencies: ["TagFlowImage", "TagFlowLayout", "TagFlowTestSupport"]),
        .testTarget(name: "TagFlowRenderTests",
                    dependencies: ["TagFlowRender", "TagFlowImage", "TagFlowInput", "TagFlowTestSupport"]),
        .testTarget(name: "TagFlowReviewTests", dependencies: ["TagFlowReview", "TagFlowRender", "TagFlowImage", "TagFlowText", "TagFlowLayout"], exclude: ["Fixtures"]),
        .testTarget(name: "TagFlowPreviewTests", dependencies: ["TagFlowPreview", "TagFlowLayout", "TagFlowTestSupport"]),
        .testTarget(name: "TagFlowCLITests", dependencies: ["TagFlowCLI", "TagFlowInput", "TagFlowReview", "TagFlowPipeline",
                                                          "TagFlowSnapshot", "TagFlowTestSupport"],
                    exclude: ["Catalogs"]),
    ]
)
