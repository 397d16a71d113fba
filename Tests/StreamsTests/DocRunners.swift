import Foundation
import StreamsTesting

/// The inputs of a documentation diagram, by label, and the scheduler they run on.
struct DocInputs {
    let scheduler: TestScheduler
    let inputs: [String: TestableObservable<String>]
    let order: [String]

    subscript(_ label: String) -> Observable<String> {
        inputs[label]?.asObservable() ?? .error(TestError("the diagram has no input line `\(label):`"))
    }
    var source: Observable<String> { self[order.first ?? "source"] }
    var second: Observable<String> { self[order.count > 1 ? order[1] : "second"] }
    var third: Observable<String> { self[order.count > 2 ? order[2] : "third"] }
    /// The input named by a value, for sources of observables (`x` → the `x:` line).
    var named: @Sendable (String) -> Observable<String> {
        let inputs = inputs
        return { label in inputs[label]?.asObservable() ?? .error(TestError("the diagram has no input line `\(label):`")) }
    }
}

/// How each documented operation runs, keyed by the operation's line in the diagram (without
/// its note). Values are the glyphs as strings; an output drawn with other glyphs names its
/// values in the diagram's note (`A = a1`).
enum DocRunners {
    typealias Runner = @Sendable (DocInputs) -> Observable<String>

    /// The runner for `expression` in `file`: one registered for that file first (`just(a)` is
    /// `Single.just` in Single.swift), then the general one.
    static func runner(for expression: String, in file: String) -> Runner? {
        fileRunner(for: expression, in: file) ?? all[expression] ?? rxSwiftSpellings[expression]
            ?? operatorFamilies[expression] ?? connectable[expression] ?? groupBy[expression]
    }

    /// The runner registered for `expression` in `file` only, without the general one.
    static func fileRunner(for expression: String, in file: String) -> Runner? {
        let key = "\((file as NSString).lastPathComponent) \(expression)"
        return all[key] ?? sharedSequences[key] ?? primitiveSequences[key]
    }

