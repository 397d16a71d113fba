import Foundation
import Streams
import Synchronization

/// A scroll view without a screen: a feed's layout and content offset, moved by scripted
/// gestures on a scheduler's clock.
///
/// The simulator plays the user in tests and in the terminal demo. It lays out the photos it is
/// given (``setPhotos(_:)``) with a ``FeedLayout``, and ``play(_:)`` performs a script of
/// ``ScrollStep``s: drags, flings that decelerate like `UIScrollView`, animated scrolls,
/// pull-to-refresh and taps. While the content moves it emits a ``ScrollGeometry`` every frame
/// on ``geometry``, as `rx.contentOffset` does, so a view model under test sees what it would
/// see on a phone.
///
/// ```swift
/// let scheduler = TestScheduler(resolution: .milliseconds(1))
/// let simulator = ScrollSimulator(scheduler: scheduler)
/// simulator.setPhotos(firstPage.photos)
/// let bottom = simulator.geometry.reachedBottom()
/// _ = simulator.play([.fling(velocity: 4000), .wait(.seconds(1)), .scrollToBottom]).subscribe()
/// try scheduler.advance(by: 3000)
/// ```
///
/// ## Time
///
/// A motion shows its first frame one ``Configuration/frameInterval`` after it starts, then one
/// every interval; a timed motion (a drag, an animated scroll) shows its last frame exactly when
/// its duration is over. A fling's position is the closed form of `UIScrollView`'s deceleration,
/// `v(t) = v₀ · rateᵗ` with `t` in milliseconds (rate 0.998), so frames land on exact values:
/// after `t`, it has travelled `v₀ · (1 − rateᵗ) / (−ln rate) / 1000` points. A fling ends at the
/// first frame whose speed is below ``Configuration/minimumFlingSpeed``, or at the first frame
/// that reaches either end of the content, where it stops (no bounce). A fling that hits the end
/// while the next page is still loading stops there; the next flings and drags towards the end
/// are each a new approach to the bottom.
///
/// ## Threads
///
/// Like a `UIScrollView`, the simulator expects to be driven from one thread: its scheduler's
/// (the test's thread for a `TestScheduler`, the queue of a
/// `DispatchQueueScheduler`). Call ``setPhotos(_:)`` there too, for instance by
/// observing the view model's photos on the same scheduler. Its state is behind a mutex, so
/// reading ``currentGeometry`` or ``visibleItems`` from another thread is safe; no lock is held
/// while it emits.
///
/// ## Lifetime
///
/// Scheduled frames and waits hold the simulator weakly: it goes away when its owner lets go,
/// even in the middle of a script. Its pending frame is then cancelled and a script that was
/// playing completes.
public final class ScrollSimulator: Sendable {
    /// The size of the screen, the layout and the feel of the gestures.
    public struct Configuration: Sendable, Equatable {
        /// The width of the viewport and of the layout, in points.
        public var viewportWidth: Double
        /// The height of the viewport, in points.
        public var viewportHeight: Double
        /// Room above the content (under a navigation bar).
        public var topInset: Double
        /// Room below the content (above a tab bar or the home indicator).
        public var bottomInset: Double
        /// How the items are arranged.
        public var layoutStyle: FeedLayout.Style
        /// The gap between items.
        public var spacing: Double
        /// The time between two frames while the content moves.
        public var frameInterval: Duration
        /// The fraction of its speed a fling keeps per millisecond; `UIScrollView`'s normal rate
        /// is 0.998.
        public var decelerationRate: Double
        /// Below this speed (points per second) a fling has come to rest.
        public var minimumFlingSpeed: Double
        /// The length of an animated scroll to the top or bottom.
        public var scrollAnimationDuration: Duration
        /// How far past the top a pull-to-refresh pulls.
        public var refreshPullDistance: Double
        /// How long the pull takes, and the spring back after it.
        public var refreshPullDuration: Duration

