// Inside Streams, chapter 3, "A subject and its lock": `BehaviorRelay`'s counterpart: a subject
// that replays one value.

import Synchronization

/// A value that changes over time: it always has a current ``value``, and every subscriber
/// receives that value first and then each new one.
///
/// `BehaviorValue` has the semantics of RxSwift's `BehaviorRelay` (Combine's
/// `CurrentValueSubject` without completion): it never fails and never completes, so it is safe
/// to bind to UI. Use it for state such as "is loading" or "the photos on screen".
///
/// ```
/// accept:   a--b---c
/// early:    a--b---c
/// late:     ----b--c   (subscribed at tick 4, between b and c: replays b first)
/// ```
/// ![early, late, drawn from a run](behaviorvalue-accept)
///
/// ## Threads
///
/// ``accept(_:)`` and ``value`` may be used from any thread. Delivery follows ``Subject``:
/// serial, on the accepting thread or on the thread already delivering, and an `accept` from
/// inside a subscriber is queued rather than recursing. ``value`` returns the latest accepted
/// value at once, even while its delivery is still queued behind another.
public final class BehaviorValue<Element: Sendable>: ObservableType {
    // `@inlinable` members (and so `@usableFromInline` storage) let callers specialise reads and
    // sends for their element type.
    // Why this shape: Benchmarks/README.md, "BehaviorValue.swift: reads and sends in the caller".
    @usableFromInline
    let subject: Subject<Element>

    /// Creates the value with its initial content.
    public init(_ value: Element) {
        subject = Subject(replay: 1, initial: [value])
    }

    /// The latest accepted value.
    @inlinable
    public var value: Element {
        // `latest` is set from the initial value and only ever replaced, never cleared.
        subject.latest!
    }

    /// Replaces the value and delivers it to every subscriber.
    @inlinable
    public func accept(_ value: Element) {
        subject.onNext(value)
    }

    /// Subscribes an observer: it receives the current value at once, then every new one.
    ///
    /// - Returns: A disposable that removes the subscription.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        subject.subscribe(observer)
    }

    /// The value's changes as an observable, starting with the current value.
    @inlinable
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
