// swift-tools-version: 6.0
import PackageDescription

// The Streams benchmarks: Streams against OpenCombine and two hand-written closure floors, in one
// process. A separate package so that the main package keeps no dependencies.
let package = Package(
    name: "StreamsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Streams", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // Counts calls to malloc and friends, for allocations per event and per subscription.
        .target(name: "MallocCounter"),
        // Switches callgrind's instruction counting on and off around the measured part of a run.
        .target(name: "InstructionCounter"),
        .executableTarget(
            name: "streams-bench",
            dependencies: [
                "MallocCounter",
                "InstructionCounter",
                .product(name: "Streams", package: "Streams"),
                .product(name: "FeedStreams", package: "Streams"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
