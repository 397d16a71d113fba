import FeedStreams

/// Decides the key moments worth a picture of the phone: after the first page, a refresh, the
/// last failed retry, a tap, and a fling (one per burst of flings: none within ``flingGap`` of
/// the last one). A fold over the log: the session takes each picture later at the same
/// instant, once every subscriber has seen the change, and logs it as
/// ``SessionEvent/picture(moment:selected:screen:)``.
struct PictureMoments: Sendable {
    /// A picture to take: its title, and the photo just tapped, marked in it.
    struct Moment: Sendable, Equatable {
        var title: String
        var selected: Int?
    }

    /// How long after a fling's picture the next fling gets none.
    static let flingGap: Duration = .seconds(2)

    /// The pictures the entry last taken asks for.
    private(set) var due: [Moment] = []
    private var firstPageShown = false
    private var lastFlingPicture: Duration?

    /// Every picture a log asks for, with the time of the entry that asked.
    static func moments(in log: SessionLog) -> [(time: Duration, moment: Moment)] {
        var moments = PictureMoments()
        return log.entries.flatMap { entry in
            moments.take(entry)
            return moments.due.map { (entry.time, $0) }
        }
    }

    /// Takes the next entry of the log: ``due`` becomes the pictures it asks for.
    mutating func take(_ entry: LogEntry) {
        due = []
        switch entry.event {
        case .action(.settled), .action(.hitEnd):
            if let last = lastFlingPicture, entry.time - last < Self.flingGap { return }
            lastFlingPicture = entry.time
            due = [Moment(title: "after the fling")]
        case .feed(let next):
            let isFirstReload = next.change == .reload && !firstPageShown
            if next.change == .reload { firstPageShown = true }
            for case .pageArrived(let request, _, .reload?, _) in next.decisions {
                if isFirstReload {
                    due.append(Moment(title: "after the first page"))
                } else if request.isRefresh {
                    due.append(Moment(title: "after the refresh"))
                }
            }
            for case .retriesExhausted in next.decisions {
                due.append(Moment(title: "the retries ran out"))
            }
            for case .photoSelected(let index, _) in next.decisions {
                due.append(Moment(title: "photo \(index) tapped", selected: index))
            }
        default:
            break
        }
    }
}