        /// Creates a configuration; the defaults are an iPhone 14-sized screen with a two-column
        /// waterfall, 60 frames per second rounded to 16 ms.
        public init(
            viewportWidth: Double = 390,
            viewportHeight: Double = 844,
            topInset: Double = 0,
            bottomInset: Double = 0,
            layoutStyle: FeedLayout.Style = .waterfall(columns: 2),
            spacing: Double = 4,
            frameInterval: Duration = .milliseconds(16),
            decelerationRate: Double = 0.998,
            minimumFlingSpeed: Double = 10,
            scrollAnimationDuration: Duration = .milliseconds(300),
            refreshPullDistance: Double = 120,
            refreshPullDuration: Duration = .milliseconds(300)
        ) {
            precondition(frameInterval > .zero, "frameInterval must be positive")
            precondition(decelerationRate > 0 && decelerationRate < 1, "decelerationRate must be in 0<..<1")
            self.viewportWidth = viewportWidth
            self.viewportHeight = viewportHeight
            self.topInset = topInset
            self.bottomInset = bottomInset
            self.layoutStyle = layoutStyle
            self.spacing = spacing
            self.frameInterval = frameInterval
            self.decelerationRate = decelerationRate
            self.minimumFlingSpeed = minimumFlingSpeed
            self.scrollAnimationDuration = scrollAnimationDuration
            self.refreshPullDistance = refreshPullDistance
            self.refreshPullDuration = refreshPullDuration
        }
    }

    /// An item on screen: its index in the layout, its photo and where it is.
    public struct VisibleItem: Sendable, Equatable {
        /// The item's index in the layout (and in the photos given to ``setPhotos(_:)``).
        public var index: Int
        /// The photo it shows.
        public var photo: Photo
        /// Its frame in content coordinates.
        public var frame: Rect
        /// Its frame relative to the viewport's top-left corner; `y` may be negative or beyond
        /// the viewport's height for an item cut off at an edge.
        public var viewportFrame: Rect
    }

    /// The size of the screen, the layout and the feel of the gestures.
    public let configuration: Configuration
    /// The clock and executor of frames and waits.
    public let scheduler: any Scheduler

    private let state: Mutex<SimulatorState>
    private let geometryValue: BehaviorValue<ScrollGeometry>
    private let pullSubject = Subject<Void>()
    private let tapSubject = Subject<Int>()
    private let retryTapSubject = Subject<Void>()
    private let actionSubject = Subject<ScrollAction>()

    /// Creates a simulator at rest at the top of empty content.
    ///
    /// - Parameters:
    ///   - scheduler: Where frames and waits run.
    ///   - configuration: Screen, layout and gestures; an iPhone-sized two-column waterfall
    ///     unless given.
    public init(scheduler: any Scheduler, configuration: Configuration = Configuration()) {
        self.scheduler = scheduler
        self.configuration = configuration
        let initial = SimulatorState(configuration: configuration)
        state = Mutex(initial)
        geometryValue = BehaviorValue(initial.geometry)
    }

    deinit {
        let motion = state.withLock { state in
            defer { state.motion = nil }
            return state.motion
        }
        motion?.frames.dispose()
        motion?.completion()
    }

    // MARK: Outputs

    /// The scroll position: the current geometry on subscription, then one per frame while the
    /// content moves and one after every layout (each ``setPhotos(_:)``), even when the content's
    /// height did not change, as observing a scroll view's `contentSize` reports every set.
    ///
    /// Like RxCocoa's `rx.contentOffset`, it never completes; events arrive on the scheduler
    /// (frames) or on the thread that called ``setPhotos(_:)``.
    public var geometry: Observable<ScrollGeometry> {
        geometryValue.asObservable()
    }

    /// Emits when a pull-to-refresh is released.
    public var pullToRefresh: Observable<Void> {
        pullSubject.asObservable()
    }

    /// Emits the index of each item a tap hits.
    public var taps: Observable<Int> {
        tapSubject.asObservable()
    }

    /// Emits when the footer's "tap to retry" button is tapped.
    public var retryTaps: Observable<Void> {
        retryTapSubject.asObservable()
    }

    /// What the finger did and how the view answered, for a timeline.
    public var actions: Observable<ScrollAction> {
        actionSubject.asObservable()
    }

    // MARK: State

    /// The scroll position now.
    public var currentGeometry: ScrollGeometry {
        state.withLock { $0.geometry }
    }

    /// The layout of the items given so far.
    public var layout: FeedLayout {
        state.withLock { $0.layout }
    }

    /// The photos given to ``setPhotos(_:)``, in layout order.
    public var photos: [Photo] {
        state.withLock { $0.photos }.array
    }

    /// Whether a drag, fling or animation is under way.
    public var isMoving: Bool {
        state.withLock { $0.motion != nil }
    }

