import Foundation
import Streams
import StreamsTesting
import Testing

@Suite("toBlocking(timeout:) in seconds and as a Duration")
struct BlockingTimeoutTests {
    @Test("toBlocking(timeout: 5) takes seconds, as RxBlocking does")
    func seconds() throws {
        #expect(try Observable.of(1, 2).toBlocking(timeout: 5).toArray() == [1, 2])
        let interval: TimeInterval = 2.5
        #expect(try Observable.just(1).toBlocking(timeout: interval).first() == 1)
    }

    @Test("toBlocking(timeout: .seconds(5)) and toBlocking() still take a Duration or nothing")
    func durationAndDefault() throws {
        #expect(try Observable.of(1, 2).toBlocking(timeout: .seconds(5)).toArray() == [1, 2])
        #expect(try Observable.of(1, 2).toBlocking().last() == 2)
        #expect(try Observable.of(1, 2).toBlocking(timeout: nil).first() == 1)
    }

    @Test("a timeout in seconds throws the timeout failure when the sequence does not end in time")
    func timesOut() {
        #expect(throws: BlockingObservable<Int>.Failure.timeout) {
            try Observable<Int>.never().toBlocking(timeout: 0.01).toArray()
        }
    }
}
