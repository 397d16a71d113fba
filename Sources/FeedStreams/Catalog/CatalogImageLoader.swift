import Foundation
import Streams
import Synchronization

/// An ``ImageLoader`` that serves made-up images on a scheduler's clock, with seeded latencies,
/// failures and file sizes: the images of the embedded catalog, for the demo and for tests.
///
/// Each answer arrives after ``latency``, varied by up to ± ``jitter`` of it, as one action on
/// ``scheduler``, so on a `TestScheduler` it lands at an exact tick; disposing the load before
/// then cancels that action and nothing is delivered. The bytes are a stand-in for a JPEG (the
/// `FF D8 FF` start of one, then zeros) whose length is a seeded 1 to 2 bits per pixel, as a
/// photo at quality 75 takes; their type follows the request's `fm`.
///
/// With 300 ms, no jitter, on a `TestScheduler(resolution: .milliseconds(100))`, subscribed at
/// tick 0, an image `i` arrives at tick 3; an address the plan refuses fails there with HTTP 404,
/// and a request the plan makes fail transiently with HTTP 503:
///
/// ```
/// success:  ---(i|)
/// failure:  ---#
/// ```
///
/// Every load is logged in ``loads``, with its outcome updated as it is answered or cancelled:
/// the demo counts from it, and tests read every start and cancel from it. The log lives behind
/// one mutex, so loads may come from any thread; answers are delivered on the scheduler.
public final class CatalogImageLoader: ImageLoader {
    /// Which loads fail.
    public struct Failures: Sendable, Equatable {
        /// The share of loads answered with HTTP 503, decided per load (a retry may succeed).
        public var transientRate: Double
        /// The share of addresses answered with HTTP 404, decided per address (every time).
        public var refusedRate: Double

        /// Creates a plan.
        public init(transientRate: Double = 0, refusedRate: Double = 0) {
            self.transientRate = transientRate
            self.refusedRate = refusedRate
        }

        /// Every load succeeds.
        public static let none = Failures()
    }

    /// One load the loader received, and what became of it.
    public struct Record: Sendable, Equatable, CustomStringConvertible {
        /// What became of a load.
        public enum Outcome: Sendable, Equatable {
            /// Not answered yet.
            case pending
            /// The image arrived, with this many bytes.
            case delivered(bytes: Int)
            /// The load failed.
            case failed(FeedError)
            /// Disposed before its answer: nothing was delivered.
            case cancelled
        }

        /// The load's position in the log, from 1.
        public let number: Int
        /// The address asked for.
        public let url: URL
        /// When it was asked for.
        public let requestedAt: Duration
        /// When it was answered or cancelled.
        public var finishedAt: Duration?
        /// What became of it.
        public var outcome: Outcome

        /// `#3 https://… at 1.2 seconds: 61440 bytes`.
        public var description: String {
            let result = switch outcome {
            case .pending: "pending"
            case .delivered(let bytes): "\(bytes) bytes"
            case .failed(let error): "failed (\(error))"
            case .cancelled: "cancelled"
            }
            return "#\(number) \(url.absoluteString) at \(requestedAt): \(result)"
        }
    }

    /// The largest file a load answers with, in bytes: a made-up file is one to two bits a pixel
    /// of the request, and no larger than this (a 1 × 1,000,000 px request asks for no gigabyte).
    public static let maxFileBytes = 32 * 1024 * 1024

    /// The clock and the executor of the answers.
    public let scheduler: any Scheduler
    /// The typical time from a load to its answer.
    public let latency: Duration
    /// How much a latency varies, as a share of ``latency`` either way, from 0 to 1.
    public let jitter: Double
    /// Which loads fail.
    public let failures: Failures
    /// Seeds the latencies, the sizes and the failures.
    public let seed: UInt64

