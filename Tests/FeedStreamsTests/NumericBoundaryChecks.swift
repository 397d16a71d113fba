import FeedStreams
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import StreamsTesting
import Testing

// The checks of NumericBoundaryTests, by folder of Sources/FeedStreams. Each runs every extreme
// of the parameters it names; where the value is outside the documented range it expects the
// documented refusal, and where it is inside, a result in the documented range.

extension NumericBoundary {
    static let catalog: [NumericBoundary] = [
        NumericBoundary("LiveFeed.swift: every", "LiveFeed.swift: count", "LiveFeed.swift: init(every:count:)", "LiveFeed.swift: published(after:)") {
            for every in Extremes.durations {
                for count in Extremes.ints {
                    let live = LiveFeed(every: every, count: count)
                    for elapsed in Extremes.durations {
                        let published = live.published(after: elapsed)
                        #expect((0...max(count, 0)).contains(published), "every \(every), count \(count), after \(elapsed): \(published)")
                    }
                }
            }
        },
        NumericBoundary(
            "CatalogPhotoService.swift: latency", "CatalogPhotoService.swift: createdAt",
            "CatalogPhotoService.swift: init(catalog:scheduler:latency:failures:live:)", "CatalogPhotoService.swift: livePublished",
            "CatalogPhotoService.swift: photos(page:perPage:)",
            "PageRequestRecord.swift: number", "PageRequestRecord.swift: page", "PageRequestRecord.swift: perPage",
            "PageRequestRecord.swift: requestedAt", "PageRequestRecord.swift: finishedAt", "PageRequestRecord.swift: livePublished"
        ) {
            let catalog = PhotoCatalog(count: 40, liveCount: 4)
            for latency in Extremes.durations {
                let scheduler = TestScheduler()
                let service = CatalogPhotoService(
                    catalog: catalog, scheduler: scheduler, latency: latency, live: LiveFeed(every: .seconds(1), count: 4)
                )
                for page in Extremes.ints {
                    for perPage in Extremes.ints {
                        let bag = DisposeBag()
                        service.photos(page: page, perPage: perPage).subscribe { _ in }.disposed(by: bag)
                        scheduler.advance(by: .seconds(1))
                        _ = service.livePublished
                    }
                }
                try scheduler.run()
                for record in service.requests {
                    #expect(record.finishedAt.map { $0 >= service.createdAt } ?? true)
                    _ = record.description
                }
            }
        },
        NumericBoundary(
            "PageRequestRecord.swift: init(number:page:perPage:requestedAt:finishedAt:livePublished:outcome:)"
        ) {
            for int in Extremes.ints {
                for time in Extremes.optionalDurations {
                    let record = PageRequestRecord(
                        number: int, page: int, perPage: int, requestedAt: time ?? .zero, finishedAt: time,
                        livePublished: int, outcome: .succeeded(photoCount: int)
                    )
                    #expect(!record.description.isEmpty)
                }
            }
        },
        NumericBoundary(
            "CatalogImageLoader.swift: transientRate", "CatalogImageLoader.swift: refusedRate",
            "CatalogImageLoader.swift: init(transientRate:refusedRate:)", "CatalogImageLoader.swift: latency",
            "CatalogImageLoader.swift: jitter", "CatalogImageLoader.swift: seed",
            "CatalogImageLoader.swift: init(scheduler:latency:jitter:failures:seed:)",
            "CatalogImageLoader.swift: number", "CatalogImageLoader.swift: requestedAt", "CatalogImageLoader.swift: finishedAt"
        ) {
            for rate in Extremes.doubles {
                for latency in Extremes.durations {
                    let scheduler = TestScheduler()
                    let loader = CatalogImageLoader(
                        scheduler: scheduler, latency: latency, jitter: rate,
                        failures: .init(transientRate: rate, refusedRate: rate), seed: .max
                    )
                    #expect((0...1).contains(loader.jitter))
                    let bag = DisposeBag()
                    for (width, height) in [(1, 1), (Int.max, Int.max), (Int.min, 0), (0, Int.max)] {
                        loader.image(for: ImageRequest(url: boundaryImageURL, pixelWidth: width, pixelHeight: height))
                            .subscribe { _ in }.disposed(by: bag)
                    }
                    try scheduler.run()
                    for record in loader.loads { _ = record.description }
                }
            }
        },
        NumericBoundary("CatalogDownloadTracker.swift: at") {
            for start in [Duration.zero, .seconds(1), .seconds(86_400)] {
                let scheduler = TestScheduler()
                scheduler.advance(to: start)
                let tracker = CatalogDownloadTracker(scheduler: scheduler)
                let photo = boundaryPhoto(width: 1, height: 1)
                let bag = DisposeBag()
                tracker.trackDownload(of: photo).subscribe { _ in }.disposed(by: bag)
                try scheduler.run()
                #expect(tracker.reports.map(\.at).allSatisfy { $0 >= start })
            }
        },
        NumericBoundary(
            "FailurePlan.swift: page", "FailurePlan.swift: count", "FailurePlan.swift: fraction", "FailurePlan.swift: seed",
            "FailurePlan.swift: pages(_:error:)", "FailurePlan.swift: rate(_:seed:error:)"
        ) {
            let catalog = PhotoCatalog(count: 20, liveCount: 0)
            for int in Extremes.ints {
                for fraction in Extremes.doubles {
                    let plan = FailurePlan.pages(Dictionary([(int, int), (1, int)], uniquingKeysWith: { first, _ in first }))
                        .combined(with: .rate(fraction, seed: .max))
                    let scheduler = TestScheduler()
                    let service = CatalogPhotoService(catalog: catalog, scheduler: scheduler, latency: .zero, failures: plan)
                    let bag = DisposeBag()
                    for page in [1, 2, int] {
                        service.photos(page: page, perPage: 10).subscribe { _ in }.disposed(by: bag)
                    }
                    try scheduler.run()
                    #expect(service.requests.allSatisfy { $0.outcome != .pending })
                }
            }
        },
        NumericBoundary(
            "PhotoCatalog.swift: seed", "PhotoCatalog.swift: init(seed:count:liveCount:photographerCount:referenceDate:)",
            "PhotoCatalog.swift: feed(published:)", "PhotoCatalog.swift: feedCount(published:)", "PhotoCatalog.swift: feedSlice(_:published:)"
        ) {
            let dates = [Date(timeIntervalSince1970: 0), .distantFuture, .distantPast, Date(timeIntervalSince1970: 1e300),
                         Date(timeIntervalSince1970: -1e300), Date(timeIntervalSince1970: .nan)]
            for count in Extremes.ints {
                let catalog = PhotoCatalog(seed: .max, count: count, liveCount: count, photographerCount: count)
                #expect(catalog.photos.count == min(max(count, 0), PhotoCatalog.maxCount))
                #expect(catalog.livePhotos.count == catalog.photos.count)
            }
            for date in dates {
                #expect(PhotoCatalog(seed: .max, count: 2, liveCount: 2, referenceDate: date).photos.count == 2)
            }
            let catalog = PhotoCatalog(count: 10, liveCount: 3)
            for published in Extremes.ints {
                #expect(catalog.feed(published: published).count == catalog.feedCount(published: published))
                for (low, high) in [(0, 0), (Int.min, Int.max), (Int.max - 1, Int.max), (-1, 1), (5, Int.max)] {
                    _ = catalog.feedSlice(low..<high, published: published)
                }
            }
        },
        NumericBoundary(
            "SplitMix64.swift: state", "SplitMix64.swift: init(seed:)", "SplitMix64.swift: next()", "SplitMix64.swift: int(in:)",
            "SplitMix64.swift: double()", "SplitMix64.swift: chance(_:)", "SplitMix64.swift: pick(weighted:)"
        ) {
            for seed in Extremes.seeds {
                var random = SplitMix64(seed: seed)
                _ = random.next()
                _ = random.state
                for (low, high) in [(Int.min, Int.max), (0, 0), (Int.max, Int.max), (Int.min, Int.min), (-1, 1)] {
                    #expect((low...high).contains(random.int(in: low...high)))
                }
                #expect((0..<1).contains(random.double()))
                for probability in Extremes.doubles { _ = random.chance(probability) }
                for weight in Extremes.ints {
                    _ = random.pick(weighted: [("a", weight), ("b", weight), ("c", 1)])
                    _ = random.pick(weighted: [("a", weight)])
                }
            }
        },
    ]

