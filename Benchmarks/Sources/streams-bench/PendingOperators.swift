// TEMPORARY stand-ins for scan and flatMap until they land on main; delete after merging.
import Streams
import Synchronization

extension ObservableType {
    func scan<A: Sendable>(_ seed: A, _ accumulate: @escaping @Sendable (A, Element) -> A) -> Observable<A> {
        let source = asObservable()
        return Observable.create { observer in
            let state = Mutex(seed)
            return source.subscribe { event in
                switch event {
                case .next(let value):
                    let next = state.withLock { acc in acc = accumulate(acc, value); return acc }
                    observer.onNext(next)
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        }
    }

    func flatMap<R: Sendable>(_ select: @escaping @Sendable (Element) -> Observable<R>) -> Observable<R> {
        let source = asObservable()
        return Observable.create { observer in
            let lock = Mutex(())
            let group = CompositeDisposable()
            group.insert(source.subscribe { event in
                switch event {
                case .next(let value):
                    group.insert(select(value).subscribe { inner in
                        if case .next(let v) = inner { lock.withLock { _ in }; observer.onNext(v) }
                    })
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            })
            return group
        }
    }
}
