// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Streams",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "FeedStreams", targets: ["FeedStreams"]),
    ],
    targets: [
        .target(name: "Streams"),
        .target(name: "FeedStreams", dependencies: ["Streams"]),
        .testTarget(name: "StreamsTests", dependencies: ["Streams"]),
        .testTarget(
            name: "FeedStreamsTests",
            dependencies: ["FeedStreams", "Streams"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
