import FeedStreams

/// The whole session as one self-contained HTML page (`feed-demo --html FILE`): the lanes on one
/// time axis, the phone at the playhead and at every key moment the text draws, the summary
/// and the settings.
///
/// The page is drawn from the ``SessionRecording`` alone: every mark is a decision, a state or
/// an action the session recorded, and its counts are the summary's. It needs nothing from the
/// network (inline SVG, CSS and one small script; system fonts), follows the reader's light or
/// dark setting, and reads with scripts off. The same run writes the same bytes: it holds no
/// wall-clock time, except the wall time of a session that played in wall-clock time.
///
/// Every text on it, the demo's words and a server's alike, is written through
/// ``DisplayText/html``, so a server's text is shown only through
/// ``UntrustedText/forHTML(_:maxLength:)``.
struct SessionPage {
    var recording: SessionRecording
    var summary: DemoSummary

    /// The page.
    var html: String {
        let axis = SessionLanes.axis(max(summary.sessionTime, recording.states.last?.time ?? .zero))
        let heading = recording.settings?.heading ?? "feed-demo"
        return """
            <!DOCTYPE html>
            <html lang="en" class="no-js">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(PageMarkup.text(heading)) · the session as one picture</title>
            <style>
            \(SessionPageStyle.css)
            </style>
            </head>
            <body>
            \(definitions)
            <header>
            <h1>\(PageMarkup.text(heading))</h1>
            \(introduction)
            </header>
            <main>
            <figure class="session">
            \(SessionLanes.svg(recording, axis: axis))
            \(SessionPlayer.scrubber(axis))
            <figcaption class="legend">\(SessionPageLegend.html)</figcaption>
            </figure>
            \(SessionPlayer.html(recording, end: axis.duration))
            \(moments)
            <section class="tables">
            <div><h2>Summary</h2>
            \(summaryTable)
            </div>
            <div><h2>Settings</h2>
            \(table(recording.settings?.rows ?? []))
            </div>
            </section>
            \(requestsTable)
            <footer>Drawn by feed-demo from the session it played: every mark is an action, a state or a decision the \
            session recorded (FeedState.decisions, the same the text timeline tells), and the counts are the summary's. \
            The same command draws the same page, byte for byte\(recording.settings?.options.realtime == true ? ", except that this session played in wall-clock time" : ""). \
            Nothing on this page comes from the network.</footer>
            </main>
            <script type="application/json" id="session-data">\(SessionPlayer.data(recording))</script>
            <script>
            \(SessionPageScript.javaScript)
            </script>
            </body>
            </html>
            """
    }

    /// The patterns of the marks and the layouts the phones show, defined once.
    private var definitions: String {
        """
        <svg class="defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>
        <pattern id="hatch-failed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect class="hatch-bg-failed" width="6" height="6"/><line class="hatch-line-failed" x1="0" y1="0" x2="0" y2="6"/></pattern>
        <pattern id="hatch-want" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">\
        <rect class="hatch-bg-want" width="7" height="7"/><line class="hatch-line-want" x1="0" y1="0" x2="0" y2="7"/></pattern>
        <pattern id="hatch-wait" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">\
        <rect class="hatch-bg-wait" width="5" height="5"/><line class="hatch-line-wait" x1="0" y1="0" x2="0" y2="5"/></pattern>
        <pattern id="stripes-finger" width="6" height="6" patternUnits="userSpaceOnUse">\
        <rect class="stripe-bg-finger" width="6" height="6"/><line class="stripe-line-finger" x1="0" y1="0" x2="0" y2="6"/></pattern>
        <g id="layout-none"/>
        \(PhonePicture.layouts(recording))</defs></svg>
        """
    }

    /// The settings in one line, and how to read the page.
    private var introduction: String {
        var lines = ""
        if let settings = recording.settings {
            lines += "<p>\(PageMarkup.text(settings.line))</p>\n"
            if !settings.world.isEmpty { lines += "<p>\(PageMarkup.text("\(own: settings.world.joined(separator: " · "))"))</p>\n" }
        }
        return lines + """
            <p class="how">One lane per part of the feed, on one time axis: what the finger did; how far the end of the \
            content was below the screen, against the prefetch distance (shaded where the feed wants more: loading is a \
            level, not an edge); each request from its start to its answer; the back-offs; the triggers the feed ignored, \
            and why; the photos on screen; and the images: how many loads ran, what the cache held against its budget, each load cancelled or failed, and each memory warning. Choose a time on the lanes to see the phone and the feed at that moment; \
            the numbered pictures are the ones the text timeline draws.</p>
            """
    }

