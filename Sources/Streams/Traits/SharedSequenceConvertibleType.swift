// Inside Streams, chapter 8, "Traits as thin wrappers": a second sequence that cannot fail.

/// A sequence that never fails and is shared: a ``Driver`` or a ``Signal`` (RxCocoa's name).
///
/// The operators of a driver or a signal that take a second sequence, such as
/// ``SharedSequence/withLatestFrom(_:)``, take one of these: an observable's error would fail the
/// driver. Turn an observable into one with `asDriver` or `asSignal` first.
///
/// ```swift
/// let submit = submitTap.asSignal(onErrorJustReturn: ())
///     .withLatestFrom(form)                     // form: Driver<Form>
/// ```
public protocol SharedSequenceConvertibleType<Element>: ObservableConvertibleType {}
