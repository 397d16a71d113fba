// Inside Streams, chapter 8, "Traits as thin wrappers": a `Driver` is a shared sequence that replays.

/// The state a screen shows, RxCocoa's `Driver`: a ``SharedSequence`` that **replays its latest
/// value while connected** to each new subscriber (``DriverSharingStrategy``).
///
/// Use a driver for things a screen *is*: the photos on screen, "is loading", the title. A late
/// subscriber (a cell configured after the first page loaded) receives the latest value at once;
/// when the last one leaves, that value goes. For things that *happen*, use a ``Signal``.
///
/// ```
/// source:         -a-b-c-d-|
///                 asDriver(onErrorJustReturn: x, scheduler: scheduler)
/// early:          -a-b-c-d-|
/// late:           ----bc-d-|      (subscribed at 4: replays b at once)
/// subscriptions:  ^--------!      (one source subscription for both)
/// ```
/// ![asDriver(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](driver-asdriver-onerrorjustreturn-x-scheduler)
///
/// ```swift
/// viewModel.output.photos.drive(onNext: { photos in screen.show(photos) }).disposed(by: disposeBag)
/// ```
public typealias Driver<Element: Sendable> = SharedSequence<DriverSharingStrategy, Element>