    /// The items that intersect the viewport now, in index order, for a renderer.
    public var visibleItems: [VisibleItem] {
        state.withLock { state in
            let offset = state.offset
            let range = state.layout.visibleRange(offset: offset, height: configuration.viewportHeight)
            return range.compactMap { index in
                let frame = state.layout.frames[index]
                guard frame.maxY > offset, frame.minY < offset + configuration.viewportHeight else { return nil }
                let onScreen = Rect(x: frame.x, y: frame.y - offset, width: frame.width, height: frame.height)
                return VisibleItem(index: index, photo: state.photos[index], frame: frame, viewportFrame: onScreen)
            }
        }
    }

    /// The index of the item under a point of the viewport, if a tap there would hit one.
    ///
    /// Points under the insets (the bars) and between items hit nothing.
    ///
    /// - Parameters:
    ///   - x: From the viewport's left edge.
    ///   - y: From the viewport's top edge.
    /// - Returns: The item's index, or `nil`.
    public func itemIndex(atViewportX x: Double, y: Double) -> Int? {
        state.withLock { $0.hitTest(x: x, y: y) }
    }

    // MARK: Inputs

    /// Shows these photos, in order: the feed's whole list, as a view model outputs it.
    ///
    /// When the list extends the one shown (the same ids first, then more: a page arrived),
    /// only the new items are laid out; otherwise (a refresh replaced the list) the layout starts
    /// over. An offset past the new end moves back to it, and ``geometry`` then emits the new
    /// layout's geometry, changed or not.
    ///
    /// A ``PhotoList`` that extends the one shown by appending to it (as each state of a
    /// ``FeedViewModel`` extends the last) is recognised in constant time, so a page costs the
    /// page, not the list; any other collection is compared id by id.
    ///
    /// - Parameter photos: The photos to show.
    public func setPhotos(_ photos: some Sequence<Photo>) {
        let photos = PhotoList(photos)
        let laidOut = state.withLock { state -> ScrollGeometry in
            state.show(photos)
            return state.geometry
        }
        geometryValue.accept(laidOut)
    }

    /// Plays a script of gestures, one step after another.
    ///
    /// Subscribing starts the script at once; the observable completes when the last step has
    /// finished (after ``ScrollAction/finished`` on ``actions``), without emitting values.
    /// Disposing stops the script where it is: a wait is cancelled and a motion stops at its
    /// current offset. If the simulator goes away, the script completes.
    ///
    /// Play one script at a time. A motion that starts while another is under way (from a
    /// second script) interrupts it, as a touch stops a fling, and the interrupted step ends.
    ///
    /// On a `TestScheduler` whose tick is one 16 ms frame, a drag to offset 64 over
    /// 64 ms from the top (`a` to `e` are the offsets 0, 16, 32, 48 and 64; `a` is the current
    /// geometry, replayed on subscription), followed by a 32 ms wait:
    ///
    /// ```
    /// play:      ------|
    /// geometry:  abcde--
    /// ```
    ///
    /// - Parameter steps: The gestures.
    /// - Returns: An observable that completes when the script is over.
    public func play(_ steps: [ScrollStep]) -> Observable<Void> {
        let instructions = steps.flatMap(Instruction.expand)
        return Observable.create { [weak self] observer in
            guard let self else {
                observer.onCompleted()
                return Disposables.create()
            }
            let script = ScriptRun(simulator: self, scheduler: scheduler, instructions: instructions, observer: observer)
            script.run(0)
            return Disposables.create { script.stop() }
        }
    }

    // MARK: Motion

    /// Starts a motion and returns its id, or returns `nil` when there is nothing to animate
    /// (already at the target), in which case `completion` is not called.
    fileprivate func startMotion(
        _ request: MotionRequest,
        completion: @escaping @Sendable () -> Void
    ) -> Int? {
        let frames = SerialDisposable()
        let started = state.withLock { state -> (id: Int, path: MotionPath, action: ScrollAction?, previous: Motion?)? in
            guard let (path, action) = state.path(for: request) else { return nil }
            let previous = state.motion
            state.nextMotionID += 1
            state.motion = Motion(id: state.nextMotionID, path: path, frames: frames, completion: completion)
            return (state.nextMotionID, path, action, previous)
        }
        guard let started else { return nil }
        if let previous = started.previous {
            previous.frames.dispose()
            previous.completion()
        }
        if let action = started.action { actionSubject.onNext(action) }
        scheduleFrame(1, after: started.path.time(ofFrame: 1, configuration), motionID: started.id, frames: frames)
        return started.id
    }

