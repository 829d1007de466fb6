// swift-tools-version:6.0
import PackageDescription

/// A system library found through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let package = Package(
    name: "tagflow",
    products: [
        .executable(name: "tagflow", targets: ["tagflow"]),
    ],
    targets: [
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"]),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: ["libfontconfig1-dev"]),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"]),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"]),
        systemLibrary("CGIF", pkgConfig: "libgif", apt: ["libgif-dev"]),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: ["libpng-dev", "zlib1g-dev"]),
        // glibc's malloc tuning, for the executable only.
        .systemLibrary(name: "CMalloc"),

        // Pure Swift: geometry, the document model, options and the flow layout. No C, no I/O.
        .target(name: "TagFlowLayout"),
        // Fonts (fontconfig), shaping (HarfBuzz over FreeType) and the measure cache.
        .target(name: "TagFlowText", dependencies: ["TagFlowLayout", "CFreeType", "CFontconfig", "CHarfBuzz"]),
        // Cairo scenes, PNG/GIF/APNG encoders, frame sequences.
        .target(name: "TagFlowRender", dependencies: ["TagFlowLayout", "TagFlowText", "CCairo", "CGIF", "CPNG", "CFreeType"]),
        // Commands, argument parsing, input formats and the errors shown to people.
        .target(name: "TagFlowCLI", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowRender"]),
        .executableTarget(name: "tagflow", dependencies: ["TagFlowCLI", "CMalloc"]),
        .executableTarget(name: "tagflow-bench", dependencies: ["TagFlowLayout", "TagFlowText", "TagFlowRender", "TagFlowCLI"]),

        .testTarget(name: "TagFlowLayoutTests", dependencies: ["TagFlowLayout"]),
        .testTarget(name: "TagFlowTextTests", dependencies: ["TagFlowText"]),
        .testTarget(name: "TagFlowRenderTests", dependencies: ["TagFlowRender", "CCairo", "CGIF"]),
        .testTarget(name: "TagFlowCLITests", dependencies: ["TagFlowCLI"]),
    ]
)
