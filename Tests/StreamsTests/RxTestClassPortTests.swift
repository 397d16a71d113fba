// An ordinary RxTest test class, as an RxSwift user writes it, ported with nothing but the
// compiler's fix-its: the two imports of RxSwift and RxTest became `import StreamsTesting`,
// `PublishSubject` became `Subject`, and `BehaviorRelay(value:)` became `BehaviorValue(_:)`.
// Its RxTest original is in Sources/Streams/Streams.docc/ComingFromRxTest.md, which quotes
// this class and checks that the quote still matches.
import XCTest
import StreamsTesting

final class PhotoSearchRxTests: XCTestCase {
    var scheduler: TestScheduler!
    var disposeBag: DisposeBag!

    override func setUp() {
        super.setUp()
        scheduler = TestScheduler(initialClock: 0)
        disposeBag = DisposeBag()
    }

    override func tearDown() {
        disposeBag = nil
        scheduler = nil
        super.tearDown()
    }

    func testQueriesAreTrimmedAndLowercased() {
        let queries = scheduler.createHotObservable([
            .next(150, "Ignored"),
            .next(210, " Cats "),
            .next(220, "DOGS"),
            .completed(230),
        ])

        let res = scheduler.start {
            queries.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }

        XCTAssertEqual(res.events, [.next(210, "cats"), .next(220, "dogs"), .completed(230)])
        XCTAssertEqual(queries.subscriptions, [Subscription(200, 230)])
    }

    func testANewQueryCancelsTheRunningSearch() {
        let queries = scheduler.createHotObservable([.next(210, "cats"), .next(240, "dogs")])
        let search = scheduler.createColdObservable([.next(50, ["photo 1", "photo 2"]), .completed(50)])

        let res = scheduler.start(disposed: 400) {
            queries.flatMapLatest { _ in search }
        }

        XCTAssertEqual(res.events, [.next(290, ["photo 1", "photo 2"])])
        XCTAssertEqual(search.subscriptions, [Subscription(210, 240), Subscription(240, 290)])
    }

    func testTheObserverRecordsWhatTheSubjectSends() {
        let taps = Subject<Int>()
        let observer = scheduler.createObserver(Int.self)
        taps.map { $0 * 10 }
            .subscribe(observer)
            .disposed(by: disposeBag)

        scheduler.scheduleAt(10) { taps.onNext(1) }
        scheduler.scheduleAt(20) { taps.onNext(2) }
        scheduler.scheduleAt(30) { taps.onCompleted() }

        scheduler.advanceTo(25)
        XCTAssertEqual(observer.events, [.next(10, 10), .next(20, 20)])

        scheduler.start()
        XCTAssertEqual(observer.events, [.next(10, 10), .next(20, 20), .completed(30)])
    }

    func testARelayBindsToTheObserver() {
        let title = BehaviorValue("Photos")
        let observer = scheduler.createObserver(String.self)
        title.bind(to: observer).disposed(by: disposeBag)

        scheduler.scheduleAt(100) { title.accept("Cats") }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(0, "Photos"), .next(100, "Cats")])
    }

    func testSearchingIsDebounced() {
        let scheduler = self.scheduler!
        let typing = scheduler.createHotObservable([
            .next(210, "c"), .next(211, "ca"), .next(212, "cat"), .next(300, "cats"), .completed(400),
        ])

        let res = scheduler.start {
            typing.debounce(.seconds(5), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(217, "cat"), .next(305, "cats"), .completed(400)])
    }
}
