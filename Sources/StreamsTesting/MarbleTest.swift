import Streams
import Testing

/// The inputs of a one-line marble test, made from diagrams on one `TestScheduler`.
///
/// Hand one to the closure of ``expectMarbles(_:values:error:resolution:fileID:filePath:line:column:_:)``:
///
/// ```swift
/// expectMarbles("--x-y-|") { m in
///     let xs = m.hot("-a^b-c-|", subscriptions: "--^----!")
///     let ys = m.cold("x|", subscriptions: "---^!", "-----^!")
///     return xs.flatMap { _ in ys }.map { $0 == "x" ? "x" : "y" }
/// }
/// ```
///
/// Every source is created at tick 0. The output is subscribed at the `^` of the hot inputs
/// (tick 0 when they have none), and the subscription ends at the output's terminal event,
/// as in RxTest. Each `subscriptions:` diagram is checked against the source's subscription
/// log once the scheduler has run.
public final class MarbleScope {
    /// The scheduler the test runs on; give it to time operators.
    public let scheduler: TestScheduler
    let site: CallSite
    private var subscriptionTick: (tick: Int, diagram: String)?
    private var disposalTick: Int?
    private var checks: [() -> Void] = []
    /// The inputs' diagrams, and how each draws itself in a failure picture.
    private(set) var diagrams: [String] = []
    private(set) var pictureInputs: [(inout MarbleDiagram) -> Void] = []

    /// The tick the output is subscribed at.
    var subscribed: Int { subscriptionTick?.tick ?? 0 }

    init(scheduler: TestScheduler, site: CallSite) {
        self.scheduler = scheduler
        self.site = site
    }

    /// A hot input whose glyphs stand for `values`; its `^` sets the subscription tick.
    public func hot<Element>(
        _ diagram: String, values: [Character: Element], error: any Error = TestError("error"), subscriptions: String...
    ) -> TestableObservable<Element> {
        input(.hot, diagram, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(diagram, values: values, error: error, resolution: scheduler.resolution)
        }
    }

    /// A hot input of the glyphs of `diagram`; its `^` sets the subscription tick.
    public func hot(_ diagram: String, error: any Error = TestError("error"), subscriptions: String...) -> TestableObservable<String> {
        input(.hot, diagram, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(diagram, error: error, resolution: scheduler.resolution)
        }
    }

    /// A cold input whose glyphs stand for `values`, replayed for each subscriber.
    public func cold<Element>(
        _ diagram: String, values: [Character: Element], error: any Error = TestError("error"), subscriptions: String...
    ) -> TestableObservable<Element> {
        input(.cold, diagram, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(diagram, values: values, error: error, resolution: scheduler.resolution)
        }
    }

    /// A cold input of the glyphs of `diagram`, replayed for each subscriber.
    public func cold(_ diagram: String, error: any Error = TestError("error"), subscriptions: String...) -> TestableObservable<String> {
        input(.cold, diagram, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(diagram, error: error, resolution: scheduler.resolution)
        }
    }

    /// Disposes the subscription to the output at `tick`, for an output that never ends (a
    /// `retry()` of a failing source); without it the scheduler runs until no work is left.
    public func dispose(at tick: Int) {
        disposalTick = tick
    }

    /// An input parsed from `diagram`, whose subscription log is checked against
    /// `subscriptions` after the run (unless there are none).
    func input<Element>(
        _ kind: TestableObservable<Element>.Kind,
        _ diagram: String,
        _ subscriptions: [String],
        _ parse: () throws(MarbleError) -> (events: [Recorded<Event<Element>>], subscriptionTick: Int?)
    ) -> TestableObservable<Element> {
        register(scheduler.marbleSource(kind, diagram, at: site, parse), diagram, subscriptions)
    }

