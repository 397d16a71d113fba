import FeedStreams

/// The photos lane: how many photos are on screen, from each recorded state, as a step line;
/// each page that arrived is marked where it changed the list: ○ a new list (the first page, a
/// refresh), ▲ photos inserted, with the duplicates it dropped and whether it was the last page.
enum PhotosLane {
    static let labelRow = 12.0
    static let plotHeight = 40.0
    static let fontSize = 9.5

    static func lane(_ recording: SessionRecording, axis: TimeAxis) -> PageLane {
        let n = PageMarkup.number
        let end = axis.duration
        let most = max(recording.states.map(\.state.photos.count).max() ?? 0, 1)

        // The labels first, to know how many rows they take.
        var packer = RowPacker(maxRows: 3)
        var pages: [(x: Double, row: Int, photos: Int, change: String, label: String, placed: SpanLabel, duplicates: Int, detail: DisplayText)] = []
        for recorded in recording.states {
            for case .pageArrived(let request, let page, let change, let duplicates) in recorded.state.decisions {
                let photos = recorded.state.photos.count
                var label = switch change {
                case .reload?: "↻ \(photos)"
                case .insert(let range)?: "+\(range.count)"
                case nil: "+0"
                }
                if duplicates > 0 { label += " −\(duplicates) dup" }
                if !page.hasNextPage { label += " · last" }
                let x = axis.x(recorded.time)
                let placed = SpanLabel(
                    start: x, end: x, width: PageMarkup.width(of: label, fontSize: fontSize),
                    limit: axis.right + SessionLanes.margin, gap: 3, inside: false
                )
                let row = packer.place(placed.extent.start - 4, placed.extent.end)
                let kind = switch change {
                case .reload?: "reload"
                case .insert?: "insert"
                case nil: "none"
                }
                let detail: DisplayText = "\(own: PageMarkup.clock(recorded.time)): \(request) → \(own: change.map { "\($0)" } ?? "no change"), \(own: Narrator.count(photos, "photo")) on screen, \(own: Narrator.count(duplicates, "duplicate")) dropped"
                pages.append((x, row, photos, kind, label, placed, duplicates, detail))
            }
        }
        let plotTop = 6 + Double(packer.rows) * labelRow + 4
        func y(_ photos: Int) -> Double {
            plotTop + plotHeight * (1 - Double(photos) / Double(most))
        }

        let points = PageMarkup.steps(recording.states.lazy.map { (axis.x($0.time), y($0.state.photos.count)) }, holdingTo: axis.x(end))
        let final = recording.states.last?.state.photos.count ?? 0
        var svg = """
            <line class="baseline" x1="\(n(axis.left))" x2="\(n(axis.right))" y1="\(n(y(0)))" y2="\(n(y(0)))"/>\
            <polyline class="count" points="\(PageMarkup.points(points))" data-photos-shown="\(final)"/>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(y(most) + 4))" text-anchor="end">\(most)</text>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(y(0)))" text-anchor="end">0</text>

            """
        for page in pages {
            let labelY = 6 + Double(page.row) * labelRow + 9
            let markY = y(page.photos)
            let marker = switch page.change {
            case "reload": "<circle class=\"marker\" cx=\"\(n(page.x))\" cy=\"\(n(markY))\" r=\"3.5\"/>"
            case "insert": "<path class=\"marker\" d=\"M\(n(page.x)) \(n(markY - 4))l4 7h-8z\"/>"
            default: "<path class=\"marker\" d=\"M\(n(page.x - 3)) \(n(markY - 3))l6 6m0 -6l-6 6\"/>"
            }
            svg += """
                <g class="page-shown \(page.change)" data-page-change="\(page.change)" data-photos="\(page.photos)" \
                data-duplicates="\(page.duplicates)"><title>\(PageMarkup.text(page.detail))</title>\
                <line class="tie" x1="\(n(page.x))" x2="\(n(page.x))" y1="\(n(labelY + 2))" y2="\(n(markY))"/>\(marker)\
                <text \(page.placed.attributes(y: labelY))>\(PageMarkup.text("\(own: page.label)"))</text></g>

                """
        }
        let duplicates = pages.reduce(0) { $0 + $1.duplicates }
        return PageLane(
            name: "photos",
            title: "photos",
            note: "on screen: \(final)",
            height: plotTop + plotHeight + 6,
            marks: svg,
            summary: "Photos: \(Narrator.count(pages.count, "page")) shown, \(final) photos on screen at the end, \(Narrator.count(duplicates, "duplicate")) dropped."
        )
    }
}
