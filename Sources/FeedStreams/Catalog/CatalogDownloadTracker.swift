import Foundation
import Streams
import Synchronization

/// A ``DownloadTracker`` that records the reports instead of sending them: for the demo and for
/// tests, which check that a download is reported once per download action and never for a
/// display or a prefetch.
///
/// Each report succeeds at once, on the subscribing thread, and is logged with the scheduler's
/// time and the address it would have called.
public final class CatalogDownloadTracker: DownloadTracker {
    /// One report.
    public struct Report: Sendable, Equatable {
        /// The photo downloaded.
        public let photoID: String
        /// The endpoint that would have been called (`links.download_location`, query kept).
        public let url: URL
        /// When it was reported.
        public let at: Duration
    }

    /// The clock of the reports.
    public let scheduler: any Scheduler
    private let log = Mutex<[Report]>([])

    /// Creates a tracker that records on `scheduler`'s clock.
    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// Every report so far, in order.
    public var reports: [Report] {
        log.withLock { $0 }
    }

    /// Records one report of a download.
    public func trackDownload(of photo: Photo) -> Single<Void> {
        Single.deferred { [self] in
            let report = Report(photoID: photo.id, url: photo.links.downloadLocation, at: scheduler.now)
            log.withLock { $0.append(report) }
            return .just(())
        }
    }
}
