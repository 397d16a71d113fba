import Foundation
import Streams
import StreamsTesting
import Testing

/// A photo as the decode diagram and these tests decode it.
struct DecodedPhoto: Codable, Equatable, Sendable {
    let id: String
}

@Suite("decode")
struct DecodeTests {
    static func json(_ text: String) -> Data {
        Data(text.utf8)
    }

    @Test("decodes each value at its tick and completes with the source (RxSwift's testDecodeValidJSON)")
    func decodesEachValue() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Self.json(#"{"id": "a"}"#)),
            .next(220, Self.json(#"{"id": "b", "title": "ignored"}"#)),
            .completed(230),
        ])
        let observer = scheduler.start { source.decode(type: DecodedPhoto.self, decoder: JSONDecoder()) }
        #expect(observer.events == [.next(210, DecodedPhoto(id: "a")), .next(220, DecodedPhoto(id: "b")), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        expectNoPendingWork(scheduler)
    }

    @Test("a value that does not decode ends the sequence with the decoder's error (RxSwift's testDecodeInvalidJSON)")
    func invalidValueFails() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([
            .next(210, Self.json(#"{"id": "a"}"#)),
            .next(220, Self.json("[\n  {\n]")),
            .next(230, Self.json(#"{"id": "c"}"#)),
            .completed(240),
        ])
        let observer = scheduler.start { source.decode(type: DecodedPhoto.self, decoder: JSONDecoder()) }
        try #require(observer.events.count == 2)
        #expect(observer.events[0] == .next(210, DecodedPhoto(id: "a")))
        #expect(observer.events[1].time == 220)
        guard case .error(let error) = observer.events[1].value else {
            Issue.record("expected an error at 220, got \(observer.events[1])")
            return
        }
        #expect(error is DecodingError)
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("the source's error passes through")
    func sourceError() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(210, Self.json(#"{"id": "a"}"#)), .error(220, TestError("up"))])
        let observer = scheduler.start { source.decode(type: DecodedPhoto.self, decoder: JSONDecoder()) }
        #expect(observer.events == [.next(210, DecodedPhoto(id: "a")), .error(220, TestError("up"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }

    @Test("a marble diagram: x is not JSON")
    func marbles() {
        expectMarbles("-a-b-#", values: ["a": "a", "b": "b"]) { m in
            m.hot("-a-b-x-b-|", subscriptions: "^----!")
                .map { Self.json($0 == "x" ? "not JSON" : #"{"id": "\#($0)"}"#) }
                .decode(type: DecodedPhoto.self, decoder: JSONDecoder())
                .map(\.id)
                .catch { .error($0 is DecodingError ? TestError("error") : $0) }
        }
    }

    /// A decoder of one's own: JSON, counting the bytes it was given.
    struct CountingDecoder: DataDecoder {
        let sizes = Recorder<Int>()

        func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
            sizes.append(data.count)
            return try JSONDecoder().decode(type, from: data)
        }
    }

    @Test("any DataDecoder, called once per value; PropertyListDecoder too")
    func otherDecoders() throws {
        let counting = CountingDecoder()
        let decoded = try Observable.of(Self.json(#"{"id": "a"}"#), Self.json(#"{"id":"bb"}"#))
            .decode(type: DecodedPhoto.self, decoder: counting)
            .toBlocking().toArray()
        #expect(decoded == [DecodedPhoto(id: "a"), DecodedPhoto(id: "bb")])
        #expect(counting.sizes.items == [11, 11])
        let plist = try PropertyListEncoder().encode(DecodedPhoto(id: "p"))
        #expect(try Observable.just(plist).decode(type: DecodedPhoto.self, decoder: PropertyListDecoder()).toBlocking().toArray()
            == [DecodedPhoto(id: "p")])
    }

    @Test("disposal unsubscribes at its tick")
    func disposal() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable([.next(10, Self.json(#"{"id": "a"}"#)), .next(30, Self.json(#"{"id": "b"}"#))])
        let observer = scheduler.start(disposed: 220) { source.decode(type: DecodedPhoto.self, decoder: JSONDecoder()) }
        #expect(observer.events == [.next(210, DecodedPhoto(id: "a"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        expectNoPendingWork(scheduler)
    }
}
