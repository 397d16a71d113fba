@testable import FeedDemo
import FeedStreams
import FeedTestSupport
import Testing

@Suite("Screen renderer")
struct ScreenRendererTests {
    static let cream = RGBColor(red: 250, green: 240, blue: 230)
    static let navy = RGBColor(red: 20, green: 40, blue: 60)

    static let scene = ScreenScene(
        viewportWidth: 100,
        viewportHeight: 120,
        contentOffsetY: 20,
        contentHeight: 200,
        items: [
            .init(index: 0, frame: Rect(x: 0, y: 0, width: 40, height: 80), color: cream),
            .init(index: 1, frame: Rect(x: 60, y: 0, width: 40, height: 60), color: navy),
            .init(index: 12, frame: Rect(x: 60, y: 70, width: 40, height: 130), color: nil),
            .init(index: 3, frame: Rect(x: 0, y: 300, width: 40, height: 40), color: nil),
        ]
    )

    static func wide(_ change: (inout ScreenScene) -> Void) -> ScreenScene {
        var scene = ScreenScene(
            viewportWidth: 200, viewportHeight: 120, contentOffsetY: 0, contentHeight: 120,
            items: [
                .init(index: 0, frame: Rect(x: 0, y: 0, width: 90, height: 120), color: cream),
                .init(index: 1, frame: Rect(x: 110, y: 0, width: 90, height: 120), color: navy),
            ]
        )
        change(&scene)
        return scene
    }

    @Test("plain text: a letter per photo, its index in the corner, clipped to the viewport, notes beside")
    func plainScene() {
        let lines = ScreenRenderer(usesColor: false)
            .render(Self.scene, title: "Feed", notes: [.text("one"), .photo(index: 12, color: nil, text: "Ann")])
        #expect(lines == [
            "╭── Feed ──╮   one",
            "│0aaa  1bbb│   m  12  Ann",
            "│aaaa  bbbb│",
            "│aaaa      │",
            "│      12mm│",
            "│      mmmm│",
            "│      mmmm│",
            "╰──────────╯",
        ])
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test("colour: 24-bit backgrounds in each photo's colour, readable index text, grey without a colour")
    func colorScene() {
        let lines = ScreenRenderer(usesColor: true)
            .render(Self.scene, title: "Feed", notes: [.text("one"), .photo(index: 1, color: Self.navy, text: "Ann")])
        let cream = "\u{1B}[48;2;250;240;230m\u{1B}[38;2;0;0;0m"
        let navy = "\u{1B}[48;2;20;40;60m\u{1B}[38;2;255;255;255m"
        let grey = "\u{1B}[48;2;128;128;128m\u{1B}[38;2;255;255;255m"
        let reset = "\u{1B}[0m"
        #expect(lines == [
            "╭── Feed ──╮   one",
            "│\(cream)0   \(reset)  \(navy)1   \(reset)│   \u{1B}[38;2;20;40;60m██\(reset)  1  Ann",
            "│\(cream)    \(reset)  \(navy)    \(reset)│",
            "│\(cream)    \(reset)      │",
            "│      \(grey)12  \(reset)│",
            "│      \(grey)    \(reset)│",
            "│      \(grey)    \(reset)│",
            "╰──────────╯",
        ])
    }

    @Test("while refreshing at the top, the control pushes the content down 60 pt")
    func refreshing() {
        #expect(ScreenRenderer(usesColor: false).render(Self.wide { $0.isRefreshing = true }) == [
            "╭────── Photos ──────╮",
            "│                    │",
            "│   ↻ Refreshing…    │",
            "│                    │",
            "│0aaaaaaaa  1bbbbbbbb│",
            "│aaaaaaaaa  bbbbbbbbb│",
            "│aaaaaaaaa  bbbbbbbbb│",
            "╰────────────────────╯",
        ])
    }

    @Test("pulled past the top, the room above the content shows the pull hint")
    func pulling() {
        let lines = ScreenRenderer(usesColor: false).render(Self.wide { $0.contentOffsetY = -40 })
        #expect(lines[1] == "│ ↓ Release to refres│")
        #expect(lines[2] == "│                    │")
        #expect(lines[3] == "│0aaaaaaaa  1bbbbbbbb│")
    }

    @Test("loading more: the footer spinner peeks in at the end of the content")
    func loadingMore() {
        let lines = ScreenRenderer(usesColor: false).render(Self.wide { $0.isLoadingMore = true })
        #expect(lines[5] == "│aaaaaaaaa  bbbbbbbbb│")
        #expect(lines[6] == "│  ⟳ Loading more…   │")
        let scrolledAway = ScreenRenderer(usesColor: false).render(Self.wide {
            $0.isLoadingMore = true
            $0.contentHeight = 400
        })
        #expect(!scrolledAway.joined().contains("Loading"))
    }

    @Test("the first load spins in the middle; an empty feed says No photos")
    func emptyStates() {
        let loading = ScreenRenderer(usesColor: false).render(Self.wide {
            $0.isLoadingMore = true
            $0.items = []
            $0.contentHeight = 0
        })
        #expect(loading[4] == "│     ⟳ Loading…     │")
        let empty = ScreenRenderer(usesColor: false).render(Self.wide {
            $0.isEmpty = true
            $0.items = []
            $0.contentHeight = 0
        })
        #expect(empty == [
            "╭────── Photos ──────╮",
            "│                    │",
            "│                    │",
            "│                    │",
            "│     No photos      │",
            "│                    │",
            "│                    │",
            "╰────────────────────╯",
        ])
    }

    @Test("the scroll-to-top button sits bottom right; a tapped photo is marked")
    func buttonAndSelection() {
        let lines = ScreenRenderer(usesColor: false).render(Self.wide {
            $0.showsScrollToTop = true
            $0.selectedIndex = 1
        })
        #expect(lines[1] == "│0aaaaaaaa  ▶1◀bbbbbb│")
        #expect(lines[5] == "│aaaaaaaaa  b|↑ Top|b│")
        let colored = ScreenRenderer(usesColor: true).render(Self.wide { $0.showsScrollToTop = true })
        #expect(colored[5].hasSuffix("\u{1B}[48;2;48;48;52m\u{1B}[38;2;255;255;255m ↑ Top \u{1B}[0m\u{1B}[48;2;20;40;60m\u{1B}[38;2;255;255;255m \u{1B}[0m│"))
    }

    @Test("a 390 × 600 pt phone is 39 columns by 30 rows inside its frame")
    func phoneSize() {
        let lines = ScreenRenderer(usesColor: false).render(ScreenScene(
            viewportWidth: 390, viewportHeight: 600, contentOffsetY: 0, contentHeight: 0, items: []
        ))
        #expect(lines.count == 32)
        #expect(lines.allSatisfy { $0.count == 41 })
    }
}
