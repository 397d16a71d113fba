import FeedStreams
import FeedTestSupport
import Foundation
import Streams
import Synchronization

/// A generated image session: a screen and its layout, a scroll script of flings, reversals and
/// drags, a list that grows by pages, gets live photos inserted at the top and is refreshed,
/// memory warnings, and a loader with random latencies and failures. Everything derives from one
/// seed: a failing case is replayed with `FUZZ_SEED=<seed> swift test --filter ImageFuzzTests`.
struct ImageScenario: Sendable, CustomStringConvertible {
    /// A change to the list at a moment of the session.
    enum ListChange: Sendable, CustomStringConvertible {
        /// A page of new photos at the end.
        case append(Int)
        /// New photos published at the top: every cell moves down.
        case insertAtTop(Int)
        /// A refresh: some of the photos again, in another order, and new ones.
        case refresh(keeping: Int, new: Int)
        /// The system runs short of memory.
        case memoryWarning

        var description: String {
            switch self {
            case .append(let count): "append \(count)"
            case .insertAtTop(let count): "insert \(count) at top"
            case .refresh(let keeping, let new): "refresh keeping \(keeping) + \(new) new"
            case .memoryWarning: "memory warning"
            }
        }
    }

    let seed: UInt64
    let screen: ScrollSimulator.Configuration
    let configuration: ImageConfiguration
    let latency: Duration
    let jitter: Double
    let failures: CatalogImageLoader.Failures
    /// The first list: how many photos.
    let initialCount: Int
    /// The share of photos that show another photo's image (one address, two cells).
    let sharedImageRate: Double
    let steps: [ScrollStep]
    /// List changes at milliseconds.
    let changes: [(at: Int, change: ListChange)]
    /// When the screen goes away, in milliseconds.
    let endAt: Int

    init(seed: UInt64) {
        var random = FuzzRandom(seed: seed)
        self.seed = seed
        screen = ScrollSimulator.Configuration(
            viewportWidth: 390,
            viewportHeight: Double(random.pick([300, 600, 844])),
            bottomInset: Double(random.pick([0, 0, 34])),
            layoutStyle: random.pick([.singleColumn, .waterfall(columns: 2), .grid(itemHeight: 190)]),
            spacing: Double(random.pick([0, 4, 10])),
            // 60 or 30 frames a second: at 30, a fling moves twice as far between two frames.
            frameInterval: .milliseconds(random.pick([16, 33]))
        )
        let prefetch = Double(random.pick([0, 300, 800]))
        let scale = Double(random.pick([1, 2, 3]))
        configuration = ImageConfiguration(
            maxConcurrentLoads: random.int(1...6),
            prefetchDistance: prefetch,
            keepMargin: Double(random.pick([0, 50, 100])),
            memoryBudget: random.pick([400_000, 2_000_000, 8_000_000, 64_000_000]) * Int(scale * scale),
            maxEntryFraction: random.pick([0.1, 0.25, 1]),
            screenScale: scale,
            retry: RetryPolicy(
                maxAttempts: random.int(0...2), initialDelay: .milliseconds(random.pick([50, 300])),
                jitter: random.pick([0, 0.3]), seed: random.next()
            )
        )
        latency = .milliseconds(random.pick([0, 16, 100, 400, 1_200]))
        jitter = random.pick([0, 0.5, 1])
        failures = CatalogImageLoader.Failures(
            transientRate: random.pick([0, 0, 0.1, 0.4]),
            refusedRate: random.pick([0, 0, 0.05])
        )
        initialCount = random.pick([0, 4, 20, 60])
        sharedImageRate = random.pick([0, 0, 0.1])
        var steps: [ScrollStep] = []
        for _ in 0..<random.int(2...8) {
            switch random.int(0...9) {
            case 0, 1: steps.append(.wait(.milliseconds(random.int(16...500))))
            case 2, 3: steps.append(.drag(to: Double(random.int(-100...8_000)), over: .milliseconds(random.int(16...600))))
            case 4, 5, 6: steps.append(.fling(velocity: Double(random.int(-15_000...15_000))))
            case 7: steps.append(.scrollToBottom)
            case 8: steps.append(.scrollToTop)
            default: steps.append(.drag(to: Double(random.int(0...3_000)), over: .milliseconds(16)))
            }
        }
        self.steps = steps
        endAt = random.int(500...1_800)
        var changes: [(Int, ListChange)] = []
        for _ in 0..<random.int(0...5) {
            let change: ListChange = switch random.int(0...5) {
            case 0, 1: .append(random.int(1...30))
            case 2: .insertAtTop(random.int(1...5))
            case 3: .refresh(keeping: random.int(0...10), new: random.int(0...20))
            default: .memoryWarning
            }
            changes.append((random.int(0...endAt), change))
        }
        self.changes = changes.sorted { $0.0 < $1.0 }.map { (at: $0.0, change: $0.1) }
    }

