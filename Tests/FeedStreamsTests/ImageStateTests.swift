import FeedStreams
import Foundation
import Testing

/// The image rule, tested as a plain function before any stream is involved.
///
/// One column of 100-point squares on a 300-point screen (see ``ImageBench``): photo `i` spans
/// y `100 i ..< 100 (i + 1)`, three cells are on screen at a time, and the prefetch window of
/// 200 points holds two more. Times are in milliseconds.
@Suite("ImageState.reduce")
struct ImageStateTests {
    // MARK: Wanted, and in what order

    @Test("the cells on screen start first, top to bottom; then the prefetch window below, nearest first")
    func visibleFirst() {
        var images = ImageBench()
        images.append(10)
        #expect(images.started.isEmpty, "no geometry yet: nothing is known to be on screen")
        images.scroll(to: 0)
        #expect(images.started == ["p0", "p1", "p2", "p3", "p4"])
        #expect(images.running == ["p0 visible", "p1 visible", "p2 visible", "p3 prefetch 0", "p4 prefetch 100"])
        #expect(images.state.visible.map(\.index) == [0, 1, 2])
        #expect(images.state.prefetch.map(\.index) == [3, 4])
        #expect(images.counts.visibleLoads == 3 && images.counts.prefetchLoads == 2)
    }

    @Test("after a new page, nothing starts until the geometry of the new layout arrives")
    func waitsForLayout() {
        var images = ImageBench()
        images.append(3)
        images.scroll(to: 0)
        #expect(images.started == ["p0", "p1", "p2"])
        images.deliver("p0", "p1", "p2", at: 100)
        images.append(5, at: 200)
        #expect(images.state.isAwaitingLayout)
        #expect(images.started.isEmpty, "the old geometry describes the old content")
        images.scroll(to: 0, at: 200)
        #expect(images.started == ["p3", "p4"])
    }

    @Test("at most maxConcurrentLoads run; a place that frees goes to the next image on screen, then to the nearest prefetch")
    func concurrency() {
        var configuration = ImageBench.configuration
        configuration.maxConcurrentLoads = 2
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        #expect(images.started == ["p0", "p1"])
        images.deliver("p1", at: 100)
        #expect(images.started == ["p2"], "the third cell on screen before any prefetch")
        images.deliver("p0", at: 150)
        #expect(images.started == ["p3"])
        images.deliver("p2", at: 200)
        #expect(images.started == ["p4"])
        #expect(images.running == ["p3 prefetch 0", "p4 prefetch 100"])
    }

    @Test("a prefetch whose cell comes on screen is promoted: the same load goes on, nothing restarts")
    func promotion() {
        var images = ImageBench()
        images.append(10)
        images.scroll(to: 0)
        let prefetched = images.load("p3")
        images.scroll(to: 100, at: 16)
        #expect(images.state.decisions.contains(.loadPromoted(prefetched)))
        #expect(images.load("p3").id == prefetched.id && images.load("p3").standing == .visible)
        #expect(!images.started.contains("p3"))
        #expect(images.started == ["p5"], "the window moved on by one cell")
        #expect(images.counts.promoted == 1)
    }

    // MARK: Cancelled at once

    @Test("a fling: every load whose cell leaves the wanted area is cancelled by the frame that moves it")
    func flingCancels() {
        var images = ImageBench()
        images.append(30)
        images.scroll(to: 0)
        images.scroll(to: 2_000, at: 16)
        #expect(images.cancelled == ["p0 left by 1900", "p1 left by 1800", "p2 left by 1700", "p3 left by 1600", "p4 left by 1500"])
        #expect(images.started == ["p20", "p21", "p22", "p23", "p24"])
        #expect(images.counts.cancelledLeft == 5)
    }

    @Test("the keep margin: a load just outside the wanted area goes on; further out it is cancelled")
    func keepMargin() {
        var configuration = ImageBench.configuration
        configuration.maxConcurrentLoads = 8  // room for all: the kept load gives its place to nobody here
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        images.scroll(to: 130, at: 16)
        #expect(images.cancelled.isEmpty)
        #expect(images.state.decisions.contains(.loadKept(images.load("p0"), distance: 30)))
        #expect(images.running.first == "p0 kept 30")
        images.scroll(to: 149, at: 32)
        #expect(images.cancelled.isEmpty, "49 points out: within the 50-point margin")
        images.scroll(to: 151, at: 48)
        #expect(images.cancelled == ["p0 left by 51"])
        #expect(images.counts.kept == 1)
    }

