// Inside Streams, chapter 8, "Traits as thin wrappers": a `Signal` is a shared sequence that does not replay.

/// A stream of UI events, RxCocoa's `Signal`: a ``SharedSequence`` that **does not replay**
/// (``SignalSharingStrategy``).
///
/// Use a signal for things that *happen*: "show an error banner", "scroll to top". A subscriber
/// hears only what happens after it subscribed: a banner is not shown again to a screen that
/// appears later. For *state* that a late subscriber must see at once, use a ``Driver``.
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
/// viewModel.output.errorMessage.emit(onNext: { banner.show($0) }).disposed(by: disposeBag)
/// ```
public typealias Signal<Element: Sendable> = SharedSequence<SignalSharingStrategy, Element>
