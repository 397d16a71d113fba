import Foundation
import Streams
import Synchronization

/// A scroll view without a screen: a feed's layout and content offset, moved by scripted
/// gestures on a scheduler's clock.
///
/// The simulator plays the user in tests and in the terminal demo. It lays out the photos it is
/// given (``setPhotos(_:)``) with a ``FeedLayout``, and ``play(_:)`` performs a script of
/// ``ScrollStep``s: drags, flings that decelerate like `UIScrollView`, animated scrolls,
/// pull-to-refresh and taps, and the system's memory warnings. While the content moves it emits a ``ScrollGeometry`` every frame
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
/// its duration is over. A motion that goes nowhere (a drag to where the view already is, or to
/// an end it is already at) shows no frames and only ends after its duration: virtual time costs
/// nothing where nothing moves. A fling's position is the closed form of `UIScrollView`'s
/// deceleration, `v(t) = v₀ · rateᵗ` with `t` in milliseconds (rate 0.998), so frames land on
/// exact values: after `t`, it has travelled `v₀ · (1 − rateᵗ) / (−ln rate) / 1000` points. A
/// fling ends at the first frame whose speed is below ``Configuration/minimumFlingSpeed``, or at
/// the first frame that reaches either end of the content, where it stops (no bounce). A fling
/// that hits the end while the next page is still loading stops there; the next flings and drags
/// towards the end are each a new approach to the bottom.
///
/// ## Parts
///
/// This file is the view: its layout, offset, outputs and hit-testing. The physics of a gesture
/// is `ScrollMotion`, a pure value made from the ``ScrollStep`` and the geometry when the step
/// starts (where the content is on each frame, when the gesture ends, what it reports); the
/// simulator only schedules its frames. `ScriptPlayer` performs a script's steps one after
/// another. A gesture keeps one name, its ``ScrollStep``, from the script to the timeline, where
/// the view reports what happened as ``ScrollAction``s.
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
    private let contentValue: BehaviorValue<LaidOutPhotos>
    private let pullSubject = Subject<Void>()
    private let tapSubject = Subject<Int>()
    private let retryTapSubject = Subject<Void>()
    private let memoryWarningSubject = Subject<Void>()
    private let actionSubject = Subject<ScrollAction>()

    /// Creates a simulator at rest at the top of empty content.
    ///
    /// - Parameters:
    ///   - scheduler: Where frames and waits run.
    ///   - configuration: Screen, layout and gestures; an iPhone-sized two-column waterfall
    ///     unless given. Each value outside its documented range is clamped into it (see
    ///     ``Configuration``), and ``configuration`` holds what the simulator uses.
    public init(scheduler: any Scheduler, configuration: Configuration = Configuration()) {
        self.scheduler = scheduler
        let configuration = configuration.clamped()
        self.configuration = configuration
        let initial = SimulatorState(configuration: configuration)
        state = Mutex(initial)
        geometryValue = BehaviorValue(initial.geometry)
        contentValue = BehaviorValue(LaidOutPhotos(photos: initial.photos, layout: initial.layout))
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

    /// The photos shown and their layout: the current ones on subscription, then one after every
    /// layout (each ``setPhotos(_:)``), just before the ``geometry`` of that layout, as a
    /// collection view's data source and layout change together.
    ///
    /// Holding on to the values costs nothing: ``PhotoList`` and ``FeedLayout`` share their
    /// storage, and the next page is still appended in place.
    public var content: Observable<LaidOutPhotos> {
        contentValue.asObservable()
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

    /// Emits when a script's ``ScrollStep/memoryWarning`` plays: the system's warning that memory
    /// is low, for an ``ImageViewModel``'s input (`.simulated(by: simulator, memoryWarnings:
    /// simulator.memoryWarnings)`), as a screen observes `didReceiveMemoryWarningNotification`.
    public var memoryWarnings: Observable<Void> {
        memoryWarningSubject.asObservable()
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
                let frame = state.layout.frame(at: index)
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
        let (content, laidOut) = state.withLock { state -> (LaidOutPhotos, ScrollGeometry) in
            state.show(photos)
            return (LaidOutPhotos(photos: state.photos, layout: state.layout), state.geometry)
        }
        contentValue.accept(content)
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
    /// second script) interrupts it, as a touch stops a fling, and the interrupted step ends
    /// (an interrupted pull-to-refresh is not released).
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
        Observable.create { [weak self] observer in
            guard let self else {
                observer.onCompleted()
                return Disposables.create()
            }
            let player = ScriptPlayer(simulator: self, steps: steps, observer: observer)
            player.play(from: 0)
            return Disposables.create { player.stop() }
        }
    }

    // MARK: Motion, for the script player

    /// Starts the motion of a gesture and returns its id, or returns `nil` when the step moves
    /// nothing (a wait, a tap, or an animated scroll to where the view already is), in which
    /// case `completion` is not called.
    ///
    /// A motion under way is interrupted: it stops where it is and its completion runs.
    func startMotion(_ step: ScrollStep, completion: @escaping @Sendable () -> Void) -> Int? {
        let frames = SerialDisposable()
        let started = state.withLock { state -> (running: RunningMotion, previous: RunningMotion?)? in
            guard let motion = ScrollMotion(step, from: state.geometry, configuration: configuration) else { return nil }
            let previous = state.motion
            state.nextMotionID += 1
            let running = RunningMotion(id: state.nextMotionID, motion: motion, frames: frames, completion: completion)
            state.motion = running
            return (running, previous)
        }
        guard let started else { return nil }
        if let previous = started.previous {
            previous.frames.dispose()
            previous.completion()
        }
        let motion = started.running.motion
        if let announcement = motion.announcement { actionSubject.onNext(announcement) }
        scheduleFrame(1, after: motion.time(ofFrame: 1), of: started.running)
        return started.running.id
    }

    /// Stops a motion where it is, without calling its completion.
    func cancelMotion(id: Int) {
        let running = state.withLock { state -> RunningMotion? in
            guard let running = state.motion, running.id == id else { return nil }
            state.motion = nil
            return running
        }
        running?.frames.dispose()
    }

    private func scheduleFrame(_ frame: Int, after delay: Duration, of running: RunningMotion) {
        let id = running.id
        // Numbered by frame: the first frame is scheduled from the gesture's thread, and its
        // disposable may arrive after the second's (`SerialDisposable.setDisposable(_:step:)`).
        let scheduled = scheduler.schedule(after: delay) { [weak self] in
            self?.showFrame(frame, motionID: id)
        }
        running.frames.setDisposable(scheduled, step: frame)
    }

    private func showFrame(_ frame: Int, motionID: Int) {
        let shown = state.withLock { state -> (running: RunningMotion, frame: ScrollMotion.Frame, geometry: ScrollGeometry)? in
            guard let running = state.motion, running.id == motionID else { return nil }
            let geometry = state.geometry
            let shown = running.motion.frame(frame, minOffset: geometry.minOffset, maxOffset: geometry.maxOffset)
            if let offset = shown.offset { state.setOffset(offset) }
            if shown.isLast { state.motion = nil }
            return (running, shown, state.geometry)
        }
        guard let shown else { return }
        if shown.frame.offset != nil { geometryValue.accept(shown.geometry) }
        for report in shown.frame.reports {
            actionSubject.onNext(report)
            if report == .refresh { pullSubject.onNext(()) }
        }
        if shown.frame.isLast {
            shown.running.completion()
        } else {
            let motion = shown.running.motion
            scheduleFrame(frame + 1, after: motion.time(ofFrame: frame + 1) - motion.time(ofFrame: frame), of: shown.running)
        }
    }

    // MARK: Taps, warnings and reports, for the script player

    /// Reports a step that is not a gesture of the view (a wait).
    func report(_ action: ScrollAction) {
        actionSubject.onNext(action)
    }

    /// Taps the footer's retry button.
    func tapRetry() {
        actionSubject.onNext(.tapRetry)
        retryTapSubject.onNext(())
    }

    /// Passes on the system's warning that memory is low.
    func warnMemory() {
        actionSubject.onNext(.memoryWarning)
        memoryWarningSubject.onNext(())
    }

    /// Taps the middle of the part of an item that is on screen; a miss reports what was there.
    func tap(index: Int) {
        let action = state.withLock { state -> ScrollAction in
            if let point = state.tapPoint(index: index), state.hitTest(x: point.x, y: point.y) == index {
                return .tap(index: index)
            }
            return .missedPhoto(index: index, onScreen: state.onScreen(), loaded: state.photos.count)
        }
        actionSubject.onNext(action)
        if case .tap = action { tapSubject.onNext(index) }
    }

    /// Taps a point of the viewport.
    func tap(x: Double, y: Double) {
        let index = state.withLock { $0.hitTest(x: x, y: y) }
        if let index {
            actionSubject.onNext(.tap(index: index))
            tapSubject.onNext(index)
        } else {
            actionSubject.onNext(.missedTap(x: x, y: y))
        }
    }
}

// MARK: - State

/// A motion under way.
private struct RunningMotion: Sendable {
    let id: Int
    let motion: ScrollMotion
    /// Holds the pending frame action.
    let frames: SerialDisposable
    /// Runs when the motion finishes or is interrupted by another.
    let completion: @Sendable () -> Void
}

private struct SimulatorState: Sendable {
    let configuration: ScrollSimulator.Configuration
    var layout: FeedLayout
    var photos = PhotoList()
    var offset: Double
    var motion: RunningMotion?
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

    /// Sets the offset, writing a zero as +0 (see ``ScrollMotion/shown(_:)``).
    mutating func setOffset(_ value: Double) {
        offset = ScrollMotion.shown(value)
    }

    /// Where a tap on an item lands, in viewport coordinates: the middle of the part of the item
    /// between the bars, or its middle when none is; `nil` when no such item is laid out.
    func tapPoint(index: Int) -> (x: Double, y: Double)? {
        guard layout.frames.indices.contains(index) else { return nil }
        let frame = layout.frame(at: index)
        let top = max(frame.minY, offset + configuration.topInset)
        let bottom = min(frame.maxY, offset + configuration.viewportHeight - configuration.bottomInset)
        let y = top < bottom ? (top + bottom) / 2 : frame.minY + frame.height / 2
        return (frame.minX + frame.width / 2, y - offset)
    }

    /// The items that show between the bars, in index order: the ones a tap can reach.
    func onScreen() -> [Int] {
        let top = offset + configuration.topInset
        let bottom = offset + configuration.viewportHeight - configuration.bottomInset
        return layout.visibleRange(offset: offset, height: configuration.viewportHeight).filter { index in
            let frame = layout.frame(at: index)
            return frame.maxY > top && frame.minY < bottom
        }
    }

    /// The item under a viewport point, if the point is between the bars and on an item.
    func hitTest(x: Double, y: Double) -> Int? {
        guard x >= 0, x < configuration.viewportWidth,
              y >= configuration.topInset, y < configuration.viewportHeight - configuration.bottomInset
        else { return nil }
        let contentY = offset + y
        return layout.visibleRange(offset: offset, height: configuration.viewportHeight).first { index in
            let frame = layout.frame(at: index)
            return x >= frame.minX && x < frame.maxX && contentY >= frame.minY && contentY < frame.maxY
        }
    }
}
