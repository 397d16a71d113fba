import Streams
import StreamsTesting
import Testing

/// A `Single` goes wherever an operator takes another sequence, without `asObservable()`: each
/// test below passes one straight in, and checks the timeline and, where the operator disposes
/// a request, the request's subscriptions.
@Suite("Single composes with the observable operators")
struct SingleCompositionTests {
    @Test("flatMap: a request per value, all running, each answer as it arrives")
    func flatMap() {
        expectMarbles("---A-B--|") { m in
            let request = m.cold("--(r|)", subscriptions: "-^-!", "---^-!")
            return m.hot("-a-b----|").flatMap { value in request.asSingle().map { _ in value.uppercased() } }
        }
    }

    @Test("flatMapLatest: a newer value disposes the request before it")
    func flatMapLatest() {
        expectMarbles("------B-|") { m in
            let request = m.cold("---(r|)", subscriptions: "-^-!", "---^--!")
            return m.hot("-a-b----|").flatMapLatest { value in request.asSingle().map { _ in value.uppercased() } }
        }
    }

    @Test("flatMapFirst: values while a request runs are dropped")
    func flatMapFirst() {
        expectMarbles("----A-------C|") { m in
            let request = m.cold("---(r|)", subscriptions: "-^--!", "---------^--!")
            return m.hot("-a-b-----c---|").flatMapFirst { value in request.asSingle().map { _ in value.uppercased() } }
        }
    }

    @Test("concatMap: one request at a time, in order")
    func concatMap() {
        expectMarbles("---A-B---|") { m in
            let request = m.cold("--(r|)", subscriptions: "-^-!", "---^-!")
            return m.hot("-ab------|").concatMap { value in request.asSingle().map { _ in value.uppercased() } }
        }
    }

    @Test("merge(): an observable of singles")
    func mergeInner() {
        expectMarbles("---r-r-|") { m in
            let request = m.cold("--(r|)").asSingle()
            return m.hot("-a-b---|").map { _ in request }.merge()
        }
    }

    @Test("concat(_:): a single after an observable")
    func concatSecond() {
        expectMarbles("-a---(b|)") { m in
            m.hot("-a-|").concat(m.cold("--(b|)", subscriptions: "---^-!").asSingle())
        }
    }

    @Test("withLatestFrom: a single's value, once it has arrived")
    func withLatestFrom() {
        expectMarbles("-----x-x|") { m in
            m.hot("-a---b-c|").withLatestFrom(m.hot("--(x|)").asSingle())
        }
    }

    @Test("zip: an observable's first value with a single's; it completes when the observable does")
    func zip() {
        expectMarbles("---A-|", values: ["A": "ax"]) { m in
            Observable.zip(m.hot("-a-b-|"), m.hot("---(x|)").asSingle()) { $0 + $1 }
        }
    }

    @Test("combineLatest: each value with a single's")
    func combineLatest() {
        expectMarbles("--AB-|", values: ["A": "ax", "B": "bx"]) { m in
            Observable.combineLatest(m.hot("-a-b-|"), m.hot("--(x|)").asSingle()) { $0 + $1 }
        }
    }

    @Test("Observable.merge of an array of singles runs them at once")
    func mergeArray() {
        expectMarbles("-b(a|)") { m in
            Observable.merge([m.cold("--(a|)", subscriptions: "^-!").asSingle(), m.cold("-(b|)", subscriptions: "^!").asSingle()])
        }
    }

    @Test("Observable.concat of an array of singles runs them one after another")
    func concatArray() {
        expectMarbles("--a(b|)") { m in
            Observable.concat([m.cold("--(a|)", subscriptions: "^-!").asSingle(), m.cold("-(b|)", subscriptions: "--^!").asSingle()])
        }
    }

    @Test("merge and concat of any sequence of singles; an empty one completes at once")
    func otherSequences() {
        expectMarbles("-(ab|)") { m in
            let requests = ["a", "b"].lazy.map { glyph in m.cold("-(\(glyph)|)").asSingle() }
            return Observable.merge(requests)
        }
        expectMarbles("|") { _ in Observable.concat([Single<String>]()) }
        expectMarbles("|") { _ in Observable.merge([Single<String>]()) }
    }

    @Test("a Driver and a Signal go straight into withLatestFrom and flatMapLatest too")
    func driverAndSignal() {
        expectMarbles("-----x|") { m in
            m.hot("-a---b|").withLatestFrom(m.hot("--x|").asDriver(onErrorJustReturn: "?", scheduler: m.scheduler))
        }
        expectMarbles("---x-y|") { m in
            let taps = m.hot("---x-y|").asSignal(onErrorJustReturn: "?", scheduler: m.scheduler)
            return m.hot("-a-|").flatMapLatest { _ in taps }
        }
    }

    @Test("the array and variadic forms of observables still resolve to their own overloads")
    func observableForms() {
        expectMarbles("-a-b|") { m in
            let first: Observable<String> = m.cold("-a|").asObservable()
            let second: Observable<String> = m.cold("-b|").asObservable()
            return Observable.concat(first, second)
        }
        expectMarbles("-ab-|") { m in
            Observable.merge([m.cold("-a|").asObservable(), m.cold("--b-|").asObservable()])
        }
    }
}