    static let model: [NumericBoundary] = [
        NumericBoundary(
            "Photo.swift: width", "Photo.swift: height", "Photo.swift: likes", "Photo.swift: aspectRatio",
            "Photo.swift: init(id:createdAt:updatedAt:promotedAt:width:height:color:blurHash:description:altDescription:urls:links:likes:likedByUser:user:sponsorship:)"
        ) {
            let model = boundaryPhoto(width: 1, height: 1)
            for width in Extremes.ints {
                for height in Extremes.ints {
                    let made = Photo(
                        id: "p", createdAt: model.createdAt, updatedAt: model.updatedAt, width: width, height: height,
                        urls: model.urls, links: model.links, likes: width, user: model.user
                    )
                    let ratio = made.aspectRatio
                    #expect(ratio.isFinite && ratio > 0, "\(width) × \(height): \(ratio)")
                }
            }
        },
        NumericBoundary(
            "PhotoPage.swift: page", "PhotoPage.swift: totalCount", "PhotoPage.swift: perPage",
            "PhotoPage.swift: init(photos:page:hasNextPage:totalCount:perPage:)", "PhotoPage.swift: init(photos:page:perPage:headers:)"
        ) {
            for int in Extremes.ints {
                for optional in Extremes.optionalInts {
                    let page = PhotoPage(photos: [], page: int, hasNextPage: true, totalCount: optional, perPage: optional)
                    #expect(page.page == int)
                }
                for total in ["0", "-1", "\(Int.max)", "\(Int.min)", "99999999999999999999999", "1e9", "NaN"] {
                    _ = PhotoPage(photos: [], page: int, perPage: int, headers: ["X-Total": total, "X-Per-Page": total])
                }
            }
        },
        NumericBoundary(
            "RGBColor.swift: red", "RGBColor.swift: green", "RGBColor.swift: blue", "RGBColor.swift: init(red:green:blue:)"
        ) {
            for value in [UInt8.min, 1, 127, .max] {
                #expect(RGBColor(red: value, green: value, blue: value).red == value)
            }
        },
        NumericBoundary(
            "UnsplashUser.swift: totalLikes", "UnsplashUser.swift: totalPhotos",
            "UnsplashUser.swift: init(id:username:name:firstName:lastName:portfolioURL:bio:location:links:profileImage:totalLikes:totalPhotos:)"
        ) {
            let model = boundaryPhoto(width: 1, height: 1).user
            for int in Extremes.optionalInts {
                let user = UnsplashUser(
                    id: "u", username: "u", name: "U", firstName: nil, lastName: nil, portfolioURL: nil, bio: nil, location: nil,
                    links: model.links, profileImage: model.profileImage, totalLikes: int, totalPhotos: int
                )
                #expect(user.totalLikes == int)
            }
        },
    ]

