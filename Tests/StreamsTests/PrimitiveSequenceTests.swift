import Streams
import StreamsTesting
import Synchronization
import Testing

// RxSwift app code extends singles, maybes and completables through RxSwift's generic type,
// constrained by trait: these compile as they are written there.

extension PrimitiveSequence where Trait == SingleTrait {
    func doubled() -> Single<Int> where Element == Int {
        map { $0 * 2 }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    func orZero() -> Single<Int> where Element == Int {
        ifEmpty(default: 0)
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    func thenAnswer() -> Single<Int> {
        andThen(Single.just(42))
    }
}

extension PrimitiveSequence {
    /// Written once for the three traits, as the library's own operators are.
    func slow(_ scheduler: TestScheduler) -> PrimitiveSequence<Trait, Element> {
        delay(.seconds(2), scheduler: scheduler)
    }
}

/// What is written once for singles, maybes and completables, run on each of them; the
/// operators of one trait are tested in SingleTests, MaybeTests and CompletableTests.
@Suite("PrimitiveSequence: Single, Maybe and Completable written once")
struct PrimitiveSequenceTests {
    private let none: [Character: Never] = [:]

    @Test("an app's extensions constrained by trait compile and run")
    func constrainedExtensions() {
        expectMarbles("(a|)", values: ["a": 42]) { _ in Single.just(21).doubled() }
        expectMarbles("--(a|)", values: ["a": 0]) { m in m.hot("--|").map { _ in 1 }.asMaybe().orZero() }
        expectMarbles("--(a|)", values: ["a": 42]) { m in m.hot("--|").ignoreElements().asCompletable().thenAnswer() }
    }

    @Test("an unconstrained extension runs on each trait")
    func unconstrainedExtension() {
        expectMarbles("---(a|)") { m in m.hot("-(a|)").asSingle().slow(m.scheduler) }
        expectMarbles("---|") { m in m.hot("-|").asMaybe().slow(m.scheduler) }
        expectMarbles("---|", values: none) { m in m.hot("-|").ignoreElements().asCompletable().slow(m.scheduler) }
    }

    @Test("timeout, catch and retry keep each trait")
    func sharedOperatorsOnEachTrait() {
        expectMarbles("---#", error: TimeoutError(dueTime: .seconds(3))) { m in
            m.hot("-----(a|)").asMaybe().timeout(.seconds(3), scheduler: m.scheduler)
        }
        expectMarbles("----|", values: none) { m in
            m.hot("-----|").ignoreElements().asCompletable()
                .timeout(.seconds(3), other: m.cold("-|").ignoreElements().asCompletable(), scheduler: m.scheduler)
        }
        expectMarbles("---|") { m in
            let fallback = m.cold("-|").asMaybe()
            return m.hot("--#").asMaybe().catch { _ in fallback }
        }
        expectMarbles("---#", values: none) { m in m.cold("-#").ignoreElements().asCompletable().retry(3) }
    }

    @Test("retry(0) makes one attempt of a single, which must end with a result, and none of a maybe or a completable")
    func retryZero() {
        expectMarbles("-#") { m in m.cold("-#").asSingle().retry(0) }
        expectMarbles("|") { m in m.cold("-#").asMaybe().retry(0) }
        expectMarbles("|", values: none) { m in m.cold("-#").ignoreElements().asCompletable().retry(0) }
    }

    @Test("zip of maybes completes empty once both have ended and one was empty; a single's filter and compactMap are maybes")
    func valueTraits() {
        expectMarbles("---|") { m in Maybe.zip(m.hot("---(a|)").asMaybe(), m.hot("-|").asMaybe()) { $0 + $1 } }
        expectMarbles("--|") { m in m.hot("--(b|)").asSingle().filter { $0 != "b" } }
        expectMarbles("--(a|)", values: ["a": 7]) { m in m.hot("--(7|)").asSingle().compactMap { Int($0) } }
        expectMarbles("(a|)", values: ["a": [String]()]) { _ in Maybe<String>.zip([]) }
    }

    /// The three traits, each made with its own `create`.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case single, maybe, completable

        var testDescription: String { rawValue }

        /// A sequence of this trait whose work calls `report` to succeed (or complete).
        func create(_ work: @escaping @Sendable (@escaping @Sendable () -> Void) -> any Disposable) -> Observable<String> {
            switch self {
            case .single: Single<String>.create { single in work { single(.success("a")) } }.asObservable()
            case .maybe: Maybe<String>.create { maybe in work { maybe(.success("a")) } }.asObservable()
            case .completable: Completable.create { completable in work { completable(.completed) } }.asObservable().map { _ -> String in }
            }
        }
    }

    @Test("disposing before the outcome cancels the work and delivers nothing", arguments: Kind.allCases)
    func createDisposal(_ kind: Kind) throws {
        let scheduler = TestScheduler()
        let cancelledAt = Mutex<Int?>(nil)
        let trait = kind.create { report in
            let work = scheduler.schedule(after: .seconds(100)) { report() }
            return Disposables.create {
                cancelledAt.withLock { $0 = scheduler.clock }
                work.dispose()
            }
        }
        let observer = scheduler.start(disposed: 250) { trait }
        #expect(observer.events.isEmpty)
        #expect(cancelledAt.withLock { $0 } == 250)
        expectNoPendingWork(scheduler)
    }

    @Test("never, error and deferred exist for each trait")
    func factories() {
        expectMarbles("----") { _ in Single<String>.never() }
        expectMarbles("#") { _ in Maybe<String>.error(TestError("error")) }
        expectMarbles("|", values: none) { _ in Completable.deferred { .empty() } }
    }
}
