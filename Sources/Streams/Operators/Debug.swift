#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ObservableType {
    /// Logs every subscription, event and disposal that passes, and changes nothing.
    ///
    /// Each line carries `label`, `scheduler`'s time (when you give one) and the thread it
    /// happened on, and goes to `sink`, which prints it unless you pass another. Put it between
    /// two operators to see what flows there and when, as RxSwift's `debug(_:)` does:
    ///
    /// ```
    /// source:  -a-b-|
    ///          debug("search")
    /// output:  -a-b-|
    /// ```
    /// ![debug("search"), drawn from a run](debug-debug-search)
    ///
    /// ```text
    /// [search] 0.0 seconds, thread 7f1c2e5fe740: subscribed
    /// [search] 1.0 seconds, thread 7f1c2e5fe740: next(a)
    /// [search] 3.0 seconds, thread 7f1c2e5fe740: next(b)
    /// [search] 5.0 seconds, thread 7f1c2e5fe740: completed
    /// [search] 5.0 seconds, thread 7f1c2e5fe740: disposed
    /// ```
    ///
    /// The subscription to the source ends after a terminal event is forwarded, and `disposed`
    /// is logged once, whichever ends it. Events are delivered on the source's thread; the sink
    /// is called on the thread of what it logs, before an event is forwarded, and never under a
    /// lock.
    ///
    /// - Parameters:
    ///   - label: Names this point of the chain in each line.
    ///   - scheduler: Whose ``Scheduler/now`` each line shows; `nil` for no time.
    ///   - sink: Where the lines go; ``DebugSink/print`` by default.
    /// - Returns: The same observable, logged.
    public func debug(_ label: String = "debug", scheduler: (any Scheduler)? = nil, sink: DebugSink = .print) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            @Sendable func log(_ message: String) {
                sink.write(DebugEntry(label: label, time: scheduler?.now, thread: DebugEntry.currentThread(), message: message))
            }
            log("subscribed")
            let upstream = SingleAssignmentDisposable()
            let lifetime = Disposables.create(with: {
                upstream.dispose()
                log("disposed")
            })
            upstream.setDisposable(source.subscribe(AnyObserver { event in
                guard !upstream.isDisposed else { return }
                switch event {
                case .next(let value):
                    log("next(\(value))")
                    observer.on(event)
                case .error(let error):
                    log("error(\(error))")
                    observer.on(event)
                    lifetime.dispose()
                case .completed:
                    log("completed")
                    observer.on(event)
                    lifetime.dispose()
                }
            }))
            return lifetime
        }
    }
}

/// Where ``ObservableType/debug(_:scheduler:sink:)`` sends its lines: ``print`` by default, or
/// a closure of yours (a logger, a test's recorder).
public struct DebugSink: Sendable {
    /// Receives each entry, on the thread it happened on.
    public let write: @Sendable (DebugEntry) -> Void

    /// A sink that calls `write` with each entry.
    public init(_ write: @escaping @Sendable (DebugEntry) -> Void) {
        self.write = write
    }

    /// Prints each entry's ``DebugEntry/description`` on its own line.
    public static let print = DebugSink { Swift.print($0) }
}

/// One line of ``ObservableType/debug(_:scheduler:sink:)``: what happened, where and when.
public struct DebugEntry: Sendable, Equatable, CustomStringConvertible {
    /// The label given to `debug`.
    public let label: String
    /// The scheduler's time, or `nil` when `debug` was given no scheduler.
    public let time: Duration?
    /// The thread: `main` on Darwin's main thread, otherwise the thread's POSIX id in hexadecimal.
    public let thread: String
    /// `subscribed`, `next(value)`, `error(error)`, `completed` or `disposed`.
    public let message: String

    /// Creates an entry.
    public init(label: String, time: Duration?, thread: String, message: String) {
        self.label = label
        self.time = time
        self.thread = thread
        self.message = message
    }

    /// `[label] 1.0 seconds, thread main: next(a)`.
    public var description: String {
        "[\(label)] \(time.map { "\($0), " } ?? "")thread \(thread): \(message)"
    }

    /// `main` on Darwin's main thread; elsewhere the thread's POSIX id, in hexadecimal.
    static func currentThread() -> String {
        #if canImport(Darwin)
        if pthread_main_np() != 0 { return "main" }
        return String(UInt(bitPattern: pthread_self()), radix: 16)
        #elseif canImport(Glibc)
        return String(UInt(pthread_self()), radix: 16)
        #elseif canImport(Darwin)
        if pthread_main_np() != 0 { return "main" }
        var id: UInt64 = 0
        pthread_threadid_np(nil, &id)
        return "\(id)"
        #else
        return "?"
        #endif
    }
}
