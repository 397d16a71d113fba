import StreamsTesting

/// The runners of the diagrams of ``Driver``'s and ``Signal``'s operators: each input line made
/// a driver (or a signal) on the diagram's scheduler, the operator applied, and the result
/// recorded as an observable.
extension DocRunners {
    static let sharedSequences: [String: Runner] = drivers.merging(signals) { first, _ in first }

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

    static let drivers: [String: Runner] = [
        "Driver.swift asDriver(scheduler: scheduler)": { inputs in
            let value = BehaviorValue("?")
            _ = inputs.source.subscribe(onNext: { value.accept($0) })
            return value.asDriver(scheduler: inputs.scheduler).asObservable()
        },
        "Signal.swift asSignal(scheduler: scheduler)": { inputs in
            let relay = PublishValue<String>()
            _ = inputs.source.subscribe(onNext: { relay.accept($0) })
            return relay.asSignal(scheduler: inputs.scheduler).asObservable()
        },
        "DriverOperators.swift map { $0.uppercased() }": { driver($0).map { $0.uppercased() }.asObservable() },
        "DriverOperators.swift filter { $0 != \"b\" }": { driver($0).filter { $0 != "b" }.asObservable() },
        "DriverOperators.swift compactMap { Int($0) }": { driver($0).compactMap { Int($0) }.map(String.init).asObservable() },
        "DriverOperators.swift distinctUntilChanged()": { driver($0).distinctUntilChanged().asObservable() },
        "DriverOperators.swift distinctUntilChanged { $0.lowercased() }": {
            driver($0).distinctUntilChanged { $0.lowercased() }.asObservable()
        },
        "DriverOperators.swift distinctUntilChanged { abs($0 - $1) <= 1 }": {
            driver($0).distinctUntilChanged { abs(Int($0)! - Int($1)!) <= 1 }.asObservable()
        },
        "DriverOperators.swift scan(\"\") { $0 + $1 }": { driver($0).scan("") { $0 + $1 }.asObservable() },
        "DriverOperators.swift startWith(x)": { driver($0).startWith("x").asObservable() },
        "DriverOperators.swift skip(2)": { driver($0).skip(2).asObservable() },
        "DriverOperators.swift do(onNext: { log.append($0) })": { driver($0).do(onNext: { _ in }).asObservable() },
        "DriverCombining.swift flatMapLatest": { inputs in
            driver(inputs).flatMapLatest { driver(inputs, inner($0)) }.asObservable()
        },
        "DriverCombining.swift flatMapFirst": { inputs in
            driver(inputs).flatMapFirst { driver(inputs, inner($0)) }.asObservable()
        },
        "DriverCombining.swift flatMap": { inputs in driver(inputs).flatMap { driver(inputs, inner($0)) }.asObservable() },
        "DriverCombining.swift withLatestFrom(second)": { driver($0).withLatestFrom(driver($0, "second")).asObservable() },
        "DriverCombining.swift withLatestFrom(second) { $0 + $1 }": {
            driver($0).withLatestFrom(driver($0, "second")) { $0 + $1 }.asObservable()
        },
        "DriverCombining.swift Driver.combineLatest { $0 + $1 }": {
            Driver.combineLatest(driver($0), driver($0, "second")) { $0 + $1 }.asObservable()
        },
        "DriverCombining.swift Driver.combineLatest { $0 + $1 + $2 }": {
            Driver.combineLatest(driver($0), driver($0, "second"), driver($0, "third")) { $0 + $1 + $2 }.asObservable()
        },
        "DriverCombining.swift Driver.combineLatest { $0 + $1 + $2 + $3 }": {
            Driver.combineLatest(driver($0), driver($0, "second"), driver($0, "third"), driver($0, "fourth")) { $0 + $1 + $2 + $3 }
                .asObservable()
        },
        "DriverCombining.swift Driver.combineLatest(first, second)": {
            Driver.combineLatest(driver($0), driver($0, "second")).map { "(\($0), \($1))" }.asObservable()
        },
        "DriverCombining.swift Driver.zip { $0 + $1 }": { Driver.zip(driver($0), driver($0, "second")) { $0 + $1 }.asObservable() },
        "DriverCombining.swift Driver.zip(first, second)": {
            Driver.zip(driver($0), driver($0, "second")).map { "(\($0), \($1))" }.asObservable()
        },
        "DriverCombining.swift Driver.merge(first, second)": { Driver.merge(driver($0), driver($0, "second")).asObservable() },
        "DriverTime.swift debounce(.seconds(3))": { driver($0).debounce(.seconds(3)).asObservable() },
        "DriverTime.swift throttle(.seconds(3))": { driver($0).throttle(.seconds(3)).asObservable() },
        "DriverTime.swift delay(.seconds(2))": { driver($0).delay(.seconds(2)).asObservable() },
    ]

    static let signals: [String: Runner] = [
        "SignalOperators.swift map { $0.uppercased() }": { signal($0).map { $0.uppercased() }.asObservable() },
        "SignalOperators.swift filter { $0 != \"b\" }": { signal($0).filter { $0 != "b" }.asObservable() },
        "SignalOperators.swift compactMap { Int($0) }": { signal($0).compactMap { Int($0) }.map(String.init).asObservable() },
        "SignalOperators.swift distinctUntilChanged()": { signal($0).distinctUntilChanged().asObservable() },
        "SignalOperators.swift scan(\"\") { $0 + $1 }": { signal($0).scan("") { $0 + $1 }.asObservable() },
        "SignalOperators.swift skip(2)": { signal($0).skip(2).asObservable() },
        "SignalOperators.swift do(onNext: { log.append($0) })": { signal($0).do(onNext: { _ in }).asObservable() },
        "SignalOperators.swift flatMapLatest": { inputs in
            signal(inputs).flatMapLatest { signal(inputs, inner($0)) }.asObservable()
        },
        "SignalOperators.swift flatMapLatest { driver(for: $0) }": { inputs in
            signal(inputs).flatMapLatest { driver(inputs, inner($0)) }.asObservable()
        },
        "SignalOperators.swift flatMapFirst": { inputs in
            signal(inputs).flatMapFirst { signal(inputs, inner($0)) }.asObservable()
        },
        "SignalOperators.swift withLatestFrom(second)": { signal($0).withLatestFrom(driver($0, "second")).asObservable() },
        "SignalOperators.swift withLatestFrom(second) { $0 + $1 }": {
            signal($0).withLatestFrom(driver($0, "second")) { $0 + $1 }.asObservable()
        },
        "SignalTime.swift throttle(.seconds(3))": { signal($0).throttle(.seconds(3)).asObservable() },
        "SignalTime.swift debounce(.seconds(3))": { signal($0).debounce(.seconds(3)).asObservable() },
        "SignalTime.swift delay(.seconds(2))": { signal($0).delay(.seconds(2)).asObservable() },
        "SignalOperators.swift Signal.merge(first, second)": { Signal.merge(signal($0), signal($0, "second")).asObservable() },
    ]
}
