import Dispatch
import FeedStreams
import Streams
import Synchronization

/// Serves pages from an Unsplash-compatible server to the view model, with answers delivered on
/// the session's scheduler.
///
/// Two ways to combine a real network with the session's clock:
///
/// - **Virtual time** (the default): the demo's ``TestScheduler`` stands still while a request
///   is on the wire (the driver waits on the ``HTTPGate``), and the answer is delivered
///   `latency` of virtual time after the request. The timeline is therefore the same on every
///   run, whatever the network does, and no real timer is involved.
/// - **Real time** (`--realtime`): the answer is delivered on the scheduler's queue once it has
///   arrived and at least `latency` has passed since the request.
struct HTTPPhotoService: PhotoService {
    /// The HTTP client.
    let http: UnsplashHTTPService
    /// Where answers are delivered.
    let scheduler: any Scheduler
    /// The least time from a request to its answer.
    let latency: Duration
    /// With virtual time: holds the clock while requests are on the wire.
    let gate: HTTPGate?

    func photos(page: Int, perPage: Int) -> Single<PhotoPage> {
        Single.create { [http, scheduler, latency, gate] resolve in
            let requestedAt = scheduler.now
            let ended = Atomic(false)
            let delivery = SerialDisposable()
            gate?.begin()
            let task = http.fetchPage(page: page, perPage: perPage) { result in
                guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
                let deliver: @Sendable () -> Void = {
                    let wait = gate == nil ? max(latency - (scheduler.now - requestedAt), .zero) : latency
                    delivery.disposable = scheduler.schedule(after: wait) {
                        resolve(result.mapError { $0 as any Error })
                    }
                }
                if let gate {
                    gate.end(then: deliver)
                } else {
                    deliver()
                }
            }
            return Disposables.create {
                task.cancel()
                delivery.dispose()
                if !ended.exchange(true, ordering: .acquiringAndReleasing) { gate?.end(then: nil) }
            }
        }
    }
}

/// Counts HTTP requests on the wire and hands their answers to the thread that drives virtual
/// time, so that the clock does not move while the network works.
///
/// URLSession completes on its own queue; ``end(then:)`` queues the follow-up and wakes the
/// driver, which runs it with ``waitForAnswer()`` on its own thread, where the ``TestScheduler``
/// is advanced.
final class HTTPGate: Sendable {
    private struct State {
        var outstanding = 0
        var ready: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    private let signal = DispatchSemaphore(value: 0)

    /// Whether a request is on the wire or an answer waits to be handed over.
    var isBusy: Bool {
        state.withLock { $0.outstanding > 0 || !$0.ready.isEmpty }
    }

    /// A request went out.
    func begin() {
        state.withLock { $0.outstanding += 1 }
    }

    /// A request ended (answered, or cancelled with `nil`); `then` runs on the driver's thread.
    func end(then followUp: (@Sendable () -> Void)?) {
        state.withLock { state in
            state.outstanding -= 1
            if let followUp { state.ready.append(followUp) }
        }
        signal.signal()
    }

    /// Blocks until some request ends, then runs the follow-ups that are ready.
    func waitForAnswer() {
        let ready = state.withLock { state in
            defer { state.ready = [] }
            return state.ready
        }
        if !ready.isEmpty {
            ready.forEach { $0() }
            return
        }
        signal.wait()
        let next = state.withLock { state in
            defer { state.ready = [] }
            return state.ready
        }
        next.forEach { $0() }
    }
}
