// TEMPORARY stand-in for flatMap until it lands on main; delete this file after merging.
import Streams
import Synchronization

extension ObservableType {
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
