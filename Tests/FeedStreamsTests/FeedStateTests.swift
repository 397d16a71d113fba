import FeedStreams
import Testing

/// The feed's rules, tested as a plain function before any stream is involved.
@Suite("FeedState.reduce")
struct FeedStateTests {
    /// Folds events through `reduce` from an empty feed.
    func state(after events: [FeedState.Event], from start: FeedState = FeedState()) -> FeedState {
        events.reduce(start, FeedState.reduce)
    }

    let first = PageRequest(id: 1, page: 1, kind: .firstPage)

    @Test("the first load requests page 1 and shows the footer spinner")
    func firstLoad() {
        let loading = state(after: [.load])
        #expect(loading.inFlight == first)
        #expect(loading.isLoadingMore)
        #expect(!loading.isRefreshing)
        #expect(!loading.isEmpty)
    }

    @Test("the first page replaces the list and later pages are inserted after it")
    func pagesAppend() {
        let second = PageRequest(id: 2, page: 2, kind: .nextPage)
        let afterFirst = state(after: [.load, .loaded(first, page(1, ["a", "b"]))])
        #expect(afterFirst.photos.map(\.id) == ["a", "b"])
        #expect(afterFirst.change == .reload)
        #expect(afterFirst.inFlight == nil)

        let requesting = FeedState.reduce(afterFirst, .reachedBottom)
        #expect(requesting.inFlight == second)
        #expect(requesting.change == nil)

        let afterSecond = FeedState.reduce(requesting, .loaded(second, page(2, ["c", "d"])))
        #expect(afterSecond.photos.map(\.id) == ["a", "b", "c", "d"])
        #expect(afterSecond.change == .insert(2..<4))
        #expect(afterSecond.nextPage == 3)
    }

    @Test("bug: a second load-more while one is in flight is ignored and counted, never queued")
    func noSecondLoadMore() {
        let loading = state(after: [.load, .loaded(first, page(1, ["a"])), .reachedBottom])
        let again = state(after: [.reachedBottom, .reachedBottom], from: loading)
        #expect(again.inFlight == loading.inFlight)
        #expect(again.stats.requests == 2)
        #expect(again.stats.triggersIgnoredWhileLoading == 2)
        let done = FeedState.reduce(again, .loaded(loading.inFlight!, page(2, ["b"])))
        #expect(done.inFlight == nil, "the ignored triggers must not start a request afterwards")
    }

    @Test("bug: a refresh supersedes a load-more in flight and its late page is dropped")
    func refreshRace() {
        let loadingMore = state(after: [.load, .loaded(first, page(1, ["a", "b"])), .reachedBottom])
        let stale = loadingMore.inFlight!
        let refreshing = FeedState.reduce(loadingMore, .refresh)
        #expect(refreshing.inFlight == PageRequest(id: 3, page: 1, kind: .refresh))
        #expect(refreshing.isRefreshing)
        #expect(!refreshing.isLoadingMore)

        let late = FeedState.reduce(refreshing, .loaded(stale, page(2, ["x", "y"])))
        #expect(late.photos.map(\.id) == ["a", "b"])
        #expect(late.stats.staleResponsesDropped == 1)
        #expect(late.isRefreshing)

        let refreshed = FeedState.reduce(late, .loaded(refreshing.inFlight!, page(1, ["n", "a"])))
        #expect(refreshed.photos.map(\.id) == ["n", "a"])
        #expect(refreshed.change == .reload)
        #expect(refreshed.nextPage == 2)
    }

    @Test("bug: the page counter does not advance on failure; the next trigger retries the same page")
    func failureKeepsPage() {
        let loadingMore = state(after: [.load, .loaded(first, page(1, ["a"])), .reachedBottom])
        let failed = FeedState.reduce(loadingMore, .failed(loadingMore.inFlight!, .serverError(status: 503)))
        #expect(failed.nextPage == 2)
        #expect(failed.photos.map(\.id) == ["a"])
        #expect(failed.error == .serverError(status: 503))
        let retry = FeedState.reduce(failed, .reachedBottom)
        #expect(retry.inFlight == PageRequest(id: 3, page: 2, kind: .nextPage))
        #expect(retry.error == nil, "the error is reported once")
    }