    @Test("a kept load gives its place to a wanted prefetch when every place is taken")
    func keptGivesWay() {
        var images = ImageBench()
        images.append(10)
        images.scroll(to: 0)
        images.scroll(to: 130, at: 16)
        #expect(images.state.decisions.contains(.loadKept(ImageLoad(id: 1, request: images.state.visible[0].request, photoIDs: ["p0"], index: 0, standing: .visible), distance: 30)))
        #expect(images.cancelled == ["p0 preempted"])
        #expect(images.started == ["p5", "p6"])
    }

    @Test("a kept load never starts anything: when it fails, it is not retried")
    func keptLoadFails() {
        var configuration = ImageBench.configuration
        configuration.maxConcurrentLoads = 8
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        images.scroll(to: 130, at: 16)
        images.send(.failed(images.load("p0"), .serverError(status: 503)), at: 100)
        #expect(images.state.retries.isEmpty)
        #expect(images.state.nextWakeUp == nil)
        #expect(images.started.isEmpty)
    }

    @Test("scrolling back up moves the prefetch window above the screen; the loads below it are cancelled")
    func reversal() {
        var configuration = ImageBench.configuration
        configuration.maxConcurrentLoads = 8  // room for all: no kept load gives its place here
        var images = ImageBench(configuration)
        images.append(30)
        images.scroll(to: 1_000)
        #expect(images.started == ["p10", "p11", "p12", "p13", "p14"])
        images.scroll(to: 990, at: 16)
        #expect(images.state.direction == .up)
        #expect(images.cancelled == ["p14 left by 110"])
        #expect(images.running.contains("p13 kept 10"))
        #expect(images.started == ["p9", "p8", "p7"], "on screen first, then the window above, nearest first")
        #expect(images.state.prefetch.map(\.index) == [8, 7])
    }

    @Test("a cell on screen takes the place of a prefetch when every place is taken, the furthest prefetch first")
    func preemption() {
        var configuration = ImageBench.configuration
        configuration.maxConcurrentLoads = 2
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        images.deliver("p0", "p1", at: 100)
        images.deliver("p2", at: 200)
        #expect(images.running == ["p3 prefetch 0", "p4 prefetch 100"])
        // The memory warning empties the cache: the three cells on screen need their images again.
        images.send(.memoryWarning, at: 300)
        #expect(images.cancelled == ["p4 preempted", "p3 preempted"])
        #expect(images.started == ["p0", "p1"])
        #expect(images.running == ["p0 visible", "p1 visible"], "p2 waits behind the cells on screen, never behind a prefetch")
        #expect(images.counts.cancelledPreempted == 2)
    }

    // MARK: One load per address

    @Test("two photos with the same image share one load, and both receive it")
    func sharedAddress() {
        var images = ImageBench()
        images.append([squarePhoto("a"), squarePhoto("b", image: "a"), squarePhoto("c")])
        images.scroll(to: 0)
        #expect(images.started == ["a", "c"])
        let shared = images.load("a")
        #expect(shared.photoIDs == ["a", "b"])
        #expect(images.state.decisions.contains(.loadShared(shared, photoID: "b")))
        images.send(.loaded(shared, images.image("a")), at: 100)
        #expect(images.state.image(forPhotoID: "a") != nil)
        #expect(images.state.image(forPhotoID: "b") == images.state.image(forPhotoID: "a"))
        #expect(images.state.image(forPhotoID: "c") == nil)
        #expect(images.counts.deduplicated == 1)
    }

    // MARK: Refresh

    @Test("a refresh cancels the loads of photos it dropped, keeps the others, and finds cached images at once")
    func refresh() {
        var images = ImageBench()
        images.append(10)
        images.scroll(to: 0)
        images.deliver("p0", at: 100)
        let p1 = images.load("p1")
        images.replace(with: [squarePhoto("n0"), squarePhoto("p1"), squarePhoto("p0"), squarePhoto("n1")], at: 200)
        #expect(images.cancelled == ["p2 gone", "p3 gone", "p4 gone"])
        #expect(images.state.decisions.contains(.loadShared(images.load("p1"), photoID: "p1")))
        #expect(images.load("p1").id == p1.id, "the same load goes on")
        #expect(images.started.isEmpty, "until the new layout's geometry")
        images.scroll(to: 0, at: 200)
        #expect(images.state.decisions.contains(.cacheHit(photoID: "p0", index: 2)))
        #expect(images.started == ["n0", "n1"], "p1 is loading already, p0 is in the cache")
        #expect(images.counts.cancelledGone == 3)
        #expect(images.counts.cacheHits == 1)
    }

