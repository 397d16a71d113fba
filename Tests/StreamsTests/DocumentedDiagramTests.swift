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
        #expect(Self.diagrams.count >= 80, "found \(Self.diagrams.count)")
    }

    @Test("every diagram runs and matches what it documents", arguments: diagrams)
    func runs(_ diagram: DocDiagram) throws {
        let scheduler = TestScheduler()
        var inputs: [String: TestableObservable<String>] = [:]
        for input in diagram.inputs {
            inputs[input.label] = diagram.isCold(input.label)
                ? scheduler.createColdObservable(input.diagram, sourceLocation: diagram.location(of: input))
                : scheduler.createHotObservable(input.diagram, sourceLocation: diagram.location(of: input))
        }
        let context = DocInputs(scheduler: scheduler, inputs: inputs, order: diagram.inputs.map(\.label))
        var results: [String: Observable<String>] = [:]
        var observers: [(DocDiagram.Line, TestableObserver<String>)] = []
        for output in diagram.outputs {
            let expression = diagram.expression(of: output)
            guard let runner = DocRunners.runner(for: expression, in: diagram.file) else {
                Issue.record("no runner for `\(expression)`: add one to DocRunners", sourceLocation: diagram.location(of: output))
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
            expectMarbles(observer, output.diagram, values: diagram.values(of: output), error: diagram.error(of: output),
                          sourceLocation: diagram.location(of: output))
        }
        if !diagram.subscriptions.isEmpty, let first = diagram.inputs.first, let source = inputs[first.label] {
            expectSubscriptions(source, diagram.subscriptions, sourceLocation: diagram.location(of: first))
        }
    }
}
