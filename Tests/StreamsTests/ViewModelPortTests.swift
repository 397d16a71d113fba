import Streams
import StreamsTesting
import Testing

// A classic RxSwift Input/Output view model and its screen, ported to Streams with renames
// only. The RxSwift original, for comparison:
//
//     struct SearchViewModel {
//         struct Input { let query: Observable<String>; let refresh: Signal<Void> }
//         struct Output { let results: Driver<[String]>; let isSearching: Driver<Bool>; let title: Driver<String> }
//         let output: Output
//         init(input: Input, service: PhotoSearchService, scheduler: SchedulerType = MainScheduler.instance) {
//             let queries = input.query
//                 .debounce(.seconds(2), scheduler: scheduler)
//                 .distinctUntilChanged()
//                 .share()
//             let searches = Observable.merge(queries, input.refresh.asObservable().withLatestFrom(queries))
//             let states = searches   // nil while a request runs, then its photos
//                 .flatMapLatest { query -> Observable<[String]?> in
//                     query.isEmpty
//                         ? .just([])
//                         : .just(nil).concat(service.search(query).map { $0 as [String]? }.catchAndReturn([]))
//                 }
//                 .share()
//             let results = states.compactMap { $0 }
//             output = Output(
//                 results: results.asDriver(onErrorJustReturn: []),
//                 isSearching: states.map { $0 == nil }.startWith(false).asDriver(onErrorJustReturn: false),
//                 title: results.map { "\($0.count) photos" }.asDriver(onErrorJustReturn: "")
//             )
//         }
//     }
//
//     final class SearchViewController: UIViewController {
//         func bind(_ viewModel: SearchViewModel) {
//             clearButton.rx.tap.map { "" }.bind(to: searchField.rx.text).disposed(by: disposeBag)
//             viewModel.output.results
//                 .drive(with: self, onNext: { screen, rows in screen.rows = rows })
//                 .disposed(by: disposeBag)
//             viewModel.output.isSearching
//                 .drive(onNext: { [weak self] in self?.spinnerVisible = $0 })
//                 .disposed(by: disposeBag)
//             viewModel.output.title.drive(titleLabel.rx.text).disposed(by: disposeBag)
//         }
//     }
//
// The renames: `SchedulerType` → `any Scheduler`, `MainScheduler.instance` →
// `DispatchQueueScheduler.main`, `PublishRelay` → `PublishValue`, `titleLabel.rx.text` (a
// Binder) → a `BehaviorValue` the label shows. The `scheduler:` argument of `asDriver` and
// `asSignal` is the test seam RxSwift provides with `SharingScheduler.mock`.

/// What the screen's search service offers: one request, one answer.
protocol PhotoSearchService: Sendable {
    func search(_ query: String) -> Single<[String]>
}

struct SearchViewModel {
    struct Input {
        /// The search field's text, as the user types.
        let query: Observable<String>
        /// Taps on the refresh button.
        let refresh: Signal<Void>
    }

    struct Output {
        let results: Driver<[String]>
        let isSearching: Driver<Bool>
        let title: Driver<String>
    }

    let output: Output

    init(input: Input, service: some PhotoSearchService, scheduler: any Scheduler = DispatchQueueScheduler.main) {
        let queries = input.query
            .debounce(.seconds(2), scheduler: scheduler)
            .distinctUntilChanged()
            .share()
        let searches = Observable.merge(queries, input.refresh.asObservable().withLatestFrom(queries))
        let states = searches   // nil while a request runs, then its photos
            .flatMapLatest { query -> Observable<[String]?> in
                query.isEmpty
                    ? .just([])
                    : .just(nil).concat(service.search(query).map { $0 as [String]? }.catchAndReturn([]))
            }
            .share()
        let results = states.compactMap { $0 }
        output = Output(
            results: results.asDriver(onErrorJustReturn: [], scheduler: scheduler),
            isSearching: states.map { $0 == nil }.startWith(false).asDriver(onErrorJustReturn: false, scheduler: scheduler),
            title: results.map { "\($0.count) photos" }.asDriver(onErrorJustReturn: "", scheduler: scheduler)
        )
    }
}

/// A text field: its text changes arrive as a relay, as `searchField.rx.text` would.
final class TextField: Sendable {
    let text = PublishValue<String>()
}

/// A button: its taps arrive as a relay, as `button.rx.tap` would.
final class Button: Sendable {
    let tap = PublishValue<Void>()
}

/// A label showing a value, as `label.rx.text` would bind it.
final class Label: Sendable {
    let text = BehaviorValue("")
}

