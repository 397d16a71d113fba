import FeedStreams

/// The simulated phone as a vector picture: the real layout's photos, each a cell in its own
/// colour (the neutral grey when it has none) with its index, seen through the 390 × 600 pt
/// viewport, and the indicators the feed shows: the refresh control, the footer (loading,
/// retrying, tap to retry, all caught up), "No photos", the scroll-to-top button.
///
/// Each layout is drawn once, in content coordinates, as a group the pictures refer to
/// (`<use href="#layout-3">`); a layout that extends the one before refers to it and adds only
/// its new photos. A picture of the phone is then a window onto a layout: the viewport's
/// `viewBox` scrolls it. The page's script moves the playhead's phone by changing the same
/// attributes this type writes, with numbers it computed (``View``).
enum PhonePicture {
    static let width = DemoSession.viewportWidth
    static let height = DemoSession.viewportHeight
    /// The footer's band under the content.
    static let footerHeight = 40.0
    /// The refresh control's band while it spins at the top.
    static let bannerHeight = 36.0
    /// The phone's body around the screen, in points: left, top, right, bottom.
    static let bezel = (left: 14.0, top: 64.0, right: 14.0, bottom: 30.0)

    /// What one frame of the phone shows, in the terms of the drawing.
    struct View: Sendable, Equatable {
        /// The content's y at the top of the viewport, the refresh control's room included.
        var viewY: Double
        /// The layout on screen, as an index into the recording's layouts.
        var layout: Int?
        /// The footer's words and its top edge in the viewport, when it shows.
        var footer: (text: String, y: Double)?
        /// The refresh control's words, and the middle of the room above the content.
        var banner: (text: String, y: Double)?
        /// A label in the middle of an empty screen.
        var centre: String?
        /// The scroll-to-top button.
        var showsTop: Bool
        /// The frame of the photo just tapped, outlined.
        var selected: Rect?

        static func == (lhs: View, rhs: View) -> Bool {
            lhs.viewY == rhs.viewY && lhs.layout == rhs.layout && lhs.footer?.text == rhs.footer?.text
                && lhs.footer?.y == rhs.footer?.y && lhs.banner?.text == rhs.banner?.text && lhs.banner?.y == rhs.banner?.y
                && lhs.centre == rhs.centre && lhs.showsTop == rhs.showsTop && lhs.selected == rhs.selected
        }
    }

    /// What a recorded frame of `recording` shows.
    static func view(of frame: SessionRecording.PhoneFrame, in recording: SessionRecording) -> View {
        let origin = recording.origin
        let offset = frame.geometry.contentOffsetY
        let viewY = frame.isRefreshing && offset <= 0 ? offset - ScreenRenderer.refreshControlHeight : offset
        var view = View(viewY: viewY, layout: frame.layout, showsTop: frame.showsScrollToTop)
        view.selected = frame.selected.flatMap { Self.frame(of: $0, in: frame.layout, recording) }
        let room = -viewY
        if room >= 20 {
            view.banner = (frame.isRefreshing ? "↻ Refreshing…" : "↓ Release to refresh", min(room, height) / 2)
        }
        let footerText: String? = switch frame.footer {
        case .hidden: nil
        case .loading: "⟳ Loading more…"
        case .retrying(_, let at, _): "Couldn't load · retrying at \(PageMarkup.clock(at - origin))"
        case .tapToRetry: "Couldn't load — tap to retry"
        case .endOfFeed: "You're all caught up"
        }
        if frame.geometry.contentHeight <= 0 {
            view.centre = frame.isEmpty ? "No photos" : frame.footer == .loading ? "⟳ Loading…" : nil
        } else if let footerText {
            let top = frame.geometry.contentHeight - viewY
            if top >= 0, top <= height { view.footer = (footerText, min(top, height - footerHeight)) }
        }
        return view
    }

    // MARK: Layouts

    /// The layouts, each a group in content coordinates, for a `<defs>`.
    static func layouts(_ recording: SessionRecording) -> String {
        let n = PageMarkup.number
        var svg = ""
        for (index, layout) in recording.layouts.enumerated() {
            svg += "<g id=\"layout-\(index)\">"
            if layout.extendsPrevious, index > 0 { svg += "<use href=\"#layout-\(index - 1)\"/>" }
            for item in layout.items {
                let frame = item.frame
                let ink = ScreenRenderer.readableText(on: item.color ?? ScreenRenderer.neutral).red == 0 ? "ink-dark" : "ink-light"
                svg += """
                    <rect class="cell\(item.color == nil ? " no-colour" : "")" x="\(n(frame.minX))" y="\(n(frame.minY))" \
                    width="\(n(frame.width))" height="\(n(frame.height))" rx="6" fill="\(PageMarkup.color(item.color))"/>\
                    <text class="cell-index \(ink)" x="\(n(frame.minX + 8))" y="\(n(frame.minY + 24))">\(item.index)</text>
                    """
            }
            svg += "</g>\n"
        }
        return svg
    }