    /// Stops a motion where it is, without calling its completion.
    fileprivate func cancelMotion(id: Int) {
        let motion = state.withLock { state -> Motion? in
            guard let motion = state.motion, motion.id == id else { return nil }
            state.motion = nil
            return motion
        }
        motion?.frames.dispose()
    }

    private func scheduleFrame(_ frame: Int, after delay: Duration, motionID: Int, frames: SerialDisposable) {
        frames.disposable = scheduler.schedule(after: delay) { [weak self] in
            self?.showFrame(frame, motionID: motionID)
        }
    }

    private func showFrame(_ frame: Int, motionID: Int) {
        let shown = state.withLock { state -> FrameResult? in
            guard let motion = state.motion, motion.id == motionID else { return nil }
            return state.advance(motion, to: frame)
        }
        guard let shown else { return }
        geometryValue.accept(shown.geometry)
        if let action = shown.action { actionSubject.onNext(action) }
        if shown.isFinished {
            shown.motion.completion()
        } else {
            let path = shown.motion.path
            let delay = path.time(ofFrame: frame + 1, configuration) - path.time(ofFrame: frame, configuration)
            scheduleFrame(frame + 1, after: delay, motionID: motionID, frames: shown.motion.frames)
        }
    }

    // MARK: Events for the script

    fileprivate func emit(_ action: ScrollAction) {
        actionSubject.onNext(action)
    }

    fileprivate func tapRetry() {
        actionSubject.onNext(.tapRetry)
        retryTapSubject.onNext(())
    }

    fileprivate func releasePull() {
        actionSubject.onNext(.refresh)
        pullSubject.onNext(())
    }

    /// Taps an item by index, or a point, and reports it.
    fileprivate func tap(_ target: TapTarget) {
        let (index, point) = state.withLock { state -> (Int?, (x: Double, y: Double)) in
            let point = state.tapPoint(target)
            return (state.hitTest(x: point.x, y: point.y), point)
        }
        if let index {
            actionSubject.onNext(.tap(index: index))
            tapSubject.onNext(index)
        } else {
            actionSubject.onNext(.missedTap(x: point.x, y: point.y))
        }
    }
}

// MARK: - State

/// What a motion does over time.
private enum MotionPath {
    /// Constant speed from one offset to another; a drag.
    case linear(from: Double, to: Double, duration: Duration)
    /// Ease in and out from one offset to another; an animated scroll.
    case eased(from: Double, to: Double, duration: Duration)
    /// Decelerating from an offset at a velocity, clamped at the ends; a fling.
    case fling(from: Double, velocity: Double)

    /// The time of frame `frame` since the motion started (frame 0 is the start): one frame
    /// interval apart, and a timed motion's last frame exactly at its end.
    func time(ofFrame frame: Int, _ configuration: ScrollSimulator.Configuration) -> Duration {
        let regular = configuration.frameInterval * frame
        switch self {
        case .linear(_, _, let duration), .eased(_, _, let duration): return min(regular, max(duration, .zero))
        case .fling: return regular
        }
    }
}

/// A motion under way.
private struct Motion: Sendable {
    let id: Int
    let path: MotionPath
    /// Holds the pending frame action.
    let frames: SerialDisposable
    /// Runs when the motion finishes or is interrupted by another.
    let completion: @Sendable () -> Void
}

/// What the script asks a motion to do; turned into a path from the position when it starts.
private enum MotionRequest: Sendable {
    case drag(to: Double, over: Duration)
    case fling(velocity: Double)
    case scrollToTop
    case scrollToBottom
    case pull
    case springBack
}

/// How a tap is aimed.
private enum TapTarget: Sendable {
    case item(Int)
    case point(x: Double, y: Double)
}

/// The outcome of one frame, handed out of the lock.
private struct FrameResult {
    let motion: Motion
    let geometry: ScrollGeometry
    let action: ScrollAction?
    let isFinished: Bool
}

private struct SimulatorState: Sendable {
    let configuration: ScrollSimulator.Configuration
    var layout: FeedLayout
    var photos = PhotoList()
    var offset: Double
    var motion: Motion?
    var nextMotionID = 0

    init(configuration: ScrollSimulator.Configuration) {
        self.configuration = configuration
        layout = FeedLayout(style: configuration.layoutStyle, width: configuration.viewportWidth, spacing: configuration.spacing)
        offset = 0
        setOffset(-configuration.topInset)
    }

