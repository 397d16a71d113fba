import FeedStreams

/// One request of a session, from the decision that started it to the decision about its
/// answer, read from the recorded states' ``FeedState/decisions`` in order.
///
/// A request a refresh cancelled may still be answered (a service that does not stop when
/// disposed): the feed then drops the answer as stale, which the span records as
/// ``staleAnswer``, after its cancellation.
struct RequestSpan: Sendable {
    /// What became of the request.
    enum Outcome: Sendable {
        /// The page arrived and was shown.
        case page(photos: Int, isLast: Bool)
        /// The request failed.
        case failed(FeedError)
        /// A refresh superseded it before its answer came.
        case cancelled
        /// It was still in flight when the session ended (not waited for).
        case inFlight

        /// The outcome's name on the page (`data-outcome`, the CSS class).
        var name: String {
            switch self {
            case .page: "page"
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .inFlight: "in-flight"
            }
        }
    }

    var request: PageRequest
    /// When the request started, on the session's clock.
    var start: Duration
    /// When its outcome was decided; the session's end for one still in flight.
    var end: Duration
    var outcome: Outcome
    /// When an answer came for it after its outcome, and was dropped as stale.
    var staleAnswer: Duration?

    /// Every request of the recording, in the order they started.
    static func spans(in recording: SessionRecording) -> [RequestSpan] {
        var spans: [RequestSpan] = []
        var index: [Int: Int] = [:]
        func close(_ request: PageRequest, at time: Duration, _ outcome: Outcome) {
            guard let position = index[request.id] else { return }
            spans[position].end = time
            spans[position].outcome = outcome
        }
        for recorded in recording.states {
            for decision in recorded.state.decisions {
                switch decision {
                case .requestStarted(let request):
                    index[request.id] = spans.count
                    spans.append(RequestSpan(request: request, start: recorded.time, end: recorded.time, outcome: .inFlight))
                case .pageArrived(let request, let page, _, _):
                    close(request, at: recorded.time, .page(photos: page.photos.count, isLast: !page.hasNextPage))
                case .requestFailed(let request, let error):
                    close(request, at: recorded.time, .failed(error))
                case .requestCancelled(let request):
                    close(request, at: recorded.time, .cancelled)
                case .staleResponseDropped(let request):
                    if let position = index[request.id] { spans[position].staleAnswer = recorded.time }
                case .triggerIgnored, .requestRefused, .requestRefusedAgain, .retryScheduled, .retriesExhausted, .photoSelected, .inputFailed:
                    break
                }
            }
        }
        let end = recording.states.last?.time ?? .zero
        for position in spans.indices {
            if case .inFlight = spans[position].outcome { spans[position].end = max(end, spans[position].start) }
        }
        return spans
    }

    /// `#3 p3 scroll`: the label on the lane.
    var label: String {
        "#\(request.id) p\(request.page) \(request.reason.rawValue)"
    }

    /// `✓ 10`, `✗ HTTP 503`, `⊘ cancelled by refresh`: the outcome, in a glyph and words.
    var outcomeLabel: DisplayText {
        let outcome: DisplayText = switch self.outcome {
        case .page(let photos, let isLast): "✓ \(photos)\(own: isLast ? " · last page" : "")"
        case .failed(let error): "✗ \(Narrator.short(error))"
        case .cancelled: "⊘ cancelled by refresh"
        case .inFlight: "… in flight at the end"
        }
        return staleAnswer == nil ? outcome : "\(outcome) · late answer dropped as stale"
    }

    /// `#3 page 3 (scroll), 5.064s → 6.064s: 10 photos, more after it`: the whole story, for a
    /// tooltip and the picture's words.
    var description: DisplayText {
        let when = "\(PageMarkup.clock(start)) → \(PageMarkup.clock(end))"
        let what: DisplayText = switch outcome {
        case .page(let photos, let isLast):
            "\(own: Narrator.count(photos, "photo")), \(own: isLast ? "the last page" : "more after it")"
        case .failed(let error): "failed: \(Narrator.short(error))"
        case .cancelled: "cancelled before it arrived: a refresh superseded it"
        case .inFlight: "still in flight when the session ended; not waited for"
        }
        let stale = staleAnswer.map { "; its answer came at \(PageMarkup.clock($0)), no longer wanted, and was dropped as stale" } ?? ""
        return "\(request), \(own: when): \(what)\(own: stale)"
    }
}
