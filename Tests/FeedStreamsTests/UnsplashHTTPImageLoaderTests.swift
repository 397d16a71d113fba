import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import Synchronization
import Testing
@testable import FeedStreams
import FeedTestSupport

/// `UnsplashHTTPImageLoader`: its requests and its reading of answers as pure functions, then
/// through a real `URLSession` against `scripts/unsplash_stub_server.py`, whose `/images/<mode>`
/// prefix serves a page's images from the stub (see the script's header).
@Suite("UnsplashHTTPImageLoader")
struct UnsplashHTTPImageLoaderTests {
    private static let image = ImageRequest(
        url: URL(string: "https://images.unsplash.com/photo-1?ixid=abc&w=193&dpr=3&fit=max&q=75&fm=jpg")!,
        pixelWidth: 579, pixelHeight: 869
    )

    /// A loader against the stub. Its deadline is long (the live feed harness's 15 s), because
    /// these tests check what arrives, not how fast: on a loaded 2-core machine a 5 s deadline
    /// passed in CI before a loopback image arrived. The tests of the deadline pass their own.
    private static func loader(accessKey: String? = StubServer.accessKey, deadline: Duration = LiveFeedHarness.deadline) -> UnsplashHTTPImageLoader {
        UnsplashHTTPImageLoader(
            configuration: .init(accessKey: accessKey, deadline: deadline),
            sessionConfiguration: .ephemeral
        )
    }