    var geometry: ScrollGeometry {
        ScrollGeometry(
            contentOffsetY: offset,
            contentHeight: layout.contentHeight,
            viewportHeight: configuration.viewportHeight,
            topInset: configuration.topInset,
            bottomInset: configuration.bottomInset
        )
    }

    mutating func show(_ newPhotos: PhotoList) {
        // A list appended to the one shown shares its storage: O(1). Otherwise compare ids once.
        let extendsShown = photos.isPrefix(of: newPhotos)
            || (newPhotos.count >= photos.count && photos.array.map(\.id) == newPhotos.array.prefix(photos.count).map(\.id))
        if extendsShown {
            layout.append(Array(newPhotos[photos.count...]))
        } else {
            layout = FeedLayout(style: configuration.layoutStyle, width: configuration.viewportWidth, spacing: configuration.spacing)
            layout.append(newPhotos.array)
        }
        photos = newPhotos
        setOffset(min(offset, geometry.maxOffset))
    }

    /// Sets the offset, writing a zero as +0 (`-topInset` with no inset is −0, which would
    /// print as "-0.0" in a timeline).
    mutating func setOffset(_ value: Double) {
        offset = value == 0 ? 0 : value
    }

    /// The path and the action that announces it, or `nil` when there is nothing to do.
    func path(for request: MotionRequest) -> (MotionPath, ScrollAction?)? {
        let geometry = geometry
        switch request {
        case .drag(let target, let duration):
            let to = min(max(target, geometry.minOffset), geometry.maxOffset)
            return (.linear(from: offset, to: to, duration: duration), .drag(from: offset, to: to, over: duration))
        case .fling(let velocity):
            return (.fling(from: offset, velocity: velocity), .fling(velocity: velocity, from: offset))
        case .scrollToTop:
            guard offset != geometry.minOffset else { return nil }
            return (
                .eased(from: offset, to: geometry.minOffset, duration: configuration.scrollAnimationDuration),
                .scrollToTop(from: offset)
            )
        case .scrollToBottom:
            guard offset != geometry.maxOffset else { return nil }
            return (
                .eased(from: offset, to: geometry.maxOffset, duration: configuration.scrollAnimationDuration),
                .scrollToBottom(from: offset, to: geometry.maxOffset)
            )
        case .pull:
            let to = geometry.minOffset - configuration.refreshPullDistance
            return (
                .linear(from: offset, to: to, duration: configuration.refreshPullDuration),
                .pull(distance: configuration.refreshPullDistance)
            )
        case .springBack:
            guard offset != geometry.minOffset else { return nil }
            // The release was already reported; the spring back adds no action of its own.
            return (.eased(from: offset, to: geometry.minOffset, duration: configuration.refreshPullDuration), nil)
        }
    }

    /// Moves `motion` to frame `frame` and reports what happened.
    mutating func advance(_ motion: Motion, to frame: Int) -> FrameResult {
        let elapsed = motion.path.time(ofFrame: frame, configuration)
        let geometry = geometry
        var action: ScrollAction?
        var isFinished: Bool
        switch motion.path {
        case .linear(let from, let to, let duration), .eased(let from, let to, let duration):
            let progress = duration > .zero ? min(elapsed / duration, 1) : 1
            let eased: Double
            if case .eased = motion.path {
                eased = (1 - cos(Double.pi * progress)) / 2
            } else {
                eased = progress
            }
            isFinished = progress >= 1
            let position = isFinished ? to : from + (to - from) * eased
            // Pulls go past the top on purpose; everything else stays within the content.
            let lowest = min(from, to, geometry.minOffset)
            setOffset(min(max(position, lowest), geometry.maxOffset))
        case .fling(let from, let velocity):
            let rate = configuration.decelerationRate
            let milliseconds = elapsed / .milliseconds(1)
            let decay = pow(rate, milliseconds)
            let position = from + velocity / 1000 * (1 - decay) / -log(rate)
            isFinished = abs(velocity) * decay < configuration.minimumFlingSpeed
            if position >= geometry.maxOffset, velocity > 0 {
                setOffset(geometry.maxOffset)
                isFinished = true
                action = .hitEnd(at: offset)
            } else if position <= geometry.minOffset, velocity < 0 {
                setOffset(geometry.minOffset)
                isFinished = true
                action = .hitTop(at: offset)
            } else {
                setOffset(position)
                if isFinished { action = .settled(at: offset) }
            }
        }
        if isFinished { self.motion = nil }
        return FrameResult(motion: motion, geometry: self.geometry, action: action, isFinished: isFinished)
    }

