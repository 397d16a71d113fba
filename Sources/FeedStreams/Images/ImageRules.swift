extension ImageState {
    /// The state after `event`, which happened at `now` on the images' clock.
    ///
    /// After applying the event, the rule looks at the level once more: which cells are wanted
    /// now (on screen, then the prefetch window), which loads go on, which are promoted, kept or
    /// cancelled, and which start.
    ///
    /// - Parameters:
    ///   - state: The state before the event.
    ///   - event: What happened.
    ///   - now: When it happened.
    /// - Returns: The new state; its ``decisions`` say what this event decided, and why.
    public static func reduce(_ state: ImageState, _ event: ImageEvent, at now: Duration) -> ImageState {
        var next = state
        next.decisions = []
        next.now = now
        switch event {
        case .content(let content):
            next.show(content)
        case .geometry(let geometry):
            next.measure(geometry)
        case .loaded(let load, let image):
            next.receive(image, for: load)
        case .failed(let load, let error):
            next.fail(load, error)
        case .wakeUp:
            break
        case .memoryWarning:
            next.emptyCache()
        case .download(let photo):
            next.decisions.append(.downloadTracked(photo))
        case .downloadTrackingFailed(let photo, let error):
            next.decisions.append(.downloadTrackingFailed(photo, error))
        case .inputFailed(let error):
            next.decisions.append(.inputFailed(error))
        }
        next.evaluate()
        return next
    }

    // MARK: Events

    /// Takes a new list or layout. An appended page changes nothing that exists; a replaced list
    /// cancels the loads of photos it no longer has and moves the others to their new cells.
    private mutating func show(_ new: LaidOutPhotos) {
        let extends = content.map { $0.photos.isPrefix(of: new.photos) && $0.layout.isPrefix(of: new.layout) } ?? false
        content = new
        isAwaitingLayout = geometry != nil
        guard !extends else { return }
        isRelisted = true
        refused = []
        shownUncached = shownUncached.filter { new.photos.contains(id: $0.key) }
        let positions = Self.positions(of: loads.flatMap(\.photoIDs).filter { new.photos.contains(id: $0) }, in: new.photos)
        var position = 0
        while position < loads.count {
            let staying = loads[position].photoIDs.filter { positions[$0] != nil }
            guard let first = staying.first, let index = positions[first] else {
                cancel(at: position, .photoGone)
                continue
            }
            loads[position].photoIDs = staying
            loads[position].index = index
            decisions.append(.loadShared(loads[position], photoID: first))
            position += 1
        }
    }

    private mutating func measure(_ new: ScrollGeometry) {
        if let old = geometry {
            if new.contentOffsetY > old.contentOffsetY {
                direction = .down
            } else if new.contentOffsetY < old.contentOffsetY {
                direction = .up
            }
        }
        geometry = new
        isAwaitingLayout = false
    }

    private mutating func receive(_ image: LoadedImage, for answered: ImageLoad) {
        // A load cancelled a moment ago may still answer: it is no longer running, so nothing.
        guard let position = loads.firstIndex(of: answered) else { return }
        let load = loads.remove(at: position)
        let request = load.request
        retries[request] = nil
        let wanted = wantedStandings()
        let own = wanted[request] ?? .unwanted
        let outcome = cache.insert(image, photoIDs: load.photoIDs, standing: own) { wanted[$0] ?? .unwanted }
        switch outcome {
        case .kept:
            break
        case .tooLarge, .noRoom:
            // The cells on screen show it anyway; remember it for as long as they do.
            for cell in visible where cell.request == request { shownUncached[cell.photoID] = image }
        }
        decisions.append(.imageArrived(load, image, outcome))
    }

    private mutating func fail(_ failed: ImageLoad, _ error: FeedError) {
        guard let position = loads.firstIndex(of: failed) else { return }
        let load = loads.remove(at: position)
        let request = load.request
        decisions.append(.loadFailed(load, error))
        let failures = (retries[request]?.failures ?? 0) + 1
        let policy = configuration.retry
        if !error.isTransient {
            // The server refused it: asking again gets the same answer.
            retries[request] = nil
            refused.insert(request)
            decisions.append(.gaveUp(load, failures: failures, error))
        } else if wantedStandings()[request] == nil {
            // Nobody wants it any more (a kept load): forget it.
            retries[request] = nil
        } else if failures <= policy.maxAttempts {
            let delay = policy.delay(afterFailure: failures, page: Self.jitterKey(request), serverAsked: error.retryAfter)
            retries[request] = Retry(failures: failures, resumesAt: now + delay, error: error)
            decisions.append(.retryScheduled(load, failures: failures, after: delay))
        } else {
            retries[request] = Retry(failures: failures, resumesAt: nil, error: error)
            decisions.append(.gaveUp(load, failures: failures, error))
        }
    }

    private mutating func emptyCache() {
        let (images, bytes) = cache.removeAll()
        shownUncached = [:]
        decisions.append(.memoryWarning(images: images, bytes: bytes))
    }

    // MARK: The level

    /// Finds the wanted cells, then reviews the loads running and starts what is missing.
    private mutating func evaluate() {
        guard let content, let geometry, !isAwaitingLayout else { return }
        let (onScreen, ahead) = wantedCells(content, geometry)
        noteComingAndGoing(onScreen)
        visible = onScreen
        prefetch = ahead
        isRelisted = false
        reviewLoads(content.layout, geometry)
        forgetRetries()
        startLoads()
    }

    /// The cells on screen, top to bottom, and the cells of the prefetch window, nearest first.
    /// Binary searches in the layout: the cost is the cells found, not the photos in the list.
    private func wantedCells(_ content: LaidOutPhotos, _ geometry: ScrollGeometry) -> ([Cell], [Cell]) {
        let layout = content.layout
        let count = content.count
        let top = geometry.contentOffsetY
        let bottom = top + geometry.viewportHeight
        let distance = configuration.prefetchDistance
        // The cells of the last frame, reused while the list is the same: no photo read, no URL built.
        var known: [Int: Cell] = [:]
        if !isRelisted {
            for cell in visible { known[cell.index] = cell }
            for cell in prefetch { known[cell.index] = cell }
        }
        func cell(_ index: Int, width: Double, distance: Double) -> Cell? {
            if let old = known[index] {
                return Cell(index: index, photoID: old.photoID, request: old.request, distance: distance)
            }
            let photo = content.photos[index]
            guard let request = ImageRequest(photo: photo, pointWidth: width, configuration: configuration) else { return nil }
            return Cell(index: index, photoID: photo.id, request: request, distance: distance)
        }
        var onScreen: [Cell] = []
        for index in layout.visibleRange(offset: top, height: geometry.viewportHeight) where index < count {
            let frame = layout.frame(at: index)
            guard frame.maxY > top, frame.minY < bottom, let found = cell(index, width: frame.width, distance: 0) else { continue }
            onScreen.append(found)
        }
        var ahead: [Cell] = []
        let (start, end) = direction == .down ? (bottom, bottom + distance) : (top - distance, top)
        for index in layout.visibleRange(offset: start, height: distance) where index < count {
            let frame = layout.frame(at: index)
            let isOnScreen = frame.maxY > top && frame.minY < bottom
            guard !isOnScreen, frame.maxY > start, frame.minY < end else { continue }
            let gap = direction == .down ? max(frame.minY - bottom, 0) : max(top - frame.maxY, 0)
            if let found = cell(index, width: frame.width, distance: gap) { ahead.append(found) }
        }
        ahead.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        return (onScreen, ahead)
    }

    /// Cells coming on screen find their image in the cache (a hit, and a use); cells leaving it
    /// are a use too, and forget an image the cache did not keep.
    private mutating func noteComingAndGoing(_ onScreen: [Cell]) {
        // Both lists are in index order: walk them side by side. (After a new list, every cell
        // on screen is new, and the cells that left are those whose photo is not on screen.)
        let stayed: Set<String> = isRelisted ? Set(onScreen.map(\.photoID)) : []
        var next = 0
        for cell in visible {
            while !isRelisted, next < onScreen.count, onScreen[next].index < cell.index { next += 1 }
            let isStill = isRelisted ? stayed.contains(cell.photoID) : next < onScreen.count && onScreen[next].index == cell.index
            if !isStill {
                cache.touch(cell.request)
                shownUncached[cell.photoID] = nil
            }
        }
        var previous = 0
        for cell in onScreen {
            while !isRelisted, previous < visible.count, visible[previous].index < cell.index { previous += 1 }
            let isNew = isRelisted || previous >= visible.count || visible[previous].index != cell.index
            guard isNew, cache.contains(cell.request) else { continue }
            cache.touch(cell.request)
            decisions.append(.cacheHit(photoID: cell.photoID, index: cell.index))
        }
    }

    /// Each load running: promoted when its cell is on screen, kept when its cell is within the
    /// keep margin of the wanted area, otherwise cancelled now.
    private mutating func reviewLoads(_ layout: FeedLayout, _ geometry: ScrollGeometry) {
        var position = 0
        while position < loads.count {
            var load = loads[position]
            let request = load.request
            if let cell = visible.first(where: { $0.request == request }) {
                let wasVisible = load.standing == .visible
                load.standing = .visible
                load.index = cell.index
                if !wasVisible {
                    decisions.append(.loadPromoted(load))
                }
            } else if let cell = prefetch.first(where: { $0.request == request }) {
                load.standing = .prefetch(distance: cell.distance)
                load.index = cell.index
            } else {
                let gap = gapToWantedArea(load.index, layout, geometry)
                guard gap <= configuration.keepMargin else {
                    cancel(at: position, .leftWantedArea(distance: gap))
                    continue
                }
                let wasKept = if case .kept = load.standing { true } else { false }
                load.standing = .kept(distance: gap)
                if !wasKept {
                    decisions.append(.loadKept(load, distance: gap))
                }
            }
            loads[position] = load
            position += 1
        }
    }

    /// How far a cell lies outside the wanted area (the screen and the prefetch window), in
    /// points; infinite for a cell that is not laid out.
    private func gapToWantedArea(_ index: Int, _ layout: FeedLayout, _ geometry: ScrollGeometry) -> Double {
        guard index < (content?.count ?? 0) else { return .infinity }
        let frame = layout.frame(at: index)
        let top = geometry.contentOffsetY
        let bottom = top + geometry.viewportHeight
        let distance = configuration.prefetchDistance
        let (start, end) = direction == .down ? (top, bottom + distance) : (top - distance, bottom)
        return max(start - frame.maxY, frame.minY - end, 0)
    }

    /// Forgets the failures of images nobody wants now: coming back asks afresh.
    private mutating func forgetRetries() {
        guard !retries.isEmpty else { return }
        let wanted = wantedStandings()
        let forgotten = retries.keys.filter { wanted[$0] == nil && load(for: $0) == nil }
        for request in forgotten { retries[request] = nil }
    }

    /// Starts the loads that are missing, cells on screen first (taking a prefetch's place when
    /// every place is taken), then the prefetch window, nearest first.
    private mutating func startLoads() {
        // What a prefetch may count on: the budget, less the wanted images held and those coming
        // (a kept load's image arrives unwanted: the cache may let it go).
        var committed = loads.reduce(0) { total, load in
            if case .kept = load.standing { total } else { total.addingSaturated(load.request.decodedBytes) }
        }
        for cell in visible { committed = committed.addingSaturated(cache.bytes(of: cell.request)) }
        for cell in prefetch { committed = committed.addingSaturated(cache.bytes(of: cell.request)) }
        for position in 0..<(visible.count + prefetch.count) {
            let onScreen = position < visible.count
            let cell = onScreen ? visible[position] : prefetch[position - visible.count]
            let request = cell.request
            if cache.contains(request) || (onScreen && shownUncached[cell.photoID] != nil) { continue }
            if let position = loads.firstIndex(where: { $0.request == request }) {
                if !loads[position].photoIDs.contains(cell.photoID) {
                    loads[position].photoIDs.append(cell.photoID)
                    decisions.append(.loadShared(loads[position], photoID: cell.photoID))
                }
                continue
            }
            if refused.contains(request) { continue }
            if let retry = retries[request], retry.resumesAt.map({ $0 > now }) ?? true { continue }
            let size = cell.request.decodedBytes
            // A prefetch the cache could not keep would be loaded for nothing.
            if !onScreen, size > cache.maxEntryBytes || committed.addingSaturated(size) > cache.budget { continue }
            if loads.count >= configuration.maxConcurrentLoads {
                guard let victim = preemptionVictim(forVisible: onScreen) else { continue }
                if case .prefetch = loads[victim].standing { committed = committed.addingSaturated(-loads[victim].request.decodedBytes) }
                cancel(at: victim, .preempted)
            }
            start(cell, onScreen: onScreen)
            committed = committed.addingSaturated(size)
        }
    }

    /// The load that gives its place to a new one: a kept load before a prefetch (a prefetch
    /// only for a cell on screen), the furthest first; `nil` when none may.
    private func preemptionVictim(forVisible: Bool) -> Int? {
        var victim: (position: Int, rank: (Int, Double))?
        for (position, load) in loads.enumerated() {
            let rank: (Int, Double)
            switch load.standing {
            case .visible: continue
            case .kept(let distance): rank = (2, distance)
            case .prefetch(let distance):
                guard forVisible else { continue }
                rank = (1, distance)
            }
            if victim.map({ rank > $0.rank }) ?? true { victim = (position, rank) }
        }
        return victim?.position
    }

    private mutating func start(_ cell: Cell, onScreen: Bool) {
        let attempt = (retries[cell.request]?.failures ?? 0) + 1
        loadsStarted += 1
        let load = ImageLoad(
            id: loadsStarted,
            request: cell.request,
            photoIDs: [cell.photoID],
            index: cell.index,
            standing: onScreen ? .visible : .prefetch(distance: cell.distance),
            attempt: attempt,
            startedAt: now
        )
        loads.append(load)
        decisions.append(.loadStarted(load))
    }

    private mutating func cancel(at position: Int, _ reason: ImageDecision.CancelledBecause) {
        let load = loads.remove(at: position)
        decisions.append(.loadCancelled(load, reason))
    }

    // MARK: Helpers

    /// The cache standing of every wanted image: on screen, or wanted next.
    private func wantedStandings() -> [ImageRequest: ImageCache.Standing] {
        var standings: [ImageRequest: ImageCache.Standing] = [:]
        for cell in prefetch { standings[cell.request] = .wanted }
        for cell in visible { standings[cell.request] = .onScreen }
        return standings
    }

    /// The first position of each of `ids` in `photos` (which holds them all).
    private static func positions(of ids: [String], in photos: PhotoList) -> [String: Int] {
        var wanted = Set(ids)
        var found: [String: Int] = [:]
        var index = 0
        while !wanted.isEmpty, index < photos.count {
            let id = photos[index].id
            if wanted.remove(id) != nil { found[id] = index }
            index += 1
        }
        return found
    }

    /// A number for an image that is the same on every run, so that two images do not retry
    /// in step (the retry policy's jitter is seeded with it).
    static func jitterKey(_ request: ImageRequest) -> Int {
        Int(truncatingIfNeeded: request.key >> 1)
    }
}
