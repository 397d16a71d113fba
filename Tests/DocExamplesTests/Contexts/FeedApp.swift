import FeedStreams
import Streams

/// The stand-ins the FeedStreams articles' examples borrow from a feed screen; a block marked
/// `<!-- example: in FeedApp -->` compiles inside this type and can use them.
///
/// Only the types matter: these examples are compiled, not run.
struct FeedApp: Sendable {
    /// UIKit's index path, as a collection view takes it.
    struct IndexPath: Sendable {
        let item: Int
        let section: Int
    }

    /// A collection view, main-actor isolated as UIKit's is.
    @MainActor
    final class CollectionView {
        func reloadData() {}
        func insertItems(at indexPaths: [IndexPath]) {}
    }

    let screenAppeared: Observable<Void>
    let refreshControl: Observable<Void>
    let geometry: Observable<ScrollGeometry>
    let footerRetryTaps: Observable<Void>
    let taps: Observable<Int>
    let scheduler: any Scheduler
    let collectionView: CollectionView
    let bag: DisposeBag
    /// An Unsplash access key.
    let key: String
    let input: FeedViewModel.Input
    /// The photos and their layout, after each layout pass.
    let content: Observable<LaidOutPhotos>
    /// The system's memory warnings.
    let memoryWarnings: Observable<Void>
    /// The photos the user downloads.
    let downloadTaps: Observable<Photo>
}
