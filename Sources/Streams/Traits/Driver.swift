// Inside Streams, chapter 8, "Traits as thin wrappers": a `Driver` is `observe(on:)`, `catch` and
// `share(replay: 1)` behind a type that keeps them: a shared sequence whose strategy replays.

/// The state a screen shows: a stream that never fails, delivers on the main thread, and
/// replays its latest value to each new subscriber, shared by all of them: RxCocoa's `Driver`.
///
/// Use a driver for things a screen *is*: the photos on screen, "is loading", the title. A
/// subscriber that arrives late (a cell configured after the first page loaded) receives the
/// latest value at once. (For things that *happen* and must not be shown twice, such as an
/// error banner, use a ``Signal``.)
///
/// A driver keeps the three promises of a ``SharedSequence`` (it never fails, delivers on the
/// main thread, and is shared), and **replays one value while connected** (`share(replay: 1,
/// scope: .whileConnected)`): a new subscriber first receives the latest value. When the last
/// one leaves, the source subscription and the remembered value go; the next subscriber
/// starts afresh.
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
/// viewModel.output.photos                  // Driver<[Photo]>
///     .drive(onNext: { photos in screen.show(photos) })   // on the main actor
///     .disposed(by: disposeBag)
/// ```
///
/// A driver is a ``SharedSequence`` with the ``DriverSharingStrategy``: its makers
/// (`AsSharedSequence.swift`), its `drive` (`SharedSequenceSubscribe.swift`) and its operators
/// are written once for drivers and signals.
public typealias Driver<Element: Sendable> = SharedSequence<DriverSharingStrategy, Element>
