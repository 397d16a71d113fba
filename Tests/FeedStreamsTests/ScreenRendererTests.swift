import FeedStreams
@testable import feed_demo
import Testing

@Suite("Screen renderer")
struct ScreenRendererTests {
    /// A 100 × 120 pt viewport (10 × 6 cells), scrolled to 20 pt, with a waterfall of three photos.
    private static let scene = ScreenScene(
        viewportWidth: 100,
        viewportHeight: 120,
        contentOffsetY: 20,
        contentHeight: 200,
        items: [
            .init(index: 0, frame: Rect(x: 0, y: 0, width: 40, height: 80), color: RGBColor(red: 250, green: 240, blue: 230)),
            .init(index: 1, frame: Rect(x: 60, y: 0, width: 40, height: 60), color: RGBColor(red: 20, green: 40, blue: 60)),
            .init(index: 12, frame: Rect(x: 60, y: 70, width: 40, height: 130), color: nil),
            .init(index: 3, frame: Rect(x: 0, y: 300, width: 40, height: 40), color: nil),
        ]
    )

    @Test("plain") func plain() {
        for line in ScreenRenderer(usesColor: false).render(Self.scene, title: "Feed", notes: ["one", "two"]) { print(line) }
        for line in ScreenRenderer(usesColor: true).render(Self.scene, title: "Feed", notes: ["one", "two"]) { print(line.debugDescription) }
    }
}