    var description: String {
        """
        seed 0x\(String(seed, radix: 16)): screen \(screen.viewportHeight) pt \(screen.layoutStyle) spacing \(screen.spacing) \
        every \(screen.frameInterval), \
        \(configuration.maxConcurrentLoads) loads, prefetch \(configuration.prefetchDistance), keep \(configuration.keepMargin), \
        budget \(configuration.memoryBudget) (entries ≤ \(configuration.maxEntryBytes)), scale \(configuration.screenScale), \
        retries \(configuration.retry.maxAttempts), latency \(latency) ± \(jitter), failures \(failures), \
        \(initialCount) photos, shared images \(sharedImageRate), end at \(endAt) ms
          script: \(steps.map { ScrollScript.line(for: $0) }.joined(separator: "; "))
          changes: \(changes.map { "\($0.at) ms \($0.change)" }.joined(separator: "; "))
        """
    }
}

/// Plays one ``ImageScenario``: a scroll simulator shows the list, an image view model loads its
/// images through a ``CatalogImageLoader``, and cells bound with ``ImageBinding`` are reused as
/// they scroll, as a collection view reuses them. Checks the five promises of the images at
/// every state and whenever the work of an instant is done.
final class ImageFuzz: Sendable {
    let scenario: ImageScenario
    let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: 10_000_000)
    let loader: CatalogImageLoader
    private let failures = Mutex<[String]>([])
    /// What the test knows, independently of the rule: the direction the screen last moved.
    private let watch = Mutex<(direction: ScrollDirection, lastOffset: Double?)>((.down, nil))
    /// The cells on screen: index → (cell number, photo); reused cells go back to the pool.
    private let cells = Mutex<(shown: [Int: (cell: Int, photo: Photo)], pool: [Int], bindings: [ImageBinding], photoOfCell: [Int: String])>(([:], [], [], [:]))
    private let covered = Mutex<Set<String>>([])
    private let lastState = Mutex<ImageState?>(nil)

    init(scenario: ImageScenario) {
        self.scenario = scenario
        loader = CatalogImageLoader(
            scheduler: scheduler, latency: scenario.latency, jitter: scenario.jitter,
            failures: scenario.failures, seed: scenario.seed
        )
    }

    /// What the series reached, so that a run that never met a situation is noticed.
    var coverage: Set<String> { covered.withLock { $0 } }

    private func fail(_ message: String) {
        let now = scheduler.clock
        failures.withLock { $0.append("@\(now) ms \(message)") }
    }

    private func note(_ situation: String) {
        covered.withLock { _ = $0.insert(situation) }
    }

    func run() throws -> [String] {
        let simulator = ScrollSimulator(scheduler: scheduler, configuration: scenario.screen)
        var random = FuzzRandom(seed: scenario.seed ^ 0x1A6E)
        var serial = 0
        func newPhotos(_ count: Int) -> [Photo] {
            (0..<count).map { _ in
                serial += 1
                let shares = serial > 1 && random.chance(scenario.sharedImageRate)
                let aspect = random.pick([(400, 600), (600, 400), (500, 500), (1200, 400)])
                var made = photo("f\(serial)", width: aspect.0, height: aspect.1)
                made.urls.raw = URL(string: "https://images.unsplash.com/photo-\(shares ? "f\(random.int(1...(serial - 1)))" : "f\(serial)")?ixid=x")!
                made.blurHash = random.chance(0.7) ? "LEHV6nWB2yk8pyo0adR*.7kCMdnj" : nil
                return made
            }
        }
        var list = newPhotos(scenario.initialCount)
        simulator.setPhotos(list)
        let warnings = Subject<Void>()
        let viewModel = try ImageViewModel(
            input: .simulated(by: simulator, memoryWarnings: warnings),
            dependencies: .init(loader: loader, scheduler: scheduler, configuration: scenario.configuration)
        )
        let bag = CompositeDisposable()
        bag.insert(simulator.geometry.subscribe(onNext: { [self] geometry in
            watch.withLock { watch in
                if let last = watch.lastOffset, geometry.contentOffsetY != last {
                    watch.direction = geometry.contentOffsetY > last ? .down : .up
                }
                watch.lastOffset = geometry.contentOffsetY
            }
        }))
        bag.insert(viewModel.output.state.asObservable().subscribe(onNext: { [self] state in
            checkState(state, simulator)
        }))
        bag.insert(simulator.play(scenario.steps).subscribe(onNext: { _ in }))
        // The list changes, each at its moment.
        for (at, change) in scenario.changes {
            var changed: [Photo]?
            switch change {
            case .append(let count):
                list += newPhotos(count)
                changed = list
            case .insertAtTop(let count):
                list = newPhotos(count) + list
                changed = list
            case .refresh(let keeping, let new):
                var kept = list
                for index in kept.indices.reversed() where index > 0 { kept.swapAt(index, random.int(0...index)) }
                list = Array(kept.prefix(keeping)) + newPhotos(new)
                changed = list
            case .memoryWarning:
                changed = nil
            }
            let photos = changed
            _ = scheduler.scheduleAt(at) { [self] in
                note("\(change)".split(separator: " ").first.map(String.init) ?? "")
                if let photos { simulator.setPhotos(photos) } else { warnings.onNext(()) }
            }
        }

        while let next = scheduler.pendingTicks.first, next <= scenario.endAt {
            try scheduler.advance(to: next)
            checkQuiet(viewModel.output, simulator)
            if failures.withLock({ !$0.isEmpty }) { break }
        }
        try scheduler.advance(to: scenario.endAt)
        bag.dispose()
        cells.withLock { cells in
            for binding in cells.bindings { binding.unbind() }
        }
        if !loader.pending.isEmpty { fail("a load is still pending after the screen went away") }
        return failures.withLock { $0 }
    }

    // MARK: Every state

    /// Checked on every state the rule makes: loads start only for wanted cells, one per address,
    /// no more than allowed, and the cache stays within its budget.
    private func checkState(_ state: ImageState, _ simulator: ScrollSimulator) {
        lastState.withLock { $0 = state }
        let configuration = scenario.configuration
        if state.cache.bytes > configuration.memoryBudget { fail("the cache holds \(state.cache.bytes) bytes, over \(configuration.memoryBudget)") }
        if state.loads.count > configuration.maxConcurrentLoads { fail("\(state.loads.count) loads run, more than \(configuration.maxConcurrentLoads)") }
        let urls = state.loads.map(\.request.url)
        if Set(urls).count != urls.count { fail("two loads run for one address: \(urls)") }
        for decision in state.decisions {
            switch decision {
            case .loadStarted(let load): checkWanted(load, state, simulator)
            case .loadCancelled(_, .leftWantedArea): note("cancelled")
            case .loadCancelled(_, .preempted): note("preempted")
            case .loadPromoted: note("promoted")
            case .loadKept: note("kept")
            case .loadShared: note("shared")
            case .cacheHit: note("cache hit")
            case .retryScheduled: note("retry")
            case .imageArrived(_, _, .kept(let evicted)) where !evicted.isEmpty: note("evicted")
            case .imageArrived(_, _, .noRoom), .imageArrived(_, _, .tooLarge): note("not cached")
            default: break
            }
        }
    }

    /// A load that started was for a cell on screen or in the prefetch window in the direction
    /// of scrolling, measured by the test from the simulator's own geometry and layout.
    private func checkWanted(_ load: ImageLoad, _ state: ImageState, _ simulator: ScrollSimulator) {
        let geometry = simulator.currentGeometry
        let layout = simulator.layout
        let photos = simulator.photos
        guard state.geometry == geometry else {
            return fail("\(load) started from a geometry \(String(describing: state.geometry)), but the screen shows \(geometry)")
        }
        guard load.index < min(layout.count, photos.count), photos[load.index].id == load.photoID else {
            return fail("\(load) started for \(load.photoID) at cell \(load.index), which shows something else")
        }
        let frame = layout.frame(at: load.index)
        let top = geometry.contentOffsetY
        let bottom = top + geometry.viewportHeight
        let distance = scenario.configuration.prefetchDistance
        let direction = watch.withLock { $0.direction }
        let onScreen = frame.maxY > top && frame.minY < bottom
        let ahead = direction == .down
            ? frame.maxY > bottom && frame.minY < bottom + distance
            : frame.minY < top && frame.maxY > top - distance
        switch load.standing {
        case .visible where onScreen: break
        case .prefetch where ahead && !onScreen: note(direction == .up ? "prefetch above" : "prefetch below")
        default: fail("\(load) started as \(load.standing) for a frame \(frame), screen \(top)..<\(bottom), scrolling \(direction)")
        }
        if frame.width > 0, let expected = ImageRequest(photo: photos[load.index], pointWidth: frame.width, configuration: scenario.configuration),
           expected.url != load.request.url {
            fail("\(load) asks for \(load.request.url), not \(expected.url)")
        }
    }

    // MARK: When an instant's work is done

    /// Once the work of an instant is done: the cells on screen are bound (reusing cells that
    /// left), no image on screen waits behind a prefetch, and at most one load runs per address.
    private func checkQuiet(_ output: ImageViewModel.Output, _ simulator: ScrollSimulator) {
        bindCells(output, simulator)
        let pending = loader.pending
        if Set(pending.map(\.url)).count != pending.count { fail("the loader has two loads pending for one address") }
        if pending.count > scenario.configuration.maxConcurrentLoads { fail("\(pending.count) loads pending at the loader") }
        guard let state = lastState.withLock({ $0 }), !state.isAwaitingLayout, state.geometry == simulator.currentGeometry else { return }
        guard state.loads.contains(where: { $0.standing != .visible }) else { return }
        for item in simulator.visibleItems {
            guard let request = ImageRequest(photo: item.photo, pointWidth: item.frame.width, configuration: scenario.configuration) else { continue }
            let served = state.cache.contains(request) || state.shownUncached[item.photo.id] != nil || state.load(for: request) != nil
                || state.retries[request] != nil || state.refused.contains(request)
            if !served { fail("cell \(item.index) (\(item.photo.id)) is on screen with no image, while \(state.loads.filter { $0.standing != .visible }) runs") }
        }
        note("prefetch beside a full screen")
    }

    /// Binds a cell to each item on screen, reusing the cells of items that left, and checks that
    /// every image a cell receives is its photo's.
    private func bindCells(_ output: ImageViewModel.Output, _ simulator: ScrollSimulator) {
        let items = simulator.visibleItems
        let onScreen = Dictionary(uniqueKeysWithValues: items.map { ($0.index, $0.photo) })
        let rebind = cells.withLock { cells -> [(cell: Int, binding: ImageBinding, photo: Photo)] in
            for (index, shown) in cells.shown where onScreen[index]?.id != shown.photo.id {
                cells.shown[index] = nil
                cells.pool.append(shown.cell)
            }
            var rebind: [(Int, ImageBinding, Photo)] = []
            for item in items where cells.shown[item.index] == nil {
                let cell = cells.pool.popLast() ?? {
                    cells.bindings.append(ImageBinding())
                    return cells.bindings.count - 1
                }()
                cells.shown[item.index] = (cell, item.photo)
                cells.photoOfCell[cell] = item.photo.id
                rebind.append((cell, cells.bindings[cell], item.photo))
            }
            return rebind
        }
        for (cell, binding, photo) in rebind {
            let raw = photo.urls.raw.path
            let id = photo.id
            let rank = Mutex(-1)
            binding.bind(photo, to: output) { [self] phase in
                let shows = cells.withLock { $0.photoOfCell[cell] }
                if shows != id { fail("cell \(cell) shows \(shows ?? "nothing") but received a phase of \(id)") }
                let previous = rank.withLock { rank in
                    defer { rank = phase.rank }
                    return rank
                }
                if phase.rank <= previous { fail("\(id) went from phase \(previous) to \(phase)") }
                if case .image(let image) = phase {
                    note("image shown")
                    if image.request.url.path != raw { fail("cell \(cell) bound to \(id) received the image \(image.request.url)") }
                }
            }
        }
    }
}