    // MARK: Memory

    @Test("the cache keeps images up to its budget and lets the least recently used go first")
    func leastRecentlyUsed() {
        var configuration = ImageBench.configuration
        configuration.prefetchDistance = 0
        configuration.memoryBudget = 500_000
        configuration.maxEntryFraction = 1
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        images.deliver("p0", "p1", "p2", at: 100)
        #expect(images.state.bytesHeld == 3 * ImageBench.imageBytes)
        images.scroll(to: 300, at: 200)
        #expect(images.started == ["p3", "p4", "p5"])
        images.deliver("p4", at: 300)
        guard case .imageArrived(_, _, .kept(let evicted))? = images.state.decisions.last else {
            Issue.record("p4 arrived and was not kept: \(images.state.decisions)")
            return
        }
        #expect(evicted.map(\.photoIDs) == [["p0"]], "p0, p1 and p2 left the screen together, in that order")
        images.deliver("p3", "p5", at: 300)
        #expect(images.cached == ["p3", "p4", "p5"])
        #expect(images.state.bytesHeld <= 500_000)
        #expect(images.counts.evicted == 3)
        #expect(images.counts.peakBytes == 3 * ImageBench.imageBytes)
    }

    @Test("an image on screen is never evicted: when they fill the budget, the new one is shown, not kept, and not loaded again")
    func neverEvictsOnScreen() {
        var configuration = ImageBench.configuration
        configuration.prefetchDistance = 0
        configuration.memoryBudget = 400_000
        configuration.maxEntryFraction = 1
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        images.deliver("p0", "p1", at: 100)
        images.deliver("p2", at: 150)
        #expect(images.state.decisions.contains { if case .imageArrived(_, _, .noRoom(free: 80_000)) = $0 { true } else { false } })
        #expect(images.cached == ["p0", "p1"])
        #expect(images.state.image(forPhotoID: "p2") != nil, "its cell shows it")
        images.scroll(to: 0, at: 166)
        #expect(images.started.isEmpty, "on screen and shown: nothing to load")
        images.scroll(to: 500, at: 182)
        images.scroll(to: 0, at: 198)
        #expect(images.started.contains("p2"), "it left the screen, so it is loaded again when it comes back")
    }

    @Test("an image above maxEntryFraction of the budget is shown but never kept, and never prefetched")
    func tooLarge() {
        var configuration = ImageBench.configuration
        configuration.maxEntryFraction = 0.1
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        #expect(images.started == ["p0", "p1", "p2"], "a prefetched image the cache cannot keep would be loaded for nothing")
        images.deliver("p0", at: 100)
        #expect(images.state.decisions.contains { if case .imageArrived(_, _, .tooLarge(limit: 100_000)) = $0 { true } else { false } })
        #expect(images.state.bytesHeld == 0)
        #expect(images.state.image(forPhotoID: "p0") != nil)
        #expect(images.counts.notCached == 1)
    }

    @Test("a prefetch starts only when the cache can keep its image beside the images wanted now")
    func prefetchFits() {
        var configuration = ImageBench.configuration
        configuration.memoryBudget = 650_000
        configuration.maxEntryFraction = 1
        var images = ImageBench(configuration)
        images.append(10)
        images.scroll(to: 0)
        #expect(images.started == ["p0", "p1", "p2", "p3"], "4 × 160,000 bytes fit in 650,000; a fifth would not")
    }

