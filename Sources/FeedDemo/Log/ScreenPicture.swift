import FeedStreams

/// Draws a picture of the phone for the timeline: the scene the ``ScreenRenderer`` draws, and
/// the lines printed beside it. Pure: everything comes from the log (the screen as the picture
/// found it, and the feed's and the images' latest states).
enum ScreenPicture {
    /// What the phone shows: the screen's photos, each in the phase its cell is in, and the
    /// feed's indicators.
    static func scene(
        _ screen: PhoneScreen, feed: FeedState, showsScrollToTop: Bool, images: ImageState?, selected: Int?
    ) -> ScreenScene {
        ScreenScene(
            viewportWidth: DemoSession.viewportWidth,
            viewportHeight: DemoSession.viewportHeight,
            contentOffsetY: screen.geometry.contentOffsetY,
            contentHeight: screen.geometry.contentHeight,
            items: screen.items.map { item in
                .init(index: item.index, frame: item.frame, color: item.photo.rgbColor, image: phase(of: item.photo, in: images))
            },
            isRefreshing: feed.isRefreshing,
            isLoadingMore: feed.isLoadingMore,
            isEmpty: feed.isEmpty,
            showsScrollToTop: showsScrollToTop,
            selectedIndex: selected
        )
    }

    /// What a cell bound to `photo` shows: the image once the images have it, else its
    /// BlurHash, else its colour (the phases a cell receives from ``ImageViewModel/Output/image(for:)``).
    static func phase(of photo: Photo, in images: ImageState?) -> ScreenScene.ItemImage {
        let hash = photo.blurHash.flatMap { try? BlurHash($0) }
        if images?.image(forPhotoID: photo.id) != nil { return .loaded(hash) }
        return hash.map { .blurred($0) } ?? .color
    }

    /// The picture's line of the timeline: the scene, with the moment's title, where the list
    /// stands, and the legend of the photos on screen (or the detail screen of the one tapped).
    static func event(
        _ moment: String, scene: ScreenScene, screen: PhoneScreen, feed: FeedState, images: ImageState?, selected: Int?,
        at time: Duration
    ) -> TimelineEvent {
        let scrollable = max(scene.contentHeight - scene.viewportHeight, 0)
        var notes: [ScreenNote] = [
            .text("\(own: moment.uppercased())"),
            .text("scrolled \(own: Narrator.points(scene.contentOffsetY)) of \(own: Narrator.points(scrollable)) pt"),
            .text("\(own: Narrator.count(feed.photos.count, "photo")) loaded\(own: feed.isLastPage ? ", through the last page" : "")"),
        ]
        if let request = feed.inFlight { notes.append(.text("loading \(request)")) }
        switch feed.footer {
        case .retrying(let page, let at, _):
            notes.append(.text("footer: retrying page \(page) in \(own: Narrator.duration(max(at - feed.now, .zero)))"))
        case .tapToRetry:
            notes.append(.text("footer: Couldn't load — tap to retry"))
        case .hidden, .loading, .endOfFeed:
            break
        }
        notes.append(.text(""))
        if let selected, let photo = screen.items.first(where: { $0.index == selected })?.photo {
            notes.append(.text("the detail screen opens:"))
            notes.append(.photo(index: selected, color: photo.rgbColor, text: Narrator.byline(photo)))
            notes.append(.text("       \(photo.width) × \(photo.height) px · ♥ \(own: Narrator.grouped(photo.likes))"))
            if let color = photo.color { notes.append(.text("       colour \(untrusted: color)")) }
            if let about = photo.altDescription ?? photo.description {
                notes.append(.text("       \"\(untrusted: about, maxLength: 34)\""))
            }
        } else {
            for item in screen.items {
                notes.append(.photo(
                    index: item.index, color: item.photo.rgbColor,
                    text: "\(untrusted: item.photo.user.name, maxLength: 18) · ♥ \(own: Narrator.grouped(item.photo.likes)) · \(own: phase(of: item.photo, in: images).name)"
                ))
            }
        }
        return TimelineEvent(
            time: time,
            kind: .screen,
            text: "\(own: moment)",
            fields: [("moment", .string(moment)), ("photos", .int(feed.photos.count))],
            scene: scene,
            notes: notes
        )
    }
}
