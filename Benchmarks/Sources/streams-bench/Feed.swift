import FeedStreams
import Streams

// W6: the feed end to end. FeedStreams' FeedViewModel and ScrollSimulator on a TestScheduler,
// scrolled to the bottom page after page against a service that never runs out of photos.

/// The page size W6 asks for: 20 photos make a page taller than the simulator's screen and the
/// feed's prefetch distance, so that every page needs a scroll (with 10, the feed fills the
/// screen with a second page by itself, and the pages no longer match the scrolls).
let feedPerPage = 20

/// The feed's rules in W6: the default ones, but no request budget worth the name. The scripted
/// user asks for a page every 600 ms or so, faster than the default bound of 60 a minute, which
/// would then make the feed wait (as it should) and the run load fewer pages.
let feedConfiguration = FeedConfiguration(perPage: feedPerPage, maxRequestsPerMinute: 1_000_000)

/// W6 at one length: `pages` pages loaded by scrolling, Streams only.
///
/// One run subscribes the outputs an app screen would (the photos into the simulator, the
/// changes, the spinners, the error, the scroll-to-top button), then times playing a script
/// that waits for the first page and then scrolls to the bottom and waits, `pages − 1` times, on
/// virtual time until nothing is left to do. Per page that is: about 20 animation frames, each a
/// geometry through the reducer and the state shared to every output, the level turning to
/// "wants more", a request and its answer 100 ms later on the scheduler, and the new items laid
/// out. The run checks that exactly `pages` pages arrived.
///
/// The run reports the photos it holds at the end, so the counted run gives heap bytes held
/// per photo: the feed's own storage (the state's array and id set, the layout's frames, what
/// the streams keep), not the photos' strings, which the service shares with its catalog.
///
/// Runs take seconds (W6a) to minutes (W6b), so they are few, without warm-up, and allocations
/// are counted during the timed runs; W6b runs only when named in `--only`.
func feedEndToEnd(id: String, pages: Int, runsByDefault: Bool) -> Workload {
    let catalog = PhotoCatalog()
    let script: [ScrollStep] = [.wait(.milliseconds(200))]
        + Array(repeating: [ScrollStep.scrollToBottom, .wait(.milliseconds(400))], count: pages - 1).joined()
    var workload = Workload(
        id: id, title: "the feed end to end, \(pages) pages", unit: "page", units: pages,
        floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: nil, reportsAllocations: true,
        runs: [
            .streams: { meter in
                let scheduler = TestScheduler(resolution: .milliseconds(1), stepLimit: .max)
                let service = EndlessPhotoService(catalog: catalog, scheduler: scheduler, latency: .milliseconds(100))
                let simulator = ScrollSimulator(scheduler: scheduler)
                let viewModel: FeedViewModel
                do {
                    viewModel = try FeedViewModel(
                        input: .simulated(by: simulator),
                        dependencies: .init(service: service, scheduler: scheduler, configuration: feedConfiguration)
                    )
                } catch {
                    fatalError("W6: \(error)")
                }
                let output = viewModel.output
                let sink = Counter()
                let bag = DisposeBag()
                output.photos.asObservable().subscribe(onNext: { simulator.setPhotos($0) }).disposed(by: bag)
                output.changes.asObservable().subscribe(onNext: { _ in sink.add(1) }).disposed(by: bag)
                output.isLoadingMore.asObservable().subscribe(onNext: { sink.add($0 ? 1 : 0) }).disposed(by: bag)
                output.isRefreshing.asObservable().subscribe(onNext: { sink.add($0 ? 1 : 0) }).disposed(by: bag)
                output.isEmpty.asObservable().subscribe(onNext: { sink.add($0 ? 1 : 0) }).disposed(by: bag)
                output.error.asObservable().subscribe(onNext: { _ in sink.add(1_000_000) }).disposed(by: bag)
                output.showsScrollToTop.asObservable().subscribe(onNext: { sink.add($0 ? 1 : 0) }).disposed(by: bag)

                meter.measure {
                    simulator.play(script).subscribe().disposed(by: bag)
                    do {
                        try scheduler.run()
                    } catch {
                        fatalError("W6: \(error)")
                    }
                }
                let held = simulator.photos.count
                meter.held = held
                if held != pages * feedPerPage { fatalError("W6 loaded \(held) photos, expected \(pages * feedPerPage)") }
                bag.dispose()
                return held + sink.value
            },
        ]
    )
    workload.maxRepetitions = runsByDefault ? 3 : 1
    workload.maxWarmups = 0
    workload.countsWhileTiming = true
    workload.runsByDefault = runsByDefault
    return workload
}

/// A ``PhotoService`` with no last page: page *p* holds the catalog's photos at positions
/// `(p − 1) × perPage ..< p × perPage`, taken round and round the catalog, each id suffixed with
/// the round (`.0`, `.1`, …, in base 36) so ids stay unique and short. Each answer arrives
/// `latency` after the request, as one action on `scheduler`; disposing cancels it.
final class EndlessPhotoService: PhotoService {
    let catalog: PhotoCatalog
    let scheduler: any Scheduler
    let latency: Duration

    init(catalog: PhotoCatalog, scheduler: any Scheduler, latency: Duration) {
        self.catalog = catalog
        self.scheduler = scheduler
        self.latency = latency
    }

    func page(_ page: Int, perPage: Int) -> PhotoPage {
        let base = catalog.photos
        let photos = ((page - 1) * perPage ..< page * perPage).map { position in
            var photo = base[position % base.count]
            photo.id += "." + String(position / base.count, radix: 36)
            return photo
        }
        return PhotoPage(photos: photos, page: page, hasNextPage: true)
    }

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Single.create { [self] single in
            let answer = self.page(page, perPage: perPage)
            return scheduler.schedule(after: latency) { single(.success(answer)) }
        }
    }
}
