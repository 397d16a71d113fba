import Foundation
@testable import StreamsTesting
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

    /// Where the diagrams' pictures are committed, and the command that redraws them.
    static let pictures = DocDiagram.root.appendingPathComponent("Sources/Streams/Streams.docc/Resources/Marbles")
    static let redraw = "STREAMS_REDRAW_PICTURES=1 swift test --filter \"DocumentedDiagramTests|MarblePictureTests\""

    @Test("every diagram runs, matches what it documents, and shows the picture its run draws", arguments: diagrams)
    func runs(_ diagram: DocDiagram) throws {
        let picture = try diagram.run()
        let first = diagram.inputs.first ?? diagram.outputs[0]
        if diagram.pictureReference != diagram.pictureName {
            let found = diagram.pictureReference.map { "shows `\($0)`" } ?? "shows no picture"
            Issue.record(
                Comment(rawValue: "the diagram \(found); show its picture after its block (line \(diagram.blockEnd)), "
                    + "in the order of the diagrams: ![\(diagram.altText)](\(diagram.pictureName))"),
                sourceLocation: diagram.location(of: first)
            )
        }
        expectMarblePicture(picture, named: diagram.pictureName, in: Self.pictures, redrawCommand: Self.redraw,
                            sourceLocation: diagram.location(of: first))
    }

    @Test("every picture belongs to a diagram, and no two diagrams share a name")
    func noUnusedPictures() throws {
        let names = Self.diagrams.map(\.pictureName)
        #expect(Set(names).count == names.count, "picture names repeat: \(Dictionary(grouping: names) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        let expected = Set(names.flatMap { name in MarbleAppearance.allCases.map { MarblePictures.fileName(name, $0) } })
            .union(MarbleAppearance.allCases.map { MarblePictures.fileName(Self.failurePicture, $0) })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.pictures.path)) ?? []
        for file in files.sorted() where !expected.contains(file) {
            let path = Self.pictures.appendingPathComponent(file)
            if MarblePictures.isRedrawing {
                try FileManager.default.removeItem(at: path)
            } else {
                Issue.record("\(path.path) is a picture no diagram uses; delete it, or run \(Self.redraw)")
            }
        }
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

extension DocumentedDiagramTests {
    @Test("a cold line that starts away from its subscription fails at its line")
    func coldLineOffItsSubscription() throws {
        // Maybe's flatMap as it was documented: x written one tick after it is subscribed.
        let text = """
            /// ```
            /// maybe:   -(a|)       (x is cold)
            /// x:         --(y|)
            ///          flatMap { _ in x }
            /// output:  ---(y|)
            /// ```
            """
        let diagrams = DocDiagram.read("Sources/Streams/Traits/PrimitiveSequenceOperators.swift", text)
        try #require(diagrams.count == 1)
        try withKnownIssue {
            try diagrams[0].run()
        } matching: { issue in
            issue.sourceLocation?.line == 3
                && issue.description.contains("the cold line `x:` starts at tick 2, but x is first subscribed at tick 1")
        }
    }

    @Test("a picture that is not what the code draws fails, naming the file and the command that redraws it",
          .disabled(if: MarblePictures.isRedrawing, "it would overwrite a committed picture"))
    func stalePicture() throws {
        // The throttle diagram, run as if throttle dropped its held values: the diagram holds,
        // but the committed picture of throttle's first diagram is not what this run draws.
        let text = """
            /// ```
            /// source:  -abc----d-|
            ///          throttle(.seconds(3), latest: false)
            /// output:  -a------d-|
            /// ```
            """
        let diagrams = DocDiagram.read("Sources/Streams/Operators/Throttle.swift", text)
        try #require(diagrams.count == 1)
        let picture = try diagrams[0].run()
        withKnownIssue {
            expectMarblePicture(picture, named: "throttle-throttle-seconds-3", in: Self.pictures, redrawCommand: Self.redraw)
        } matching: { issue in
            (issue.description.contains("Marbles/throttle-throttle-seconds-3.svg is not what the code draws today")
                || issue.description.contains("Marbles/throttle-throttle-seconds-3~dark.svg is not what the code draws today"))
                && issue.description.contains(Self.redraw)
        }
    }
}

extension DocumentedDiagramTests {
    /// The failure picture the testing guide shows, and where it is committed.
    static let failurePicture = "testing-failure-picture"

