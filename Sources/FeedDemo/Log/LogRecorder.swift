import FeedStreams
import Streams
import Synchronization

/// Keeps a session's ``SessionLog``: stamps each event with the session's time and appends it.
/// It decides nothing and says nothing; the views subscribe to ``entries``.
///
/// Events may come from several threads (with `--realtime`, an HTTP response is reported on the
/// thread it arrived on). They go through one ``Subject``, which delivers them one at a time in
/// one order; the log is filled by the subject's first subscriber, so every subscriber sees the
/// entries in the log's order.
final class LogRecorder: Sendable {
    /// The clock reading at the start of the session.
    let origin: Duration
    private let clock: @Sendable () -> Duration
    private let subject = Subject<LogEntry>()
    private let log: Mutex<SessionLog>

    /// - Parameters:
    ///   - origin: The clock reading at the start of the session.
    ///   - configuration: The feed's rules.
    ///   - clock: The scheduler's clock.
    init(origin: Duration, configuration: FeedConfiguration, clock: @escaping @Sendable () -> Duration) {
        self.origin = origin
        self.clock = clock
        log = Mutex(SessionLog(origin: origin, configuration: configuration))
        _ = subject.subscribe(onNext: { [unowned self] entry in
            log.withLock { $0.entries.append(entry) }
        })
    }

    /// Appends `event` at the session's time now.
    func append(_ event: SessionEvent) {
        subject.onNext(LogEntry(time: clock() - origin, event: event))
    }

    /// Each entry, as it is appended.
    var entries: Observable<LogEntry> {
        subject.asObservable()
    }

    /// The log so far.
    var recorded: SessionLog {
        log.withLock { $0 }
    }
}
