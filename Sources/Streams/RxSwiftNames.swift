// RxSwift's names, pointing the compiler's fix-it at their Streams names. Every declaration is
// unavailable: it exists only so that code ported from RxSwift gets "'PublishSubject' has been
// renamed to 'Subject'" with a fix-it, instead of "cannot find 'PublishSubject' in scope".
// See the "Coming from RxSwift" article for the whole table.

@available(*, unavailable, renamed: "Subject", message: "Streams' Subject is RxSwift's PublishSubject")
public typealias PublishSubject<Element: Sendable> = Subject<Element>

@available(*, unavailable, renamed: "BehaviorValue", message: "Streams' BehaviorValue is RxRelay's BehaviorRelay: accept(_:) and value, never fails or completes")
public typealias BehaviorRelay<Element: Sendable> = BehaviorValue<Element>

@available(*, unavailable, renamed: "PublishValue", message: "Streams' PublishValue is RxRelay's PublishRelay: accept(_:), never fails or completes")
public typealias PublishRelay<Element: Sendable> = PublishValue<Element>

/// RxRelay's replaying relay, left out: Streams' relays are `PublishValue` and `BehaviorValue`.
@available(*, unavailable, message: "Streams has no ReplayRelay: a ReplaySubject(bufferSize:) that you only send values (onNext) replays the same, and BehaviorValue keeps the latest")
public typealias ReplayRelay<Element: Sendable> = ReplaySubject<Element>

@available(*, unavailable, renamed: "Scheduler", message: "Streams' schedulers conform to Scheduler; write `any Scheduler` for a parameter")
public typealias SchedulerType = Scheduler

@available(*, unavailable, renamed: "Scheduler", message: "Streams' schedulers conform to Scheduler; write `any Scheduler` for a parameter")
public typealias ImmediateSchedulerType = Scheduler

@available(*, unavailable, renamed: "Duration", message: "Streams measures time with Swift's Duration: .seconds(1), .milliseconds(300)")
public typealias RxTimeInterval = Duration

/// RxSwift's main-thread scheduler; in Streams it is `DispatchQueueScheduler.main`, which the
/// two fix-its of `MainScheduler.instance` spell out.
@available(*, unavailable, renamed: "DispatchQueueScheduler", message: "the main-queue scheduler is DispatchQueueScheduler.main")
public typealias MainScheduler = DispatchQueueScheduler

extension DispatchQueueScheduler {
    /// RxSwift's `MainScheduler.instance`.
    @available(*, unavailable, renamed: "main", message: "the main-queue scheduler is DispatchQueueScheduler.main")
    public static var instance: DispatchQueueScheduler { .main }

    /// RxSwift's `MainScheduler.asyncInstance`.
    @available(*, unavailable, renamed: "main", message: "Streams has one main-queue scheduler, DispatchQueueScheduler.main")
    public static var asyncInstance: DispatchQueueScheduler { .main }

    /// RxSwift's `MainScheduler.ensureRunningOnMainThread()`, left out: the compiler checks it.
    @available(*, unavailable, message: "mark the code @MainActor and the compiler checks it; at run time, dispatchPrecondition(condition: .onQueue(.main))")
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {}
}

/// RxSwift's trampoline on the current thread; Streams' `ImmediateScheduler` runs work at once,
/// without a trampoline.
@available(*, unavailable, renamed: "ImmediateScheduler", message: "ImmediateScheduler.instance runs work at once on the current thread (no trampoline)")
public typealias CurrentThreadScheduler = ImmediateScheduler

/// RxSwift's scheduler over a dispatch queue; in Streams it is `DispatchQueueScheduler`.
@available(*, unavailable, renamed: "DispatchQueueScheduler", message: "DispatchQueueScheduler is the serial dispatch scheduler, with the same initialisers: (qos:), (internalSerialQueueName:), (queue:internalSerialQueueName:leeway:)")
public typealias SerialDispatchQueueScheduler = DispatchQueueScheduler

