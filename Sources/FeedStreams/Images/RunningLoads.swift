import Streams
import Synchronization

extension Observable where Element == ImageState {
    /// Runs the loads each state lists, and reports their answers as events.
    ///
    /// A load is subscribed when a state first lists it and disposed when a state no longer
    /// does, while that state is being delivered: a load the rule cancels is cancelled in the
    /// same instant. Answers are moved to `scheduler`, where the rule runs.
    ///
    /// The loads running live in one dictionary behind one `Mutex`; each state is compared with
    /// it under the lock (lock → decide → unlock), and the loader is called and subscriptions
    /// disposed after the lock is released (act).
    func runningLoads(loader: any ImageLoader, scheduler: any Scheduler) -> Observable<ImageEvent> {
        let states = self
        return Observable<ImageEvent>.create { observer in
            let running = Mutex<[Int: SerialDisposable]>([:])
            let subscription = states.subscribe(onNext: { state in
                let (ended, started) = running.withLock { running -> ([SerialDisposable], [(ImageLoad, SerialDisposable)]) in
                    let listed = Set(state.loads.map(\.id))
                    // In the order the loads started, so that logs read the same on every run.
                    let ended = running.filter { !listed.contains($0.key) }.sorted { $0.key < $1.key }
                    for (id, _) in ended { running[id] = nil }
                    let started = state.loads.filter { running[$0.id] == nil }.map { ($0, SerialDisposable()) }
                    for (load, slot) in started { running[load.id] = slot }
                    return (ended.map(\.value), started)
                }
                for slot in ended { slot.dispose() }
                for (load, slot) in started {
                    slot.disposable = loader.image(for: load.request).asObservable()
                        .map { ImageEvent.loaded(load, $0) }
                        .catch { .just(.failed(load, FeedError(describing: $0))) }
                        .observe(on: scheduler)
                        .subscribe(onNext: { observer.onNext($0) })
                }
            })
            return Disposables.create {
                subscription.dispose()
                let all = running.withLock { running in
                    defer { running = [:] }
                    return running.sorted { $0.key < $1.key }.map(\.value)
                }
                for slot in all { slot.dispose() }
            }
        }
    }
}