    private func register<Element>(
        _ source: TestableObservable<Element>, _ diagram: String, _ subscriptions: [String]
    ) -> TestableObservable<Element> {
        let kind = source.isCold ? "cold" : "hot"
        let number = pictureInputs.count + 1
        diagrams.append(diagram)
        pictureInputs.append { $0.addInput(number == 1 ? kind : "\(kind) \(number)", source) }
        if let tick = source.subscriptionTick {
            if let first = subscriptionTick, first.tick != tick {
                reportFailure("the '^' of \"\(diagram)\" is at tick \(tick), but the '^' of \"\(first.diagram)\" is at tick \(first.tick); "
                              + "inputs share one subscription point", at: site)
            } else {
                subscriptionTick = (tick, diagram)
            }
        }
        if !subscriptions.isEmpty {
            let site = self.site, resolution = scheduler.resolution
            checks.append {
                compareSubscriptions(source, subscriptions, label: "input \"\(diagram)\": ", resolution: resolution, at: site)
            }
        }
        return source
    }

    /// Subscribes to `output` at the subscription tick, runs the scheduler, checks every input's
    /// subscriptions and returns what `output` sent.
    func run<Output>(_ output: Observable<Output>) -> [Recorded<Event<Output>>] {
        let observer = scheduler.createObserver(Output.self)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(subscriptionTick?.tick ?? 0) {
            subscription.disposable = output.subscribe(AnyObserver { event in
                observer.on(event)
                if event.isStopEvent { subscription.dispose() }
            })
        }
        if let disposalTick { scheduler.scheduleAt(disposalTick) { subscription.dispose() } }
        do {
            try scheduler.run()
        } catch {
            reportFailure("\(error)", at: site)
        }
        for check in checks { check() }
        subscription.dispose()
        return observer.events
    }
}

