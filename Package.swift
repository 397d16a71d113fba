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
        // The built-in tour is Examples/scripts/tour.scroll, compiled into the code at build
        // time (PackageResources.tour_scroll): one file, read by people, `--script` and the demo.
        .target(
            name: "FeedDemo",
            dependencies: ["FeedStreams", "Streams"],
            resources: [.embedInCode("../../Examples/scripts/tour.scroll")]
        ),
        .executableTarget(name: "feed-demo", dependencies: ["FeedDemo"]),
        .testTarget(name: "StreamsTests", dependencies: ["Streams", "StreamsTesting"]),
        // Docs that compile: on every build, the plugin runs doc-examples (reading and rendering
        // in DocExampleExtraction) on the README and the DocC articles and adds one source per
        // file, holding its ```swift blocks, to DocExamplesTests.
        .target(name: "DocExampleExtraction"),
        .executableTarget(name: "doc-examples", dependencies: ["DocExampleExtraction"]),
        .plugin(name: "DocExamplesPlugin", capability: .buildTool(), dependencies: ["doc-examples"]),
        .testTarget(
            name: "DocExamplesTests",
            dependencies: ["FeedStreams", "Streams", "StreamsTesting"],
            plugins: ["DocExamplesPlugin"]
        ),
        .testTarget(name: "DocExamplesToolTests", dependencies: ["DocExampleExtraction"]),
        // What the feed's and the demo's tests share: the loopback stub server, the one gate that
        // keeps busy tests to one at a time (both test targets run in one process), the fuzz
        // seeds, and a minimal photo.
        .target(name: "FeedTestSupport", dependencies: ["FeedStreams"], path: "Tests/FeedTestSupport"),
        .testTarget(
            name: "FeedStreamsTests",
            dependencies: ["FeedStreams", "Streams", "StreamsTesting", "FeedTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FeedDemoTests",
            dependencies: ["FeedDemo", "FeedStreams", "Streams", "FeedTestSupport"],
            // Fixtures/Baseline is what scripts/demo-baseline.sh compares feed-demo's output with.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