    private let log = Mutex<[Record]>([])

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - scheduler: Where answers are delivered, and whose clock times them.
    ///   - latency: The typical time to an answer; 300 ms unless given. From zero to an hour; a
    ///     latency outside is clamped into that range.
    ///   - jitter: How much latencies vary, from 0 to 1 of ``latency`` either way; 0.5 unless
    ///     given. A value outside is clamped into that range, and NaN is 0.
    ///   - failures: Which loads fail; none unless given.
    ///   - seed: Seeds latencies, sizes and failures.
    public init(
        scheduler: any Scheduler,
        latency: Duration = .milliseconds(300),
        jitter: Double = 0.5,
        failures: Failures = .none,
        seed: UInt64 = 0
    ) {
        self.scheduler = scheduler
        self.latency = min(max(latency, .zero), .seconds(3_600))
        self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 1)
        self.failures = failures
        self.seed = seed
    }

    /// Every load so far, in the order they were asked for.
    public var loads: [Record] {
        log.withLock { $0 }
    }

    /// The loads not answered or cancelled yet, in the order they were asked for.
    public var pending: [Record] {
        log.withLock { $0.filter { $0.outcome == .pending } }
    }

    /// Loads one image; the answer arrives a seeded latency later on the scheduler.
    ///
    /// - Parameter request: The image.
    /// - Returns: A single of the image, failing with a ``FeedError``; disposing it cancels the load.
    public func image(for request: ImageRequest) -> Single<LoadedImage> {
        Single.create { [self] resolve in
            let now = scheduler.now
            let number = log.withLock { log in
                log.append(Record(number: log.count + 1, url: request.url, requestedAt: now, outcome: .pending))
                return log.count
            }
            let answer = self.answer(to: request, number: number)
            let work = scheduler.schedule(after: answer.latency) { [self] in
                let result = answer.result
                let delivered = log.withLock { log -> Bool in
                    guard log[number - 1].outcome == .pending else { return false }
                    log[number - 1].finishedAt = scheduler.now
                    log[number - 1].outcome = switch result {
                    case .success(let image): .delivered(bytes: image.data.count)
                    case .failure(let error): .failed(error)
                    }
                    return true
                }
                if delivered { resolve(result.mapError { $0 }) }
            }
            return Disposables.create { [self] in
                work.dispose()
                let finishedAt = scheduler.now
                log.withLock { log in
                    guard log[number - 1].outcome == .pending else { return }
                    log[number - 1].outcome = .cancelled
                    log[number - 1].finishedAt = finishedAt
                }
            }
        }
    }

    /// What the loader answers to the `number`-th load, and after how long.
    private func answer(to request: ImageRequest, number: Int) -> (latency: Duration, result: Result<LoadedImage, FeedError>) {
        var perLoad = SplitMix64(seed: seed ^ UInt64(number) &* 0x9E37_79B9_7F4A_7C15)
        var perAddress = SplitMix64(seed: seed ^ SplitMix64.stableHash(request.url.absoluteString))
        let wait = latency * (1 + jitter * (2 * perLoad.double() - 1))
        if perAddress.chance(failures.refusedRate) {
            return (wait, .failure(.clientError(status: 404, messages: [])))
        }
        if perLoad.chance(failures.transientRate) {
            return (wait, .failure(.serverError(status: 503)))
        }
        let bitsPerPixel = 1 + perAddress.double()
        let pixels = Double(request.decodedBytes / 4)
        let length = Int(min(max(pixels * bitsPerPixel / 8, 3), Double(Self.maxFileBytes)))
        var data = Data(count: length)
        data.replaceSubrange(0..<3, with: [0xFF, 0xD8, 0xFF])
        return (wait, .success(LoadedImage(request: request, data: data, contentType: Self.contentType(of: request.url))))
    }

    /// The media type of the format an address asks for (`fm`), JPEG unless it says otherwise.
    static func contentType(of url: URL) -> String {
        let format = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.last { $0.name == "fm" }?.value
        return switch format.flatMap(ImageFormat.init(rawValue:)) {
        case .png: "image/png"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .jpg, nil: "image/jpeg"
        }
    }
}
