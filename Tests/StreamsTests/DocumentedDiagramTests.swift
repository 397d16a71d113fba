import StreamsTesting
import Testing

/// Every marble diagram in the documentation — the doc comments of `Sources/Streams` and the
/// articles of `Streams.docc` — runs here against the operator it documents, so a diagram is
/// written once, where the reader sees it, and cannot drift from the code: a drift fails at the
/// diagram's own file and line.
@Suite("documentation diagrams")
struct DocumentedDiagramTests {
    static let diagrams = DocDiagram.all()

    @Test("the documentation has its diagrams")
    func found() {
        #expect(Self.diagrams.count >= 130, "found \(Self.diagrams.count)")
    }

    @Test("every diagram runs and matches what it documents", arguments: diagrams)
    func runs(_ diagram: DocDiagram) throws {
        try diagram.run()
    }

    @Test("a diagram that drifts from its operator fails at the doc's file and line")
    func drift() throws {
        let text = """
            /// Emits the even values.
            /// ```
            /// source:  -1-2-3-4-|
            ///          filter { $0.isMultiple(of: 2) }
            /// output:  ---2--4--|
            /// ```
            """
        let diagrams = DocDiagram.read("Sources/Streams/Operators/Filter.swift", text)
        try #require(diagrams.count == 1)
        try withKnownIssue {
            try diagrams[0].run()
        } matching: { issue in
            issue.sourceLocation?.fileName == "Filter.swift" && issue.sourceLocation?.line == 5
                && issue.description.contains("expected: ---2--4--|\nactual:   ---2---4-|")
        }
    }
}

extension DocDiagram {
    /// Runs the inputs through what the diagram documents and expects every output line.
    func run() throws {
        let scheduler = TestScheduler()
        var sources: [String: TestableObservable<String>] = [:]
        for input in inputs {
            sources[input.label] = isCold(input.label)
                ? scheduler.createColdObservable(input.diagram, sourceLocation: location(of: input))
                : scheduler.createHotObservable(input.diagram, sourceLocation: location(of: input))
        }
        let context = DocInputs(scheduler: scheduler, inputs: sources, order: inputs.map(\.label))
        var results: [String: Observable<String>] = [:]
        var observers: [(Line, TestableObserver<String>)] = []
        for output in outputs {
            let expression = expression(of: output)
            guard let runner = DocRunners.runner(for: expression, in: file) else {
                Issue.record("no runner for `\(expression)`: add one to DocRunners", sourceLocation: location(of: output))
                return
            }
            let result = results[expression] ?? runner(context)
            results[expression] = result
            let observer = scheduler.createObserver(String.self)
            let subscription = SerialDisposable()
            scheduler.scheduleAt(output.subscribedAt) {
                subscription.disposable = result.subscribe(AnyObserver { event in
                    observer.on(event)
                    if event.isStopEvent { subscription.dispose() }
                })
            }
            if !output.diagram.contains("|"), !output.diagram.contains("#") {
                // A timeline that never ends is drawn up to the disposal.
                scheduler.scheduleAt(output.diagram.filter { $0 != " " }.count) { subscription.dispose() }
            }
            observers.append((output, observer))
        }
        try scheduler.run()
        for (output, observer) in observers {
            expectMarbles(observer, output.diagram, values: values(of: output), error: error(of: output),
                          sourceLocation: location(of: output))
        }
        if !subscriptions.isEmpty, let first = inputs.first, let source = sources[first.label] {
            expectSubscriptions(source, subscriptions, sourceLocation: location(of: first))
        }
    }
}
