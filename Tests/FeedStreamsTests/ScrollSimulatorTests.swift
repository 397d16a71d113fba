import FeedStreams
import FeedTestSupport
import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

@Suite("ScrollSimulator")
struct ScrollSimulatorTests {
    /// A 100 × 200 viewport over a single column: square photos are 100 points tall.
    private static let column = ScrollSimulator.Configuration(
        viewportWidth: 100, viewportHeight: 200, layoutStyle: .singleColumn, spacing: 0
    )

    private static func squares(_ count: Int, from first: Int = 0) -> [Photo] {
        (first..<(first + count)).map { photo("p\($0)", width: 100, height: 100) }
    }

    /// A simulator showing `count` squares, recording its geometry offsets and actions; it runs
    /// on the test scheduler, or on what `scheduling` makes of it.
    private static func make(
        _ count: Int = 10,
        configuration: ScrollSimulator.Configuration = column,
        scheduling: (TestScheduler) -> any Scheduler = { $0 }
    ) -> (TestScheduler, ScrollSimulator, TestableObserver<Double>, TestableObserver<String>) {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let simulator = ScrollSimulator(scheduler: scheduling(scheduler), configuration: configuration)
        simulator.setPhotos(squares(count))
        let offsets = scheduler.createObserver(Double.self)
        let actions = scheduler.createObserver(String.self)
        _ = simulator.geometry.map(\.contentOffsetY).subscribe(offsets.asObserver())
        _ = simulator.actions.map(\.description).subscribe(actions.asObserver())
        return (scheduler, simulator, offsets, actions)
    }

    /// Plays a script and records its completion.
    private static func play(
        _ simulator: ScrollSimulator,
        _ steps: [ScrollStep],
        on scheduler: TestScheduler
    ) -> (TestableObserver<String>, any Disposable) {
        let done = scheduler.createObserver(String.self)
        let subscription = simulator.play(steps).map { "v" }.subscribe(done.asObserver())
        return (done, subscription)
    }

    /// Where a fling from `from` at `velocity` is after `milliseconds`, at the normal rate.
    private static func flung(_ from: Double, _ velocity: Double, after milliseconds: Double) -> Double {
        from + velocity / 1000 * (1 - pow(0.998, milliseconds)) / -log(0.998)
    }

    @Test("starts at rest at the top and replays the current geometry to a new subscriber")
    func initialGeometry() throws {
        let (scheduler, simulator, offsets, _) = Self.make()
        #expect(offsets.events == [.next(0, 0)])
        #expect(simulator.currentGeometry == ScrollGeometry(contentOffsetY: 0, contentHeight: 1000, viewportHeight: 200))
        let insets = ScrollSimulator(
            scheduler: scheduler,
            configuration: .init(viewportHeight: 800, topInset: 91, bottomInset: 34)
        )
        #expect(insets.currentGeometry.contentOffsetY == -91)
        #expect(insets.currentGeometry.contentHeight == 0)
        expectNoPendingWork(scheduler)
    }

