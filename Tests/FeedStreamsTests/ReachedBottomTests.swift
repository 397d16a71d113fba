import FeedStreams
import Streams
import StreamsTesting
import Testing

@Suite("reachedBottom")
struct ReachedBottomTests {
    /// A 100-point viewport over 400 points of content: near the bottom from offset 250 on
    /// (the default tolerance is half the viewport).
    private static func at(_ offset: Double, content: Double = 400) -> ScrollGeometry {
        ScrollGeometry(contentOffsetY: offset, contentHeight: content, viewportHeight: 100)
    }

    private static let geometries: [Character: ScrollGeometry] = [
        "f": at(0),
        "n": at(260),
        "g": at(470, content: 600),
        "h": at(480, content: 600),
        "s": at(0, content: 60),
        "t": at(0, content: 90),
        "b": at(300),
    ]

    @Test("the documentation diagram: once per approach, again after leaving, again when content grows")
    func documentationDiagram() throws {
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable("-f-n-n-f-n-n-g-h-|", values: Self.geometries)
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            geometry.reachedBottom().map { "x" }
        }
        expectMarbles(observer, "---x-----x---x---|")
        expectNoPendingWork(scheduler)
    }

    @Test("fires once for a whole stay at the bottom, however many geometries arrive")
    func onceWhileStaying() throws {
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable([
            .next(210, Self.at(200)), .next(220, Self.at(250)), .next(230, Self.at(280)),
            .next(240, Self.at(300)), .next(250, Self.at(300)), .next(260, Self.at(290)),
        ])
        let observer = scheduler.start { geometry.reachedBottom().map { 1 } }
        #expect(observer.events == [.next(220, 1)])
        #expect(geometry.subscriptions == [Subscription(200, 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("content shorter than the viewport fires at once, and again when a page arrives that still fits")
    func shortContent() throws {
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable("-s-s-t-t-b-", values: Self.geometries)
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            geometry.reachedBottom().map { "x" }
        }
        // s: 60 points fit; t: the content grew to 90 and still fits; b: 400 points, at the end.
        expectMarbles(observer, "-x---x---x-")
        expectNoPendingWork(scheduler)
    }

    @Test("a custom tolerance moves the bottom zone")
    func customTolerance() throws {
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable([
            .next(210, Self.at(260)), .next(220, Self.at(295)), .next(230, Self.at(200)), .next(240, Self.at(300)),
        ])
        // Tolerance 10: near from offset 290 on.
        let observer = scheduler.start { geometry.reachedBottom(tolerance: 10).map { 1 } }
        #expect(observer.events == [.next(220, 1), .next(240, 1)])
        expectNoPendingWork(scheduler)
    }

    @Test("an error in the geometry is forwarded")
    func error() throws {
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable("-n-#", values: Self.geometries)
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            geometry.reachedBottom().map { "x" }
        }
        expectMarbles(observer, "-x-#")
        expectSubscriptions(geometry, "^--!")
        expectNoPendingWork(scheduler)
    }

    @Test("disposing unsubscribes from the geometry and nothing more arrives")
    func disposal() throws {
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable("-f-n-f-n-", values: Self.geometries)
        let observer = scheduler.start(created: 0, subscribed: 0, disposed: 5) {
            geometry.reachedBottom().map { "x" }
        }
        expectMarbles(observer, "---x-----")
        expectSubscriptions(geometry, "^----!")
        expectNoPendingWork(scheduler)
    }

    @Test("the subscriber is released after disposal")
    func releasesObserver() throws {
        final class Token: Sendable {}
        let scheduler = TestScheduler()
        let geometry = scheduler.createHotObservable("-n-f-n-", values: Self.geometries)
        weak var weakToken: Token?
        var subscription: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            subscription = geometry.reachedBottom().subscribe(onNext: { _ = token })
        }
        try scheduler.advance(to: 3)
        #expect(weakToken != nil)
        subscription?.dispose()
        #expect(weakToken == nil)
        try scheduler.run()
        expectNoPendingWork(scheduler)
    }
}
