// The Driver-based twin of the ported sign-up screen: RxExample's `GithubSignupViewModel2`, whose
// outputs are drivers built with RxCocoa's operators on drivers and signals
// (`Driver.flatMapLatest`, `Driver.combineLatest` of two and of four, `Signal.withLatestFrom` of a
// driver, `Signal.flatMapLatest` to drivers, `distinctUntilChanged`), and its tests in RxTest's
// vocabulary. It shares the validation service, the API and `ActivityIndicator` with
// SignupPortTests.swift.
//
// What the port took, besides what `GithubSignupViewModel1`'s did:
//
// - a `scheduler:` for every `asDriver` and `asSignal`, since Streams has no
//   `SharingScheduler.mock` (its fix-it says so); the tests pass their TestScheduler;
// - `signingIn.asDriver()`, which RxExample's `ActivityIndicator` has as a
//   `SharedSequenceConvertibleType`, is `signingIn.asObservable().asDriver(onErrorJustReturn:
//   false, scheduler: scheduler)`;
// - the wireframe's prompt after signing in is left out, as in the first port.
//
// Everything else is the RxSwift code: no operator had to move off the drivers.
import XCTest
import StreamsTesting

extension ObservableConvertibleType {
    func trackActivity(_ activityIndicator: ActivityIndicator) -> Observable<Element> {
        activityIndicator.trackActivity(self)
    }
}

final class GithubSignupViewModel2 {
    let validatedUsername: Driver<ValidationResult>
    let validatedPassword: Driver<ValidationResult>
    let validatedPasswordRepeated: Driver<ValidationResult>
    let signupEnabled: Driver<Bool>
    let signedIn: Driver<Bool>
    let signingIn: Driver<Bool>

    init(
        input: (username: Driver<String>, password: Driver<String>, repeatedPassword: Driver<String>, loginTaps: Signal<Void>),
        dependency: (API: GitHubAPI, validationService: GitHubValidationService),
        scheduler: any Scheduler = DispatchQueueScheduler.main
    ) {
        let API = dependency.API
        let validationService = dependency.validationService

        validatedUsername = input.username
            .flatMapLatest { username in
                validationService.validateUsername(username)
                    .asDriver(onErrorJustReturn: .failed(message: "Error contacting server"), scheduler: scheduler)
            }

        validatedPassword = input.password
            .map { password in
                validationService.validatePassword(password)
            }

        validatedPasswordRepeated = Driver.combineLatest(input.password, input.repeatedPassword, resultSelector: validationService.validateRepeatedPassword)

        let signingIn = ActivityIndicator()
        self.signingIn = signingIn.asObservable().asDriver(onErrorJustReturn: false, scheduler: scheduler)

        let usernameAndPassword = Driver.combineLatest(input.username, input.password) { (username: $0, password: $1) }

        signedIn = input.loginTaps.withLatestFrom(usernameAndPassword)
            .flatMapLatest { pair in
                API.signup(pair.username, password: pair.password)
                    .trackActivity(signingIn)
                    .asDriver(onErrorJustReturn: false, scheduler: scheduler)
            }

        signupEnabled = Driver.combineLatest(
            validatedUsername,
            validatedPassword,
            validatedPasswordRepeated,
            self.signingIn
        ) { username, password, repeatPassword, signingIn in
            username.isValid && password.isValid && repeatPassword.isValid && !signingIn
        }
        .distinctUntilChanged()
    }
}

final class GithubSignupViewModel2Tests: XCTestCase {
    var scheduler: TestScheduler!
    var disposeBag: DisposeBag!

    override func setUp() {
        super.setUp()
        scheduler = TestScheduler(initialClock: 0, resolution: .milliseconds(1), simulateProcessingDelay: false)
        disposeBag = DisposeBag()
    }

    func makeViewModel(taps: [Recorded<Event<Void>>] = []) -> GithubSignupViewModel2 {
        let username = scheduler.createHotObservable([.next(0, ""), .next(10, "octocat"), .next(20, "octo cat"), .next(30, "octo")])
        let password = scheduler.createHotObservable([.next(0, ""), .next(50, "secret password")])
        let repeated = scheduler.createHotObservable([.next(0, ""), .next(60, "secret"), .next(70, "secret password")])
        return GithubSignupViewModel2(
            input: (
                username: username.asDriver(onErrorJustReturn: "", scheduler: scheduler),
                password: password.asDriver(onErrorJustReturn: "", scheduler: scheduler),
                repeatedPassword: repeated.asDriver(onErrorJustReturn: "", scheduler: scheduler),
                loginTaps: scheduler.createHotObservable(taps).asSignal(onErrorJustReturn: (), scheduler: scheduler)
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
        viewModel.validatedUsername.drive(validated).disposed(by: disposeBag)

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
        viewModel.signupEnabled.drive(enabled).disposed(by: disposeBag)

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
        viewModel.signedIn.drive(signedIn).disposed(by: disposeBag)
        viewModel.signingIn.drive(signingIn).disposed(by: disposeBag)
        viewModel.signupEnabled.drive(enabled).disposed(by: disposeBag)

        scheduler.start()

        XCTAssertEqual(signedIn.events, [.next(82, true), .next(92, true)])
        XCTAssertEqual(signingIn.events, [.next(0, false), .next(80, true), .next(82, false), .next(90, true), .next(92, false)])
        XCTAssertEqual(enabled.events, [
            .next(0, false), .next(70, true), .next(80, false), .next(82, true), .next(90, false), .next(92, true),
        ])
    }
}