    @Test("the testing guide's failure picture, and its dark twin, are what a failing marble test draws",
          arguments: MarbleAppearance.allCases)
    func failurePictureOfTheGuide(_ appearance: MarbleAppearance) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streams-guide-failure-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = SourceLocation(fileID: "App/ThrottleTests.swift", filePath: "/App/ThrottleTests.swift", line: 12, column: 5)
        FailurePicture.$directory.withValue(directory) {
            FailurePicture.$appearance.withValue(appearance) {
                withKnownIssue {
                    expectMarbles("-a--c--d-|", values: ["a": "a", "c": "c", "d": "d"], sourceLocation: site) { m in
                        m.hot("-abc----d-|").throttle(.seconds(3), scheduler: m.scheduler)
                    }
                } matching: { $0.description.contains("picture: \(directory.path)") }
            }
        }
        let drawn = try String(contentsOf: directory.appendingPathComponent("App_ThrottleTests.swift-12.svg"), encoding: .utf8)
        let committed = Self.pictures.appendingPathComponent(MarblePictures.fileName(Self.failurePicture, appearance))
        if MarblePictures.isRedrawing {
            try drawn.write(to: committed, atomically: true, encoding: .utf8)
        } else {
            #expect((try? String(contentsOf: committed, encoding: .utf8)) == drawn,
                    "\(committed.path) is not what a failing test draws today; redraw it: \(Self.redraw)")
        }
    }
}

extension DocDiagram {
    /// Runs the inputs through what the diagram documents, expects every output line, and
    /// returns the picture of the run: the inputs as their test observables logged them (a cold
    /// one at each subscription) and the outputs as recorded, not as typed.
    @discardableResult
    func run() throws -> MarbleDiagram {
        let scheduler = TestScheduler()
        var sources: [String: TestableObservable<String>] = [:]
        for input in inputs {
            sources[input.label] = isCold(input.label)
                ? scheduler.createColdObservable(input.diagram, sourceLocation: location(of: input))
                : scheduler.createHotObservable(input.diagram, sourceLocation: location(of: input))
        }
        let context = DocInputs(scheduler: scheduler, inputs: sources, order: inputs.map(\.label))
        var results: [String: Observable<String>] = [:]
        var observers: [(Line, TestableObserver<String>, subscribed: Int, disposed: Int?)] = []
        for output in outputs {
            let expression = expression(of: output)
            guard let runner = DocRunners.runner(for: expression, in: runnerFile ?? file) else {
                Issue.record("no runner for `\(expression)`: add one to DocRunners", sourceLocation: location(of: output))
                return MarbleDiagram(title: expression)
            }
            let result = results[expression] ?? runner(context)
            results[expression] = result
            let observer = scheduler.createObserver(String.self)
            let subscription = SerialDisposable()
            let subscribedAt = subscriptionTick(of: output, sources)
            scheduler.scheduleAt(subscribedAt) {
                subscription.disposable = result.subscribe(AnyObserver { event in
                    observer.on(event)
                    if event.isStopEvent { subscription.dispose() }
                })
            }
            var disposed: Int?
            if !output.diagram.contains("|"), !output.diagram.contains("#") {
                // A timeline that never ends is drawn up to the disposal.
                disposed = output.diagram.filter { $0 != " " }.count
                scheduler.scheduleAt(disposed!) { subscription.dispose() }
            }
            observers.append((output, observer, subscribedAt, disposed))
        }
        try scheduler.run()
        for (output, observer, _, _) in observers {
            expectMarbles(observer, output.diagram, values: values(of: output), error: error(of: output),
                          sourceLocation: location(of: output))
        }
        if !subscriptions.isEmpty, let first = inputs.first, let source = sources[first.label] {
            expectSubscriptions(source, subscriptions, sourceLocation: location(of: first))
        }
        expectColdLinesStartAtTheirSubscription(sources)

        var picture = MarbleDiagram(title: operation.isEmpty ? outputs.map(\.label).joined(separator: ", ") : operation,
                                    operation: operation.isEmpty ? nil : operation)
        for input in inputs {
            picture.addInput(input.label, sources[input.label]!, reference: isCold(input.label) ? tick(ofColumnOf: input) : nil)
        }
        for (output, observer, subscribed, disposed) in observers {
            picture.addOutput(output.label, observer, subscribed: subscribed, disposed: disposed)
            for (glyph, value) in values(of: output) where String(glyph) != value { picture.keys[value] = glyph }
        }
        return picture
    }

