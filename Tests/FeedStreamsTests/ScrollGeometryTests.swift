import Testing
@testable import FeedStreams

@Suite("ScrollGeometry")
struct ScrollGeometryTests {
    @Test("near the bottom once the viewport's bottom edge is within half a viewport of the end")
    func defaultTolerance() {
        // Content 2000 tall, viewport 600: the bottom edge reaches 2000 - 300 at offset 1100.
        var geometry = ScrollGeometry(contentOffsetY: 1099, contentHeight: 2000, viewportHeight: 600)
        #expect(!geometry.isNearBottom())

        geometry.contentOffsetY = 1100
        #expect(geometry.isNearBottom())

        geometry.contentOffsetY = 1400
        #expect(geometry.isNearBottom())
    }

    @Test("an explicit tolerance, including none")
    func explicitTolerance() {
        let geometry = ScrollGeometry(contentOffsetY: 1350, contentHeight: 2000, viewportHeight: 600)

        #expect(geometry.isNearBottom(tolerance: 50))
        #expect(!geometry.isNearBottom(tolerance: 49))
        #expect(!geometry.isNearBottom(tolerance: 0))
        let atTheEnd = ScrollGeometry(contentOffsetY: 1400, contentHeight: 2000, viewportHeight: 600)
        #expect(atTheEnd.isNearBottom(tolerance: 0))
    }

    @Test("the bottom inset hides part of the viewport")
    func bottomInset() {
        // Visible bottom edge: 1100 + 600 - 100 = 1600; the threshold is 2000 - 300 = 1700.
        var geometry = ScrollGeometry(contentOffsetY: 1100, contentHeight: 2000, viewportHeight: 600, bottomInset: 100)
        #expect(!geometry.isNearBottom())

        geometry.contentOffsetY = 1200
        #expect(geometry.isNearBottom())
    }

    @Test("content shorter than the viewport is at the bottom, wherever the offset")
    func shortContent() {
        #expect(ScrollGeometry(contentOffsetY: 0, contentHeight: 0, viewportHeight: 600).isNearBottom(tolerance: 0))
        #expect(ScrollGeometry(contentOffsetY: -64, contentHeight: 500, viewportHeight: 600, topInset: 64)
            .isNearBottom(tolerance: 0))
        // 500 of content does not fit between insets of 64 and 50 (486 visible), so it can scroll.
        let squeezed = ScrollGeometry(
            contentOffsetY: -64, contentHeight: 500, viewportHeight: 600, topInset: 64, bottomInset: 50
        )
        #expect(!squeezed.isNearBottom(tolerance: 0))
    }

    @Test("offsets run from -topInset to the end plus the bottom inset")
    func offsets() {
        let geometry = ScrollGeometry(
            contentOffsetY: 0, contentHeight: 2000, viewportHeight: 600, topInset: 64, bottomInset: 34
        )

        #expect(geometry.minOffset == -64)
        #expect(geometry.maxOffset == 1434)
        #expect(ScrollGeometry(contentHeight: 300, viewportHeight: 600, topInset: 20).maxOffset == -20)
    }

    @Test("at the top at -topInset or above it")
    func atTop() {
        var geometry = ScrollGeometry(contentOffsetY: -64, contentHeight: 2000, viewportHeight: 600, topInset: 64)
        #expect(geometry.isAtTop)

        geometry.contentOffsetY = -100
        #expect(geometry.isAtTop)

        geometry.contentOffsetY = -63
        #expect(!geometry.isAtTop)
    }
}
