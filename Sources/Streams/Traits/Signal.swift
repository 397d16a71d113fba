// Inside Streams, chapter 8, "Traits as thin wrappers": a `Driver` that does not replay: the same
// three operators, another share.

/// A stream of UI events that never fails, delivers on one scheduler, is shared by its
/// subscribers and does not replay: RxCocoa's `Signal`.
///
/// Use a signal for things that *happen*: "show an error banner", "scroll to top", "the user
/// reached the bottom of the feed". A subscriber hears only what happens after it subscribed:
/// a banner is not shown again to a screen that appears later. (For *state* that a late
/// subscriber must see at once, such as the photos on screen, use a ``BehaviorValue``.)
///
/// A signal keeps the three promises of a ``SharedSequence`` (it never fails, delivers on its
/// scheduler, and is shared) and **does not replay**: a late subscriber receives only later
/// events (`share(replay: 0, scope: .whileConnected)`).
///
/// ```
/// source:         -a-b-c-d-|
///                 asSignal(onErrorJustReturn: x, scheduler: scheduler)
/// early:          -a-b-c-d-|      (subscribed at 0)
/// late:           -----c-d-|      (subscribed at 4: no replay)
/// subscriptions:  ^--------!      (one source subscription for both)
/// ```
/// ![asSignal(onErrorJustReturn: x, scheduler: scheduler), drawn from a run](signal-assignal-onerrorjustreturn-x-scheduler)
///
/// ```swift
/// viewModel.output.errorMessage            // Signal<String>
///     .emit(onNext: { banner.show($0) })
///     .disposed(by: disposeBag)
/// ```
///
/// A signal is a ``SharedSequence`` with the ``SignalSharingStrategy``: its makers, its `emit`
/// and its operators are written once for drivers and signals.
public typealias Signal<Element: Sendable> = SharedSequence<SignalSharingStrategy, Element>
