import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Streams
import Synchronization

/// How one HTTP exchange ended, before its response is read as a page.
enum UnsplashHTTPTransferOutcome: Sendable {
    /// The task finished: with the whole body and the response, or with an error.
    case finished(body: Data, response: URLResponse?, error: (any Error)?)
    /// The body grew past the limit (or its `Content-Length` announced that it would).
    case tooLarge
    /// The deadline passed first.
    case timedOut
}

/// The `URLSession` behind ``UnsplashHTTPService``, and the transfers running on it.
///
/// The session's delegate collects each task's body as it arrives, so that a body longer than
/// the limit is refused while it streams in instead of after it was buffered whole. (On Linux,
/// only a session-wide delegate sees a task's bytes; a per-task delegate is never called.)
///
/// Whoever takes a transfer out of the table finishes it: the delegate when the task completes
/// or the body grows too large, the deadline when it passes, or disposal, which finishes it
/// with nothing. So a transfer finishes once, and its buffer is released as it does.
final class UnsplashHTTPTransfers: Sendable {
    private let session: URLSession
    private let table: TransferTable

    /// Where deadlines fire.
    private static let deadlines = DispatchQueueScheduler(label: "FeedStreams.UnsplashHTTPService.deadlines")

    init(sessionConfiguration: URLSessionConfiguration) {
        let table = TransferTable()
        self.table = table
        session = URLSession(configuration: sessionConfiguration, delegate: table, delegateQueue: nil)
    }

    deinit {
        // The session holds its delegate until it is invalidated. Running transfers finish.
        session.finishTasksAndInvalidate()
    }

    /// Starts a data task, and calls `finish` once with its outcome, unless disposed first.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - limit: The largest body accepted, in bytes.
    ///   - deadline: How long the whole exchange may take.
    ///   - finish: Receives the outcome, on the session's delegate queue or, for
    ///     ``UnsplashHTTPTransferOutcome/timedOut``, on the deadline's queue.
    /// - Returns: A disposable that cancels the task; `finish` is then not called.
    func start(
        _ request: URLRequest,
        limit: Int,
        deadline: Duration,
        finish: @escaping @Sendable (UnsplashHTTPTransferOutcome) -> Void
    ) -> any Disposable {
        guard deadline > .zero else {
            finish(.timedOut)
            return Disposables.create()
        }
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let table = table
        table.add(id, limit: max(limit, 0), finish: finish)
        let timer = Self.deadlines.schedule(after: deadline) {
            guard let finish = table.remove(id) else { return }
            task.cancel()
            finish(.timedOut)
        }
        task.resume()
        return Disposables.create {
            timer.dispose()
            if table.remove(id) != nil {
                task.cancel()
            }
        }
    }
}

/// The transfers in flight by task identifier, and the session delegate that feeds them.
private final class TransferTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        let limit: Int
        let finish: @Sendable (UnsplashHTTPTransferOutcome) -> Void
        var body = Data()
        var response: URLResponse?
    }

    /// What a callback decided, to act on once the lock is released.
    private enum Decision {
        case proceed
        case refuse(@Sendable (UnsplashHTTPTransferOutcome) -> Void)
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    func add(_ id: Int, limit: Int, finish: @escaping @Sendable (UnsplashHTTPTransferOutcome) -> Void) {
        transfers.withLock { $0[id] = Transfer(limit: limit, finish: finish) }
    }

    /// Takes a transfer out of the table; returns its `finish`, or `nil` when it had already left.
    func remove(_ id: Int) -> (@Sendable (UnsplashHTTPTransferOutcome) -> Void)? {
        transfers.withLock { $0.removeValue(forKey: id) }?.finish
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let decision = transfers.withLock { transfers -> Decision in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return .proceed }
            if response.expectedContentLength > Int64(transfer.limit) {
                transfers[dataTask.taskIdentifier] = nil
                return .refuse(transfer.finish)
            }
            transfers[dataTask.taskIdentifier]?.response = response
            return .proceed
        }
        switch decision {
        case .proceed:
            completionHandler(.allow)
        case .refuse(let finish):
            completionHandler(.cancel)
            finish(.tooLarge)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let decision = transfers.withLock { transfers -> Decision in
            guard var transfer = transfers.removeValue(forKey: dataTask.taskIdentifier) else { return .proceed }
            guard transfer.body.count + data.count <= transfer.limit else { return .refuse(transfer.finish) }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return .proceed
        }
        if case .refuse(let finish) = decision {
            dataTask.cancel()
            finish(.tooLarge)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.finish(.finished(body: transfer.body, response: transfer.response ?? task.response, error: error))
    }
}
