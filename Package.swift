// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Streams",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "FeedStreams", targets: ["FeedStreams"]),
        .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
    ],
    targets: [
        .target(name: "Streams"),
        .target(name: "StreamsTesting", dependencies: ["Streams"]),
        .target(name: "FeedStreams", dependencies: ["Streams"]),
        .executableTarget(name: "feed-demo", dependencies: ["FeedStreams", "Streams"]),
        .testTarget(name: "StreamsTests", dependencies: ["Streams", "StreamsTesting"]),
        // Compiles the ```swift blocks of the README and the DocC articles: the plugin runs
        // doc-examples on every build and adds the generated sources to DocExamplesTests.
        .executableTarget(name: "doc-examples", path: "Sources/doc-examples"),
        .plugin(name: "DocExamplesPlugin", capability: .buildTool(), dependencies: ["doc-examples"]),
        .testTarget(
            name: "DocExamplesTests",
            dependencies: ["FeedStreams", "Streams", "StreamsTesting"],
            plugins: ["DocExamplesPlugin"]
        ),
        .testTarget(
            name: "FeedStreamsTests",
            dependencies: ["FeedStreams", "Streams", "StreamsTesting", "feed-demo"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
