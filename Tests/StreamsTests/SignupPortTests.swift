// A second screen ported from RxSwift's example app: the GitHub sign-up screen of RxExample
// (`GithubSignupViewModel1`, the one on plain observables, with its validation service and
// its `ActivityIndicator`), and tests of it in RxTest's vocabulary, written first for RxSwift
// and then compiled against Streams.
//
// What the port took, besides `import StreamsTesting` for RxSwift, RxCocoa and RxTest:
//
// - the compiler's fix-its: `SchedulerType` → `Scheduler` (then `any Scheduler`),
//   `MainScheduler.instance` → `DispatchQueueScheduler.main` (two fix-its),
//   `BehaviorRelay(value: 0)` → `BehaviorValue(0)`;
// - one change the compiler spelled out: `TestScheduler(initialClock: 0, resolution: 0.001,
//   simulateProcessingDelay: false)` → `resolution: .milliseconds(1)`, the rest unchanged;
// - Swift 6, not Streams: the operators' closures are `@Sendable`, so what they capture must be
//   `Sendable`: `GitHubAPI` and `GitHubValidationService` are `: Sendable`, so is
//   `ActivityIndicator`, and `ActivityToken`'s closure is `@Sendable`;
// - `Observable.using`, which `ActivityIndicator` is built on, was missing; Streams has it now.
//
// Everything else, the view model and the three tests included, is the RxSwift code.
import XCTest
import StreamsTesting

enum ValidationResult: Equatable {
    case ok(message: String)
    case empty
    case validating
    case failed(message: String)

    var isValid: Bool {
        if case .ok = self { return true }
        return false
    }
}

protocol GitHubAPI: Sendable {
    func usernameAvailable(_ username: String) -> Observable<Bool>
    func signup(_ username: String, password: String) -> Observable<Bool>
}

protocol GitHubValidationService: Sendable {
    func validateUsername(_ username: String) -> Observable<ValidationResult>
    func validatePassword(_ password: String) -> ValidationResult
    func validateRepeatedPassword(_ password: String, repeatedPassword: String) -> ValidationResult
}

final class GitHubDefaultValidationService: GitHubValidationService {
    let API: GitHubAPI
    let minPasswordCount = 5

    init(API: GitHubAPI) {
        self.API = API
    }

    func validateUsername(_ username: String) -> Observable<ValidationResult> {
        if username.isEmpty {
            return .just(.empty)
        }
        if username.contains(where: { !$0.isLetter && !$0.isNumber }) {
            return .just(.failed(message: "Username can only contain numbers or digits"))
        }
        return API.usernameAvailable(username)
            .map { available in available ? .ok(message: "Username available") : .failed(message: "Username already taken") }
            .startWith(.validating)
    }

    func validatePassword(_ password: String) -> ValidationResult {
        if password.isEmpty { return .empty }
        if password.count < minPasswordCount { return .failed(message: "Password must be at least \(minPasswordCount) characters") }
        return .ok(message: "Password acceptable")
    }

    func validateRepeatedPassword(_ password: String, repeatedPassword: String) -> ValidationResult {
        if repeatedPassword.isEmpty { return .empty }
        return repeatedPassword == password ? .ok(message: "Password repeated") : .failed(message: "Password different")
    }
}

/// Counts the sequences being tracked; `true` while at least one runs.
final class ActivityIndicator: Sendable {
    private let lock = NSRecursiveLock()
    private let relay = BehaviorValue(0)
    private let loading: Observable<Bool>

    init() {
        loading = relay.asObservable()
            .map { $0 > 0 }
            .distinctUntilChanged()
    }

    func trackActivity<Source: ObservableConvertibleType>(_ source: Source) -> Observable<Source.Element> {
        Observable.using({ () -> ActivityToken in
            self.increment()
            return ActivityToken(action: self.decrement)
        }, observableFactory: { _ in source.asObservable() })
    }

    func asObservable() -> Observable<Bool> {
        loading
    }

    private func increment() {
        lock.lock()
        relay.accept(relay.value + 1)
        lock.unlock()
    }

    private func decrement() {
        lock.lock()
        relay.accept(relay.value - 1)
        lock.unlock()
    }
}

private struct ActivityToken: Disposable {
    let action: @Sendable () -> Void
    func dispose() { action() }
}

final class GithubSignupViewModel1 {
    let validatedUsername: Observable<ValidationResult>
    let validatedPassword: Observable<ValidationResult>
    let validatedPasswordRepeated: Observable<ValidationResult>
    let signupEnabled: Observable<Bool>
    let signedIn: Observable<Bool>
    let signingIn: Observable<Bool>