    static let services: [NumericBoundary] = [
        NumericBoundary("FeedError.swift: retryAfter") {
            for wait in Extremes.optionalDurations {
                for error in [FeedError.rateLimited(resetAfter: wait), .requestBudgetSpent(retryAfter: wait ?? .zero)] {
                    #expect(!error.message.isEmpty)
                    #expect(error.message.unicodeScalars.allSatisfy { !$0.properties.isWhitespace || $0 == " " })
                    _ = error.retryAfter
                }
            }
            for status in Extremes.ints {
                #expect(!FeedError.clientError(status: status, messages: []).message.isEmpty)
                #expect(!FeedError.serverError(status: status).message.isEmpty)
                #expect(!FeedError.responseTooLarge(limit: status).message.isEmpty)
            }
        },
        NumericBoundary(
            "UnsplashHTTPConfiguration.swift: deadline", "UnsplashHTTPConfiguration.swift: maxBodyBytes",
            "UnsplashHTTPConfiguration.swift: init(baseURL:accessKey:endpoint:deadline:maxBodyBytes:)",
            "UnsplashHTTPService.swift: photos(page:perPage:)",
            "UnsplashHTTPRequest.swift: clampedPerPage(_:)", "UnsplashHTTPRequest.swift: makeRequest(page:perPage:)"
        ) {
            for deadline in Extremes.durations {
                for bytes in Extremes.ints {
                    let configuration = UnsplashHTTPService.Configuration(
                        baseURL: URL(string: "http://127.0.0.1:9")!, accessKey: "k", deadline: deadline, maxBodyBytes: bytes
                    )
                    let service = UnsplashHTTPService(configuration: configuration)
                    // Built, not sent: subscribing would open a connection.
                    _ = service.photos(page: bytes, perPage: bytes)
                    let request = service.makeRequest(page: bytes, perPage: bytes)
                    #expect(request.timeoutInterval.isFinite && request.timeoutInterval >= 0, "deadline \(deadline): \(request.timeoutInterval)")
                    #expect((1...PhotoPage.maxPerPage).contains(UnsplashHTTPService.clampedPerPage(bytes)))
                }
            }
        },
        NumericBoundary(
            "UnsplashHTTPResponse.swift: interpret(data:response:error:page:perPage:receivedAt:)",
            "UnsplashHTTPResponse.swift: interpret(data:response:page:perPage:receivedAt:)",
            "UnsplashRateLimitWait.swift: rateLimitWait(headers:receivedAt:)"
        ) {
            let url = URL(string: "https://api.unsplash.com/photos")!
            let dates = [Date(timeIntervalSince1970: 0), .distantFuture, .distantPast, Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: .nan)]
            let waits = ["0", "-1", "\(Int.max)", "\(Int.min)", "99999999999999999999999", "1e308", "NaN", "Wed, 21 Oct 2015 07:28:00 GMT"]
            for status in [200, 403, 429, 500, 999, 100] {
                for wait in waits {
                    for date in dates {
                        let headers = ["Retry-After": wait, "X-Ratelimit-Reset": wait, "X-Ratelimit-Remaining": "0", "X-Total": wait]
                        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: headers)!
                        for page in [0, Int.max, Int.min] {
                            _ = UnsplashHTTPService.interpret(data: Data("[]".utf8), response: response, page: page, perPage: page, receivedAt: date)
                            _ = UnsplashHTTPService.interpret(data: nil, response: response, error: nil, page: page, perPage: page, receivedAt: date)
                        }
                        if let wait = UnsplashHTTPService.rateLimitWait(headers: headers, receivedAt: date) {
                            #expect(wait >= .zero && wait <= UnsplashHTTPService.maxRateLimitWait, "\(wait)")
                        }
                    }
                }
            }
        },
        NumericBoundary("UntrustedText.swift: forTerminal(_:maxLength:)", "UntrustedText.swift: forHTML(_:maxLength:)") {
            let text = "Tom \u{1B}[31m<b>& \"Jerry\"</b>\u{202E} and a much longer tail"
            for cap in Extremes.ints {
                let line = UntrustedText.forTerminal(text, maxLength: cap)
                #expect(line.count <= max(cap, 1))
                _ = UntrustedText.forHTML(text, maxLength: cap)
            }
            #expect(UntrustedText.forTerminal(text, maxLength: .max) == UntrustedText.forTerminal(text, maxLength: 1_000))
            #expect(UntrustedText.forHTML(text, maxLength: .max) == UntrustedText.forHTML(text))
        },
    ]

    static let scroll: [NumericBoundary] = [
        NumericBoundary("ReachedBottom.swift: reachedBottom(tolerance:)") {
            for tolerance in Extremes.optionalDoubles {
                let scheduler = TestScheduler()
                let geometry = scheduler.createColdObservable([
                    .next(1, ScrollGeometry(contentOffsetY: 0, contentHeight: 100, viewportHeight: 50)),
                    .next(2, ScrollGeometry(contentOffsetY: .infinity, contentHeight: .nan, viewportHeight: .greatestFiniteMagnitude)),
                    .completed(3),
                ])
                let observer = scheduler.start { geometry.asObservable().reachedBottom(tolerance: tolerance) }
                #expect(observer.events.last.map { if case .completed = $0.value { true } else { false } } == true)
            }
        },
        NumericBoundary(
            "ScrollScript.swift: parse(_:fileName:photoCount:)", "ScrollScript.swift: line", "ScrollScript.swift: column",
            "ScrollScript.swift: init(fileName:line:column:expected:found:sourceLine:)"
        ) {
            let script = "wait 1s\ntap 3\ntap 9999999999999999999\ndrag to 99999999999999999999999\nfling -1e308"
            for count in Extremes.optionalInts {
                _ = try? ScrollScript.parse(script, photoCount: count)
            }
            for int in Extremes.ints {
                let error = ScrollScriptError(fileName: "f", line: int, column: int, expected: "e", found: "x", sourceLine: "abc")
                _ = error.description
                _ = error.excerpt
            }
        },
        NumericBoundary(
            "ScrollSimulatorConfiguration.swift: viewportWidth", "ScrollSimulatorConfiguration.swift: viewportHeight",
            "ScrollSimulatorConfiguration.swift: topInset", "ScrollSimulatorConfiguration.swift: bottomInset",
            "ScrollSimulatorConfiguration.swift: spacing", "ScrollSimulatorConfiguration.swift: frameInterval",
            "ScrollSimulatorConfiguration.swift: decelerationRate", "ScrollSimulatorConfiguration.swift: minimumFlingSpeed",
            "ScrollSimulatorConfiguration.swift: scrollAnimationDuration", "ScrollSimulatorConfiguration.swift: refreshPullDistance",
            "ScrollSimulatorConfiguration.swift: refreshPullDuration",
            "ScrollSimulatorConfiguration.swift: init(viewportWidth:viewportHeight:topInset:bottomInset:layoutStyle:spacing:frameInterval:decelerationRate:minimumFlingSpeed:scrollAnimationDuration:refreshPullDistance:refreshPullDuration:)",
            "ScrollSimulator.swift: index", "ScrollSimulator.swift: taps", "ScrollSimulator.swift: itemIndex(atViewportX:y:)"
        ) {
            let photos = PhotoCatalog(count: 12, liveCount: 0).photos
            let steps = try ScrollScript.parse("fling 8000\nwait 1s\nscroll to bottom\ndrag to 2000\npull to refresh\ntap 2\nfling -15000\nwait 1s")
            for (double, duration) in zip(Extremes.doubles, Extremes.durations) {
                let configuration = ScrollSimulator.Configuration(
                    viewportWidth: double, viewportHeight: double, topInset: double, bottomInset: double, spacing: double,
                    frameInterval: duration, decelerationRate: double, minimumFlingSpeed: double,
                    scrollAnimationDuration: duration, refreshPullDistance: double, refreshPullDuration: duration
                )
                let scheduler = TestScheduler()
                let simulator = ScrollSimulator(scheduler: scheduler, configuration: configuration)
                simulator.setPhotos(photos)
                let taps = scheduler.createObserver(Int.self)
                let bag = DisposeBag()
                simulator.taps.subscribe(taps.asObserver()).disposed(by: bag)
                simulator.play(steps).subscribe(onNext: { _ in }).disposed(by: bag)
                scheduler.advance(by: .seconds(20))
                for x in Extremes.doubles { _ = simulator.itemIndex(atViewportX: x, y: x) }
                bag.dispose()
            }
        },
    ]

    static let viewModel: [NumericBoundary] = [
        NumericBoundary(
            "FeedConfiguration.swift: perPage", "FeedConfiguration.swift: prefetchDistance",
            "FeedConfiguration.swift: maxRequestsPerMinute", "FeedConfiguration.swift: scrollToTopThreshold",
            "FeedConfiguration.swift: init(perPage:prefetchDistance:retry:maxRequestsPerMinute:scrollToTopThreshold:)",
            "RetryPolicy.swift: maxAttempts", "RetryPolicy.swift: initialDelay", "RetryPolicy.swift: multiplier",
            "RetryPolicy.swift: maxDelay", "RetryPolicy.swift: jitter", "RetryPolicy.swift: seed",
            "RetryPolicy.swift: init(maxAttempts:initialDelay:multiplier:maxDelay:jitter:seed:)"
        ) {
            for int in Extremes.ints {
                for double in Extremes.doubles {
                    for duration in Extremes.durations {
                        let configuration = FeedConfiguration(
                            perPage: int, prefetchDistance: double,
                            retry: RetryPolicy(maxAttempts: int, initialDelay: duration, multiplier: double, maxDelay: duration, jitter: double, seed: .max),
                            maxRequestsPerMinute: int, scrollToTopThreshold: double
                        )
                        do {
                            try configuration.validate()
                            try runFeed(configuration)
                        } catch let error as FeedConfigurationError {
                            #expect(!error.field.isEmpty && error.description.contains(error.field))
                        }
                    }
                }
            }
        },
        NumericBoundary("RetryPolicy.swift: delay(afterFailure:page:serverAsked:)", "RetryPolicy.swift: backoff(forPage:)") {
            for policy in [RetryPolicy(), RetryPolicy(maxAttempts: .max, initialDelay: .seconds(Int64.max), multiplier: .greatestFiniteMagnitude, maxDelay: .seconds(Int64.max) * 4, jitter: 1)] {
                for int in Extremes.ints {
                    for asked in Extremes.optionalDurations {
                        let delay = policy.delay(afterFailure: int, page: int, serverAsked: asked)
                        #expect(delay >= .zero)
                    }
                    _ = policy.backoff(forPage: int)
                }
            }
        },
        NumericBoundary(
            "FeedRules.swift: reduce(_:_:at:)", "FeedState.swift: totalCount", "FeedState.swift: recentRequests",
            "FeedState.swift: budgetResumesAt", "FeedState.swift: now", "FeedCounts.swift: requests",
            "FeedCounts.swift: triggersIgnored", "FeedCounts.swift: totalRequests", "FeedState.swift: nextWakeUp",
            "Backoff.swift: page", "Backoff.swift: failures", "Backoff.swift: resumesAt",
            "PageRequest.swift: id", "PageRequest.swift: page", "PageRequest.swift: startedAt", "PageRequest.swift: init(id:page:reason:startedAt:)"
        ) {
            let configuration = FeedConfiguration(perPage: 2, retry: RetryPolicy(maxAttempts: 2, initialDelay: .seconds(1), maxDelay: .seconds(Int64.max) * 4), maxRequestsPerMinute: 1)
            for now in Extremes.durations {
                var state = FeedState(configuration: configuration)
                for event in [FeedEvent.load, .geometry(ScrollGeometry(contentHeight: 0, viewportHeight: 600))] {
                    state = FeedState.reduce(state, event, at: now)
                }
                let request = state.inFlight ?? PageRequest(id: Int.max, page: Int.max, reason: .scroll, startedAt: now)
                let rateLimited = FeedError.rateLimited(resetAfter: .seconds(Int64.max) * 4)
                for event in [FeedEvent.failed(request, rateLimited), .refresh, .retry, .reachedBottom, .wakeUp, .selected(index: Int.max), .selected(index: Int.min)] {
                    state = FeedState.reduce(state, event, at: now)
                }
                _ = (state.totalCount, state.recentRequests, state.budgetResumesAt, state.now, state.nextWakeUp, state.footer, state.error?.message)
                _ = (state.requestsStarted, state.duplicatesDropped, FeedCounts([state]).totalRequests)
                _ = state.backoff.map { ($0.page, $0.failures, $0.resumesAt) }
                for int in Extremes.ints {
                    let made = PageRequest(id: int, page: int, reason: .scroll, startedAt: now)
                    _ = (made.id, made.page, made.startedAt, made.description)
                    _ = FeedState.reduce(state, .loaded(made, PhotoPage(photos: [], page: int, hasNextPage: true, totalCount: int)), at: now)
                }
            }
        },
        NumericBoundary(
            "FeedViewModel.swift: selection", "FeedViewModel.swift: init(load:refresh:geometry:reachedBottom:retry:selection:)",
            "FeedViewModel.swift: duplicatesDropped"
        ) {
            let scheduler = TestScheduler()
            let taps = scheduler.createHotObservable(Extremes.ints.enumerated().map { .next($0.offset + 2, $0.element) })
            let viewModel = try FeedViewModel(
                input: .init(load: scheduler.createHotObservable([.next(1, ())]), selection: taps),
                dependencies: .init(service: CatalogPhotoService(catalog: PhotoCatalog(count: 4, liveCount: 0), scheduler: scheduler), scheduler: scheduler)
            )
            let dropped = scheduler.createObserver(Int.self)
            let bag = DisposeBag()
            viewModel.output.duplicatesDropped.drive(dropped).disposed(by: bag)
            viewModel.output.selectedPhoto.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
            scheduler.advance(by: .seconds(5))
            #expect(dropped.events.first == .next(0, 0))
            bag.dispose()
        },
        NumericBoundary(
            "PhotoList.swift: count", "PhotoList.swift: startIndex", "PhotoList.swift: endIndex", "PhotoList.swift: indices",
            "PhotoList.swift: subscript", "PhotoList.swift: appendNew(_:)"
        ) {
            // Positions are a collection's: valid from startIndex to before endIndex, as in any
            // Swift collection; the edges of that range are read.
            var list = PhotoList()
            #expect(list.appendNew(PhotoCatalog(count: 3, liveCount: 0).photos) == 3)
            #expect(list.indices == list.startIndex..<list.endIndex && list.count == 3)
            _ = (list[list.startIndex], list[list.endIndex - 1])
        },
    ]

    static let images: [NumericBoundary] = [
        NumericBoundary(
            "ImageConfiguration.swift: maxConcurrentLoads", "ImageConfiguration.swift: prefetchDistance",
            "ImageConfiguration.swift: keepMargin", "ImageConfiguration.swift: memoryBudget",
            "ImageConfiguration.swift: maxEntryFraction", "ImageConfiguration.swift: screenScale",
            "ImageConfiguration.swift: quality", "ImageConfiguration.swift: maxEntryBytes",
            "ImageConfiguration.swift: init(maxConcurrentLoads:prefetchDistance:keepMargin:memoryBudget:maxEntryFraction:screenScale:quality:format:retry:)",
            "ImageConfiguration.swift: maxKeepMargin(prefetchDistance:)"
        ) {
            for int in Extremes.ints {
                for double in Extremes.doubles {
                    let configuration = ImageConfiguration(
                        maxConcurrentLoads: int, prefetchDistance: double, keepMargin: double, memoryBudget: int,
                        maxEntryFraction: double, screenScale: double, quality: int
                    )
                    #expect((0...max(int, 0)).contains(configuration.maxEntryBytes), "\(int) × \(double): \(configuration.maxEntryBytes)")
                    _ = ImageConfiguration.maxKeepMargin(prefetchDistance: double)
                    do {
                        try configuration.validate()
                        try runImages(configuration)
                    } catch let error as FeedConfigurationError {
                        #expect(error.field.hasPrefix("images."))
                    }
                }
            }
            // The trap the issue found: a whole budget of Int.max, fraction 1, is valid.
            let whole = ImageConfiguration(memoryBudget: .max, maxEntryFraction: 1)
            try whole.validate()
            #expect(whole.maxEntryBytes == .max)
            try runImages(whole)
        },
        NumericBoundary(
            "ImageRequest.swift: pixelWidth", "ImageRequest.swift: pixelHeight", "ImageRequest.swift: init(url:pixelWidth:pixelHeight:)",
            "ImageRequest.swift: init(photo:pointWidth:configuration:)", "ImageRequest.swift: decodedBytes",
            "LoadedImage.swift: decodedBytes"
        ) {
            for width in Extremes.ints {
                for height in Extremes.ints {
                    let request = ImageRequest(url: boundaryImageURL, pixelWidth: width, pixelHeight: height)
                    #expect(request.decodedBytes >= 0)
                    #expect(LoadedImage(request: request, data: Data(), contentType: "image/jpeg").decodedBytes == request.decodedBytes)
                    for points in Extremes.doubles {
                        for scale in [1.0, 5, .nan, .infinity, 0, -1] {
                            let made = ImageRequest(photo: boundaryPhoto(width: width, height: height), pointWidth: points, configuration: ImageConfiguration(screenScale: scale))
                            #expect(made.map { $0.pixelWidth >= 1 && $0.pixelHeight >= 1 && $0.decodedBytes >= 0 } ?? true)
                        }
                    }
                }
            }
        },
        NumericBoundary(
            "ImageCache.swift: bytes", "ImageCache.swift: init(request:photoIDs:bytes:)", "ImageCache.swift: budget",
            "ImageCache.swift: maxEntryBytes", "ImageCache.swift: init(budget:maxEntryBytes:)", "ImageCache.swift: count",
            "ImageCache.swift: bytes(of:)", "ImageCache.swift: removeAll()"
        ) {
            for budget in Extremes.ints {
                for maxEntry in Extremes.ints {
                    var cache = ImageCache(budget: budget, maxEntryBytes: maxEntry)
                    for (index, side) in [1, 1 << 20, 1 << 40, Int.max].enumerated() {
                        let request = ImageRequest(url: URL(string: "https://images.unsplash.com/\(index)")!, pixelWidth: side, pixelHeight: side)
                        _ = cache.insert(LoadedImage(request: request, data: Data(), contentType: "image/jpeg"), photoIDs: ["\(index)"], standing: .onScreen) { _ in .unwanted }
                        _ = cache.bytes(of: request)
                        #expect(cache.bytes <= max(budget, 0), "budget \(budget): \(cache.bytes)")
                    }
                    _ = (cache.count, cache.budget, cache.maxEntryBytes)
                    _ = cache.removeAll()
                }
                _ = ImageCache.Eviction(request: ImageRequest(url: boundaryImageURL, pixelWidth: 1, pixelHeight: 1), photoIDs: [], bytes: budget).bytes
            }
        },
        NumericBoundary(
            "ImageLoad.swift: id", "ImageLoad.swift: index", "ImageLoad.swift: attempt", "ImageLoad.swift: startedAt",
            "ImageLoad.swift: init(id:request:photoIDs:index:standing:attempt:startedAt:)",
            "ImageRules.swift: reduce(_:_:at:)", "ImageState.swift: index", "ImageState.swift: distance",
            "ImageState.swift: failures", "ImageState.swift: resumesAt", "ImageState.swift: now",
            "ImageCounts.swift: loadsStarted", "ImageCounts.swift: cancelled", "ImageState.swift: nextWakeUp", "ImageState.swift: bytesHeld",
            "CellImage.swift: rank"
        ) {
            let photos = PhotoCatalog(count: 8, liveCount: 0).photos
            var layout = FeedLayout(style: .waterfall(columns: 2), width: 390, spacing: 4)
            layout.append(photos)
            let content = LaidOutPhotos(photos: PhotoList(photos), layout: layout)
            for now in Extremes.durations {
                var state = ImageState(configuration: ImageConfiguration(retry: RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1), maxDelay: .seconds(Int64.max) * 4)))
                state = ImageState.reduce(state, .content(content), at: now)
                state = ImageState.reduce(state, .geometry(ScrollGeometry(contentHeight: layout.contentHeight, viewportHeight: 844)), at: now)
                for load in state.loads {
                    state = ImageState.reduce(state, .failed(load, .rateLimited(resetAfter: .seconds(Int64.max) * 4)), at: now)
                }
                state = ImageState.reduce(state, .wakeUp, at: now)
                _ = (state.now, state.nextWakeUp, state.bytesHeld, state.loadsStarted, ImageCounts([state]).cancelled)
                _ = state.visible.map { ($0.index, $0.distance) }
                _ = state.retries.values.map { ($0.failures, $0.resumesAt) }
                _ = [ImagePhase.color(nil), .blurred(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))].map(\.rank)
                for int in Extremes.ints {
                    let load = ImageLoad(id: int, request: ImageRequest(url: boundaryImageURL, pixelWidth: 1, pixelHeight: 1), photoIDs: ["x"], index: int, standing: .prefetch(distance: .nan), attempt: int, startedAt: now)
                    _ = (load.id, load.index, load.attempt, load.startedAt)
                    _ = ImageState.reduce(state, .loaded(load, LoadedImage(request: load.request, data: Data(), contentType: "")), at: now)
                }
            }
        },
        NumericBoundary("ImageViewModel.swift: bytesHeld", "BlurHash.swift: columns", "BlurHash.swift: rows", "BlurHash.swift: pixels(width:height:punch:)") {
            let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
            _ = (hash.columns, hash.rows)
            for side in Extremes.ints {
                for punch in Extremes.doubles {
                    let pixels = hash.pixels(width: side, height: side, punch: punch)
                    #expect(pixels.count <= BlurHash.maxPixels)
                }
            }
            try runImages(ImageConfiguration())
        },
    ]

    static let layout: [NumericBoundary] = [
        NumericBoundary(
            "FeedLayout.swift: width", "FeedLayout.swift: spacing", "FeedLayout.swift: init(style:width:spacing:)",
            "FeedLayout.swift: columnCount", "FeedLayout.swift: columnWidth", "FeedLayout.swift: frame(at:)",
            "FeedLayout.swift: append(aspectRatios:)", "FeedLayout.swift: visibleRange(offset:height:)",
            "FeedLayout.swift: count", "FeedLayout.swift: startIndex", "FeedLayout.swift: endIndex", "FeedLayout.swift: subscript",
            "LaidOutPhotos.swift: count"
        ) {
            var styles: [FeedLayout.Style] = [.singleColumn]
            styles += Extremes.ints.map { .waterfall(columns: $0) }
            styles += Extremes.doubles.map { .grid(itemHeight: $0) }
            for style in styles {
                for double in Extremes.doubles {
                    var layout = FeedLayout(style: style, width: double, spacing: double)
                    #expect(layout.columnCount >= 1 && layout.columnCount <= FeedLayout.maxColumns)
                    _ = layout.columnWidth
                    layout.append(aspectRatios: Extremes.doubles)
                    _ = (layout.frame(at: 0), layout.frame(at: layout.count - 1))
                    for offset in Extremes.doubles { _ = layout.visibleRange(offset: offset, height: double) }
                    let frames = layout.frames
                    _ = (frames.count, frames[frames.startIndex], frames[frames.endIndex - 1])
                    _ = LaidOutPhotos(photos: PhotoList(), layout: FeedLayout(style: style, width: double)).count
                }
            }
        },
        NumericBoundary(
            "Rect.swift: x", "Rect.swift: y", "Rect.swift: width", "Rect.swift: height", "Rect.swift: init(x:y:width:height:)",
            "Rect.swift: minX", "Rect.swift: minY", "Rect.swift: maxX", "Rect.swift: maxY"
        ) {
            for double in Extremes.doubles {
                let rect = Rect(x: double, y: double, width: double, height: double)
                _ = (rect.minX, rect.minY, rect.maxX, rect.maxY)
            }
        },
        NumericBoundary(
            "ScrollGeometry.swift: contentOffsetY", "ScrollGeometry.swift: contentHeight", "ScrollGeometry.swift: viewportHeight",
            "ScrollGeometry.swift: topInset", "ScrollGeometry.swift: bottomInset",
            "ScrollGeometry.swift: init(contentOffsetY:contentHeight:viewportHeight:topInset:bottomInset:)",
            "ScrollGeometry.swift: minOffset", "ScrollGeometry.swift: maxOffset", "ScrollGeometry.swift: isNearBottom(tolerance:)",
            "ContentDemand.swift: distanceToEnd", "ContentDemand.swift: demand(prefetchDistance:)"
        ) {
            for a in Extremes.doubles {
                for b in Extremes.doubles {
                    let geometry = ScrollGeometry(contentOffsetY: a, contentHeight: b, viewportHeight: a, topInset: b, bottomInset: a)
                    _ = (geometry.minOffset, geometry.maxOffset, geometry.distanceToEnd, geometry.isNearBottom(tolerance: b), geometry.demand(prefetchDistance: b))
                }
            }
        },
    ]
}

