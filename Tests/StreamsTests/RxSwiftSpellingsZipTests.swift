import Streams
import StreamsTesting
import Testing

/// `zip` as RxSwift 6 ends it, `zip` of singles and maybes at every RxSwift arity and over a
/// collection, and the collection forms of `concat` and `merge`, written as RxSwift's tests and
/// apps write them: `TestScheduler(initialClock: 0)`, `start { … }`, `AnyCollection`,
/// `toBlocking()`.
@Suite("RxSwift's spellings: zip's completion, trait zip, and collections of sources")
struct RxSwiftSpellingsZipTests {
    // MARK: Observable.zip ends when every source has

    /// `count` hot sources: source `i` emits `i + 1` at 210 and completes at `220 + 10 × i`.
    static func staggered(_ scheduler: TestScheduler, count: Int) -> [TestableObservable<Int>] {
        (0..<count).map { scheduler.createHotObservable([.next(150, 0), .next(210, $0 + 1), .completed(220 + 10 * $0)]) }
    }

    /// Every arity RxSwift has, with a selector and as a tuple, and the collection forms.
    static let arities: [(name: String, count: Int, zip: @Sendable ([Observable<Int>]) -> Observable<Int>)] = [
        ("2", 2, { s in Observable.zip(s[0], s[1]) { $0 + $1 } }),
        ("2 tuple", 2, { s in Observable.zip(s[0], s[1]).map { $0 + $1 } }),
        ("3", 3, { s in Observable.zip(s[0], s[1], s[2]) { $0 + $1 + $2 } }),
        ("4", 4, { s in Observable.zip(s[0], s[1], s[2], s[3]) { $0 + $1 + $2 + $3 } }),
        ("4 tuple", 4, { s in Observable.zip(s[0], s[1], s[2], s[3]).map { $0 + $1 + $2 + $3 } }),
        ("5", 5, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4]) { $0 + $1 + $2 + $3 + $4 } }),
        ("6", 6, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5].reduce(0, +) } }),
        ("7", 7, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) } }),
        ("8", 8, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) } }),
        ("array", 3, { s in Observable.zip(s).map { $0.reduce(0, +) } }),
        ("AnyCollection", 3, { s in Observable.zip(AnyCollection(s)).map { $0.reduce(0, +) } }),
        ("collection with a selector", 5, { s in Observable.zip(AnyCollection(s)) { $0.reduce(0, +) } }),
    ]

    @Test("every arity completes when the last source completes, and each source is unsubscribed at its own completion",
          arguments: 0..<arities.count)
    func completesWithTheLastSource(_ index: Int) {
        let (name, count, zip) = Self.arities[index]
        let scheduler = TestScheduler(initialClock: 0)
        let sources = Self.staggered(scheduler, count: count)
        let res = scheduler.start { zip(sources.map { $0.asObservable() }) }
        let last = 220 + 10 * (count - 1)
        #expect(res.events == [.next(210, count * (count + 1) / 2), .completed(last)], "\(name)")
        for (i, source) in sources.enumerated() {
            #expect(source.subscriptions == [Subscription(200, 220 + 10 * i)], "\(name), source \(i)")
        }
    }

    @Test("a source that completes empty while the other never ends: no completion, the other stays subscribed")
    func emptyAndNever() {
        for emptyFirst in [true, false] {
            let scheduler = TestScheduler(initialClock: 0)
            let empty = scheduler.createHotObservable([.next(150, 1), .completed(230)])
            let never = scheduler.createHotObservable([.next(150, 1)])
            let res = scheduler.start {
                emptyFirst ? Observable.zip(empty, never) { $0 + $1 } : Observable.zip(never, empty) { $0 + $1 }
            }
            #expect(res.events == [])
            #expect(empty.subscriptions == [Subscription(200, 230)])
            #expect(never.subscriptions == [Subscription(200, 1000)])
        }
    }

    @Test("a source that completes empty while the other keeps emitting: its values wait, and nothing ends until it completes")
    func emptyAndValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(205, Int.self)])
        let values = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { Observable.zip(empty, values) { $0 + $1 } }
        #expect(res.events == [.completed(300)])
        #expect(empty.subscriptions == [Subscription(200, 205)])
        #expect(values.subscriptions == [Subscription(200, 300)])
    }

    @Test("values still waiting when every source has completed are dropped")
    func leftoverValuesAreDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.next(150, 0), .next(210, 3), .completed(215)])
        let right = scheduler.createHotObservable([.next(150, 0), .next(212, 4), .next(214, 5), .completed(240)])
        let res = scheduler.start { Observable.zip(left, right) { $0 * 10 + $1 } }
        #expect(res.events == [.next(212, 34), .completed(240)])
        #expect(left.subscriptions == [Subscription(200, 215)])
        #expect(right.subscriptions == [Subscription(200, 240)])
    }

    @Test("a collection ends at a value that finds every other source completed, as RxSwift's collection zip does")
    func collectionEndsAtAnUnpairableValue() {
        let factories: [([TestableObservable<Int>]) -> Observable<[Int]>] = [
            { Observable.zip($0.map { $0.asObservable() }) },
            { Observable.zip(AnyCollection($0)) },
            { sources in Observable.zip(sources) { $0 } },
        ]
        for factory in factories {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(250)])
            let b = scheduler.createHotObservable([.next(220, 2), .next(250, 5), .next(270, 7), .next(290, 8), .completed(400)])
            let c = scheduler.createHotObservable([.next(230, 3), .next(245, 6), .next(260, 9), .completed(280)])
            let res = scheduler.start { factory([a, b, c]) }
            // At 270, 7 waits for a, which is done with nothing left, but c is still running: it
            // waits. At 280 c completes; 8 at 290 finds both others done, so the zip ends there.
            #expect(res.events == [.next(230, [1, 2, 3]), .next(250, [4, 5, 6]), .completed(290)])
            #expect(a.subscriptions == [Subscription(200, 250)])
            #expect(b.subscriptions == [Subscription(200, 290)])
            #expect(c.subscriptions == [Subscription(200, 280)])
        }
    }

    @Test("the typed forms keep such a value waiting, as RxSwift's do, and end with the last source")
    func typedFormsWaitForTheLastSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let b = scheduler.createHotObservable([.next(215, 2), .next(230, 3), .completed(260)])
        let res = scheduler.start { Observable.zip(a, b) { [$0, $1] } }
        #expect(res.events == [.next(215, [1, 2]), .completed(260)])
        #expect(b.subscriptions == [Subscription(200, 260)])
    }

    @Test("an empty collection completes at subscription")
    func emptyCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.zip(AnyCollection([Observable<Int>]())) }
        #expect(res.events == [.completed(200)])
    }

    // MARK: Single.zip and Maybe.zip, 2 to 8 and over collections

    @Test("Single.zip and Maybe.zip of four to eight, with a selector and as tuples, as RxSwift writes them")
    func traitArities() throws {
        let s4: Single<Int> = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4)) { $0 + $1 + $2 + $3 }
        let s4t: Single<Int> = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4)).map { $0 + $1 + $2 + $3 }
        let s5: Single<Int> = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5)) { $0 + $1 + $2 + $3 + $4 }
        let s5t: Single<Int> = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5)).map { $0 + $1 + $2 + $3 + $4 }
        let s6 = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5), Single.just(6))
            .map { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) -> Int in a + b + c + d + e + f }
        let s7: Single<Int> = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5), Single.just(6), Single.just(7)) { $0 + $1 + $2 + $3 + $4 + $5 + $6 }
        let s8 = Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5), Single.just(6), Single.just(7), Single.just(8))
            .map { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> Int in a + b + c + d + e + f + g + h }
        #expect(try [s4, s4t, s5, s5t, s6, s7, s8].map { try $0.toBlocking().first()! } == [10, 10, 15, 15, 21, 28, 36])

        let m4: Maybe<Int> = Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3), Maybe.just(4)) { $0 + $1 + $2 + $3 }
        let m5t: Maybe<Int> = Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3), Maybe.just(4), Maybe.just(5)).map { $0 + $1 + $2 + $3 + $4 }
        let m6 = Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3), Maybe.just(4), Maybe.just(5), Maybe.just(6)) {
            [$0, $1, $2, $3, $4, $5].reduce(0, +)
        }
        let m7 = Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3), Maybe.just(4), Maybe.just(5), Maybe.just(6), Maybe.just(7))
            .map { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) -> Int in a + b + c + d + e + f + g }
        let m8: Maybe<Int> = Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3), Maybe.just(4), Maybe.just(5), Maybe.just(6), Maybe.just(7), Maybe.just(8)) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        #expect(try [m4, m5t, m6, m7, m8].map { try $0.toBlocking().first()! } == [10, 15, 21, 28, 36])
    }

    @Test("Single.zip of five succeeds when the last succeeds; the first failure fails it and disposes the others")
    func traitAritiesOnTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let singles = (0..<5).map { scheduler.createColdObservable([.next(10 * ($0 + 1), $0), .completed(10 * ($0 + 1))]) }
        let res = scheduler.start {
            Single.zip(singles[0].asSingle(), singles[1].asSingle(), singles[2].asSingle(), singles[3].asSingle(), singles[4].asSingle())
                .map { "\($0)\($1)\($2)\($3)\($4)" }
        }
        #expect(res.events == [.next(250, "01234"), .completed(250)])

        let failing = TestScheduler(initialClock: 0)
        let slow = failing.createColdObservable([.next(50, 1), .completed(50)])
        let broken = failing.createColdObservable([.error(20, TestError("down"), Int.self)])
        let failed = failing.start {
            Single.zip(slow.asSingle(), slow.asSingle(), broken.asSingle(), slow.asSingle()) { $0 + $1 + $2 + $3 }
        }
        #expect(failed.events == [.error(220, TestError("down"))])
        #expect(slow.subscriptions == [Subscription(200, 220), Subscription(200, 220), Subscription(200, 220)])
    }

    @Test("a maybe zip completes empty once every maybe has ended; if one never ends, neither does the zip")
    func maybeEndsWhenAllHave() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(210, String.self)])
        let later = scheduler.createHotObservable([.next(230, "a"), .completed(230)])
        let res = scheduler.start { Maybe.zip(empty.asMaybe(), later.asMaybe()) { $0 + $1 } }
        #expect(res.events == [.completed(230)])
        #expect(later.subscriptions == [Subscription(200, 230)])

        let waiting = TestScheduler(initialClock: 0)
        let none = waiting.createHotObservable([.completed(210, String.self)])
        let never = waiting.createHotObservable([.next(150, "x")])
        let forever = waiting.start { Maybe.zip(none.asMaybe(), never.asMaybe(), none.asMaybe(), none.asMaybe()) { $0 + $1 + $2 + $3 } }
        #expect(forever.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])
    }

    @Test("Single.zip(collection) with a selector, of an array or an AnyCollection, and with none")
    func singleCollections() throws {
        let collection = [Single<Int>.just(1), Single<Int>.just(2), Single<Int>.just(3)]
        let singleResult: Single<Int> = Single.zip(collection) { $0.reduce(0, +) }
        #expect(try singleResult.toBlocking().first()! == 6)
        let anyCollection = Single.zip(AnyCollection(collection)) { $0.map(String.init).joined() }
        #expect(try anyCollection.toBlocking().first()! == "123")
        let tuple: Single<[Int]> = Single.zip(AnyCollection(collection))
        #expect(try tuple.toBlocking().first()! == [1, 2, 3])
        let maybes = Maybe.zip(AnyCollection([Maybe.just("a"), Maybe.just("b")])) { $0.joined() }
        #expect(try maybes.toBlocking().first()! == "ab")
    }

    @Test("an empty collection: the selector gets [] at subscription, and its error fails the single")
    func emptyTraitCollection() throws {
        let empty: [Single<Int>] = []
        let singleResult = Single.zip(empty) { $0.reduce(0, +) }
        #expect(try singleResult.toBlocking().first()! == 0)
        #expect(try Single.zip(empty).toBlocking().first()! == [])

        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.zip(AnyCollection(empty)) { _ -> Int in throw TestError("selector") } }
        #expect(res.events == [.error(200, TestError("selector"))])
    }

    @Test("a list of singles on the clock: the later success, and each single unsubscribed at its own")
    func singleCollectionOnTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(230, 1), .completed(230)])
        let second = scheduler.createHotObservable([.next(210, 2), .completed(210)])
        let res = scheduler.start { Single.zip(AnyCollection([first.asSingle(), second.asSingle()])) { $0[0] * 10 + $0[1] } }
        #expect(res.events == [.next(230, 12), .completed(230)])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(200, 210)])
    }

    // MARK: Completable's zip and concat over collections

    @Test("Completable.zip over an AnyCollection, an array, or its arguments: the last completion, each unsubscribed at its own")
    func completableZip() {
        let factories: [(Completable, Completable) -> Completable] = [
            { Completable.zip($0, $1) },
            { Completable.zip([$0, $1]) },
            { Completable.zip(AnyCollection([$0, $1])) },
        ]
        for factory in factories {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.completed(240, Never.self), .error(250, TestError("late"))])
            let second = scheduler.createHotObservable([.completed(290, Never.self)])
            let res = scheduler.start { factory(first.asCompletable(), second.asCompletable()) }
            #expect(res.events == [.completed(290)])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(200, 290)])
        }
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Completable.zip(AnyCollection([Completable.empty(), Completable.empty()])) }.events == [.completed(200)])
    }

    @Test("Completable.concat over a sequence or a collection, and first.concat(second): the second subscribed when the first completes")
    func completableConcat() {
        let factories: [(Completable, Completable) -> Completable] = [
            { Completable.concat($0, $1) },
            { Completable.concat([$0, $1]) },
            { Completable.concat(AnyCollection([$0, $1])) },
            { Completable.concat(AnySequence([$0, $1])) },
            { $0.concat($1) },
        ]
        for factory in factories {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createHotObservable([.completed(240, Never.self), .error(250, TestError("late"))])
            let second = scheduler.createHotObservable([.completed(290, Never.self)])
            let res = scheduler.start { factory(first.asCompletable(), second.asCompletable()) }
            #expect(res.events == [.completed(290)])
            #expect(first.subscriptions == [Subscription(200, 240)])
            #expect(second.subscriptions == [Subscription(240, 290)])
        }
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Completable.empty().concat(Completable.empty()) }.events == [.completed(200)])
        let sequence = TestScheduler(initialClock: 0)
        #expect(sequence.start { Completable.concat(AnySequence([Completable.empty()])) }.events == [.completed(200)])
    }

    @Test("first.concat(second) fails with the first's error and never subscribes the second")
    func completableConcatFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.error(230, TestError("save"), Never.self)])
        let second = scheduler.createHotObservable([.completed(290, Never.self)])
        let res = scheduler.start { first.asCompletable().concat(second.asCompletable()) }
        #expect(res.events == [.error(230, TestError("save"))])
        #expect(second.subscriptions == [])
    }

    // MARK: Observable.merge and Observable.concat over collections

    @Test("Observable.merge() of nothing, of an empty AnyCollection and of an empty array completes at once")
    func mergeEmpty() {
        let factories: [() -> Observable<Int>] = [
            { Observable.merge() },
            { Observable.merge(AnyCollection([])) },
            { Observable.merge([]) },
        ]
        for factory in factories {
            let scheduler = TestScheduler(initialClock: 0)
            #expect(scheduler.start(factory).events == [Recorded.completed(200, Int.self)])
        }
    }

    @Test("Observable.merge(AnyCollection) interleaves, and completes with the last source")
    func mergeCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let second = scheduler.createHotObservable([.next(220, 2), .completed(260)])
        let res = scheduler.start { Observable.merge(AnyCollection([first.asObservable(), second.asObservable()])) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(260)])
        #expect(first.subscriptions == [Subscription(200, 240)])
        #expect(second.subscriptions == [Subscription(200, 260)])
    }

    @Test("Observable.concat(AnySequence) and (AnyCollection): one after another; an empty one completes at once")
    func concatCollections() {
        let factories: [(Observable<Int>, Observable<Int>) -> Observable<Int>] = [
            { Observable.concat(AnySequence([$0, $1])) },
            { Observable.concat(AnyCollection([$0, $1])) },
        ]
        for factory in factories {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let second = scheduler.createColdObservable([.next(5, 2), .completed(10)])
            let res = scheduler.start { factory(first.asObservable(), second.asObservable()) }
            #expect(res.events == [.next(210, 1), .next(225, 2), .completed(230)])
            #expect(second.subscriptions == [Subscription(220, 230)])
        }
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable<Int>.concat(AnySequence([])) }.events == [.completed(200)])
    }
}
