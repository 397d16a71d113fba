import Foundation
import Streams
import Synchronization

extension ObservableConvertibleType {
    /// RxBlocking's `toBlocking()`: the sequence as something a test can wait for on its own
    /// thread, with `first()`, `last()`, `single()`, `toArray()` and `materialize()`.
    ///
    /// ```swift
    /// XCTAssertEqual(try Observable.from([1, 2, 3]).map { $0 * 2 }.toBlocking().toArray(), [2, 4, 6])
    /// ```
    ///
    /// For tests only: each call subscribes and blocks the calling thread until the sequence
    /// ends (or, for `first()`, until its first value), then disposes the subscription. Called
    /// on the main thread, it runs the main run loop while it waits, so a sequence delivered on
    /// `DispatchQueueScheduler.main` still arrives. In app code, and in a `@Test` that is
    /// `async`, use `values` with `for try await` instead.
    ///
    /// - Parameter timeout: How long to wait before throwing
    ///   ``BlockingObservable/Failure/timeout``; `nil` (the default) waits for as long as it takes.
    /// - Returns: The blocking view of the sequence.
    public func toBlocking(timeout: Duration? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }

    /// RxBlocking's `toBlocking(timeout:)` with the timeout in seconds, as RxSwift's tests write
    /// it: `toBlocking(timeout: 5)` is `toBlocking(timeout: .seconds(5))`.
    ///
    /// ```swift
    /// XCTAssertEqual(try Observable.just(1).toBlocking(timeout: 5).first(), 1)
    /// ```
    ///
    /// - Parameter timeout: How many seconds to wait before throwing
    ///   ``BlockingObservable/Failure/timeout``.
    /// - Returns: The blocking view of the sequence.
    public func toBlocking(timeout: TimeInterval) -> BlockingObservable<Element> {
        toBlocking(timeout: .seconds(timeout))
    }
}

/// A sequence that a test waits for, from `toBlocking(timeout:)`:
/// RxBlocking's `BlockingObservable`.
public struct BlockingObservable<Element: Sendable>: Sendable {
    /// Why a blocking call threw, besides an error of the sequence itself.
    public enum Failure: Error, Equatable, Sendable {
        /// The sequence did not end within the timeout (RxSwift's `RxError.timeout`).
        case timeout
    }

    let source: Observable<Element>
    let timeout: Duration?

    /// The first value, or `nil` when the sequence completes without one; the subscription is
    /// disposed as soon as the first value arrives.
    ///
    /// - Throws: The sequence's error, or ``Failure/timeout``.
    public func first() throws -> Element? {
        try run(stoppingAfterFirst: true).get().first
    }

    /// The last value, or `nil` when the sequence completes without one.
    ///
    /// - Throws: The sequence's error, or ``Failure/timeout``.
    public func last() throws -> Element? {
        try run().get().last
    }

    /// The one value of a sequence that has exactly one.
    ///
    /// - Throws: `SingleError.noElements` or `SingleError.moreThanOneElement`, the sequence's
    ///   error, or ``Failure/timeout``.
    public func single() throws -> Element {
        let elements = try run().get()
        guard let element = elements.first else { throw SingleError.noElements }
        guard elements.count == 1 else { throw SingleError.moreThanOneElement }
        return element
    }

    /// Every value, once the sequence completes.
    ///
    /// - Throws: The sequence's error, or ``Failure/timeout``.
    public func toArray() throws -> [Element] {
        try run().get()
    }

    /// How the sequence ended, with the values it sent before: RxBlocking's `materialize()`.
    /// A timeout is a failure with ``Failure/timeout``.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let (elements, error) = collect(stoppingAfterFirst: false)
        guard let error else { return .completed(elements: elements) }
        return .failed(elements: elements, error: error)
    }

    private func run(stoppingAfterFirst: Bool = false) -> Result<[Element], any Error> {
        let (elements, error) = collect(stoppingAfterFirst: stoppingAfterFirst)
        return error.map { .failure($0) } ?? .success(elements)
    }

    /// Subscribes, waits until the sequence ends (or sends its first value, when
    /// `stoppingAfterFirst`) or the timeout passes, and disposes.
    private func collect(stoppingAfterFirst: Bool) -> (elements: [Element], error: (any Error)?) {
        let received = Mutex<(elements: [Element], error: (any Error)?, isDone: Bool)>(([], nil, false))
        let done = DispatchSemaphore(value: 0)
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(source.subscribe(AnyObserver { event in
            let finished = received.withLock { received -> Bool in
                guard !received.isDone else { return false }
                switch event {
                case .next(let element): received.elements.append(element)
                case .error(let error): received.error = error
                case .completed: break
                }
                received.isDone = event.isStopEvent || stoppingAfterFirst
                return received.isDone
            }
            if finished { done.signal() }
        }))
        let ended = wait(for: done)
        subscription.dispose()
        return received.withLock { received in
            ended ? (received.elements, received.error) : (received.elements, Failure.timeout)
        }
    }

    /// Waits for `done`; on the main thread, runs the main run loop meanwhile. Returns whether
    /// `done` was signalled before the timeout.
    private func wait(for done: DispatchSemaphore) -> Bool {
        let deadline = timeout.map { Date().addingTimeInterval(Self.seconds($0)) } ?? .distantFuture
        guard Thread.isMainThread else {
            let dispatchDeadline = timeout.map { DispatchTime.now() + Self.seconds($0) } ?? .distantFuture
            return done.wait(timeout: dispatchDeadline) == .success
        }
        while done.wait(timeout: .now()) == .timedOut {
            guard Date() < deadline else { return false }
            _ = RunLoop.current.run(mode: .default, before: min(deadline, Date().addingTimeInterval(0.01)))
        }
        return true
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// How a blocked-on sequence ended, with the values it sent: RxBlocking's
/// `MaterializedSequenceResult`.
public enum MaterializedSequenceResult<Element: Sendable>: Sendable {
    /// The sequence completed after sending `elements`.
    case completed(elements: [Element])
    /// The sequence failed with `error` after sending `elements`.
    case failed(elements: [Element], error: any Error)
}
