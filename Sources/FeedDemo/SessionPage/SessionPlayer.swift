import FeedStreams

/// The playhead's part of the page: the phone at the chosen time, the feed's state then, and
/// the timeline's lines up to it; and the numbers the page's script needs to move the phone.
///
/// Everything the script shows is already on the page: the state at each change and each line
/// of the timeline are elements it shows or hides, written through ``DisplayText/html``. Its
/// data holds numbers and the demo's own words only, never a server's text.
///
/// With scripts off, the phone and the state are those at the end of the session, and the
/// timeline shows every line.
enum SessionPlayer {
    /// The playhead's phone's width on the page.
    static let phoneWidth = 250.0

    /// The panel: phone, state and timeline; without scripts, as they were at `end`, the
    /// session's end.
    static func html(_ recording: SessionRecording, end: Duration) -> String {
        let views = frames(recording)
        let final = views.last?.view ?? PhonePicture.View(viewY: 0, showsTop: false)
        let phone = PhonePicture.svg(final, label: "\(own: "the phone at \(PageMarkup.clock(end))")", id: "player-phone", displayWidth: phoneWidth)
        return """
            <section class="player" aria-label="The phone and the feed at the playhead">
            <div class="player-phone">
            <p class="playhead-time">the phone at <output id="playhead-time">\(PageMarkup.text("\(own: PageMarkup.clock(end))"))</output></p>
            \(phone)
            <p class="no-js-only note">Scripts are off: this is the phone at the end of the session. The pictures below show it at each key moment.</p>
            </div>
            <div class="player-state">
            <h2>The feed then</h2>
            \(statuses(recording))
            </div>
            <div class="player-log">
            <h2>Timeline</h2>
            \(log(recording))
            </div>
            </section>
            """
    }

    /// The slider under the lanes, and buttons that step from one line of the timeline to the next.
    static func scrubber(_ axis: TimeAxis) -> String {
        let n = PageMarkup.number
        let total = PageMarkup.milliseconds(axis.duration)
        let left = axis.left / SessionLanes.width * 100
        let width = axis.width / SessionLanes.width * 100
        return """
            <div class="scrubber js-only">\
            <input type="range" id="playhead" min="0" max="\(total)" step="1" value="\(total)" \
            aria-label="The playhead: the session's time, in milliseconds" style="margin-left:\(n(left))%;width:\(n(width))%">\
            <div class="steps"><button type="button" id="previous-line">◀ previous line</button>\
            <button type="button" id="next-line">next line ▶</button>\
            <span>drag the playhead or a lane; on the slider, ← and → step through the timeline</span></div></div>
            """
    }

    // MARK: The state

    /// The state at each change, hidden but the last.
    private static func statuses(_ recording: SessionRecording) -> String {
        var blocks: [(time: Duration, html: String)] = []
        var counts = FeedCounts()
        for recorded in recording.states {
            counts.add(recorded.state.decisions)
            let html = status(recorded.state, counts: counts, origin: recording.origin)
            if blocks.last?.html == html { continue }
            if blocks.last?.time == recorded.time { blocks.removeLast() }
            blocks.append((recorded.time, html))
        }
        return blocks.enumerated().map { position, block in
            "<dl class=\"status\" data-t=\"\(PageMarkup.milliseconds(block.time))\"\(position == blocks.count - 1 ? "" : " hidden")>\(block.html)</dl>"
        }.joined(separator: "\n")
    }