    private static func response(_ status: Int, _ headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(url: image.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    // MARK: Pure

    @Test("an image request asks for the sized address, for an image, with no access key")
    func imageRequest() {
        let request = Self.loader().makeRequest(for: Self.image)
        #expect(request.url == Self.image.url)
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "Accept") == "image/*")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("a download report calls download_location as sent, query kept, with the access key")
    func downloadRequest() {
        var chosen = photo("a")
        chosen.links.downloadLocation = URL(string: "https://api.unsplash.com/photos/a/download?ixid=MnwxfDB8MXxhbGx8")!
        let request = Self.loader(accessKey: "key").makeDownloadRequest(for: chosen)
        #expect(request.url?.absoluteString == "https://api.unsplash.com/photos/a/download?ixid=MnwxfDB8MXxhbGx8")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Client-ID key")
        #expect(request.value(forHTTPHeaderField: "Accept-Version") == "v1")
        #expect(Self.loader(accessKey: nil).makeDownloadRequest(for: chosen).value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("an answer reads as an image only when it is a 2xx image; failures read as a page's do")
    func interpret() throws {
        func read(_ response: URLResponse?, _ body: String = "", error: (any Error)? = nil) -> Result<LoadedImage, FeedError> {
            UnsplashHTTPImageLoader.interpret(data: Data(body.utf8), response: response, error: error, for: Self.image, receivedAt: Date())
        }
        #expect(try read(Self.response(200, ["Content-Type": "image/jpeg"]), "jpeg").get().data == Data("jpeg".utf8))
        #expect(read(Self.response(200, ["Content-Type": "text/html"])) == .failure(.malformedResponse(path: "", problem: "expected an image, got text/html")))
        #expect(read(Self.response(200)) == .failure(.malformedResponse(path: "", problem: "expected an image, got no Content-Type")))
        let notFound = read(Self.response(404, ["Content-Type": "application/json"]), #"{"errors":["Not found"]}"#)
        #expect(notFound == .failure(.clientError(status: 404, messages: ["Not found"])))
        #expect(read(Self.response(503)) == .failure(.serverError(status: 503)))
        #expect(read(Self.response(429, ["Retry-After": "30"])) == .failure(.rateLimited(resetAfter: .seconds(30))))
        #expect(read(nil, error: URLError(.timedOut)) == .failure(.timedOut))
        #expect(FeedError.serverError(status: 503).isTransient && !FeedError.clientError(status: 404, messages: []).isTransient)
    }

    @Test("an unexpected content type is named cleaned")
    func cleanedContentType() {
        let result = UnsplashHTTPImageLoader.interpret(
            data: Data(), response: Self.response(200, ["Content-Type": "text/\u{1B}[2Jhtml"]), error: nil, for: Self.image, receivedAt: Date()
        )
        guard case .failure(.malformedResponse(_, let problem)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(!problem.unicodeScalars.contains("\u{1B}"))
    }

    // MARK: Against the stub server

    @Test("a page under /images/ok has its images on the stub; an image loads with its bytes and type; a download is reported")
    func loadsFromTheStub() async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let service = UnsplashHTTPService(
            configuration: .init(baseURL: server.baseURL().appending(path: "images/ok"), accessKey: StubServer.accessKey),
            sessionConfiguration: .ephemeral
        )
        let page = try await Self.result(service.photos(page: 2, perPage: 3)).get()
        let first = try #require(page.photos.first)
        #expect(first.urls.raw.absoluteString.hasPrefix("http://127.0.0.1:\(server.port)/image/ok/stub-3?"))
        let request = try #require(ImageRequest(photo: first, pointWidth: 193, configuration: ImageConfiguration()))
        let loader = Self.loader()
        let image = try await Self.result(loader.image(for: request)).get()
        #expect(image.contentType == "image/jpeg")
        #expect(image.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(try await Self.result(loader.trackDownload(of: first)).get() == ())
        let refused = await Self.result(Self.loader(accessKey: "wrong").trackDownload(of: first))
        #expect(refused.map { _ in 0 } == .failure(.unauthorized))
    }

    @Test("the stub's image failures read as typed errors: 503 transient, 404 not, HTML malformed, slow timed out",
          arguments: [("503", FeedError.serverError(status: 503)), ("404", .clientError(status: 404, messages: ["Not found"])),
                      ("html", .malformedResponse(path: "", problem: "expected an image, got text/html")), ("slow", .timedOut)])
    func failures(mode: String, expected: FeedError) async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let url = server.baseURL().appending(path: "image/\(mode)/stub-7").appending(queryItems: [URLQueryItem(name: "w", value: "193")])
        let loader = Self.loader(deadline: mode == "slow" ? .seconds(1) : LiveFeedHarness.deadline)
        let (result, took) = await timedResult(of: loader.image(for: ImageRequest(url: url, pixelWidth: 579, pixelHeight: 869)))
        #expect(result.map { _ in 0 } == .failure(expected))
        #expect(took < StubServer.deadlineBound, "took \(took)")
    }

    @Test("a slow or failing image server never stalls paging: pages load while every image load waits or fails",
          arguments: ["slow", "503"])
    func pagingGoesOn(mode: String) async throws {
        let server = try await StubServer()
        defer { server.stop() }
        let queue = DispatchQueue(label: "images-over-http")
        let bottom = Subject<Void>()
        let scheduler = DispatchQueueScheduler(queue: queue)
        let base = server.baseURL().appending(path: "images/\(mode)")
        let feed = try FeedViewModel(
            input: .init(load: Observable.just(()), reachedBottom: bottom),
            dependencies: .init(
                service: UnsplashHTTPService(configuration: .init(baseURL: base, accessKey: StubServer.accessKey), sessionConfiguration: .ephemeral),
                scheduler: scheduler
            )
        )
        let content = feed.output.photos.map { photos -> LaidOutPhotos in
            var layout = FeedLayout(style: .grid(itemHeight: 190), width: 390, spacing: 4)
            layout.append(photos.array)
            return LaidOutPhotos(photos: photos, layout: layout)
        }
        let images = try ImageViewModel(
            // A scroll view reports its geometry after every layout.
            input: .init(content: content, geometry: content.map { ScrollGeometry(contentHeight: $0.layout.contentHeight, viewportHeight: 844) }),
            dependencies: .init(loader: Self.loader(deadline: .seconds(30)), scheduler: scheduler)
        )
        let imageCounts = Mutex(ImageCounts())
        let watcher = StateWatcher()
        let subscriptions = Disposables.create(
            images.output.state.asObservable().subscribe(onNext: { state in imageCounts.withLock { $0.add(state) } }),
            feed.output.state.asObservable().subscribe(onNext: { watcher.receive($0) })
        )
        defer { subscriptions.dispose() }
        _ = try #require(await watcher.first(counted: { $0.pagesLoaded == 1 }))
        queue.async { bottom.onNext(()) }
        let second = try #require(await watcher.first(counted: { $0.pagesLoaded == 2 }))
        #expect(second.photos.count == 20)
        let counts = imageCounts.withLock { $0 }
        #expect(counts.loadsStarted > 0, "images were asked for")
        #expect(counts.loaded == 0, "and none arrived: the pages did not wait for them")
    }

    /// The single's result, awaited.
    private static func result<Value: Sendable>(_ single: Single<Value>) async -> Result<Value, FeedError> {
        await timedResult(of: single).result
    }
}
