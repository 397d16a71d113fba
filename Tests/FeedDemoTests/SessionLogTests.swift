@testable import FeedDemo
import FeedStreams
import FeedTestSupport
import Testing

/// A log written by hand: each entry at a time in milliseconds.
private func log(_ entries: [(Int, SessionEvent)]) -> SessionLog {
    SessionLog(
        origin: .zero,
        configuration: FeedConfiguration(),
        entries: entries.map { LogEntry(time: .milliseconds($0.0), event: $0.1) }
    )
}

/// The timeline's lines for people: `time lane text`, quiet lines left out.
private func told(_ log: SessionLog) -> [String] {
    Narration.timeline(of: log).filter { !$0.isQuiet }.map { "\($0.milliseconds) \($0.kind.rawValue) \($0.text.terminal)" }
}

/// The images' state after one download was reported for `id`.
private func downloaded(_ id: String) -> ImageState {
    ImageState.reduce(ImageState(), .download(photo(id)), at: .zero)
}

private let screen = PhoneScreen(geometry: ScrollGeometry(contentHeight: 0, viewportHeight: 600), items: [])

/// The feed's state after it asked for the first page at 0 s, and after that request failed.
private func firstLoad() -> (asking: FeedState, failed: FeedState) {
    let asking = FeedState.reduce(FeedState(), .load, at: .zero)
    guard let request = asking.inFlight else { return (asking, asking) }
    return (asking, FeedState.reduce(asking, .failed(request, .offline), at: .milliseconds(400)))
}

@Suite("A session's log, and the views read from it")
struct SessionLogTests {
    @Test("the timeline tells the log's entries in order, at their times")
    func timeline() {
        let lines = told(log([
            (0, .action(.drag(from: 0, to: 300, over: .milliseconds(500)))),
            (100, .stream("pullToRefresh")),
            (150, .showsScrollToTop(false)),
            (200, .showsScrollToTop(true)),
            (600, .action(.finished)),
        ]))
        #expect(lines == [
            "0 finger drag 0 → 300 over 500ms",
            "100 stream pullToRefresh",
            "200 stream showsScrollToTop → true",
            "600 finger script finished",
        ])
    }

    @Test("what the images decided is told once they have been quiet, not while the content moves")
    func imagesWaitForQuiet() {
        var narration = Narration(origin: .zero, configuration: FeedConfiguration())
        var waits: [Bool] = []
        let entries: [(Int, SessionEvent)] = [
            (0, .geometry(ScrollGeometry(contentHeight: 1000, viewportHeight: 600), moving: false)),
            (100, .images(downloaded("a"), moving: false)),
            (116, .geometry(ScrollGeometry(contentOffsetY: 10, contentHeight: 1000, viewportHeight: 600), moving: false)),
            (366, .imagesQuiet(moving: false)),
            (400, .geometry(ScrollGeometry(contentOffsetY: 20, contentHeight: 1000, viewportHeight: 600), moving: false)),
        ]
        for entry in log(entries).entries {
            narration.take(entry)
            waits.append(narration.awaitsQuiet)
        }
        // The entries that leave a tally waiting are those the session debounces.
        #expect(waits == [false, true, true, false, false])
        #expect(told(log(entries)) == ["366 image download of a reported to Unsplash (once, for the button)"])
    }

    @Test("a new gesture tells the tally of the gesture before it, before its own line")
    func gestureClosesTally() {
        let lines = told(log([
            (0, .action(.drag(from: 0, to: 300, over: .milliseconds(500)))),
            (100, .images(downloaded("a"), moving: true)),
            (350, .imagesQuiet(moving: true)),
            (600, .action(.fling(velocity: 2000, from: 300))),
            (700, .ended),
        ]))
        #expect(lines == [
            "0 finger drag 0 → 300 over 500ms",
            "600 image download of a reported to Unsplash (once, for the button)",
            "600 finger fling 2000 pt/s from 300",
        ])
    }

    @Test("a picture that repeats the one before it at the same instant is left out")
    func repeatedPicture() {
        let pictures = Narration.timeline(of: log([
            (1000, .picture(moment: "after the fling", selected: nil, screen: screen)),
            (1000, .picture(moment: "after the first page", selected: nil, screen: screen)),
            (1000, .picture(moment: "at the end", selected: nil, screen: screen)),
            (2000, .picture(moment: "at the end", selected: nil, screen: screen)),
        ])).filter { $0.kind == .screen }
        #expect(pictures.map { "\($0.milliseconds) \($0.text.terminal)" } == ["1000 after the fling", "2000 at the end"])
        guard case .text(let title)? = pictures.first?.notes.first else {
            Issue.record("the picture has no title")
            return
        }
        #expect(title.terminal == "AFTER THE FLING")
    }

    @Test("a burst of flings gets one picture; the next burst, two seconds on, another")
    func flingPictures() {
        let moments = PictureMoments.moments(in: log([
            (1000, .action(.settled(at: 500))),
            (2500, .action(.hitEnd(at: 900))),
            (3000, .action(.settled(at: 400))),
        ]))
        #expect(moments.map(\.time) == [.milliseconds(1000), .milliseconds(3000)])
        #expect(moments.map(\.moment.title) == ["after the fling", "after the fling"])
    }

    @Test("the session is over once the script has finished and the request in flight then has ended")
    func end() {
        let (asking, failed) = firstLoad()
        #expect(asking.inFlight != nil)
        #expect(!SessionEnd.isOver(log([(0, .feed(asking)), (100, .scriptFinished)])))
        #expect(SessionEnd.isOver(log([(0, .feed(asking)), (100, .scriptFinished), (400, .feed(failed))])))
        #expect(SessionEnd.isOver(log([(100, .scriptFinished)])))
        #expect(!SessionEnd.isOver(log([(0, .feed(asking)), (400, .feed(failed))])))
    }

    @Test("the summary's counts are folds over the log")
    func summary() {
        let (asking, failed) = firstLoad()
        let geometry = ScrollGeometry(contentHeight: 0, viewportHeight: 600)
        let summary = DemoSummary(log: log([
            (0, .feed(asking)),
            (0, .geometry(geometry, moving: false)),
            (16, .geometry(geometry, moving: true)),
            (400, .feed(failed)),
            (900, .ended),
        ]))
        #expect(summary.geometryEvents == 2)
        #expect(summary.sessionTime == .milliseconds(900))
        #expect(summary.stats.failures == 1)
        // The back-off after the failure, from the last entry's time.
        #expect(summary.pending == PendingWork.list(in: failed, at: .milliseconds(900)))
        #expect(!summary.pending.isEmpty)
    }
}

@Suite("Counts are folds over what the rules decided")
struct CountsTests {
    @Test("the feed's counts add up its states' decisions, in order")
    func feedCounts() {
        let (asking, failed) = firstLoad()
        var expected = FeedCounts()
        expected.requests = [.firstLoad: 1]
        expected.failures = 1
        #expect(FeedCounts([asking, failed]) == expected)
        #expect(FeedCounts([asking, failed]).totalRequests == 1)
    }

    @Test("the images' counts add up their states' decisions")
    func imageCounts() {
        var downloads = ImageCounts()
        downloads.downloadsTracked = 2
        #expect(ImageCounts([downloaded("a"), downloaded("b")]) == downloads)
        let warned = ImageState.reduce(ImageState(), .memoryWarning, at: .zero)
        #expect(ImageCounts([warned, warned]).memoryWarnings == 2)
    }
}