    @Test("a memory warning empties the cache; the images on screen load again, once each, before any prefetch")
    func memoryWarning() {
        var images = ImageBench()
        images.append(10)
        images.scroll(to: 0)
        images.deliver("p0", "p1", "p2", "p3", "p4", at: 100)
        #expect(images.state.bytesHeld == 5 * ImageBench.imageBytes)
        images.send(.memoryWarning, at: 200)
        #expect(images.state.decisions.first == .memoryWarning(images: 5, bytes: 5 * ImageBench.imageBytes))
        #expect(images.state.bytesHeld == 0)
        #expect(images.started == ["p0", "p1", "p2", "p3", "p4"])
        images.scroll(to: 0, at: 216)
        #expect(images.started.isEmpty, "one load per address: nothing is asked twice")
    }

    // MARK: Failures

    @Test("a transient failure is retried after the back-off while the image is wanted")
    func transientRetry() {
        var images = ImageBench()
        images.append(10)
        images.scroll(to: 0)
        images.send(.failed(images.load("p0"), .serverError(status: 503)), at: 100)
        #expect(images.state.decisions.contains { if case .retryScheduled(_, failures: 1, after: .seconds(1)) = $0 { true } else { false } })
        #expect(images.state.nextWakeUp == .milliseconds(1_100))
        images.scroll(to: 0, at: 600)
        #expect(images.started.isEmpty, "the back-off runs until 1,100 ms")
        images.send(.wakeUp, at: 1_100)
        #expect(images.started == ["p0"])
        #expect(images.load("p0").attempt == 2)
        images.send(.failed(images.load("p0"), .timedOut), at: 1_200)
        #expect(images.state.nextWakeUp == .milliseconds(3_200), "the second wait is twice as long")
        images.send(.wakeUp, at: 3_200)
        images.send(.failed(images.load("p0"), .timedOut), at: 3_300)
        #expect(images.state.decisions.contains { if case .gaveUp(_, failures: 3, .timedOut) = $0 { true } else { false } })
        #expect(images.state.nextWakeUp == nil)
        images.scroll(to: 2_000, at: 3_400)
        images.scroll(to: 0, at: 3_500)
        #expect(images.started.contains("p0"), "the cell left and came back: it asks afresh")
        #expect(images.counts.retries == 2)
    }

    @Test("a failed image that is no longer wanted is forgotten, not retried")
    func forgottenRetry() {
        var images = ImageBench()
        images.append(30)
        images.scroll(to: 0)
        images.send(.failed(images.load("p0"), .serverError(status: 503)), at: 100)
        #expect(images.state.retries.count == 1)
        images.scroll(to: 2_000, at: 200)
        #expect(images.state.retries.isEmpty)
        #expect(images.state.nextWakeUp == nil)
    }

    @Test("a 4xx is not retried, not even when its cell comes back, until the list is replaced")
    func refusedNotRetried() {
        var images = ImageBench()
        images.append(30)
        images.scroll(to: 0)
        images.send(.failed(images.load("p0"), .clientError(status: 404, messages: [])), at: 100)
        #expect(images.state.decisions.contains { if case .gaveUp(_, failures: 1, .clientError(status: 404, _)) = $0 { true } else { false } })
        #expect(images.state.nextWakeUp == nil)
        images.scroll(to: 2_000, at: 200)
        images.scroll(to: 0, at: 300)
        #expect(!images.started.contains("p0"))
        images.replace(with: (0..<5).map { squarePhoto("p\($0)") }, at: 400)
        images.scroll(to: 0, at: 400)
        #expect(images.started.contains("p0"), "a new list asks again")
    }

    // MARK: Downloads

    @Test("a download is decided by a download event only, never by a display or a prefetch")
    func downloads() {
        var images = ImageBench()
        images.append(10)
        images.scroll(to: 0)
        images.deliver("p0", at: 100)
        #expect(images.counts.downloadsTracked == 0)
        let chosen = squarePhoto("p0")
        images.send(.download(chosen), at: 200)
        #expect(images.state.decisions == [.downloadTracked(chosen)])
        images.send(.download(chosen), at: 300)
        #expect(images.counts.downloadsTracked == 2, "each download action is reported once")
    }

    @Test("an image that answers after its load was cancelled changes nothing")
    func lateAnswer() {
        var images = ImageBench()
        images.append(30)
        images.scroll(to: 0)
        let early = images.load("p0")
        let image = images.image("p0")
        images.scroll(to: 2_000, at: 16)
        let before = images.state
        images.send(.loaded(early, image), at: 20)
        #expect(images.state.cache == before.cache)
        #expect(images.state.decisions.isEmpty)
    }
}
