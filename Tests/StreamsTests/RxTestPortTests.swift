import StreamsTesting
import XCTest

/// Tests ported line by line from RxSwift's own suite (RxTest vocabulary, XCTest): the same
/// events and the same subscription logs.
final class RxTestPortTests: XCTestCase {
    private static func isPrime(_ number: Int) -> Bool {
        number > 1 && !(2..<max(number, 2)).contains { $0 * $0 <= number && number.isMultiple(of: $0) }
    }

    /// RxSwift's `testFilter_Complete`: a hot source that keeps sending after its completion.
    func testFilterComplete() throws {
        let scheduler = TestScheduler()
        let invoked = Recorder<Int>()
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
            .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600),
            .next(610, 12), .error(620, TestError()), .completed(630),
        ])
        let res = scheduler.start { xs.filter { invoked.append($0); return Self.isPrime($0) } }
        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .next(390, 7), .next(580, 11), .completed(600)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(invoked.items.count, 9)
    }

    /// RxSwift's `testFilter_Dispose`: disposed at 400 by `start(disposed:)`.
    func testFilterDispose() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
            .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600),
        ])
        let res = scheduler.start(disposed: 400) { xs.filter(Self.isPrime) }
        XCTAssertEqual(res.events, [.next(230, 3), .next(340, 5), .next(390, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    /// A cold source under `start`: RxTest logs the subscription as ending at the completion.
    func testColdSourceEndsAtCompletion() throws {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 42), .completed(20)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        XCTAssertEqual(res.events, [.next(210, 43), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
