import FeedStreams

/// Everything one session did, in the order it happened: the script's actions, the scroll
/// view's geometry, the feed's and the images' decisions, the input streams, the pictures taken
/// of the phone, each at its time.
///
/// The log is the one record of a session. A ``LogRecorder`` fills it, appending only; every
/// view of the session is a pure function of it: the timeline (``Narration``), the moments worth
/// a picture (``PictureMoments``), the end (``SessionEnd``), the summary
/// (``DemoSummary/init(log:)``) and the page (``SessionRecording/init(log:viewportHeight:)``).
/// A test can write one by hand and check any of them with no scheduler and no threads.
struct SessionLog: Sendable {
    /// The feed's clock reading at the start of the session: the feed's own times (a state's
    /// ``FeedState/now``, a back-off's end) are on that clock, the entries' times count from it.
    var origin: Duration
    /// The feed's rules, for the state before the first one arrives.
    var configuration: FeedConfiguration
    /// What happened, in order.
    var entries: [LogEntry] = []
}

/// One thing that happened in a session, at its time.
struct LogEntry: Sendable {
    /// When, from the start of the session.
    var time: Duration
    var event: SessionEvent
}

/// What a session's log records.
enum SessionEvent: Sendable {
    /// The simulated finger did something, or the scroll view answered (a fling came to rest).
    case action(ScrollAction)
    /// An input stream of the view model emitted (`pullToRefresh`, `selection(3)`, …).
    case stream(String)
    /// The scroll view reported its geometry (one per frame while the content moves); `moving`
    /// says whether a drag, fling or animation was under way.
    case geometry(ScrollGeometry, moving: Bool)
    /// The photos were laid out anew after the list changed.
    case laidOut(FeedLayout, photos: PhotoList)
    /// The feed's state, with what its rules decided.
    case feed(FeedState)
    /// Whether the scroll-to-top button shows.
    case showsScrollToTop(Bool)
    /// The images' state, with what their rule decided.
    case images(ImageState, moving: Bool)
    /// The images had decided nothing and no frame was drawn for ``Narration/imageQuiet``.
    case imagesQuiet(moving: Bool)
    /// The script played its last step.
    case scriptFinished
    /// A picture of the phone was taken, for a key moment: what the screen showed then.
    case picture(moment: String, selected: Int?, screen: PhoneScreen)
    /// The session is over; nothing but the last picture follows.
    case ended
}

/// What the phone's screen showed at one instant: where the scroll view was, and the photos in
/// view.
struct PhoneScreen: Sendable {
    var geometry: ScrollGeometry
    var items: [ScrollSimulator.VisibleItem]
}