    /// Each picture the text timeline draws, with the lines printed beside it.
    private var moments: String {
        guard !recording.moments.isEmpty else { return "" }
        var html = "<section id=\"moments\"><h2>The phone at each key moment</h2><div class=\"moments-list\">\n"
        for (number, moment) in recording.moments.enumerated() {
            let frame = recording.phone[moment.frame]
            var view = PhonePicture.view(of: frame, in: recording)
            view.selected = moment.selected.flatMap { PhonePicture.frame(of: $0, in: frame.layout, recording) }
            let title: DisplayText = "\(own: "\(number + 1) · \(PageMarkup.clock(moment.time)) · \(moment.title)")"
            html += "<figure id=\"moment-\(number + 1)\" data-t=\"\(PageMarkup.milliseconds(moment.time))\">"
            html += PhonePicture.svg(view, label: "\(own: "the phone \(moment.title), at \(PageMarkup.clock(moment.time))")", displayWidth: 230)
            html += "<figcaption><b>\(PageMarkup.text(title))</b>"
            var photos = ""
            for note in moment.notes {
                switch note {
                case .text(let text):
                    if !photos.isEmpty { html += "<ul>\(photos)</ul>" }
                    photos = ""
                    // The terminal's indent is not the page's.
                    let paragraph = PageMarkup.text(text).drop { $0 == " " }
                    if !paragraph.isEmpty { html += "<p>\(paragraph)</p>" }
                case .photo(let index, let color, let text):
                    photos += "<li><span class=\"swatch\" style=\"background:\(PageMarkup.color(color))\"></span>\(index) · \(PageMarkup.text(text))</li>"
                }
            }
            if !photos.isEmpty { html += "<ul>\(photos)</ul>" }
            html += "</figcaption></figure>\n"
        }
        return html + "</div></section>"
    }

    /// The summary, with its counts as data for checks (the browser check reads them).
    private var summaryTable: String {
        let stats = summary.stats
        let ignored = stats.triggersIgnored.values.reduce(0, +)
        let attributes = [
            ("requests", stats.totalRequests), ("failures", stats.failures), ("cancelled", stats.cancelled),
            ("stale", stats.staleResponsesDropped), ("ignored", ignored), ("pages", stats.pagesLoaded),
            ("photos", summary.photosShown), ("duplicates", stats.duplicatesDropped),
        ].map { " data-\($0.0)=\"\($0.1)\"" }.joined()
        let realtime = recording.settings?.options.realtime ?? false
        return table(summary.rows(wallTime: realtime), id: "summary", attributes: attributes)
    }

    /// Every request: the lanes' spans as a table.
    private var requestsTable: String {
        let spans = RequestSpan.spans(in: recording)
        guard !spans.isEmpty else { return "" }
        var html = "<section><h2>Requests</h2><table class=\"requests-table\"><thead><tr><th>request</th><th>started</th>"
        html += "<th>decided</th><th>outcome</th></tr></thead><tbody>\n"
        for span in spans {
            html += "<tr><td>\(PageMarkup.text("\(span.request)"))</td><td class=\"number\">\(PageMarkup.clock(span.start))</td>"
            html += "<td class=\"number\">\(PageMarkup.clock(span.end))</td><td>\(PageMarkup.text(span.outcomeLabel))</td></tr>\n"
        }
        return html + "</tbody></table></section>"
    }

    private func table(_ rows: [(String, DisplayText)], id: String? = nil, attributes: String = "") -> String {
        var html = "<table\(id.map { " id=\"\($0)\"" } ?? "")\(attributes)><tbody>\n"
        for (label, value) in rows {
            html += "<tr><th>\(PageMarkup.text("\(own: label)"))</th><td>\(PageMarkup.text(value))</td></tr>\n"
        }
        return html + "</tbody></table>"
    }
}
