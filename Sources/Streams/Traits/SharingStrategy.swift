// Inside Streams, chapter 8, "Traits as thin wrappers": a driver and a signal differ in their share.

/// How a ``SharedSequence`` shares its one source among its subscribers: RxCocoa's
/// `SharingStrategyProtocol`, a type without values. ``DriverSharingStrategy`` makes a
/// ``Driver``, ``SignalSharingStrategy`` a ``Signal``.
public protocol SharingStrategyProtocol: Sendable {
    /// `source` shared among its subscribers: subscribed to once while any of them is.
    ///
    /// - Parameter source: A sequence on the shared sequence's scheduler that never fails.
    /// - Returns: The shared sequence's observable.
    static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element>
}

/// The sharing of a ``Driver``: state, whose latest value a late subscriber receives at once.
public enum DriverSharingStrategy: SharingStrategyProtocol {
    /// `source` shared while connected, replaying its latest value to each new subscriber.
    ///
    /// - Parameter source: The driver's source.
    /// - Returns: The shared source.
    public static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// The sharing of a ``Signal``: events, which a late subscriber does not receive again.
public enum SignalSharingStrategy: SharingStrategyProtocol {
    /// `source` shared while connected, without replay: a late subscriber gets only later events.
    ///
    /// - Parameter source: The signal's source.
    /// - Returns: The shared source.
    public static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 0, scope: .whileConnected)
    }
}
