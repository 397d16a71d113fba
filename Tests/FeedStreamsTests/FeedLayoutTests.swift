import Testing
@testable import FeedStreams

@Suite("FeedLayout")
struct FeedLayoutTests {
    @Test("single column: full width, heights from aspect ratios, spacing between")
    func singleColumn() {
        var layout = FeedLayout(style: .singleColumn, width: 300, spacing: 10)
        layout.append(aspectRatios: [1.5, 0.75, 1])

        #expect(Array(layout.frames) == [
            Rect(x: 0, y: 0, width: 300, height: 200),
            Rect(x: 0, y: 210, width: 300, height: 400),
            Rect(x: 0, y: 620, width: 300, height: 300),
        ])
        #expect(layout.contentHeight == 920)
        #expect(layout.columnCount == 1)
    }

    @Test("waterfall: each item joins the shortest column, the leftmost on a tie")
    func waterfall() {
        var layout = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
        // Columns are 150 wide, so the heights are 150, 300, 100, 150 and 50.
        layout.append(aspectRatios: [1, 0.5, 1.5, 1, 3])

        #expect(layout.columnWidth == 150)
        #expect(Array(layout.frames) == [
            Rect(x: 0, y: 0, width: 150, height: 150),     // tie: left
            Rect(x: 160, y: 0, width: 150, height: 300),   // left ends at 150
            Rect(x: 0, y: 160, width: 150, height: 100),   // left (150) < right (300)
            Rect(x: 0, y: 270, width: 150, height: 150),   // left (260) < right (300)
            Rect(x: 160, y: 310, width: 150, height: 50),  // right (300) < left (420)
        ])
        #expect(layout.contentHeight == 420)
    }

    @Test("grid: two columns, fixed height, row by row")
    func grid() {
        var layout = FeedLayout(style: .grid(itemHeight: 100), width: 310, spacing: 10)
        layout.append(aspectRatios: [3, 0.2, 1, 1, 1])

        #expect(Array(layout.frames) == [
            Rect(x: 0, y: 0, width: 150, height: 100),
            Rect(x: 160, y: 0, width: 150, height: 100),
            Rect(x: 0, y: 110, width: 150, height: 100),
            Rect(x: 160, y: 110, width: 150, height: 100),
            Rect(x: 0, y: 220, width: 150, height: 100),
        ])
        #expect(layout.contentHeight == 320)
    }

    @Test("appending a page leaves the earlier frames alone and continues from them")
    func incrementalAppend() {
        var once = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
        once.append(aspectRatios: [1, 0.5, 1.5, 1, 3])
        var inPages = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
        inPages.append(aspectRatios: [1, 0.5])
        let firstPage = inPages.frames

        inPages.append(aspectRatios: [1.5, 1, 3])

        #expect(Array(inPages.frames.prefix(2)) == Array(firstPage))
        #expect(inPages == once)
    }

    @Test("photos are laid out by their aspect ratio")
    func appendsPhotos() throws {
        var layout = FeedLayout(style: .singleColumn, width: 8063)
        layout.append(try Fixture.page2021.photos())

        #expect(layout.frames.map(\.height) == [5375, 8063 * 5417 / 4016])
    }

    @Test("unusable aspect ratios count as square; an empty layout has no height")
    func degenerate() {
        var layout = FeedLayout(style: .singleColumn, width: 100)
        #expect(layout.contentHeight == 0)
        #expect(layout.visibleRange(offset: 0, height: 500) == 0..<0)

        layout.append(aspectRatios: [0, -2, .infinity, .nan])
        #expect(layout.frames.map(\.height) == [100, 100, 100, 100])
        #expect(FeedLayout(style: .waterfall(columns: 0), width: 100).columnCount == 1)
    }

    @Test("single column: the visible range is exactly the items crossing the window")
    func visibleSingleColumn() {
        var layout = FeedLayout(style: .singleColumn, width: 300, spacing: 10)
        layout.append(aspectRatios: [1.5, 0.75, 1])  // y 0..<200, 210..<610, 620..<920

        #expect(layout.visibleRange(offset: 0, height: 100) == 0..<1)
        #expect(layout.visibleRange(offset: 0, height: 210) == 0..<1)    // the gap is not an item
        #expect(layout.visibleRange(offset: 0, height: 211) == 0..<2)
        #expect(layout.visibleRange(offset: 199, height: 500) == 0..<3)
        #expect(layout.visibleRange(offset: 200, height: 10) == 1..<1)   // only the gap
        #expect(layout.visibleRange(offset: 610, height: 100) == 2..<3)
        #expect(layout.visibleRange(offset: 920, height: 100) == 3..<3)
        #expect(layout.visibleRange(offset: -50, height: 51) == 0..<1)
        #expect(layout.visibleRange(offset: 100, height: 0) == 0..<0)
    }

    @Test("grid: the visible range covers whole rows")
    func visibleGrid() {
        var layout = FeedLayout(style: .grid(itemHeight: 100), width: 310, spacing: 10)
        layout.append(aspectRatios: Array(repeating: 1, count: 7))  // rows at 0, 110, 220, 330

        #expect(layout.visibleRange(offset: 0, height: 100) == 0..<2)
        #expect(layout.visibleRange(offset: 50, height: 100) == 0..<4)
        #expect(layout.visibleRange(offset: 215, height: 200) == 4..<7)
    }

    @Test("waterfall: the range is tight at both ends and may hold an item of a column that ended")
    func visibleWaterfall() {
        var layout = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
        layout.append(aspectRatios: [1, 0.5, 1.5, 1, 3])
        // 0: left 0..<150, 1: right 0..<300, 2: left 160..<260, 3: left 270..<420, 4: right 310..<360

        #expect(layout.visibleRange(offset: 0, height: 100) == 0..<2)
        // Item 1 (right, to 300) is the first visible; item 2 (left, ends 260) is in the range but not visible.
        #expect(layout.visibleRange(offset: 265, height: 20) == 1..<4)
        #expect(layout.visibleRange(offset: 365, height: 100) == 3..<5)
        #expect(layout.visibleRange(offset: 420, height: 100) == 5..<5)
    }

    @Test("a layout is a value: a copy keeps its frames while the original grows, and growing a copy branches")
    func sharing() {
        var original = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
        original.append(aspectRatios: [1, 0.5])
        let kept = original
        original.append(aspectRatios: [1.5, 1, 3])
        #expect(kept.count == 2 && original.count == 5)
        #expect(Array(kept.frames) == Array(original.frames.prefix(2)))
        #expect(kept.isPrefix(of: original) && !original.isPrefix(of: kept))

        var branch = kept
        branch.append(aspectRatios: [2])
        #expect(branch.count == 3 && original.count == 5)
        #expect(branch.frame(at: 2) != original.frame(at: 2), "the branch laid out its own third item")
        #expect(Array(original.frames.prefix(2)) == Array(branch.frames.prefix(2)))
        #expect(!branch.isPrefix(of: original))

        var again = FeedLayout(style: .waterfall(columns: 2), width: 310, spacing: 10)
        again.append(aspectRatios: [1, 0.5, 1.5, 1, 3])
        #expect(again == original, "equal frames, different storage")
        #expect(kept.isPrefix(of: again))
        #expect(!kept.isPrefix(of: FeedLayout(style: .singleColumn, width: 310, spacing: 10)))
    }
}
