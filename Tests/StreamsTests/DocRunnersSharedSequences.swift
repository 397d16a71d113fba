import StreamsTesting

/// The runners of the diagrams of ``SharedSequence``'s operators: each input line made a driver
/// (or a signal) on the diagram's scheduler, the operator applied, and the result recorded as an
/// observable.
extension DocRunners {
    /// An input line as a driver on the diagram's scheduler.
    static func driver(_ inputs: DocInputs, _ label: String? = nil) -> Driver<String> {
        (label.map { inputs[$0] } ?? inputs.source).asDriver(onErrorJustReturn: "?", scheduler: inputs.scheduler)
    }

    /// An input line as a signal on the diagram's scheduler.
    static func signal(_ inputs: DocInputs, _ label: String? = nil) -> Signal<String> {
        (label.map { inputs[$0] } ?? inputs.source).asSignal(onErrorJustReturn: "?", scheduler: inputs.scheduler)
    }

    /// The inner sequence of a flatMap diagram for a value: `a` → the `x:` line, else `y:`.
    static func inner(_ value: String) -> String { value == "a" ? "x" : "y" }

    static let sharedSequences: [String: Runner] = [
        "AsSharedSequence.swift asSharedSequence(onErrorJustReturn: x, scheduler: scheduler)": { inputs in
            let driver: Driver<String> = inputs.source.asSharedSequence(onErrorJustReturn: "x", scheduler: inputs.scheduler)
            return driver.asObservable()
        },
        "AsSharedSequence.swift asSharedSequence(onErrorDriveWith: fallback, scheduler: scheduler)": { inputs in
            let fallback = driver(inputs, "fallback")
            return inputs.source.asSharedSequence(onErrorDriveWith: fallback, scheduler: inputs.scheduler).asObservable()
        },
        "AsSharedSequence.swift asSharedSequence(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }": { inputs in
            let scheduler = inputs.scheduler
            let driver: Driver<String> = inputs.source.asSharedSequence(scheduler: scheduler) { _ in .just("x", scheduler: scheduler) }
            return driver.asObservable()
        },
        "AsSharedSequence.swift asDriver(scheduler: scheduler)": { inputs in
            let value = BehaviorValue("?")
            _ = inputs.source.subscribe(onNext: { value.accept($0) })
            return value.asDriver(scheduler: inputs.scheduler).asObservable()
        },
        "AsSharedSequence.swift asSignal(scheduler: scheduler)": { inputs in
            let relay = PublishValue<String>()
            _ = inputs.source.subscribe(onNext: { relay.accept($0) })
            return relay.asSignal(scheduler: inputs.scheduler).asObservable()
        },
        "SharedSequence.swift just(a)": { Driver.just("a", scheduler: $0.scheduler).asObservable() },
        "SharedSequence.swift empty()": { Driver<String>.empty(scheduler: $0.scheduler).asObservable() },
        // The observable operators' diagrams that a driver's operators show, run through a driver
        // (DocumentedDiagramTests.borrowedPictures); the same operators run on signals in their tests.
        "SharedSequenceOperators.swift map { $0 * 10 }": { driver($0).map { String(Int($0)! * 10) }.asObservable() },
        "SharedSequenceOperators.swift filter { $0.isMultiple(of: 2) }": { driver($0).filter { Int($0)!.isMultiple(of: 2) }.asObservable() },
        "SharedSequenceOperators.swift compactMap { Int($0) }": { driver($0).compactMap { Int($0) }.map(String.init).asObservable() },
        "SharedSequenceOperators.swift scan(0, accumulator: +)": { driver($0).scan(0) { $0 + Int($1)! }.map(String.init).asObservable() },
        "SharedSequenceOperators.swift skip(2)": { driver($0).skip(2).asObservable() },
        "SharedSequenceOperators.swift do(onNext: { log.append($0) })": { driver($0).do(onNext: { _ in }).asObservable() },
        "SharedSequenceOperators.swift distinctUntilChanged()": { driver($0).distinctUntilChanged().asObservable() },
        "SharedSequenceOperators.swift distinctUntilChanged { $0.lowercased() }": {
            driver($0).distinctUntilChanged { $0.lowercased() }.asObservable()
        },
        "SharedSequenceOperators.swift distinctUntilChanged { abs($0 - $1) <= 1 }": {
            driver($0).distinctUntilChanged { abs(Int($0)! - Int($1)!) <= 1 }.asObservable()
        },
        "SharedSequenceOperators.swift startWith(x)": { driver($0).startWith("x").asObservable() },
        "SharedSequenceCombining.swift flatMapLatest": { inputs in
            driver(inputs).flatMapLatest { driver(inputs, inner($0)) }.asObservable()
        },
        "SharedSequenceCombining.swift flatMapFirst": { inputs in
            driver(inputs).flatMapFirst { driver(inputs, inner($0)) }.asObservable()
        },
        "SharedSequenceCombining.swift flatMap": { inputs in driver(inputs).flatMap { driver(inputs, inner($0)) }.asObservable() },
        "SharedSequenceCombining.swift withLatestFrom(second)": { driver($0).withLatestFrom(driver($0, "second")).asObservable() },
        "SharedSequenceCombining.swift withLatestFrom(second) { $0 + $1 }": {
            driver($0).withLatestFrom(driver($0, "second")) { $0 + $1 }.asObservable()
        },
        "SharedSequenceCombining.swift merge": { inputs in Driver.merge(inputs.order.map { driver(inputs, $0) }).asObservable() },
        "SharedSequenceCombineLatest.swift combineLatest { $0 + $1 }": {
            Driver.combineLatest(driver($0), driver($0, "second")) { $0 + $1 }.asObservable()
        },
        "SharedSequenceCombineLatest.swift combineLatest { $0 + $1 + $2 }": {
            Driver.combineLatest(driver($0), driver($0, "second"), driver($0, "third")) { $0 + $1 + $2 }.asObservable()
        },
        "SharedSequenceCombineLatest.swift zip { $0 + $1 }": {
            Driver.zip(driver($0), driver($0, "second")) { $0 + $1 }.asObservable()
        },
        "SharedSequenceTime.swift debounce(.seconds(3))": { driver($0).debounce(.seconds(3)).asObservable() },
        "SharedSequenceTime.swift throttle(.seconds(3))": { driver($0).throttle(.seconds(3)).asObservable() },
        "SharedSequenceTime.swift delay(.seconds(2))": { driver($0).delay(.seconds(2)).asObservable() },
    ]
}