    static let all: [String: Runner] = [
        // opsB
        "timeout(.seconds(3))": { $0.source.timeout(.seconds(3), scheduler: $0.scheduler) },
        "timeout(.seconds(3), other: other)": { $0.source.timeout(.seconds(3), other: $0["other"], scheduler: $0.scheduler) },
        "debug(\"search\")": { $0.source.debug("search", scheduler: $0.scheduler, sink: DebugSink { _ in }) },
        "retry(when: { _ in trigger })": { inputs in let trigger = inputs["trigger"]; return inputs.source.retry(when: { _ in trigger }) },
        "retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 4), scheduler: scheduler)": {
            $0.source.retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 4), scheduler: $0.scheduler)
        },
        // No operation: the inputs as they are, a subject or a behaviour value driven by them.
        "": { $0.source },
        "subject": { inputs in
            let subject = Subject<String>()
            _ = inputs.source.subscribe { event in
                switch event {
                case .next(let value): subject.onNext(value)
                case .error(let error): subject.onError(error)
                case .completed: subject.onCompleted()
                }
            }
            return subject.asObservable()
        },
        "accept": { inputs in
            let value = BehaviorValue("?")
            _ = inputs.source.subscribe(onNext: { value.accept($0) })
            return value.asObservable()
        },
        // Bindings, drawn as what they drive.
        "bind(to: subject)": { inputs in
            let subject = Subject<String>()
            _ = inputs.source.bind(to: subject)
            return subject.asObservable()
        },
        "bind(to: value)": { inputs in
            let value = BehaviorValue("x")
            _ = inputs.source.bind(to: value)
            return value.asObservable()
        },
        "bind(to: relay)": { inputs in
            let relay = PublishValue<String>()
            _ = inputs.source.bind(to: relay)
            return relay.asObservable()
        },
        "bind(onNext:)": { inputs in
            let calls = Subject<String>()
            _ = inputs.source.bind(onNext: { calls.onNext($0) })
            return calls.asObservable()
        },
        "TestingWithVirtualTime.md map { $0.uppercased() }": { $0.source.map { $0.uppercased() } },
        "TestingWithVirtualTime.md flatMap { _ in ys }": { inputs in let ys = inputs["ys"]; return inputs.source.flatMap { _ in ys } },
        "just(a)": { _ in .just("a") },
        "of(a, b, c)": { _ in .of("a", "b", "c") },
        "from([a, b, c])": { _ in .from(["a", "b", "c"]) },
        "just(a, scheduler: scheduler)": { .just("a", scheduler: $0.scheduler) },
        "of(a, b, c, scheduler: scheduler)": { .of("a", "b", "c", scheduler: $0.scheduler) },
        "from([a, b, c], scheduler: scheduler)": { .from(["a", "b", "c"], scheduler: $0.scheduler) },
        "from(optional: a)": { _ in .from(optional: "a") },
        "from(optional: nil)": { _ in .from(optional: nil) },
        "range(start: 1, count: 3)": { _ in Observable.range(start: 1, count: 3).map(String.init) },
        "from(optional: a, scheduler: scheduler)": { .from(optional: "a", scheduler: $0.scheduler) },
        "from(optional: nil, scheduler: scheduler)": { .from(optional: nil, scheduler: $0.scheduler) },
        "range(start: 1, count: 3, scheduler: scheduler)": {
            Observable.range(start: 1, count: 3, scheduler: $0.scheduler).map(String.init)
        },
        "repeatElement(a, scheduler: scheduler).take(3)": { .repeatElement("a", scheduler: $0.scheduler).take(3) },
        "empty()": { _ in .empty() },
        "never()": { _ in .never() },
        "error(e)": { _ in .error(TestError("error")) },
        "timer(.seconds(3))": { Observable<Int>.timer(.seconds(3), scheduler: $0.scheduler).map(String.init) },
        "timer(.seconds(3), period: .seconds(2))": {
            Observable<Int>.timer(.seconds(3), period: .seconds(2), scheduler: $0.scheduler).map(String.init)
        },
        "interval(.seconds(2))": { Observable<Int>.interval(.seconds(2), scheduler: $0.scheduler).map(String.init) },
        "throttle(.seconds(4))": { $0.source.throttle(.seconds(4), scheduler: $0.scheduler) },
        "throttle(.seconds(4), latest: false)": { $0.source.throttle(.seconds(4), latest: false, scheduler: $0.scheduler) },
        "debounce(.seconds(4))": { $0.source.debounce(.seconds(4), scheduler: $0.scheduler) },
        "share()": { $0.source.share() },
        "share(replay: 1)": { $0.source.share(replay: 1) },
        "map { $0 * 10 }": { $0.source.map { String(Int($0)! * 10) } },
        "map { $0.uppercased() }": { $0.source.asSingle().map { $0.uppercased() }.asObservable() },
        "compactMap { Int($0) }": { $0.source.compactMap { Int($0) }.map(String.init) },
        "filter { $0.isMultiple(of: 2) }": { $0.source.filter { Int($0)!.isMultiple(of: 2) } },
        "scan(0, accumulator: +)": { $0.source.scan(0) { $0 + Int($1)! }.map(String.init) },
        "scan(into: \"\") { $0 += $1 }": { $0.source.scan(into: "") { $0 += $1 } },
        "startWith(\"a\", \"b\")": { $0.source.startWith("a", "b") },
        "distinctUntilChanged()": { $0.source.distinctUntilChanged() },
        "distinctUntilChanged { $0.lowercased() }": { $0.source.distinctUntilChanged { $0.lowercased() } },
        "distinctUntilChanged { abs($0 - $1) <= 1 }": { $0.source.distinctUntilChanged { abs(Int($0)! - Int($1)!) <= 1 } },
        "distinctUntilChanged({ Int($0)! }, comparer: { abs($0 - $1) <= 1 })": {
            $0.source.distinctUntilChanged({ Int($0)! }, comparer: { abs($0 - $1) <= 1 })
        },
        "distinctUntilChanged(at: \\.isUppercase)": { $0.source.map { Character($0) }.distinctUntilChanged(at: \.isUppercase).map(String.init) },
        // `x` is not JSON; any other glyph is the JSON of the photo it names. A DecodingError
        // is drawn as the diagrams' `#`.
        "decode(type: Photo.self, decoder: JSONDecoder())": { inputs in
            inputs.source
                .map { Data(($0 == "x" ? "not JSON" : #"{"id": "\#($0)"}"#).utf8) }
                .decode(type: DecodedPhoto.self, decoder: JSONDecoder())
                .map(\.id)
                .catch { .error($0 is DecodingError ? TestError("error") : $0) }
        },
        "do(onNext: { log.append($0) })": { $0.source.do(onNext: { _ in }) },
        "take(2)": { $0.source.take(2) },
        "take(while: { $0 < 3 })": { $0.source.take(while: { Int($0)! < 3 }) },
        "take(while: { $0 < 3 }, behavior: .inclusive)": { $0.source.take(while: { Int($0)! < 3 }, behavior: .inclusive) },
        "take(until: { $0 == 3 }, behavior: .inclusive)": { $0.source.take(until: { Int($0)! == 3 }, behavior: .inclusive) },
        "take(until: other)": { $0.source.take(until: $0["other"]) },
        "skip(2)": { $0.source.skip(2) },
        "skip(.seconds(4))": { $0.source.skip(.seconds(4), scheduler: $0.scheduler) },
        "throttle(.seconds(3))": { $0.source.throttle(.seconds(3), scheduler: $0.scheduler) },
        "throttle(.seconds(3), latest: false)": { $0.source.throttle(.seconds(3), latest: false, scheduler: $0.scheduler) },
        "debounce(.seconds(3))": { $0.source.debounce(.seconds(3), scheduler: $0.scheduler) },
        "delay(.seconds(2))": { inputs in
            inputs.order.first == "single"
                ? inputs.source.asSingle().delay(.seconds(2), scheduler: inputs.scheduler).asObservable()
                : inputs.source.delay(.seconds(2), scheduler: inputs.scheduler)
        },
        "delay(.seconds(3))": { $0.source.delay(.seconds(3), scheduler: $0.scheduler) },
        "delaySubscription(.seconds(2))": { $0.source.delaySubscription(.seconds(2), scheduler: $0.scheduler) },
        "subscribe(on: scheduler)": { $0.source.subscribe(on: $0.scheduler) },
        "observe(on: scheduler)": { $0.source.observe(on: $0.scheduler) },
        "concat": { inputs in Observable.concat(inputs.order.map { inputs[$0] }) },
        "concat(second)": { $0.source.concat($0.second) },
        "merge": { inputs in Observable.merge(inputs.order.map { inputs[$0] }) },
        "merge()": { inputs in inputs.source.map(inputs.named).merge() },
        "merge(maxConcurrent: 1)": { inputs in inputs.source.map(inputs.named).merge(maxConcurrent: 1) },
        "switchLatest()": { inputs in inputs.source.map(inputs.named).switchLatest() },
        "flatMap": { inputs in let named = inputs.named; return inputs.source.flatMap { named($0 == "a" ? "x" : "y") } },
        "flatMapLatest": { inputs in let named = inputs.named; return inputs.source.flatMapLatest { named($0 == "a" ? "x" : "y") } },
        "flatMapFirst": { inputs in let named = inputs.named; return inputs.source.flatMapFirst { named($0 == "a" ? "x" : "y") } },
        "concatMap": { inputs in let named = inputs.named; return inputs.source.concatMap { named($0 == "a" ? "x" : "y") } },
        "combineLatest { $0 + $1 }": { Observable.combineLatest($0.source, $0.second) { $0 + $1 } },
        "combineLatest { $0 + $1 + $2 }": { Observable.combineLatest($0.source, $0.second, $0.third) { $0 + $1 + $2 } },
        "combineLatest([first, second])": { inputs in
            Observable.combineLatest([inputs.source, inputs.second]).map { "[\($0.joined(separator: ", "))]" }
        },
        "combineLatest": { Observable.combineLatest($0.source, $0.second).map { "(\($0), \($1))" } },
        "withLatestFrom(second)": { $0.source.withLatestFrom($0.second) },
        "withLatestFrom(second) { $0 + $1 }": { $0.source.withLatestFrom($0.second) { $0 + $1 } },
        "catch { _ in fallback }": { inputs in let fallback = inputs["fallback"]; return inputs.source.catch { _ in fallback } },
        "catch(sequence: [first, second, third])": { inputs in .catch(sequence: [inputs["first"], inputs["second"], inputs["third"]]) },
        "catchAndReturn(\"z\")": { $0.source.catchAndReturn("z") },
        "catchAndReturn(x)": { $0.source.asSingle().catchAndReturn("x").asObservable() },
        "retry()": { $0.source.retry() },
        "retry(3)": { $0.order[0] == "single" ? $0.source.asSingle().retry(3).asObservable() : $0.source.retry(3) },
        "asSingle()": { $0.source.asSingle().asObservable() },
        "asSignal(onErrorJustReturn: x, scheduler: scheduler)": {
            $0.source.asSignal(onErrorJustReturn: "x", scheduler: $0.scheduler).asObservable()
        },
        // Subjects and relays, driven by the input line.
        "PublishValue()": { inputs in
            let relay = PublishValue<String>()
            _ = inputs.source.subscribe(onNext: { relay.accept($0) })
            return relay.asObservable()
        },
        "ReplaySubject(bufferSize: 2)": { inputs in
            let subject = ReplaySubject<String>(bufferSize: 2)
            _ = inputs.source.subscribe(subject.asObserver())
            return subject.asObservable()
        },
        "BehaviorSubject(value: x)": { inputs in
            let subject = BehaviorSubject(value: "x")
            _ = inputs.source.subscribe(subject.asObserver())
            return subject.asObservable()
        },
        "using({ token }, observableFactory: { _ in source })": { inputs in
            let source = inputs.source
            return Observable.using({ SingleAssignmentDisposable() }, observableFactory: { _ in source })
        },
        // Drivers, on the diagram's scheduler in place of the main one.
        "asDriver(onErrorJustReturn: x, scheduler: scheduler)": {
            $0.source.asDriver(onErrorJustReturn: "x", scheduler: $0.scheduler).asObservable()
        },
        "asDriver(onErrorDriveWith: fallback, scheduler: scheduler)": { inputs in
            let fallback = inputs["fallback"].asDriver(onErrorJustReturn: "?", scheduler: inputs.scheduler)
            return inputs.source.asDriver(onErrorDriveWith: fallback, scheduler: inputs.scheduler).asObservable()
        },
        "asDriver(scheduler: scheduler) { _ in .just(x, scheduler: scheduler) }": { inputs in
            let scheduler = inputs.scheduler
            return inputs.source.asDriver(scheduler: scheduler) { _ in .just("x", scheduler: scheduler) }.asObservable()
        },
        "Traits.md Observable": { $0.source },
        "Traits.md Signal": { $0.source.asSignal(onErrorJustReturn: "?", scheduler: $0.scheduler).asObservable() },
        "Traits.md Driver": { $0.source.asDriver(onErrorJustReturn: "?", scheduler: $0.scheduler).asObservable() },
        "asSignal(onErrorSignalWith: fallback, scheduler: scheduler)": { inputs in
            inputs.source.asSignal(onErrorSignalWith: inputs["fallback"].asSignal(onErrorJustReturn: "?", scheduler: inputs.scheduler),
                                   scheduler: inputs.scheduler).asObservable()
        },
        // opsA
        "skip(while: { $0 < 3 })": { $0.source.skip(while: { Int($0)! < 3 }) },
        "skip(until: other)": { $0.source.skip(until: $0["other"]) },
        "element(at: 2)": { $0.source.element(at: 2) },
        "enumerated()": { $0.source.enumerated().map { "\($0.index)\($0.element)" } },
        "zip { $0 + $1 }": { Observable.zip($0.source, $0.second) { $0 + $1 } },
        "zip { $0 + $1 + $2 }": { Observable.zip($0.source, $0.second, $0.third) { $0 + $1 + $2 } },
        "zip([first, second])": { inputs in
            Observable.zip([inputs.source, inputs.second]).map { "[\($0.joined(separator: ", "))]" }
        },
        "zip": { Observable.zip($0.source, $0.second).map { "(\($0), \($1))" } },
        "sample(sampler)": { $0.source.sample($0["sampler"]) },
        "reduce(0, accumulator: +)": { $0.source.reduce(0) { $0 + Int($1)! }.map(String.init) },
        "reduce(0, accumulator: +, mapResult: { $0 * 10 })": {
            $0.source.reduce(0, accumulator: { $0 + Int($1)! }, mapResult: { String($0 * 10) })
        },
        "reduce(into: \"\") { $0 += $1 }": { $0.source.reduce(into: "") { $0 += $1 } },
        "toArray()": { $0.source.toArray().asObservable().map { "[\($0.joined(separator: ", "))]" } },
        "materialize()": { inputs in
            inputs.source.materialize().map { event in
                switch event {
                case .next(let value): "next(\(value))"
                case .error: "error"
                case .completed: "completed"
                }
            }
        },
        "materialize().dematerialize()": { $0.source.materialize().dematerialize() },
        "take(for: .seconds(4))": { $0.source.take(for: .seconds(4), scheduler: $0.scheduler) },
        // Single: its operators (Traits/Single/), the Traits guide, and collections of singles.
        // The first input is the single (`asSingle()` of its line), as are `next`, `fallback`,
        // `other` and `request`.
        "Traits.md zip { $0 + $1 }": { Single.zip($0.source.asSingle(), $0.second.asSingle()) { $0 + $1 }.asObservable() },
        "Traits.md timeout(.seconds(3))": { $0.source.asSingle().timeout(.seconds(3), scheduler: $0.scheduler).asObservable() },
        "Traits.md flatMapLatest { _ in request }": { inputs in
            let request = inputs["request"].asSingle()
            return inputs.source.flatMapLatest { _ in request }
        },
        "concat(requests)": { inputs in Observable.concat(inputs.order.map { inputs[$0].asSingle() }) },
        "merge(requests)": { inputs in Observable.merge(inputs.order.map { inputs[$0].asSingle() }) },
        // Maybe and Completable. A `maybe:`, `single:` or completable input line is a hot
        // observable of strings, made into the trait with asMaybe, asSingle or ignoreElements.
        "asMaybe()": { $0.source.asMaybe().asObservable() },
        "ifEmpty(switchTo: network)": {
            $0.source.asMaybe().ifEmpty(switchTo: $0["network"].asSingle()).asObservable()
        },
        "flatMapMaybe { _ in x }": { inputs in
            let x = inputs["x"].asMaybe()
            return inputs.source.asSingle().flatMapMaybe { _ in x }.asObservable()
        },
        "flatMapCompletable { _ in x }": { inputs in
            let x = completable(inputs["x"])
            return strings(inputs.source.asSingle().flatMapCompletable { _ in x })
        },
        "ifEmpty(switchTo: fallback)": { $0.source.ifEmpty(switchTo: $0["fallback"]) },
        "ifEmpty(default: x)": { $0.source.ifEmpty(default: "x") },
        "first()": { $0.source.first().asObservable().map { $0 ?? "nil" } },
        "ignoreElements()": { strings($0.source.ignoreElements().asCompletable()) },
        "ignoreElements().asCompletable()": { strings($0.source.ignoreElements().asCompletable()) },
        "andThen(reload)": { completable($0.source).andThen($0["reload"].asSingle()).asObservable() },
        "andThen(delete)": { strings(completable($0.source).andThen(completable($0["delete"]))) },
        "andThen(updates)": { completable($0.source).andThen($0["updates"]) },
        "do(onCompleted: { log.append(\"saved\") })": { strings(completable($0.source).do(onCompleted: {})) },
        "Completable.zip(first, second)": { strings(Completable.zip(completable($0.source), completable($0.second))) },
        "Completable.concat(first, second)": { strings(Completable.concat(completable($0.source), completable($0.second))) },
    ]

    /// A diagram's input line as a completable: its values dropped.
    static func completable(_ source: Observable<String>) -> Completable {
        source.ignoreElements().asCompletable()
    }

    /// A completable drawn as a timeline of strings: only its end.
    static func strings(_ completable: Completable) -> Observable<String> {
        completable.andThen(Observable<String>.empty())
    }
}