    @Test("the documentation diagram of play: one tick per frame, completing after the wait")
    func documentationDiagram() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(16))
        let simulator = ScrollSimulator(scheduler: scheduler, configuration: Self.column)
        simulator.setPhotos(Self.squares(10))
        let offsets: [Character: Double] = ["a": 0, "b": 16, "c": 32, "d": 48, "e": 64]
        let geometry = scheduler.createObserver(Double.self)
        _ = simulator.geometry.map(\.contentOffsetY).subscribe(geometry.asObserver())
        let play = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            simulator.play([.drag(to: 64, over: .milliseconds(64)), .wait(.milliseconds(32))]).map { "v" }
        }
        expectMarbles(play, "------|")
        expectMarbles(geometry, "abcde--", values: offsets)
        expectNoPendingWork(scheduler)
    }

    @Test("a drag moves at constant speed, one frame every 16 ms, and ends on its duration")
    func drag() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()
        let (done, _) = Self.play(simulator, [.drag(to: 160, over: .milliseconds(80))], on: scheduler)
        try scheduler.run()
        #expect(offsets.events == [
            .next(0, 0), .next(16, 32), .next(32, 64), .next(48, 96), .next(64, 128), .next(80, 160),
        ])
        #expect(actions.values == ["drag 0.0 → 160.0 over 0.08 seconds", "script finished"])
        #expect(done.events == [.completed(80)])
        expectNoPendingWork(scheduler)
    }

    @Test("a drag that is not a whole number of frames shows its last frame on its duration")
    func dragWithShortLastFrame() throws {
        let (scheduler, simulator, offsets, _) = Self.make()
        _ = Self.play(simulator, [.drag(to: 100, over: .milliseconds(40))], on: scheduler)
        try scheduler.run()
        #expect(offsets.events == [.next(0, 0), .next(16, 40), .next(32, 80), .next(40, 100)])
        expectNoPendingWork(scheduler)
    }

    @Test("a drag past the end is clamped to the end of the content")
    func dragClamped() throws {
        let (scheduler, simulator, offsets, actions) = Self.make(3)  // 300 points: at most 100.
        _ = Self.play(simulator, [.drag(to: 500, over: .milliseconds(32))], on: scheduler)
        try scheduler.run()
        #expect(offsets.values == [0, 50, 100])
        #expect(actions.values.first == "drag 0.0 → 100.0 over 0.032 seconds")
        expectNoPendingWork(scheduler)
    }

    @Test("a fling decelerates at UIScrollView's normal rate and settles when slower than 10 pt/s")
    func fling() throws {
        let (scheduler, simulator, offsets, actions) = Self.make(100)
        let (done, _) = Self.play(simulator, [.fling(velocity: 1000)], on: scheduler)
        try scheduler.run()
        // 1000 · 0.998ᵗ < 10 from t = 2300.3 ms: the 144th frame, at 2304 ms.
        let frames = offsets.events.dropFirst()
        #expect(frames.count == 144)
        #expect(frames.map(\.time) == (1...144).map { $0 * 16 })
        for (frame, recorded) in zip(1..., frames) {
            let expected = Self.flung(0, 1000, after: Double(frame * 16))
            #expect(abs((recorded.value.element ?? .nan) - expected) < 1e-9)
        }
        #expect(abs((frames.first?.value.element ?? 0) - 15.746) < 0.001)
        let rest = Self.flung(0, 1000, after: 2304)
        #expect(actions.values == ["fling 1000.0 pt/s from 0.0", "settled at \(rest)", "script finished"])
        #expect(done.events == [.completed(2304)])
        expectNoPendingWork(scheduler)
    }

    @Test("a fling stops against the end of the content on the first frame that reaches it")
    func flingHitsEnd() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()  // 1000 points: at most 800.
        _ = simulator.play([.drag(to: 600, over: .zero), .fling(velocity: 5000)]).subscribe()
        try scheduler.run()
        #expect(offsets.events == [
            .next(0, 0), .next(0, 600),
            .next(16, Self.flung(600, 5000, after: 16)), .next(32, Self.flung(600, 5000, after: 32)),
            .next(48, 800),
        ])
        #expect(actions.values.suffix(3) == ["fling 5000.0 pt/s from 600.0", "hit end at 800.0", "script finished"])
        expectNoPendingWork(scheduler)
    }

    @Test("a fling upwards stops at the top")
    func flingHitsTop() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()
        _ = simulator.play([.drag(to: 50, over: .zero), .fling(velocity: -3000)]).subscribe()
        try scheduler.run()
        // 47.2 points in the first frame leave 2.8; the second frame would pass the top.
        #expect(offsets.events.dropFirst(2).first == .next(16, Self.flung(50, -3000, after: 16)))
        #expect(offsets.events.last == .next(32, 0))
        #expect(actions.values.contains("hit top at 0.0"))
        expectNoPendingWork(scheduler)
    }

    @Test("virtual time costs nothing where nothing moves: hour-long drags that go nowhere schedule only their ends")
    func stillDragsCostNothing() throws {
        // Frames every 16 ms would be 225,000 per hour; the step limit allows a few dozen actions.
        let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: 100)
        let simulator = ScrollSimulator(scheduler: scheduler, configuration: Self.column)
        simulator.setPhotos(Self.squares(10))  // 1000 points: offsets 0 to 800.
        let offsets = scheduler.createObserver(Double.self)
        _ = simulator.geometry.map(\.contentOffsetY).subscribe(offsets.asObserver())
        let hour = Duration.seconds(3600)
        var steps: [ScrollStep] = [.drag(to: -300, over: hour), .drag(to: 800, over: .zero)]  // Into the top, then to the end.
        for _ in 0..<9 { steps += [.drag(to: 800, over: hour), .drag(to: 5000, over: hour)] }  // Where it is, and into the end.
        steps.append(.drag(to: 0, over: .seconds(1)))  // A real drag: 63 frames.
        let (done, _) = Self.play(simulator, steps, on: scheduler)
        try scheduler.run()
        let end = 19 * 3_600_000
        #expect(offsets.events.prefix(2) == [.next(0, 0), .next(3_600_000, 800)])
        #expect(offsets.events.count == 2 + 63)
        let firstFrame: Recorded<Event<Double>> = .next(end + 16, 787.2)  // 800 − 800 · 16/1000.
        #expect(offsets.events.dropFirst(2).first == firstFrame)
        #expect(offsets.events.last == .next(end + 1000, 0))
        #expect(done.events == [.completed(end + 1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("scroll to bottom eases to the end of the content over 300 ms")
    func scrollToBottom() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()
        let (done, _) = Self.play(simulator, [.scrollToBottom], on: scheduler)
        try scheduler.run()
        let frames = Array(offsets.events.dropFirst())
        #expect(frames.map(\.time) == (1...18).map { $0 * 16 } + [300])
        #expect(frames.last?.value.element == 800)
        let values = frames.compactMap(\.value.element)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        // Ease in and out: slow at the ends, 800 · (1 − cos(π · 16/300)) / 2 after one frame.
        #expect(abs(values[0] - 800 * (1 - cos(Double.pi * 16 / 300)) / 2) < 1e-9)
        #expect(actions.values == ["scroll to bottom 0.0 → 800.0", "script finished"])
        #expect(done.events == [.completed(300)])
        expectNoPendingWork(scheduler)
    }

    @Test("scroll to top from the middle, and a scroll to where the view already is takes no time")
    func scrollToTop() throws {
        let (scheduler, simulator, offsets, _) = Self.make()
        let (done, _) = Self.play(simulator, [.scrollToTop, .drag(to: 400, over: .zero), .scrollToTop], on: scheduler)
        try scheduler.run()
        #expect(offsets.values.first == 0)
        #expect(offsets.events.last == .next(300, 0))
        #expect(done.events == [.completed(300)])
        expectNoPendingWork(scheduler)
    }

    @Test("waits take their time; the script completes when the last step ends")
    func waits() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()
        let (done, _) = Self.play(
            simulator,
            [.wait(.milliseconds(500)), .drag(to: 32, over: .milliseconds(16)), .wait(.seconds(1))],
            on: scheduler
        )
        try scheduler.run()
        #expect(offsets.events == [.next(0, 0), .next(516, 32)])
        #expect(actions.values == [
            "wait 0.5 seconds", "drag 0.0 → 32.0 over 0.016 seconds", "wait 1.0 seconds", "script finished",
        ])
        #expect(done.events == [.completed(1516)])
        expectNoPendingWork(scheduler)
    }

    @Test("every layout emits a geometry at once, grown or not; a replaced list is laid out again")
    func contentGrowth() throws {
        let (scheduler, simulator, _, _) = Self.make(2)
        let heights = scheduler.createObserver(Double.self)
        _ = simulator.geometry.map(\.contentHeight).subscribe(heights.asObserver())
        scheduler.scheduleAt(100) { simulator.setPhotos(Self.squares(5)) }
        // The same height: still a layout, still a geometry (as contentSize observation reports every set).
        scheduler.scheduleAt(200) { simulator.setPhotos(Self.squares(5)) }
        scheduler.scheduleAt(300) { simulator.setPhotos(Self.squares(5) + [photo("wide", width: 200, height: 100)]) }
        scheduler.scheduleAt(400) { simulator.setPhotos(Self.squares(1, from: 50)) }
        try scheduler.run()
        #expect(heights.events == [.next(0, 200), .next(100, 500), .next(200, 500), .next(300, 550), .next(400, 100)])
        #expect(Array(simulator.layout.frames) == [Rect(x: 0, y: 0, width: 100, height: 100)])
        #expect(simulator.photos.map(\.id) == ["p50"])
        expectNoPendingWork(scheduler)
    }

    @Test("a longer list that differs from the one shown before its end is laid out again, not appended to")
    func longerListChangedInTheMiddle() {
        let (scheduler, simulator, _, _) = Self.make(3)
        let shown = Self.squares(3)
        // Same first and last ids as before, one more photo, but a different photo in the middle.
        simulator.setPhotos([shown[0], photo("wide", width: 200, height: 100), shown[2], photo("p3", width: 100, height: 100)])
        #expect(simulator.layout.frames.map(\.y) == [0, 100, 150, 250])
        #expect(simulator.photos.map(\.id) == ["p0", "wide", "p2", "p3"])
        // Extending that list keeps its frames and lays out only the new photo.
        simulator.setPhotos(simulator.photos + [photo("p4", width: 50, height: 100)])
        #expect(simulator.layout.frames.map(\.y) == [0, 100, 150, 250, 350])
        #expect(simulator.layout.frames.last?.height == 200)
        expectNoPendingWork(scheduler)
    }

    @Test("content that shrinks under the offset moves the offset back to the new end")
    func shrinkClampsOffset() throws {
        let (scheduler, simulator, offsets, _) = Self.make()
        _ = simulator.play([.drag(to: 700, over: .zero)]).subscribe()
        try scheduler.run()
        simulator.setPhotos(Self.squares(4, from: 20))
        #expect(offsets.values == [0, 700, 200])
        expectNoPendingWork(scheduler)
    }

    @Test("the layout grows incrementally while a fling is under way, and the fling goes on")
    func growthDuringFling() throws {
        let (scheduler, simulator, offsets, actions) = Self.make(4)  // 400 points: at most 200.
        _ = simulator.play([.fling(velocity: 3000)]).subscribe()
        scheduler.scheduleAt(20) { simulator.setPhotos(Self.squares(40)) }
        try scheduler.run()
        #expect(offsets.events[1] == .next(16, Self.flung(0, 3000, after: 16)))
        #expect(offsets.events[2] == .next(20, Self.flung(0, 3000, after: 16)))
        #expect((offsets.values.last ?? 0) > 1000)
        #expect(actions.values.contains { $0.hasPrefix("settled at") })
        expectNoPendingWork(scheduler)
    }

    @Test("a tap on a visible item emits its index; a tap on an item off screen misses and says what is on screen")
    func tapByIndex() throws {
        let (scheduler, simulator, _, actions) = Self.make()
        let taps = scheduler.createObserver(Int.self)
        _ = simulator.taps.subscribe(taps.asObserver())
        _ = simulator.play([
            .tap(index: 1), .tap(index: 5), .wait(.milliseconds(10)),
            .drag(to: 450, over: .zero), .tap(index: 5), .tap(index: 4),
        ]).subscribe()
        try scheduler.run()
        #expect(taps.events == [.next(0, 1), .next(10, 5), .next(10, 4)])
        #expect(actions.values.contains("tap #5 hit no photo: it is off screen; photos 0–1 are on screen"))
        expectNoPendingWork(scheduler)
    }

    @Test("a memory warning fires at once, between the steps around it, moves nothing and takes no time")
    func memoryWarning() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()
        let warnings = scheduler.createObserver(String.self)
        _ = simulator.memoryWarnings.map { "w" }.subscribe(warnings.asObserver())
        let (done, _) = Self.play(simulator, [.wait(.milliseconds(100)), .memoryWarning, .memoryWarning, .wait(.milliseconds(50))], on: scheduler)
        try scheduler.run()
        #expect(warnings.events == [.next(100, "w"), .next(100, "w")])
        #expect(actions.values == ["wait 0.1 seconds", "memory warning", "memory warning", "wait 0.05 seconds", "script finished"])
        #expect(offsets.events == [.next(0, 0)])
        #expect(done.events == [.completed(150)])
        expectNoPendingWork(scheduler)
    }

    @Test("a tap at a point hits the item under it in a waterfall, and misses the bars and gaps")
    func tapAtPoint() throws {
        let configuration = ScrollSimulator.Configuration(
            viewportWidth: 210, viewportHeight: 400, topInset: 40, bottomInset: 20,
            layoutStyle: .waterfall(columns: 2), spacing: 10
        )
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let simulator = ScrollSimulator(scheduler: scheduler, configuration: configuration)
        // Columns 100 wide: 0 left (0–200), 1 right (0–100), 2 right (110–210), 3 left (210–310), 4 right (220–320).
        simulator.setPhotos([
            photo("a", width: 100, height: 200), photo("b", width: 100, height: 100),
            photo("c", width: 100, height: 100), photo("d", width: 100, height: 100),
            photo("e", width: 100, height: 100),
        ])
        let taps = scheduler.createObserver(Int.self)
        _ = simulator.taps.subscribe(taps.asObserver())
        // At rest the offset is −40: content y = viewport y − 40.
        _ = simulator.play([
            .tapAt(x: 50, y: 100), .tapAt(x: 150, y: 100), .tapAt(x: 150, y: 200),
            .tapAt(x: 50, y: 300), .tapAt(x: 105, y: 100), .tapAt(x: 50, y: 20), .tapAt(x: 50, y: 390),
        ]).subscribe()
        try scheduler.run()
        #expect(taps.values == [0, 1, 2, 3])
        #expect(simulator.itemIndex(atViewportX: 160, y: 300) == 4)
        #expect(simulator.itemIndex(atViewportX: 150, y: 255) == nil)  // The gap between 1 and 2 is at content y 100–110.
        expectNoPendingWork(scheduler)
    }

    @Test("visible items are the ones that intersect the viewport, with their frames on screen")
    func visibleItems() throws {
        let (scheduler, simulator, _, _) = Self.make()
        _ = simulator.play([.drag(to: 150, over: .zero)]).subscribe()
        try scheduler.run()
        let visible = simulator.visibleItems
        #expect(visible.map(\.index) == [1, 2, 3])
        #expect(visible.map(\.photo.id) == ["p1", "p2", "p3"])
        #expect(visible.map(\.viewportFrame.y) == [-50, 50, 150])
        #expect(visible.first?.frame == Rect(x: 0, y: 100, width: 100, height: 100))
        expectNoPendingWork(scheduler)
    }

    @Test("pull to refresh at the top: pull 120 points in 300 ms, fire on release, spring back")
    func pullToRefresh() throws {
        let (scheduler, simulator, offsets, actions) = Self.make()
        let pulls = scheduler.createObserver(String.self)
        _ = simulator.pullToRefresh.map { "r" }.subscribe(pulls.asObserver())
        let (done, _) = Self.play(simulator, [.pullToRefresh], on: scheduler)
        try scheduler.run()
        #expect(pulls.events == [.next(300, "r")])
        #expect(offsets.events.first { $0.time == 300 } == .next(300, -120))
        #expect(offsets.values.min() == -120)
        #expect(offsets.events.last == .next(600, 0))
        #expect(actions.values == ["pull 120.0", "release to refresh", "script finished"])
        #expect(done.events == [.completed(600)])
        expectNoPendingWork(scheduler)
    }

    @Test("pull to refresh away from the top scrolls to the top first")
    func pullToRefreshFromTheMiddle() throws {
        let (scheduler, simulator, _, actions) = Self.make()
        let pulls = scheduler.createObserver(String.self)
        _ = simulator.pullToRefresh.map { "r" }.subscribe(pulls.asObserver())
        _ = simulator.play([.drag(to: 400, over: .zero), .pullToRefresh]).subscribe()
        try scheduler.run()
        #expect(pulls.events == [.next(600, "r")])
        #expect(actions.values == [
            "drag 0.0 → 400.0 over 0.0 seconds", "scroll to top from 400.0", "pull 120.0", "release to refresh",
            "script finished",
        ])
        expectNoPendingWork(scheduler)
    }

    @Test("disposing the script stops the motion where it is and leaves no work behind")
    func disposal() throws {
        let (scheduler, simulator, offsets, _) = Self.make()
        let (done, subscription) = Self.play(simulator, [.scrollToBottom, .wait(.seconds(5))], on: scheduler)
        scheduler.scheduleAt(40) { subscription.dispose() }
        try scheduler.run()
        #expect(offsets.events.map(\.time) == [0, 16, 32])
        #expect(!simulator.isMoving)
        #expect(done.events.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("disposing during a wait cancels it")
    func disposalDuringWait() throws {
        let (scheduler, simulator, _, actions) = Self.make()
        let (done, subscription) = Self.play(simulator, [.wait(.seconds(5)), .scrollToBottom], on: scheduler)
        scheduler.scheduleAt(100) { subscription.dispose() }
        try scheduler.run()
        #expect(actions.values == ["wait 5.0 seconds"])
        #expect(done.events.isEmpty)
        expectNoPendingWork(scheduler)
    }

    @Test("the simulator is released when its owner lets go, even mid-fling; the script then completes")
    func release() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        var simulator: ScrollSimulator? = ScrollSimulator(scheduler: scheduler, configuration: Self.column)
        weak let weakSimulator = simulator
        simulator?.setPhotos(Self.squares(100))
        let done = scheduler.createObserver(String.self)
        let offsets = scheduler.createObserver(Double.self)
        _ = simulator?.geometry.map(\.contentOffsetY).subscribe(offsets.asObserver())
        _ = simulator?.play([.fling(velocity: 4000), .wait(.seconds(1))]).map { "v" }.subscribe(done.asObserver())
        try scheduler.advance(to: 100)
        #expect(offsets.events.count == 7)
        simulator = nil
        #expect(weakSimulator == nil)
        expectNoPendingWork(scheduler)
        #expect(done.events == [.completed(100)])
    }

    @Test("the simulator is released after a finished script, and during a wait")
    func releaseDuringWait() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        var simulator: ScrollSimulator? = ScrollSimulator(scheduler: scheduler, configuration: Self.column)
        weak let weakSimulator = simulator
        let done = scheduler.createObserver(String.self)
        _ = simulator?.play([.wait(.seconds(1)), .scrollToBottom]).map { "v" }.subscribe(done.asObserver())
        try scheduler.advance(to: 100)
        simulator = nil
        #expect(weakSimulator == nil)
        try scheduler.run()
        #expect(done.events == [.completed(1000)])
        expectNoPendingWork(scheduler)
    }

    @Test("a second script's motion interrupts the first's, whose step then ends")
    func interruption() throws {
        let (scheduler, simulator, offsets, _) = Self.make(100)
        let (first, _) = Self.play(simulator, [.fling(velocity: 2000)], on: scheduler)
        scheduler.scheduleAt(40) {
            _ = simulator.play([.drag(to: 0, over: .milliseconds(16))]).subscribe()
        }
        try scheduler.run()
        #expect(first.events == [.completed(40)])
        #expect(offsets.events.map(\.time) == [0, 16, 32, 56])
        #expect(offsets.values.last == 0)
        expectNoPendingWork(scheduler)
    }

    @Test("flings against the end while the next page loads: one approach each time the view comes back")
    func approachesWhileLoading() throws {
        let (scheduler, simulator, _, actions) = Self.make()  // 1000 points: the bottom zone starts at 700.
        let approaches = scheduler.createObserver(String.self)
        _ = simulator.geometry.reachedBottom().map { "x" }.subscribe(approaches.asObserver())
        _ = simulator.play([
            .fling(velocity: 5000),                     // Reaches the zone at 176 ms, stops at the end at 208 ms.
            .fling(velocity: 3000),                     // Already at the end: stops at once, no new approach.
            .drag(to: 300, over: .milliseconds(160)),   // Leaves the zone.
            .fling(velocity: 5000),                     // Comes back: a new approach.
            .wait(.seconds(1)),
            .fling(velocity: 5000),                     // The page arrived meanwhile: the zone moved down.
        ]).subscribe()
        scheduler.scheduleAt(1000) { simulator.setPhotos(Self.squares(20)) }
        try scheduler.run()
        let times = approaches.events.map(\.time)
        #expect(times.count == 3)
        #expect(times.first == 176)
        #expect(times.dropFirst().first.map { $0 > 400 && $0 < 1000 } == true)
        #expect(times.last.map { $0 > 1500 } == true)
        #expect(actions.values.filter { $0.hasPrefix("hit end") }.count == 4)
        expectNoPendingWork(scheduler)
    }

    @Test("a subscriber may add photos from inside a geometry event: no deadlock, and the geometries stay in order")
    func reentrantSetPhotos() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        let simulator = ScrollSimulator(scheduler: scheduler, configuration: Self.column)
        let heights = scheduler.createObserver(Double.self)
        _ = simulator.geometry.map(\.contentHeight).subscribe(heights.asObserver())
        let loaded = Mutex(0)
        // An instant service: each approach to the bottom adds a page of 3 at once, 4 pages at most.
        _ = simulator.geometry.reachedBottom().subscribe(onNext: {
            let count = loaded.withLock { count -> Int? in
                guard count < 12 else { return nil }
                count += 3
                return count
            }
            if let count { simulator.setPhotos(Self.squares(count)) }
        })
        // Empty content, then 300 points: both within the bottom zone, so the feed fills itself
        // until it overflows, each page added from inside the delivery of the geometry before.
        #expect(heights.values == [0, 300, 600])
        _ = simulator.play([.scrollToBottom]).subscribe()
        try scheduler.run()
        #expect(heights.values.last == 900)
        #expect(loaded.withLock { $0 } == 9)
        expectNoPendingWork(scheduler)
    }

    @Test("a script goes on when its first timer fires before schedule returns, as a dispatch queue's thread can")
    func firstTimerFiresAtOnce() {
        let (scheduler, simulator, offsets, _) = Self.make(scheduling: FirstActionAtOnce.init)
        // The first wait ends at once; the second wait and the drag's frames then run on virtual time.
        let (done, subscription) = Self.play(simulator, [.wait(.seconds(1)), .wait(.seconds(1)), .drag(to: 300, over: .milliseconds(100))], on: scheduler)
        scheduler.start()
        #expect(offsets.events.last == .next(1100, 300))
        #expect(done.events == [.completed(1100)])
        subscription.dispose()
    }

    @Test("a motion goes on when its first frame is shown before schedule returns")
    func firstFrameShownAtOnce() {
        let (scheduler, simulator, offsets, _) = Self.make(scheduling: FirstActionAtOnce.init)
        let (done, subscription) = Self.play(simulator, [.drag(to: 300, over: .milliseconds(100))], on: scheduler)
        scheduler.start()
        // Frame 1, due at 16.7 ms, was shown at 0, and each later frame keeps its distance from
        // the one before: the last, due at 100 ms, at 83.3 ms (84 on the 1 ms clock).
        #expect(offsets.events.last == .next(84, 300))
        #expect(done.events == [.completed(84)])
        subscription.dispose()
    }
}

/// A ``TestScheduler`` whose first action runs at once, before `schedule` returns, as it can on a
/// dispatch queue's thread while the thread that scheduled it waits to run; later actions run
/// on the test scheduler's virtual time.
private final class FirstActionAtOnce: Scheduler {
    private let base: TestScheduler
    private let hasRunFirst = Mutex(false)

    init(_ base: TestScheduler) {
        self.base = base
    }

    var now: Duration { base.now }

    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(after: .zero, action)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let isFirst = hasRunFirst.withLock { hasRun in
            defer { hasRun = true }
            return !hasRun
        }
        guard isFirst else {
            return base.schedule(after: delay, action)
        }
        action()
        return Disposables.create()
    }
}
