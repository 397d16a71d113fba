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

@available(*, unavailable, renamed: "Scheduler", message: "Streams' schedulers conform to Scheduler; write `any Scheduler` for a parameter")
public typealias SchedulerType = Scheduler

@available(*, unavailable, renamed: "Scheduler", message: "Streams' schedulers conform to Scheduler; write `any Scheduler` for a parameter")
public typealias ImmediateSchedulerType = Scheduler

@available(*, unavailable, renamed: "Duration", message: "Streams measures time with Swift's Duration: .seconds(1), .milliseconds(300)")
public typealias RxTimeInterval = Duration

/// RxSwift's main-thread scheduler; in Streams it is `DispatchQueueScheduler.main`.
@available(*, unavailable, message: "use DispatchQueueScheduler.main (MainScheduler.instance in RxSwift)")
public enum MainScheduler {
    @available(*, unavailable, message: "use DispatchQueueScheduler.main")
    public static var instance: DispatchQueueScheduler { .main }

    @available(*, unavailable, message: "use DispatchQueueScheduler.main; Streams has no separate async main scheduler")
    public static var asyncInstance: DispatchQueueScheduler { .main }
}

/// RxSwift's scheduler over a dispatch queue; in Streams it is `DispatchQueueScheduler`.
@available(*, unavailable, renamed: "DispatchQueueScheduler", message: "SerialDispatchQueueScheduler(queue:internalSerialQueueName:) is DispatchQueueScheduler(queue:) or DispatchQueueScheduler(label:)")
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
