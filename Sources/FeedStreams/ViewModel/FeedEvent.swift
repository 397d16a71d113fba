/// Everything that can happen to the feed: what the user did, what the scroll view reports,
/// what the service answered and what the feed's own timer says.
///
/// ``FeedState/reduce(_:_:at:)`` folds these into the state. The view model makes them from its
/// inputs, from the service's answers and from its back-off timer.
public enum FeedEvent: Sendable, Equatable {
    /// The screen appeared: load page 1 if nothing was loaded yet. Before it, nothing loads by
    /// itself (a geometry or an edge is ignored as ``FeedDecision/IgnoredBecause/notAppeared``).
    case load
    /// Pull to refresh.
    case refresh
    /// The scroll view moved or laid out its content: the level the feed loads from.
    case geometry(ScrollGeometry)
    /// An edge: the user reached the bottom, for apps that only have such events. It may start
    /// the next page at this instant; it is never remembered for later.
    case reachedBottom
    /// The footer's "Couldn't load — tap to retry".
    case retry
    /// A back-off or the request budget's wait is over (the view model's timer).
    case wakeUp
    /// A page arrived for a request.
    case loaded(PageRequest, PhotoPage)
    /// A request failed.
    case failed(PageRequest, FeedError)
    /// The user tapped the photo at an index.
    case selected(index: Int)
    /// An input stream failed; it is treated as ended.
    case inputFailed(FeedError)
}
