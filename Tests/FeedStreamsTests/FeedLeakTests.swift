import FeedStreams
import Streams
import StreamsTesting
import Testing

/// The feed's objects go away when their owner lets go: no cycle through a closure keeps the
/// view model's service, its inputs or the scroll simulator alive.
@Suite("No leaks: the feed")
struct FeedLeakTests {
    @Test("the view model, its service and its inputs are released when the screen lets go, even mid-request")
    func viewModel() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(100))
        weak var weakService: CatalogPhotoService?
        weak var weakBottom: Subject<Void>?
        do {
            let service = CatalogPhotoService(catalog: PhotoCatalog(count: 40), scheduler: scheduler, latency: .milliseconds(500))
            let load = Subject<Void>()
            let bottom = Subject<Void>()
            weakService = service
            weakBottom = bottom
            let viewModel = try FeedViewModel(
                input: .init(load: load, reachedBottom: bottom),
                dependencies: .init(service: service, scheduler: scheduler)
            )
            let bag = DisposeBag()
            viewModel.output.photos.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
            viewModel.output.isLoadingMore.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
            viewModel.output.error.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
            load.onNext(())
            try scheduler.advance(to: 10)
            bottom.onNext(())
            try scheduler.advance(to: 12)
            #expect(service.requests.count == 2, "page 2 is in flight when the screen goes away")
            // The bag goes away with the screen; so do the view model and the subjects.
        }
        #expect(weakService == nil)
        #expect(weakBottom == nil)
        expectNoPendingWork(scheduler)  // the request in flight was cancelled
    }

    @Test("a screen owning a scroll simulator wired to a view model is released with its owner, mid-script")
    func simulatorAndViewModel() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(1))
        weak var weakScreen: SimulatedScreen?
        weak var weakSimulator: ScrollSimulator?
        weak var weakService: CatalogPhotoService?
        do {
            let screen = SimulatedScreen(scheduler: scheduler)
            weakScreen = screen
            weakSimulator = screen.simulator
            weakService = screen.service
            screen.simulator.play([.wait(.milliseconds(600)), .fling(velocity: 6000), .scrollToBottom, .pullToRefresh])
                .subscribe(onNext: { _ in }).disposed(by: screen.bag)
            try scheduler.advance(to: 900)
            #expect(screen.service.requests.count >= 1)
        }
        #expect(weakScreen == nil)
        #expect(weakSimulator == nil)
        #expect(weakService == nil)
        expectNoPendingWork(scheduler)  // frames, the request in flight and timers were cancelled
    }
}

/// What an app's feed screen owns: a scroll view (the simulator), the view model over a
/// service, and the bag of the subscriptions that wire them into a loop.
private final class SimulatedScreen {
    let simulator: ScrollSimulator
    let service: CatalogPhotoService
    let viewModel: FeedViewModel
    let bag = DisposeBag()

    init(scheduler: TestScheduler) {
        simulator = ScrollSimulator(scheduler: scheduler)
        service = CatalogPhotoService(catalog: PhotoCatalog(count: 60), scheduler: scheduler)
        viewModel = try! FeedViewModel(
            input: .simulated(by: simulator),
            dependencies: .init(service: service, scheduler: scheduler)
        )
        // The loop: the photos lay out the simulator, whose geometry feeds the view model. The
        // closure holds the simulator strongly, as app code usually does.
        let simulator = simulator
        viewModel.output.photos.asObservable().subscribe(onNext: { simulator.setPhotos($0) }).disposed(by: bag)
        viewModel.output.showsScrollToTop.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
    }
}