extension BehaviorValue {
    /// RxRelay's `BehaviorRelay(value:)`; a `BehaviorValue` takes its first value unlabelled.
    @available(*, unavailable, renamed: "init(_:)", message: "BehaviorValue takes its first value without a label: BehaviorValue([])")
    public convenience init(value: Element) {
        self.init(value)
    }
}

/// RxCocoa's switch of the schedulers drivers and signals deliver on, for tests.
@available(*, unavailable, message: "pass the test scheduler to the driver instead: asDriver(onErrorJustReturn:scheduler:), asSignal(onErrorJustReturn:scheduler:)")
public enum SharingScheduler {
    @available(*, unavailable, message: "pass the test scheduler to the driver instead: asDriver(onErrorJustReturn:scheduler:), asSignal(onErrorJustReturn:scheduler:)")
    public static func mock<Result>(scheduler: any Scheduler, action: () throws -> Result) rethrows -> Result {
        try action()
    }
}

extension ReplaySubject {
    /// RxSwift's `ReplaySubject.create(bufferSize:)`.
    @available(*, unavailable, renamed: "init(bufferSize:)", message: "a ReplaySubject is made with its initializer: ReplaySubject(bufferSize: 1)")
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: bufferSize)
    }

    /// RxSwift's `ReplaySubject.createUnbounded()`.
    @available(*, unavailable, message: "Streams has no unbounded ReplaySubject: a buffer that only grows is a leak in a long-lived screen; pick a bound with ReplaySubject(bufferSize:)")
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: 1)
    }
}

// RxSwift 5's operator names, which RxSwift 6 still ships as deprecated renames: apps written
// before 2021 use them throughout.

extension ObservableType {
    /// RxSwift 5's `catchErrorJustReturn(_:)`.
    @available(*, unavailable, renamed: "catchAndReturn(_:)", message: "RxSwift 6 renamed catchErrorJustReturn(_:) to catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// RxSwift 5's `catchError(_:)`.
    @available(*, unavailable, renamed: "catch(_:)", message: "RxSwift 6 renamed catchError(_:) to catch(_:)")
    public func catchError(_ handler: @escaping @Sendable (any Error) throws -> Observable<Element>) -> Observable<Element> {
        self.catch(handler)
    }

    /// RxSwift 5's `takeUntil(_:)`.
    @available(*, unavailable, renamed: "take(until:)", message: "RxSwift 6 renamed takeUntil(_:) to take(until:)")
    public func takeUntil<Other: ObservableConvertibleType>(_ other: Other) -> Observable<Element> {
        take(until: other)
    }

    /// RxSwift 5's `skipWhile(_:)`.
    @available(*, unavailable, renamed: "skip(while:)", message: "RxSwift 6 renamed skipWhile(_:) to skip(while:)")
    public func skipWhile(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }

    /// RxSwift 5's `retryWhen(_:)`.
    @available(*, unavailable, renamed: "retry(when:)", message: "RxSwift 6 renamed retryWhen(_:) to retry(when:)")
    public func retryWhen<Trigger: ObservableConvertibleType>(
        _ notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// RxSwift 5's `observeOn(_:)`.
    @available(*, unavailable, renamed: "observe(on:)", message: "RxSwift 6 renamed observeOn(_:) to observe(on:)")
    public func observeOn(_ scheduler: any Scheduler) -> Observable<Element> {
        observe(on: scheduler)
    }

    /// RxSwift 5's `subscribeOn(_:)`.
    @available(*, unavailable, renamed: "subscribe(on:)", message: "RxSwift 6 renamed subscribeOn(_:) to subscribe(on:)")
    public func subscribeOn(_ scheduler: any Scheduler) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

// Single's RxSwift 5 name lives here rather than in Traits/Single, with the other old names.
extension PrimitiveSequence where Trait == SingleTrait {
    /// RxSwift 5's `subscribe(onSuccess:onError:)` of a `Single`.
    @available(*, unavailable, renamed: "subscribe(onSuccess:onFailure:)", message: "a Single reports its error to onFailure, as in RxSwift 6")
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: @escaping @Sendable (any Error) -> Void
    ) -> any Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError)
    }
}

