import FeedStreams

/// The images lane, from every state of the image rule (``SessionRecording/images``): how many
/// image loads ran, as a step line against the most the rule allows at once; what the cache held,
/// as an area against its memory budget; and, along the top, each load cancelled (a grey tick:
/// its cell left the wanted area, its photo left the list, or it gave way to a cell on screen)
/// and each load that failed (a red tick; a retry, if any, is a new load). Each memory warning
/// is a labelled line down through both plots, above the ticks, where the cache drops to empty.
enum ImagesLane {
    static let tickRow = 12.0
    static let labelRow = 12.0
    static let plotHeight = 24.0
    static let gap = 6.0
    static let fontSize = 9.5

    static func lane(_ recording: SessionRecording, axis: TimeAxis) -> PageLane {
        let n = PageMarkup.number
        guard let configuration = recording.imageConfiguration, !recording.images.isEmpty else {
            return PageLane(name: "images", title: "images", note: "no image ran", height: 24, marks: "",
                            summary: "Images: none ran.")
        }
        let most = max(configuration.maxConcurrentLoads, 1)
        let budget = max(configuration.memoryBudget, 1)

        // The memory warnings' labels first, to know how many rows they take above the ticks.
        var packer = RowPacker(maxRows: 2)
        var warnings: [(x: Double, time: Duration, row: Int, placed: SpanLabel, images: Int, detail: DisplayText)] = []
        for moment in recording.images {
            let images = moment.decisions.lazy.compactMap { if case .memoryWarning(let images, _) = $0 { images } else { nil } }.first
            guard let images, let words = ImageNarrator.memoryWarning(moment.decisions, bytesHeld: moment.bytesHeld, budget: budget) else { continue }
            let x = axis.x(moment.time)
            let placed = SpanLabel(
                start: x, end: x, width: PageMarkup.width(of: warningLabel, fontSize: fontSize),
                limit: axis.right + SessionLanes.margin, gap: 3, inside: false
            )
            let row = packer.place(placed.extent.start - 4, placed.extent.end)
            warnings.append((x, moment.time, row, placed, images, "\(own: PageMarkup.clock(moment.time)): \(words)"))
        }
        let tickTop = 4 + (warnings.isEmpty ? 0 : Double(packer.rows) * labelRow)
        let loadsTop = tickTop + tickRow + 4
        let cacheTop = loadsTop + plotHeight + gap
        func loadsY(_ loading: Int) -> Double { loadsTop + plotHeight * (1 - Double(min(loading, most)) / Double(most)) }
        func cacheY(_ bytes: Int) -> Double { cacheTop + plotHeight * (1 - Double(min(bytes, budget)) / Double(budget)) }

        func steps(_ y: (SessionRecording.Images) -> Double) -> [(Double, Double)] {
            PageMarkup.steps(recording.images.map { (axis.x($0.time), y($0)) }, holdingTo: axis.x(axis.duration))
        }
        let loads = steps { loadsY($0.loading) }
        let cache = steps { cacheY($0.bytesHeld) }
        let line = PageMarkup.points
        let cacheArea = line([(cache.first?.0 ?? axis.left, cacheY(0))] + cache + [(cache.last?.0 ?? axis.left, cacheY(0))])
        let memory = ByteCount.memory

        var svg = """
            <line class="baseline" x1="\(n(axis.left))" x2="\(n(axis.right))" y1="\(n(loadsY(0)))" y2="\(n(loadsY(0)))"/>\
            <polyline class="image-loads" points="\(line(loads))"/>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(loadsY(most) + 4))" text-anchor="end">\(most)</text>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(loadsY(0)))" text-anchor="end">0</text>\
            <line class="baseline" x1="\(n(axis.left))" x2="\(n(axis.right))" y1="\(n(cacheY(0)))" y2="\(n(cacheY(0)))"/>\
            <line class="budget" x1="\(n(axis.left))" x2="\(n(axis.right))" y1="\(n(cacheY(budget)))" y2="\(n(cacheY(budget)))"/>\
            <polygon class="image-cache" points="\(cacheArea)"/>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(cacheY(budget) + 4))" text-anchor="end">\(memory(budget))</text>\
            <text class="scale" x="\(n(axis.left - 4))" y="\(n(cacheY(0)))" text-anchor="end">0</text>

            """
        var cancelled = 0
        var failed = 0
        for moment in recording.images {
            let x = axis.x(moment.time)
            for decision in moment.decisions {
                let kind: String
                switch decision {
                case .loadCancelled(_, let because):
                    cancelled += 1
                    kind = switch because {
                    case .leftWantedArea: "left"
                    case .photoGone: "photo_gone"
                    case .preempted: "preempted"
                    }
                case .loadFailed:
                    failed += 1
                    kind = "failed"
                default:
                    continue
                }
                svg += """
                    <line class="image-tick \(kind == "failed" ? "failed" : "cancelled")" data-image="\(kind)" data-t="\(PageMarkup.milliseconds(moment.time))" \
                    x1="\(n(x))" x2="\(n(x))" y1="\(n(tickTop))" y2="\(n(tickTop + tickRow))"/>

                    """
            }
        }
        for warning in warnings {
            let labelY = 4 + Double(warning.row) * labelRow + 9
            svg += """
                <g class="memory-warning" data-memory-warning="\(warning.images)" data-t="\(PageMarkup.milliseconds(warning.time))">\
                <title>\(PageMarkup.text(warning.detail))</title>\
                <line x1="\(n(warning.x))" x2="\(n(warning.x))" y1="\(n(labelY + 2))" y2="\(n(cacheY(0)))"/>\
                <text \(warning.placed.attributes(y: labelY))>\(warningLabel)</text></g>

                """
        }
        let stats = recording.images.last.map { _ in (loads: recording.images.map(\.loading).max() ?? 0,
                                                      peak: recording.images.map(\.bytesHeld).max() ?? 0) }
        return PageLane(
            name: "images",
            title: "images",
            note: "loads, then cache",
            height: cacheTop + plotHeight + 4,
            marks: svg,
            summary: "Images: up to \(stats?.loads ?? 0) loads at once of the \(most) allowed; "
                + "the cache held at most \(memory(stats?.peak ?? 0)) of its \(memory(budget)); "
                + "\(Narrator.count(cancelled, "load")) cancelled, \(failed) failed"
                + (warnings.isEmpty ? "." : "; \(Narrator.count(warnings.count, "memory warning")) emptied the cache.")
        )
    }

    /// The label of a memory warning's line.
    static let warningLabel = "memory warning"
}