/// A marble test in one call: the inputs and the expression under test, built in `test` from
/// a ``MarbleScope``, and the timeline the expression must produce.
///
/// ```swift
/// expectMarbles("---B-C|", values: ["B": 20, "C": 30]) { m in
///     m.hot("-a^b-c|", values: ["a": 1, "b": 2, "c": 3]).map { $0 * 10 }
/// }
/// ```
///
/// `expected` is in absolute ticks, so it lines up under the hot inputs (`^` takes a tick,
/// like any glyph). A difference is reported as two aligned diagrams you can paste back, to
/// the framework running the test, at the caller's line.
///
/// - Parameters:
///   - expected: The output's timeline.
///   - values: What the output's glyphs stand for.
///   - error: The error that `#` stands for in `expected`.
///   - resolution: The length of one tick, for time tokens and time operators.
///   - test: Makes the inputs and returns the expression under test.
///   - fileID: The file of the call, where a failure is reported.
///   - filePath: The path of that file, for XCTest.
///   - line: The line of the call, where a failure is reported.
///   - column: The column of the call.
public func expectMarbles<Output: Equatable & Sendable>(
    _ expected: String,
    values: [Character: Output],
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ test: (MarbleScope) -> any ObservableConvertibleType<Output>
) {
    let scope = MarbleScope(scheduler: TestScheduler(resolution: resolution),
                            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    let actual = scope.run(test(scope).asObservable())
    compareTimelines(actual, expected, values: values, resolution: resolution, at: scope.site, scope: scope) {
        () throws(MarbleError) in
        try Marbles.parse(expected, values: values, error: error, resolution: resolution).events
    }
}

/// ``expectMarbles(_:values:error:resolution:fileID:filePath:line:column:_:)`` for a Swift
/// Testing helper that passes on a `sourceLocation` of its own, such as the line of a
/// diagram in a documentation file.
public func expectMarbles<Output: Equatable & Sendable>(
    _ expected: String,
    values: [Character: Output],
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    sourceLocation: SourceLocation,
    _ test: (MarbleScope) -> any ObservableConvertibleType<Output>
) {
    let scope = MarbleScope(scheduler: TestScheduler(resolution: resolution), site: CallSite(sourceLocation))
    let actual = scope.run(test(scope).asObservable())
    compareTimelines(actual, expected, values: values, resolution: resolution, at: scope.site, scope: scope) {
        () throws(MarbleError) in
        try Marbles.parse(expected, values: values, error: error, resolution: resolution).events
    }
}

/// ``expectMarbles(_:values:error:resolution:fileID:filePath:line:column:_:)`` for an output of
/// strings, each glyph its own value.
public func expectMarbles(
    _ expected: String,
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ test: (MarbleScope) -> any ObservableConvertibleType<String>
) {
    let scope = MarbleScope(scheduler: TestScheduler(resolution: resolution),
                            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    let actual = scope.run(test(scope).asObservable())
    compareTimelines(actual, expected, values: [:], resolution: resolution, at: scope.site, scope: scope) {
        () throws(MarbleError) in
        try Marbles.parse(expected, error: error, resolution: resolution).events
    }
}

/// A one-line marble test of an operator on one hot input: `input`'s `^` sets the subscription
/// tick, and `expected` lines up under it.
///
/// ```swift
/// expectMarbles(hot: "-a^b-c|", { $0.map { $0 * 10 } }, "---B-C|",
///               values: ["a": 1, "b": 2, "c": 3, "B": 20, "C": 30])
/// ```
///
/// - Parameters:
///   - input: The hot input's timeline.
///   - transform: The expression under test.
///   - expected: The output's timeline, in the same absolute ticks.
///   - values: What the glyphs of both diagrams stand for.
///   - subscriptions: The input's expected subscription diagrams, if the test checks them.
///   - error: The error that `#` stands for.
///   - resolution: The length of one tick, for time tokens and time operators.
///   - fileID: The file of the call, where a failure is reported.
///   - filePath: The path of that file, for XCTest.
///   - line: The line of the call, where a failure is reported.
///   - column: The column of the call.
public func expectMarbles<Element: Equatable & Sendable>(
    hot input: String,
    _ transform: (Observable<Element>) -> any ObservableConvertibleType<Element>,
    _ expected: String,
    values: [Character: Element],
    subscriptions: String...,
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectMarbles(expected, values: values, error: error, resolution: resolution,
                  fileID: fileID, filePath: filePath, line: line, column: column) { scope in
        transform(scope.input(.hot, input, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(input, values: values, error: error, resolution: resolution)
        }.asObservable())
    }
}

/// A one-line marble test of an operator on one cold input, subscribed at tick 0.
public func expectMarbles<Element: Equatable & Sendable>(
    cold input: String,
    _ transform: (Observable<Element>) -> any ObservableConvertibleType<Element>,
    _ expected: String,
    values: [Character: Element],
    subscriptions: String...,
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectMarbles(expected, values: values, error: error, resolution: resolution,
                  fileID: fileID, filePath: filePath, line: line, column: column) { scope in
        transform(scope.input(.cold, input, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(input, values: values, error: error, resolution: resolution)
        }.asObservable())
    }
}

/// A one-line marble test on one hot input of strings, each glyph its own value.
public func expectMarbles(
    hot input: String,
    _ transform: (Observable<String>) -> any ObservableConvertibleType<String>,
    _ expected: String,
    subscriptions: String...,
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectMarbles(expected, error: error, resolution: resolution,
                  fileID: fileID, filePath: filePath, line: line, column: column) { scope in
        transform(scope.input(.hot, input, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(input, error: error, resolution: resolution)
        }.asObservable())
    }
}

/// A one-line marble test on one cold input of strings, subscribed at tick 0.
public func expectMarbles(
    cold input: String,
    _ transform: (Observable<String>) -> any ObservableConvertibleType<String>,
    _ expected: String,
    subscriptions: String...,
    error: any Error = TestError("error"),
    resolution: Duration = .seconds(1),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectMarbles(expected, error: error, resolution: resolution,
                  fileID: fileID, filePath: filePath, line: line, column: column) { scope in
        transform(scope.input(.cold, input, subscriptions) { () throws(MarbleError) in
            try Marbles.parse(input, error: error, resolution: resolution)
        }.asObservable())
    }
}
