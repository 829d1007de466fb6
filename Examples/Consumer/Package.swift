// swift-tools-version:6.0
import PackageDescription

// A program outside tagflow that uses its libraries as any other package would.
let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "tagflow", path: "../..")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "TagFlowLayout", package: "tagflow"),
            .product(name: "TagFlowText", package: "tagflow"),
            .product(name: "TagFlowImage", package: "tagflow"),
            .product(name: "TagFlowRender", package: "tagflow"),
        ]),
        // Tags files read by tagflow's own reader, without the command line.
        .executableTarget(name: "Reader", dependencies: [
            .product(name: "TagFlowInput", package: "tagflow"),
            .product(name: "TagFlowLayout", package: "tagflow"),
        ]),
        // Goldens recorded and verified by tagflow's snapshot library, without the command line.
        // and their comparison report written as JUnit XML.
        .executableTarget(name: "Snapshots", dependencies: [.product(name: "TagFlowSnapshot", package: "tagflow"),
                                                            .product(name: "TagFlowReview", package: "tagflow")]),
        // The geometry alone: no C library.
        .executableTarget(name: "Geometry", dependencies: [.product(name: "TagFlowLayout", package: "tagflow")]),
    ]
)