/// The screen, as an app writes it: `@MainActor`, updating its own state from the drivers
/// without `MainActor.assumeIsolated`.
@MainActor
final class SearchScreen {
    let searchField = TextField()
    let clearButton = Button()
    let refreshButton = Button()
    let titleLabel = Label()
    private(set) var rows: [String] = []
    private(set) var spinnerVisible = false
    private let disposeBag = DisposeBag()

    func bind(service: some PhotoSearchService, scheduler: any Scheduler = DispatchQueueScheduler.main) {
        let input = SearchViewModel.Input(
            query: searchField.text.asObservable(),
            refresh: refreshButton.tap.asSignal(onErrorJustReturn: (), scheduler: scheduler)
        )
        let viewModel = SearchViewModel(input: input, service: service, scheduler: scheduler)
        clearButton.tap.map { "" }.bind(to: searchField.text).disposed(by: disposeBag)
        viewModel.output.results
            .drive(with: self, onNext: { screen, rows in screen.rows = rows })
            .disposed(by: disposeBag)
        viewModel.output.isSearching
            .drive(onNext: { [weak self] in self?.spinnerVisible = $0 })
            .disposed(by: disposeBag)
        viewModel.output.title.drive(titleLabel.text).disposed(by: disposeBag)
    }
}

/// Answers each query after two ticks, from cold marbles.
struct StubSearchService: PhotoSearchService {
    let scheduler: TestScheduler

    func search(_ query: String) -> Single<[String]> {
        query == "fail"
            ? scheduler.createColdObservable("--#", values: [Character: [String]]()).asSingle()
            : scheduler.createColdObservable("--(r|)", values: ["r": [query + " 1", query + " 2"]]).asSingle()
    }
}

@Suite("A ported RxSwift view model")
@MainActor
struct ViewModelPortTests {
    @Test("the outputs' timelines: debounced searches, a refresh, a failed search shown as no results")
    func outputs() throws {
        let scheduler = TestScheduler()
        let typing = scheduler.createHotObservable("-a--b--------c----", values: ["a": "cat", "b": "cats", "c": "fail"])
        let refresh = scheduler.createHotObservable("----------r-------", values: ["r": ()])
        let viewModel = SearchViewModel(
            input: .init(query: typing.asObservable(), refresh: refresh.asSignal(onErrorJustReturn: (), scheduler: scheduler)),
            service: StubSearchService(scheduler: scheduler),
            scheduler: scheduler
        )
        let results = scheduler.createObserver([String].self)
        let searching = scheduler.createObserver(Bool.self)
        let bindings = [
            viewModel.output.isSearching.drive(searching.asObserver()),
            viewModel.output.results.drive(results.asObserver()),
        ]
        try scheduler.advance(to: 30)
        // "cat" settles at 3 and answers at 5, "cats" at 6 and 8, the refresh repeats "cats"
        // at 10 (12), and "fail" settles at 15 and fails at 17, which shows as no results.
        #expect(results.events == [
            .next(5, ["cat 1", "cat 2"]), .next(8, ["cats 1", "cats 2"]), .next(12, ["cats 1", "cats 2"]), .next(17, []),
        ])
        expectMarbles(searching, "f--t-ft-f-t-f--t-f", values: ["f": false, "t": true])
        bindings.forEach { $0.dispose() }
        expectNoPendingWork(scheduler)
    }

    @Test("a @MainActor screen shows what the view model drives, and a clear tap is bound into the field")
    func screen() throws {
        let scheduler = TestScheduler()
        let screen = SearchScreen()
        screen.bind(service: StubSearchService(scheduler: scheduler), scheduler: scheduler)
        let field = screen.searchField
        let clear = screen.clearButton
        scheduler.scheduleAt(1) { field.text.accept("cat") }
        scheduler.scheduleAt(10) { clear.tap.accept(()) }
        try scheduler.advance(to: 3)
        #expect(screen.spinnerVisible)
        #expect(screen.rows.isEmpty)
        try scheduler.advance(to: 5)
        #expect(!screen.spinnerVisible)
        #expect(screen.rows == ["cat 1", "cat 2"])
        #expect(screen.titleLabel.text.value == "2 photos")
        try scheduler.advance(to: 12)  // cleared at 10; the empty query settles at 12
        #expect(screen.rows.isEmpty)
        #expect(screen.titleLabel.text.value == "0 photos")
        #expect(!screen.spinnerVisible)
        expectNoPendingWork(scheduler)
    }
}
