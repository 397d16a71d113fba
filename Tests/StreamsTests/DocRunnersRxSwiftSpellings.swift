import Synchronization
import StreamsTesting

/// The runners of the diagrams of the spellings RxSwift apps write: `combineLatest` and `zip` of
/// collections with a selector, `withUnretained`, and bindings into optional targets and binders.
extension DocRunners {
    static let rxSwiftSpellings: [String: Runner] = [
        "combineLatest([first, second]) { $0.joined() }": { inputs in
            Observable.combineLatest([inputs.source, inputs.second]) { $0.joined() }
        },
        "zip([first, second]) { $0.joined() }": { inputs in Observable.zip([inputs.source, inputs.second]) { $0.joined() } },
        // withUnretained: the object is released at the tick the diagram's note names.
        "withUnretained(object)": { inputs in
            inputs.source.withUnretained(DocObject.released(at: 4, on: inputs.scheduler)).map { $1 }
        },
        "withUnretained(object) { $1.uppercased() }": { inputs in
            inputs.source.withUnretained(DocObject.released(at: 4, on: inputs.scheduler)) { $1.uppercased() }
        },
        // Into optional targets and binders, drawn as what they drive.
        "bind(to: optionalSubject)": { inputs in
            let subject = Subject<String?>()
            _ = inputs.source.bind(to: subject)
            return subject.asObservable().map { $0 ?? "nil" }
        },
        "bind(to: optionalValue)": { inputs in
            let value = BehaviorValue<String?>("x")
            _ = inputs.source.bind(to: value)
            return value.asObservable().map { $0 ?? "nil" }
        },
        "bind(to: optionalRelay)": { inputs in
            let relay = PublishValue<String?>()
            _ = inputs.source.bind(to: relay)
            return relay.asObservable().map { $0 ?? "nil" }
        },
        "bind(to: binder)": { inputs in
            let calls = Subject<String>()
            _ = inputs.source.bind(to: Binder(nonisolated: DocObject.alive, scheduler: inputs.scheduler) { _, value in calls.onNext(value) })
            return calls.asObservable()
        },
    ]
}

/// An object for the diagrams that hold one weakly: a binder's target, `withUnretained`'s object.
final class DocObject: Sendable {
    /// One that lives as long as the tests.
    static let alive = DocObject()

    /// A new object, released when `scheduler` reaches `tick` (as `withUnretained`'s diagrams
    /// say in their notes): until then the scheduled release keeps it.
    static func released(at tick: Int, on scheduler: TestScheduler) -> DocObject {
        let object = DocObject()
        let holder = DocHolder(object)
        scheduler.scheduleAt(tick) { holder.release() }
        return object
    }
}

/// Holds an object strongly until `release()`.
private final class DocHolder: Sendable {
    private let object: Mutex<DocObject?>

    init(_ object: DocObject) {
        self.object = Mutex(object)
    }

    func release() {
        let released = object.withLock { $0.take() }
        _ = released
    }
}