    init(
        input: (username: Observable<String>, password: Observable<String>, repeatedPassword: Observable<String>, loginTaps: Observable<Void>),
        dependency: (API: GitHubAPI, validationService: GitHubValidationService),
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) {
        let API = dependency.API
        let validationService = dependency.validationService

        validatedUsername = input.username
            .flatMapLatest { username in
                validationService.validateUsername(username)
                    .observe(on: scheduler)
                    .catchAndReturn(.failed(message: "Error contacting server"))
            }
            .share(replay: 1)

        validatedPassword = input.password
            .map { password in validationService.validatePassword(password) }
            .share(replay: 1)

        validatedPasswordRepeated = Observable.combineLatest(input.password, input.repeatedPassword, resultSelector: validationService.validateRepeatedPassword)
            .share(replay: 1)

        let signingIn = ActivityIndicator()
        self.signingIn = signingIn.asObservable()

        let usernameAndPassword = Observable.combineLatest(input.username, input.password) { (username: $0, password: $1) }

        signedIn = input.loginTaps.withLatestFrom(usernameAndPassword)
            .flatMapLatest { pair in
                signingIn.trackActivity(API.signup(pair.username, password: pair.password))
                    .observe(on: scheduler)
                    .catchAndReturn(false)
            }
            .share(replay: 1)

        signupEnabled = Observable.combineLatest(validatedUsername, validatedPassword, validatedPasswordRepeated, signingIn.asObservable()) {
            username, password, repeatPassword, signingIn in
            username.isValid && password.isValid && repeatPassword.isValid && !signingIn
        }
        .distinctUntilChanged()
        .share(replay: 1)
    }
}

final class MockGitHubAPI: GitHubAPI {
    let scheduler: TestScheduler
    let takenNames: Set<String>

    init(scheduler: TestScheduler, takenNames: Set<String>) {
        self.scheduler = scheduler
        self.takenNames = takenNames
    }

    func usernameAvailable(_ username: String) -> Observable<Bool> {
        scheduler.createColdObservable([.next(3, !takenNames.contains(username)), .completed(3)]).asObservable()
    }

    func signup(_ username: String, password: String) -> Observable<Bool> {
        scheduler.createColdObservable([.next(2, password == "secret password"), .completed(2)]).asObservable()
    }
}

final class GithubSignupViewModel1Tests: XCTestCase {
    var scheduler: TestScheduler!
    var disposeBag: DisposeBag!

    override func setUp() {
        super.setUp()
        scheduler = TestScheduler(initialClock: 0, resolution: .milliseconds(1), simulateProcessingDelay: false)
        disposeBag = DisposeBag()
    }

    func makeViewModel(taps: [Recorded<Event<Void>>] = []) -> GithubSignupViewModel1 {
        let username = scheduler.createHotObservable([.next(0, ""), .next(10, "octocat"), .next(20, "octo cat"), .next(30, "octo")])
        let password = scheduler.createHotObservable([.next(0, ""), .next(50, "secret password")])
        let repeated = scheduler.createHotObservable([.next(0, ""), .next(60, "secret"), .next(70, "secret password")])
        return GithubSignupViewModel1(
            input: (
                username: username.asObservable(),
                password: password.asObservable(),
                repeatedPassword: repeated.asObservable(),
                loginTaps: scheduler.createHotObservable(taps).asObservable()
            ),
            dependency: (
                API: MockGitHubAPI(scheduler: scheduler, takenNames: ["octocat"]),
                validationService: GitHubDefaultValidationService(API: MockGitHubAPI(scheduler: scheduler, takenNames: ["octocat"]))
            ),
            scheduler: scheduler
        )
    }

    func testUsernameIsValidatedAsItIsTyped() {
        let viewModel = makeViewModel()
        let validated = scheduler.createObserver(ValidationResult.self)
        viewModel.validatedUsername.bind(to: validated).disposed(by: disposeBag)

        scheduler.start()

        XCTAssertEqual(validated.events, [
            .next(0, .empty),
            .next(10, .validating),
            .next(13, .failed(message: "Username already taken")),
            .next(20, .failed(message: "Username can only contain numbers or digits")),
            .next(30, .validating),
            .next(33, .ok(message: "Username available")),
        ])
    }

    func testSignupIsEnabledOnceEverythingIsValid() {
        let viewModel = makeViewModel()
        let enabled = scheduler.createObserver(Bool.self)
        viewModel.signupEnabled.subscribe(enabled).disposed(by: disposeBag)

        scheduler.advanceTo(65)
        XCTAssertEqual(enabled.events, [.next(0, false)])

        scheduler.start()
        XCTAssertEqual(enabled.events, [.next(0, false), .next(70, true)])
    }

    func testEachSignInShowsActivityThenSignsIn() {
        let viewModel = makeViewModel(taps: [.next(80, ()), .next(90, ())])
        let signedIn = scheduler.createObserver(Bool.self)
        let signingIn = scheduler.createObserver(Bool.self)
        let enabled = scheduler.createObserver(Bool.self)
        viewModel.signedIn.subscribe(signedIn).disposed(by: disposeBag)
        viewModel.signingIn.subscribe(signingIn).disposed(by: disposeBag)
        viewModel.signupEnabled.subscribe(enabled).disposed(by: disposeBag)

        scheduler.start()

        XCTAssertEqual(signedIn.events, [.next(82, true), .next(92, true)])
        XCTAssertEqual(signingIn.events, [.next(0, false), .next(80, true), .next(82, false), .next(90, true), .next(92, false)])
        XCTAssertEqual(enabled.events, [
            .next(0, false), .next(70, true), .next(80, false), .next(82, true), .next(90, false), .next(92, true),
        ])
    }
}
