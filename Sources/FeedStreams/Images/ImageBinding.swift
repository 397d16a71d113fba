import Streams
import Synchronization

/// Binds a cell (or any view) to the image of the photo it shows, so that it never shows another
/// photo's image: the binding lives in the cell, with no `prepareForReuse` discipline and no
/// `DisposeBag` per cell to get right.
///
/// ```swift
/// final class PhotoCell {                 // a UICollectionViewCell in an app
///     let imageBinding = ImageBinding()
///
///     func show(_ photo: Photo, images: ImageViewModel.Output) {
///         imageBinding.bind(photo, to: images) { [weak self] phase in
///             self?.draw(phase)           // colour, BlurHash, then the image
///         }
///     }
///
///     func draw(_ phase: ImagePhase) {}
/// }
/// ```
///
/// Two guards, each enough on its own:
///
/// - **One subscription per binding.** ``bind(_:to:apply:)-(Photo,_,_)`` replaces the previous subscription,
///   disposing it, so a reused cell stops hearing about the photo it showed before.
/// - **Keyed values.** Every value names its photo (``CellImage/photoID``); a value for any photo
///   but the one bound now is dropped, so even an answer already on its way when the cell was
///   rebound is never shown.
///
/// When the binding goes away (its cell is deallocated), its subscription is disposed.
///
/// ## Threads
///
/// Bind, and receive the phases, on the view model's scheduler (the main thread in an app):
/// `apply` runs there, outside the binding's lock.
public final class ImageBinding: Sendable {
    private struct State {
        var photoID: String?
        var generation = 0
    }

    private let state = Mutex(State())
    private let subscription = SerialDisposable()

    /// A binding to nothing.
    public init() {}

    deinit {
        subscription.dispose()
    }

    /// The photo bound now, if any.
    public var photoID: String? {
        state.withLock { $0.photoID }
    }

    /// Shows `photo`'s image through `apply`, instead of whatever was bound before.
    ///
    /// - Parameters:
    ///   - photo: The photo the cell shows now.
    ///   - images: The images' outputs.
    ///   - apply: Draws one phase: the colour, the BlurHash, then the image.
    public func bind(_ photo: Photo, to images: ImageViewModel.Output, apply: @escaping @Sendable (ImagePhase) -> Void) {
        bind(photo.id, to: images.image(for: photo), apply: apply)
    }

    /// Shows the values of `source` that are for `photoID`, instead of whatever was bound before.
    ///
    /// - Parameters:
    ///   - photoID: The photo the cell shows now.
    ///   - source: The photo's phases, such as ``ImageViewModel/Output/image(for:)`` (another
    ///     photo's values are dropped).
    ///   - apply: Draws one phase.
    public func bind(_ photoID: String, to source: Driver<CellImage>, apply: @escaping @Sendable (ImagePhase) -> Void) {
        let generation = state.withLock { state in
            state.photoID = photoID
            state.generation += 1
            return state.generation
        }
        subscription.disposable = source.asObservable().subscribe(onNext: { [weak self] image in
            guard let self else { return }
            let isCurrent = state.withLock { $0.generation == generation && $0.photoID == image.photoID }
            if isCurrent { apply(image.phase) }
        })
    }

    /// Stops showing anything: the subscription is disposed.
    public func unbind() {
        state.withLock { state in
            state.photoID = nil
            state.generation += 1
        }
        subscription.disposable = nil
    }
}