    @Test("bug: a loading flag is never left on after an error")
    func flagsResetOnError() {
        let loading = state(after: [.load])
        let failed = FeedState.reduce(loading, .failed(first, .offline))
        #expect(!failed.isLoadingMore)
        #expect(!failed.isRefreshing)
        #expect(failed.inFlight == nil)
        #expect(!failed.isEmpty, "a failed first load is not an empty feed")
        let refreshFailed = state(after: [.refresh, .failed(PageRequest(id: 2, page: 1, kind: .refresh), .timedOut)], from: failed)
        #expect(!refreshFailed.isRefreshing)
    }

    @Test("bug: a decode failure is an error, never an empty last page")
    func decodeFailureIsNotLastPage() {
        let failed = state(after: [.load, .failed(first, .malformedResponse(path: "[0].urls", problem: "missing"))])
        #expect(!failed.isLastPage)
        #expect(!failed.isEmpty)
        #expect(failed.error == .malformedResponse(path: "[0].urls", problem: "missing"))
    }

    @Test("bug: photos repeated by a shifting feed are dropped and counted")
    func deduplication() {
        let second = PageRequest(id: 2, page: 2, kind: .nextPage)
        let shifted = state(after: [
            .load, .loaded(first, page(1, ["a", "b", "c"])),
            .reachedBottom, .loaded(second, page(2, ["c", "d", "d", "e"])),
        ])
        #expect(shifted.photos.map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(shifted.stats.duplicatesDropped == 2)
        #expect(shifted.change == .insert(3..<5))
    }

    @Test("a page of nothing but duplicates changes nothing but still advances the page")
    func allDuplicates() {
        let second = PageRequest(id: 2, page: 2, kind: .nextPage)
        let repeated = state(after: [.load, .loaded(first, page(1, ["a", "b"])), .reachedBottom, .loaded(second, page(2, ["a", "b"]))])
        #expect(repeated.change == nil)
        #expect(repeated.nextPage == 3)
        #expect(repeated.stats.duplicatesDropped == 2)
    }

    @Test("after the last page nothing is requested until a refresh")
    func lastPage() {
        let last = state(after: [.load, .loaded(first, page(1, ["a"], hasNext: false))])
        #expect(last.isLastPage)
        let bottom = FeedState.reduce(last, .reachedBottom)
        #expect(bottom.inFlight == nil)
        #expect(bottom.stats.requests == 1)
        let refresh = FeedState.reduce(bottom, .refresh)
        #expect(refresh.inFlight == PageRequest(id: 2, page: 1, kind: .refresh))
        let refreshed = FeedState.reduce(refresh, .loaded(refresh.inFlight!, page(1, ["a", "b"], hasNext: true)))
        #expect(!refreshed.isLastPage)
    }

    @Test("an empty first page shows the No photos label")
    func emptyFeed() {
        let empty = state(after: [.load, .loaded(first, page(1, [], hasNext: false))])
        #expect(empty.isEmpty)
        #expect(empty.isLastPage)
    }

    @Test("a second refresh while one is in flight is ignored; load happens once")
    func idempotentStarts() {
        let refreshing = state(after: [.refresh, .refresh])
        #expect(refreshing.stats.requests == 1)
        let loaded = state(after: [.load, .loaded(first, page(1, ["a"])), .load])
        #expect(loaded.inFlight == nil)
    }

    @Test("selection picks the photo at the index, once")
    func selection() {
        let loaded = state(after: [.load, .loaded(first, page(1, ["a", "b"]))])
        #expect(FeedState.reduce(loaded, .selected(index: 1)).selectedPhoto?.id == "b")
        #expect(FeedState.reduce(loaded, .selected(index: 7)).selectedPhoto == nil)
        #expect(state(after: [.selected(index: 1), .reachedBottom], from: loaded).selectedPhoto == nil)
    }

    @Test("a failed refresh keeps the list and the old pagination")
    func failedRefreshKeepsList() {
        let second = PageRequest(id: 2, page: 2, kind: .nextPage)
        let twoPages = state(after: [.load, .loaded(first, page(1, ["a"])), .reachedBottom, .loaded(second, page(2, ["b"]))])
        let failed = state(after: [.refresh, .failed(PageRequest(id: 3, page: 1, kind: .refresh), .offline)], from: twoPages)
        #expect(failed.photos.map(\.id) == ["a", "b"])
        #expect(failed.nextPage == 3)
        #expect(FeedState.reduce(failed, .reachedBottom).inFlight == PageRequest(id: 4, page: 3, kind: .nextPage))
    }
}