/// Runs a feed with this configuration on virtual time for a minute of scrolling.
private func runFeed(_ configuration: FeedConfiguration) throws {
    let scheduler = TestScheduler()
    let service = CatalogPhotoService(catalog: PhotoCatalog(count: 30, liveCount: 0), scheduler: scheduler, failures: .rate(0.5, seed: 1))
    let geometry = scheduler.createHotObservable((1...20).map { .next($0 * 100, ScrollGeometry(contentOffsetY: Double($0) * 1_000, contentHeight: 1_000, viewportHeight: 600)) })
    let viewModel = try FeedViewModel(
        input: .init(load: scheduler.createHotObservable([.next(1, ())]), refresh: scheduler.createHotObservable([.next(50, ())]), geometry: geometry),
        dependencies: .init(service: service, scheduler: scheduler, configuration: configuration)
    )
    let bag = DisposeBag()
    viewModel.output.state.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
    viewModel.output.error.asObservable().subscribe(onNext: { _ = $0.message }).disposed(by: bag)
    scheduler.advance(by: .seconds(60))
    bag.dispose()
}

/// Runs the images of a short feed with this configuration on virtual time.
private func runImages(_ configuration: ImageConfiguration) throws {
    let scheduler = TestScheduler()
    let photos = PhotoCatalog(count: 12, liveCount: 0).photos
    var layout = FeedLayout(style: .waterfall(columns: 2), width: 390, spacing: 4)
    layout.append(photos)
    let content = scheduler.createHotObservable([.next(1, LaidOutPhotos(photos: PhotoList(photos), layout: layout))])
    let geometry = scheduler.createHotObservable([
        .next(2, ScrollGeometry(contentHeight: layout.contentHeight, viewportHeight: 844)),
        .next(300, ScrollGeometry(contentOffsetY: layout.contentHeight, contentHeight: layout.contentHeight, viewportHeight: 844)),
    ])
    let viewModel = try ImageViewModel(
        input: .init(content: content, geometry: geometry),
        dependencies: .init(loader: CatalogImageLoader(scheduler: scheduler, failures: .init(transientRate: 0.3)), scheduler: scheduler, configuration: configuration)
    )
    let held = scheduler.createObserver(Int.self)
    let bag = DisposeBag()
    viewModel.output.bytesHeld.drive(held).disposed(by: bag)
    scheduler.advance(by: .seconds(30))
    #expect(held.events.allSatisfy { ($0.value.element ?? 0) >= 0 })
    bag.dispose()
}

/// A photo of the catalog with these sides and likes.
func boundaryPhoto(width: Int, height: Int, likes: Int = 0) -> Photo {
    var photo = PhotoCatalog(count: 1, liveCount: 0, photographerCount: 1).photos[0]
    photo.width = width
    photo.height = height
    photo.likes = likes
    return photo
}

let boundaryImageURL = URL(string: "https://images.unsplash.com/photo-1")!