    /// The frame of photo `index` in layout `layout`, or its chain of earlier layouts.
    static func frame(of index: Int, in layout: Int?, _ recording: SessionRecording) -> Rect? {
        var position = layout
        while let current = position, recording.layouts.indices.contains(current) {
            if let item = recording.layouts[current].items.first(where: { $0.index == index }) { return item.frame }
            position = recording.layouts[current].extendsPrevious ? current - 1 : nil
        }
        return nil
    }

    // MARK: The picture

    /// The phone showing `view`, drawn `displayWidth` wide.
    ///
    /// - Parameters:
    ///   - view: What it shows.
    ///   - label: What the picture is, in words (its accessible name).
    ///   - id: The element's id, for the playhead's phone.
    ///   - displayWidth: The picture's width on the page.
    static func svg(_ view: View, label: DisplayText, id: String? = nil, displayWidth: Double) -> String {
        let n = PageMarkup.number
        let (outerWidth, outerHeight) = (width + bezel.left + bezel.right, height + bezel.top + bezel.bottom)
        let hidden = " style=\"display:none\""
        var svg = """
            <svg class="phone"\(id.map { " id=\"\($0)\"" } ?? "") viewBox="\(n(-bezel.left)) \(n(-bezel.top)) \(n(outerWidth)) \(n(outerHeight))" \
            width="\(n(displayWidth))" height="\(n(displayWidth * outerHeight / outerWidth))" role="img" aria-label="\(PageMarkup.text(label))">\
            <rect class="phone-body" x="\(n(-bezel.left))" y="\(n(-bezel.top))" width="\(n(outerWidth))" height="\(n(outerHeight))" rx="44"/>\
            <text class="phone-title" x="\(n(width / 2))" y="-22" text-anchor="middle">Photos</text>\
            <rect class="screen-bg" x="0" y="0" width="\(n(width))" height="\(n(height))"/>\
            <svg class="screen" x="0" y="0" width="\(n(width))" height="\(n(height))" viewBox="0 \(n(view.viewY)) \(n(width)) \(n(height))">\
            <use class="content" href="#layout-\(view.layout.map(String.init) ?? "none")"/>
            """
        // Drawn even when nothing is selected, hidden, for the playhead's phone to show.
        let selected = view.selected ?? Rect(x: 0, y: 0, width: 0, height: 0)
        svg += """
            <rect class="selected"\(view.selected == nil ? hidden : "") x="\(n(selected.minX))" y="\(n(selected.minY))" \
            width="\(n(selected.width))" height="\(n(selected.height))" rx="6"/>
            """
        svg += "</svg>"
        svg += """
            <g class="banner"\(view.banner == nil ? hidden : "") transform="translate(0 \(n((view.banner?.y ?? 0) - bannerHeight / 2)))">\
            <rect width="\(n(width))" height="\(n(bannerHeight))"/><text x="\(n(width / 2))" y="24" text-anchor="middle">\
            \(PageMarkup.text("\(own: view.banner?.text ?? "")"))</text></g>\
            <g class="footer"\(view.footer == nil ? hidden : "") transform="translate(0 \(n(view.footer?.y ?? 0)))">\
            <rect width="\(n(width))" height="\(n(footerHeight))"/><text x="\(n(width / 2))" y="26" text-anchor="middle">\
            \(PageMarkup.text("\(own: view.footer?.text ?? "")"))</text></g>\
            <text class="centre"\(view.centre == nil ? hidden : "") x="\(n(width / 2))" y="\(n(height / 2))" text-anchor="middle">\
            \(PageMarkup.text("\(own: view.centre ?? "")"))</text>\
            <g class="top-button"\(view.showsTop ? "" : hidden)><rect x="\(n(width - 96))" y="\(n(height - 96))" width="84" height="36" rx="18"/>\
            <text x="\(n(width - 54))" y="\(n(height - 72))" text-anchor="middle">↑ Top</text></g>\
            <rect class="screen-edge" x="0" y="0" width="\(n(width))" height="\(n(height))"/></svg>
            """
        return svg
    }
}