    /// When an output subscribes: where its note says, else at the `^` of the hot inputs, else at 0.
    func subscriptionTick(of output: Line, _ sources: [String: TestableObservable<String>]) -> Int {
        if output.note.contains("subscribed at") { return output.subscribedAt }
        return inputs.lazy.compactMap { sources[$0.label]?.subscriptionTick }.first ?? 0
    }

    /// A cold line written away from the first column stands where it is subscribed, or where
    /// the value that asks for it arrives (`concatMap` queues it there); the picture draws it
    /// at its subscription either way, so a line that says otherwise misleads the reader.
    func expectColdLinesStartAtTheirSubscription(_ sources: [String: TestableObservable<String>]) {
        let outer = inputs.first.flatMap { sources[$0.label] }?.recordedEvents.map(\.time) ?? []
        for input in inputs where isCold(input.label) {
            let written = tick(ofColumnOf: input)
            guard written > 0, let source = sources[input.label] else { continue }
            let subscribed = source.subscriptions.first?.subscribe
            if subscribed == written { continue }
            if outer.contains(written), subscribed.map({ $0 > written }) ?? true { continue }
            Issue.record(
                Comment(rawValue: "the cold line `\(input.label):` starts at tick \(written), but \(input.label) is "
                    + (subscribed.map { "first subscribed at tick \($0)" } ?? "never subscribed")
                    + "; start it in the column of tick \(subscribed ?? 0), or where the value that asks for it arrives"),
                sourceLocation: location(of: input)
            )
        }
    }
}

/// A picture that a doc comment shows without a diagram of its own: a driver's `map` is the
/// observable `map`, so its page shows `map`'s picture instead of drawing the same run twice.
struct BorrowedPicture: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let name: String

    var testDescription: String { "\((file as NSString).lastPathComponent):\(line) shows \(name)" }

    /// Every such picture in `Sources/Streams`: a `![…](name)` line of a doc comment that is not
    /// the picture of a diagram of the same file.
    static func all(in diagrams: [DocDiagram]) -> [BorrowedPicture] {
        var borrowed: [BorrowedPicture] = []
        for (file, text) in DocDiagram.sources() where file.hasSuffix(".swift") {
            let own = Set(diagrams.filter { $0.file == file }.map(\.pictureName))
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let match = line.wholeMatch(of: #/\s*/// !\[.*\]\(([^()\s]+)\)/#), !own.contains(String(match.output.1)) else {
                    continue
                }
                borrowed.append(BorrowedPicture(file: file, line: index + 1, name: String(match.output.1)))
            }
        }
        return borrowed.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}

extension DocumentedDiagramTests {
    static let borrowed = BorrowedPicture.all(in: diagrams)

    @Test("the driver's operators show the observable operators' pictures")
    func borrowedFound() {
        #expect(Self.borrowed.count >= 20, "found \(Self.borrowed.count)")
    }

    /// The picture's diagram runs again, through the operator of the file that shows it: the
    /// picture on a driver's `map` page is what a driver's `map` does, not only what `map` does.
    @Test("a picture shown from another operator's diagram is what this operator draws too", arguments: borrowed)
    func borrowedPictures(_ picture: BorrowedPicture) throws {
        let location = SourceLocation(fileID: picture.file, filePath: DocDiagram.root.appendingPathComponent(picture.file).path,
                                      line: picture.line, column: 1)
        guard var diagram = Self.diagrams.first(where: { $0.pictureName == picture.name }) else {
            Issue.record("no diagram draws the picture \(picture.name)", sourceLocation: location)
            return
        }
        let file = (picture.file as NSString).lastPathComponent
        // A runner of this file's own: the general one would run the observable operator again.
        for output in diagram.outputs where DocRunners.fileRunner(for: diagram.expression(of: output), in: file) == nil {
            Issue.record("no runner for `\(diagram.expression(of: output))` in \(file): add one to DocRunners", sourceLocation: location)
            return
        }
        diagram.runnerFile = file
        try diagram.run()
    }
}
