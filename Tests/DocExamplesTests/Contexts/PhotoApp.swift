import Foundation
import Streams

/// The stand-ins the Streams articles' examples borrow from an app that shows photos; a block
/// marked `<!-- example: in PhotoApp -->` compiles inside this type and can use them.
///
/// Only the types matter: these examples are compiled, not run.
struct PhotoApp: Sendable {
    struct Photo: Codable, Sendable, Hashable {
        var id: String
    }

    typealias PhotoPage = [Photo]

    /// A request in flight, as `URLSessionTask` is.
    struct FetchTask: Sendable {
        func cancel() {}
    }

    /// A photo service in the shapes the articles use: a `Single` per page, an observable of
    /// pages, and a callback API to wrap.
    struct PhotoService: Sendable {
        func page(_ number: Int) -> Single<[Photo]> { .just([]) }
        func photos(page: Int) -> Single<[Photo]> { .just([]) }
        func photo(id: String) -> Single<Photo> { .just(Photo(id: id)) }
        func search(_ query: String) -> Single<[Photo]> { .just([]) }
        func save(_ edit: Edit) -> Completable { .empty() }
        var pages: Observable<[Photo]> { .empty() }
        func fetchPage(_ number: Int, completion: @escaping @Sendable (Result<PhotoPage, any Error>) -> Void) -> FetchTask {
            FetchTask()
        }
    }

    /// A change the user made to a photo, to be saved.
    struct Edit: Sendable {}

    /// Photos kept on disk: a lookup finds one or nothing.
    struct PhotoCache: Sendable {
        func photo(id: String) -> Maybe<Photo> { .empty() }
    }

    struct Thumbnail: Sendable {}

    /// Shows thumbnails; it is `Sendable` and may be called from any thread.
    final class Gallery: Sendable {
        func show(_ thumbnails: [Thumbnail]) {}
    }

    struct Download: Sendable {
        let progressUpdates: AsyncStream<Double>
    }

    struct ViewModel: Sendable {
        struct Output: Sendable {
            let photos: Observable<[Photo]>
        }

        let output: Output
    }

    let service: PhotoService
    let cache: PhotoCache
    let queries: Observable<String>
    let saveTaps: Observable<Edit>
    let viewModel: ViewModel
    let scheduler: any Scheduler
    let disposeBag: DisposeBag
    /// A seed for retry jitter that differs between clients.
    let clientID: UInt64
    let lines: Observable<String>
    let searchText: Observable<String>
    let viewDidDisappear: Observable<Void>
    let cacheFile: URL
    let gallery: Gallery
    let download: Download

    func decodeThumbnails(_ data: Data) throws -> [Thumbnail] { [] }
    func show(_ page: PhotoPage) {}
    func showError(_ error: any Error) {}
    func render(_ photos: [Photo]) {}
}