    /// What the feed's state says, in rows.
    private static func status(_ state: FeedState, counts: FeedCounts, origin: Duration) -> String {
        let prefetch = Narrator.points(state.configuration.prefetchDistance)
        let demand = switch state.demand {
        case .unfilled?: "wants more: the content cannot fill the screen and \(prefetch) pt below it"
        case .nearEnd?: "wants more: the end is within \(prefetch) pt of the screen"
        case .satisfied?: "enough: the end is more than \(prefetch) pt below the screen"
        case nil: "no geometry yet"
        }
        let footer = switch state.footer {
        case .hidden: "nothing"
        case .loading: "⟳ loading"
        case .retrying(let page, let at, _): "retrying page \(page) at \(PageMarkup.clock(at - origin))"
        case .tapToRetry: "Couldn't load — tap to retry"
        case .endOfFeed: "all caught up"
        }
        let rows: [(String, DisplayText)] = [
            ("photos", "\(own: Narrator.count(state.photos.count, "photo"))\(own: state.isLastPage ? ", through the last page" : "")"),
            ("loading", state.inFlight.map { "\($0)" } ?? "nothing"),
            ("demand", "\(own: demand)"),
            ("footer", "\(own: footer)"),
            ("so far", "\(own: Narrator.count(counts.totalRequests, "request")), \(own: Narrator.count(counts.failures, "failure")), \(own: Narrator.count(counts.triggersIgnored.values.reduce(0, +), "trigger")) ignored"),
        ]
        return rows.map { "<dt>\(PageMarkup.text("\(own: $0.0)"))</dt><dd>\(PageMarkup.text($0.1))</dd>" }.joined()
    }

    // MARK: The timeline

    /// Every line the text timeline prints, with its time; a picture's line links to it.
    private static func log(_ recording: SessionRecording) -> String {
        var html = "<ol class=\"log\">"
        var latest = Duration.zero
        var moment = 0
        for event in recording.timeline where !event.isQuiet {
            latest = max(latest, event.time)
            var text = PageMarkup.text(event.text)
            if event.kind == .screen {
                moment += 1
                text = "<a href=\"#moment-\(moment)\">▣ \(text)</a>"
            }
            html += """
                <li data-t="\(PageMarkup.milliseconds(latest))" class="\(event.kind.rawValue)"><span class="t">\
                \(PageMarkup.text("\(own: PageMarkup.clock(event.time))"))</span> <span class="k">\
                \(PageMarkup.text("\(own: TimelinePrinter.label(of: event.kind).trimmingCharacters(in: .whitespaces))"))</span> \(text)</li>

                """
        }
        return html + "</ol>"
    }

    // MARK: The script's data

    /// The phone's frames, each from its time on, without repeats.
    static func frames(_ recording: SessionRecording) -> [(time: Duration, view: PhonePicture.View)] {
        var frames: [(time: Duration, view: PhonePicture.View)] = []
        for frame in recording.phone {
            let view = PhonePicture.view(of: frame, in: recording)
            if frames.last?.view == view { continue }
            if frames.last?.time == frame.time { frames.removeLast() }
            frames.append((frame.time, view))
        }
        return frames
    }

    /// The data the script reads: for each frame, its time in milliseconds, then the numbers of
    /// its ``PhonePicture/View`` (tenths of a point; -1 for what is not shown; words as an index
    /// into `texts`): the view's top, the layout, the footer's words and top, the refresh
    /// control's words and top, the centre's words, the scroll-to-top button, and the photo
    /// selected (x, y, width, height; x is -1 for none).
    static func data(_ recording: SessionRecording) -> String {
        var texts: [String] = []
        func index(_ text: String?) -> Int {
            guard let text else { return -1 }
            if let found = texts.firstIndex(of: text) { return found }
            texts.append(text)
            return texts.count - 1
        }
        func tenths(_ value: Double) -> JSONValue {
            .int(Int(saturating: value * 10))
        }
        let frames = frames(recording).map { frame -> JSONValue in
            let view = frame.view
            return .array([
                .int(PageMarkup.milliseconds(frame.time)), tenths(view.viewY), .int(view.layout ?? -1),
                .int(index(view.footer?.text)), tenths(view.footer?.y ?? 0),
                .int(index(view.banner?.text)), tenths((view.banner?.y ?? 0) - PhonePicture.bannerHeight / 2),
                .int(index(view.centre)), .int(view.showsTop ? 1 : 0),
                view.selected.map { tenths($0.minX) } ?? .int(-1), tenths(view.selected?.minY ?? 0),
                tenths(view.selected?.width ?? 0), tenths(view.selected?.height ?? 0),
            ])
        }
        let json = JSONValue.object([
            ("width", .double(PhonePicture.width)), ("height", .double(PhonePicture.height)),
            ("frames", .array(frames)), ("texts", .array(texts.map { .string($0) })),
        ]).text
        // Inside <script>, "</" could end the element: `<` is written as its JSON escape.
        return json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