    /// Where a tap lands, in viewport coordinates.
    func tapPoint(_ target: TapTarget) -> (x: Double, y: Double) {
        switch target {
        case .point(let x, let y):
            return (x, y)
        case .item(let index):
            guard layout.frames.indices.contains(index) else { return (-1, -1) }
            let frame = layout.frames[index]
            // The middle of the part of the item between the bars, or its middle when none is.
            let top = max(frame.minY, offset + configuration.topInset)
            let bottom = min(frame.maxY, offset + configuration.viewportHeight - configuration.bottomInset)
            let y = top < bottom ? (top + bottom) / 2 : frame.minY + frame.height / 2
            return (frame.minX + frame.width / 2, y - offset)
        }
    }

    /// The item under a viewport point, if the point is between the bars and on an item.
    func hitTest(x: Double, y: Double) -> Int? {
        guard x >= 0, x < configuration.viewportWidth,
              y >= configuration.topInset, y < configuration.viewportHeight - configuration.bottomInset
        else { return nil }
        let contentY = offset + y
        return layout.visibleRange(offset: offset, height: configuration.viewportHeight).first { index in
            let frame = layout.frames[index]
            return x >= frame.minX && x < frame.maxX && contentY >= frame.minY && contentY < frame.maxY
        }
    }
}

// MARK: - Script

/// One step of a script as the runner performs it; a pull-to-refresh is several.
private enum Instruction: Sendable {
    case wait(Duration)
    case motion(MotionRequest)
    case tap(TapTarget)
    case releasePull
    case tapRetry

    static func expand(_ step: ScrollStep) -> [Instruction] {
        switch step {
        case .wait(let duration): [.wait(duration)]
        case .drag(let offset, let duration): [.motion(.drag(to: offset, over: duration))]
        case .fling(let velocity): [.motion(.fling(velocity: velocity))]
        case .scrollToBottom: [.motion(.scrollToBottom)]
        case .scrollToTop: [.motion(.scrollToTop)]
        case .pullToRefresh: [.motion(.scrollToTop), .motion(.pull), .releasePull, .motion(.springBack)]
        case .tap(let index): [.tap(.item(index))]
        case .tapAt(let x, let y): [.tap(.point(x: x, y: y))]
        case .tapRetry: [.tapRetry]
        }
    }
}

/// One playing of a script: runs its instructions in order and completes its observer.
///
/// Scheduled waits and motion completions hold the run; the run holds the simulator weakly.
private final class ScriptRun: Sendable {
    private struct State {
        var isStopped = false
        var motionID: Int?
    }

    private weak let simulator: ScrollSimulator?
    private let scheduler: any Scheduler
    private let instructions: [Instruction]
    private let observer: AnyObserver<Void>
    private let wait = SerialDisposable()
    private let state = Mutex(State())

    init(simulator: ScrollSimulator, scheduler: any Scheduler, instructions: [Instruction], observer: AnyObserver<Void>) {
        self.simulator = simulator
        self.scheduler = scheduler
        self.instructions = instructions
        self.observer = observer
    }

    /// Performs instruction `index` and, when it is over, the next one.
    func run(_ index: Int) {
        var index = index
        while true {
            guard !state.withLock({ $0.isStopped }) else { return }
            guard let simulator else {
                observer.onCompleted()
                return
            }
            guard index < instructions.count else {
                simulator.emit(.finished)
                observer.onCompleted()
                return
            }
            switch instructions[index] {
            case .wait(let duration):
                simulator.emit(.wait(duration))
                let next = index + 1
                wait.disposable = scheduler.schedule(after: duration) { [self] in run(next) }
                return
            case .motion(let request):
                let next = index + 1
                if let id = simulator.startMotion(request, completion: { [self] in run(next) }) {
                    state.withLock { $0.motionID = id }
                    return
                }
            case .tap(let target):
                simulator.tap(target)
            case .releasePull:
                simulator.releasePull()
            case .tapRetry:
                simulator.tapRetry()
            }
            index += 1
        }
    }

    /// Stops the script: cancels a wait and stops this script's motion where it is.
    func stop() {
        let motionID = state.withLock { state -> Int? in
            state.isStopped = true
            return state.motionID
        }
        wait.dispose()
        if let motionID { simulator?.cancelMotion(id: motionID) }
    }
}
