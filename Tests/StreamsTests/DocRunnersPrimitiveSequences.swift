import StreamsTesting

/// The runners of the diagrams of ``PrimitiveSequence``'s operators. An operator written once
/// runs on the trait its diagram's first line names: a `single:` line is `asSingle()` of its
/// hot or cold observable, a `maybe:` line `asMaybe()`; the other inputs are of the same trait.
/// Their tests run them on the other traits too.
extension DocRunners {
    /// An input line as a single.
    static func single(_ inputs: DocInputs, _ label: String? = nil) -> Single<String> {
        (label.map { inputs[$0] } ?? inputs.source).asSingle()
    }

    /// An input line as a maybe.
    static func maybe(_ inputs: DocInputs, _ label: String? = nil) -> Maybe<String> {
        (label.map { inputs[$0] } ?? inputs.source).asMaybe()
    }

    static let primitiveSequences: [String: Runner] = [
        "PrimitiveSequence.swift just(a)": { _ in Single.just("a").asObservable() },
        "PrimitiveSequence.swift error(e)": { _ in Single<String>.error(TestError("error")).asObservable() },
        "PrimitiveSequence.swift never()": { _ in Maybe<String>.never().asObservable() },
        "PrimitiveSequence.swift empty()": { _ in Maybe<String>.empty().asObservable() },
        "PrimitiveSequence.swift just(a, scheduler: scheduler)": { Single.just("a", scheduler: $0.scheduler).asObservable() },
        "PrimitiveSequence.swift using({ token }, primitiveSequenceFactory: { _ in single })": { inputs in
            let source = single(inputs)
            return Single.using({ SingleAssignmentDisposable() }, primitiveSequenceFactory: { _ in source }).asObservable()
        },
        "PrimitiveSequenceOperators.swift retry(when: { _ in trigger })": { inputs in
            let trigger = inputs["trigger"]
            return maybe(inputs).retry(when: { _ in trigger }).asObservable()
        },
        "PrimitiveSequenceTime.swift timer(.seconds(3))": {
            Single<Int>.timer(.seconds(3), scheduler: $0.scheduler).map(String.init).asObservable()
        },
        "PrimitiveSequenceOperators.swift catch { _ in fallback }": { inputs in
            let fallback = single(inputs, "fallback")
            return single(inputs).catch { _ in fallback }.asObservable()
        },
        "PrimitiveSequenceOperators.swift retry(3)": { single($0).retry(3).asObservable() },
        "PrimitiveSequenceOperators.swift map { $0.uppercased() }": { single($0).map { $0.uppercased() }.asObservable() },
        "PrimitiveSequenceOperators.swift flatMap { _ in x }": { inputs in
            if inputs.order.first == "maybe" {
                let x = maybe(inputs, "x")
                return maybe(inputs).flatMap { _ in x }.asObservable()
            }
            let x = single(inputs, "x")
            return single(inputs).flatMap { _ in x }.asObservable()
        },
        "PrimitiveSequenceOperators.swift filter { $0 != \"b\" }": { single($0).filter { $0 != "b" }.asObservable() },
        "PrimitiveSequenceOperators.swift compactMap { Int($0) }": { maybe($0).compactMap { Int($0) }.map(String.init).asObservable() },
        "PrimitiveSequenceOperators.swift catchAndReturn(x)": { single($0).catchAndReturn("x").asObservable() },
        "PrimitiveSequenceOperators.swift asCompletable()": { strings(single($0).asCompletable()) },
        "PrimitiveSequenceTime.swift delay(.seconds(2))": { single($0).delay(.seconds(2), scheduler: $0.scheduler).asObservable() },
        "PrimitiveSequenceTime.swift delaySubscription(.seconds(2))": {
            single($0).delaySubscription(.seconds(2), scheduler: $0.scheduler).asObservable()
        },
        "PrimitiveSequenceTime.swift timeout(.seconds(3))": { single($0).timeout(.seconds(3), scheduler: $0.scheduler).asObservable() },
        "PrimitiveSequenceTime.swift timeout(.seconds(3), other: other)": {
            single($0).timeout(.seconds(3), other: single($0, "other"), scheduler: $0.scheduler).asObservable()
        },
        "PrimitiveSequenceZip.swift zip { $0 + $1 }": { Single.zip(single($0), single($0, "second")) { $0 + $1 }.asObservable() },
        "PrimitiveSequenceZip.swift zip { $0 + $1 + $2 }": {
            Single.zip(single($0), single($0, "second"), single($0, "third")) { $0 + $1 + $2 }.asObservable()
        },
        "PrimitiveSequenceZip.swift zip([first, second])": {
            Single.zip([single($0), single($0, "second")]).map { "[\($0.joined(separator: ", "))]" }.asObservable()
        },
        "PrimitiveSequenceDo.swift do(onSuccess: { log.append($0) })": { single($0).do(onSuccess: { _ in }).asObservable() },
        "SingleOperators.swift retry(when: { _ in trigger })": { inputs in
            let trigger = inputs["trigger"]
            return single(inputs).retry(when: { _ in trigger }).asObservable()
        },
        "SingleOperators.swift retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: scheduler)": {
            single($0).retry(.exponential(initial: .seconds(1), max: .seconds(4), maxAttempts: 3), scheduler: $0.scheduler)
                .asObservable()
        },
        "MaybeOperators.swift ifEmpty(default: x)": { maybe($0).ifEmpty(default: "x").asObservable() },
        "MaybeOperators.swift ifEmpty(switchTo: fallback)": { maybe($0).ifEmpty(switchTo: maybe($0, "fallback")).asObservable() },
        "PrimitiveSequenceDo.swift do(onNext: { log.append($0) })": { maybe($0).do(onNext: { _ in }).asObservable() },
    ]
}
