/// One group of ``ObservableType/groupBy(keySelector:)``: the values of the source that share
/// its ``key``, as an observable. RxSwift's `GroupedObservable`.
///
/// A group made by `groupBy` is hot, like a ``Subject``: a subscriber receives the values that
/// arrive after it subscribed, then the group's end (the source's completion or error).
public struct GroupedObservable<Key: Hashable & Sendable, Element: Sendable>: ObservableType {
    /// The key every value of this group shares.
    public let key: Key

    private let source: Observable<Element>

    /// Makes a group with `key` whose values are those of `source`.
    ///
    /// - Parameters:
    ///   - key: The key of the group.
    ///   - source: The values of the group.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// The values of the group.
    public func asObservable() -> Observable<Element> {
        source
    }
}
