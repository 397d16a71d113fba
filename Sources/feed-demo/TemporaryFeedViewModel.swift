// TEMPORARY stand-in for the lead's FeedViewModel, so the demo can be built and tuned before it
// lands on main. Delete this file when FeedStreams' FeedViewModel arrives.
import FeedStreams
import Streams
import Synchronization

final class FeedViewModel: Sendable {
    struct Input: Sendable {
        var load: Observable<Void>
        var refresh: Observable<Void>
        var reachedBottom: Observable<Void>
        var selection: Observable<Int>
        var contentOffset: Observable<Double>
    }

    struct Dependencies: Sendable {
        var service: any PhotoService
        var scheduler: any Scheduler
        var perPage: Int
        var loadMoreThrottle: Duration
        var scrollToTopThreshold: Double
    }

    struct Output: Sendable {
        var state: Observable<FeedState>
        var photos: Observable<[Photo]>
        var showsScrollToTop: Observable<Bool>
    }

    let output: Output

    init(input: Input, dependencies: Dependencies) {
        enum Trigger: Sendable {
            case event(FeedState.Event)
        }
        let triggers = Observable.merge(
            input.load.map { FeedState.Event.load },
            input.refresh.map { FeedState.Event.refresh },
            input.reachedBottom.throttle(dependencies.loadMoreThrottle, latest: false, scheduler: dependencies.scheduler)
                .map { FeedState.Event.reachedBottom },
            input.selection.map { FeedState.Event.selected(index: $0) }
        )
        let state = Observable<FeedState>.create { observer in
            let current = Mutex(FeedState())
            let requests = CompositeDisposable()
            @Sendable func send(_ event: FeedState.Event) {
                let (next, started) = current.withLock { state -> (FeedState, PageRequest?) in
                    let before = state.inFlight
                    state = FeedState.reduce(state, event)
                    return (state, state.inFlight != before ? state.inFlight : nil)
                }
                observer.onNext(next)
                if let request = started {
                    _ = requests.insert(dependencies.service.photos(page: request.page, perPage: dependencies.perPage)
                        .subscribe { result in
                            switch result {
                            case .success(let page): send(.loaded(request, page))
                            case .failure(let error): send(.failed(request, FeedError(describing: error)))
                            }
                        })
                }
            }
            observer.onNext(FeedState())
            let subscription = triggers.subscribe(onNext: { send($0) })
            return Disposables.create(subscription, requests)
        }.share(replay: 1)
        output = Output(
            state: state,
            photos: state.filter { $0.change != nil }.map(\.photos),
            showsScrollToTop: input.contentOffset.map { $0 > dependencies.scrollToTopThreshold }.distinctUntilChanged()
        )
    }
}