// RxSwift's families that Streams leaves out, each with what to write instead.

/// RxSwift's base class of virtual-time schedulers; Streams has one virtual clock.
@available(*, unavailable, message: "Streams' virtual clock is TestScheduler: TestScheduler(initialClock:resolution:), advance(to:), advance(by:), start()")
public final class VirtualTimeScheduler<Converter>: Sendable {
    @available(*, unavailable, message: "Streams' virtual clock is TestScheduler: TestScheduler(initialClock:resolution:), advance(to:), advance(by:), start()")
    public init<Clock>(initialClock: Clock, converter: Converter) {}
}

/// RxSwift's virtual-time scheduler on a `Date` clock.
@available(*, unavailable, message: "Streams' virtual clock is TestScheduler: count ticks from your start date, with TestScheduler(resolution:) setting how long a tick is")
public final class HistoricalScheduler: Sendable {
    @available(*, unavailable, message: "Streams' virtual clock is TestScheduler: count ticks from your start date, with TestScheduler(resolution:) setting how long a tick is")
    public init() {}

    @available(*, unavailable, message: "Streams' virtual clock is TestScheduler: count ticks from your start date, with TestScheduler(resolution:) setting how long a tick is")
    public init<Clock>(initialClock: Clock) {}
}

/// RxSwift 6's sequence that cannot fail.
@available(*, unavailable, message: "Streams has no Infallible: asDriver(onErrorJustReturn:) or asSignal(onErrorJustReturn:) for a sequence that cannot fail, or catchAndReturn(_:) to keep an Observable")
public struct Infallible<Element>: Sendable {}

/// RxSwift's process-wide hooks.
@available(*, unavailable, message: "Streams has no global hooks: an error reaches the subscriber's onError; bind(to:), drive and emit report one at their call site in debug builds")
public enum Hooks {}

extension ObservableType {
    /// RxSwift 6's `asInfallible(onErrorJustReturn:)`.
    @available(*, unavailable, message: "Streams has no Infallible: asDriver(onErrorJustReturn:) or asSignal(onErrorJustReturn:) for a sequence that cannot fail, or catchAndReturn(_:) to keep an Observable")
    public func asInfallible(onErrorJustReturn element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}

/// RxSwift's one error type for every operator. Streams fails with a type of each operator's
/// own, which says what happened; each case names it.
@available(*, unavailable, message: "Streams has no RxError: each operator fails with its own error type (SingleError, ElementAtError, TimeoutError)")
public enum RxError: Error {
    @available(*, unavailable, message: "define an error type of your own, such as struct AppError: Error {}; Streams has no catch-all error")
    case unknown

    @available(*, unavailable, message: "Streams' subjects are never disposed and never fail with 'disposed': a subject ends with onCompleted() or onError(_:), and BehaviorSubject.value() throws only the error it failed with")
    case disposed(object: any AnyObject & Sendable)

    @available(*, unavailable, message: "Streams never fails with an overflow: the counts of timer and interval wrap round after Element.max, and range(start:count:) stops at Int.max")
    case overflow

    @available(*, unavailable, message: "element(at:) fails with ElementAtError.argumentOutOfRange(index:count:), which also says how many values came")
    case argumentOutOfRange

    @available(*, unavailable, message: "asSingle(), single() and single(_:) fail with SingleError.noElements")
    case noElements

    @available(*, unavailable, message: "asSingle(), asMaybe(), single() and single(_:) fail with SingleError.moreThanOneElement")
    case moreThanOneElement

    @available(*, unavailable, message: "timeout(_:scheduler:) fails with TimeoutError(dueTime:), which carries the window: TimeoutError(dueTime: .seconds(5))")
    case timeout
}
