import Foundation
import StreamsTesting
import Synchronization
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

/// The inputs of a documentation diagram, by label, and the scheduler they run on.
struct DocInputs {
    let scheduler: TestScheduler
    let inputs: [String: TestableObservable<String>]
    let order: [String]

    subscript(_ label: String) -> Observable<String> {
        inputs[label]?.asObservable() ?? .error(TestError("the diagram has no input line `\(label):`"))
    }
    var source: Observable<String> { self[order.first ?? "source"] }
    var second: Observable<String> { self[order.count > 1 ? order[1] : "second"] }
    var third: Observable<String> { self[order.count > 2 ? order[2] : "third"] }
    /// The input named by a value, for sources of observables (`x` → the `x:` line).
    var named: @Sendable (String) -> Observable<String> {
        let inputs = inputs
        return { label in inputs[label]?.asObservable() ?? .error(TestError("the diagram has no input line `\(label):`")) }
    }
}

/// How each documented operation runs, keyed by the operation's line in the diagram (without
/// its note). Values are the glyphs as strings; an output drawn with other glyphs names its
/// values in the diagram's note (`A = a1`).
enum DocRunners {
    typealias Runner = @Sendable (DocInputs) -> Observable<String>

    /// The runner for `expression` in `file`: one registered for that file first (`just(a)` is
    /// `Single.just` in Single.swift), then the general one.
    static func runner(for expression: String, in file: String) -> Runner? {
        all["\((file as NSString).lastPathComponent) \(expression)"] ?? all[expression]
    }

    static let all: [String: Runner] = [
        // No operation: the inputs as they are, a subject or a behaviour value driven by them.
        "": { $0.source },
        "subject": { inputs in
            let subject = Subject<String>()
            _ = inputs.source.subscribe { event in
                switch event {
                case .next(let value): subject.onNext(value)
                case .error(let error): subject.onError(error)
                case .completed: subject.onCompleted()
                }
            }
            return subject.asObservable()
        },
        "accept": { inputs in
            let value = BehaviorValue("?")
            _ = inputs.source.subscribe(onNext: { value.accept($0) })
            return value.asObservable()
        },
        "just(a)": { _ in .just("a") },
        "of(a, b, c)": { _ in .of("a", "b", "c") },
        "from([a, b, c])": { _ in .from(["a", "b", "c"]) },
        "empty()": { _ in .empty() },
        "never()": { _ in .never() },
        "error(e)": { _ in .error(TestError("error")) },
        "Signal.swift just(a)": { Signal.just("a", scheduler: $0.scheduler).asObservable() },
        "Signal.swift empty()": { Signal<String>.empty(scheduler: $0.scheduler).asObservable() },
        "Single.swift just(a)": { _ in Single.just("a").asObservable() },
        "Single.swift error(e)": { _ in Single<String>.error(TestError("error")).asObservable() },
        "timer(.seconds(3))": { Observable<Int>.timer(.seconds(3), scheduler: $0.scheduler).map(String.init) },
        "timer(.seconds(3), period: .seconds(2))": {
            Observable<Int>.timer(.seconds(3), period: .seconds(2), scheduler: $0.scheduler).map(String.init)
        },
        "interval(.seconds(2))": { Observable<Int>.interval(.seconds(2), scheduler: $0.scheduler).map(String.init) },
        "throttle(.seconds(4))": { $0.source.throttle(.seconds(4), scheduler: $0.scheduler) },
        "throttle(.seconds(4), latest: false)": { $0.source.throttle(.seconds(4), latest: false, scheduler: $0.scheduler) },
        "debounce(.seconds(4))": { $0.source.debounce(.seconds(4), scheduler: $0.scheduler) },
        "share()": { $0.source.share() },
        "share(replay: 1)": { $0.source.share(replay: 1) },
        "map { $0 * 10 }": { $0.source.map { String(Int($0)! * 10) } },
        "map { $0.uppercased() }": { $0.source.asSingle().map { $0.uppercased() }.asObservable() },
        "compactMap { Int($0) }": { $0.source.compactMap { Int($0) }.map(String.init) },
        "filter { $0.isMultiple(of: 2) }": { $0.source.filter { Int($0)!.isMultiple(of: 2) } },
        "scan(0, accumulator: +)": { $0.source.scan(0) { $0 + Int($1)! }.map(String.init) },
        "scan(into: \"\") { $0 += $1 }": { $0.source.scan(into: "") { $0 += $1 } },
        "startWith(\"a\", \"b\")": { $0.source.startWith("a", "b") },
        "distinctUntilChanged()": { $0.source.distinctUntilChanged() },
        "distinctUntilChanged { $0.lowercased() }": { $0.source.distinctUntilChanged { $0.lowercased() } },
        "distinctUntilChanged { abs($0 - $1) <= 1 }": { $0.source.distinctUntilChanged { abs(Int($0)! - Int($1)!) <= 1 } },
        "do(onNext: { log.append($0) })": { $0.source.do(onNext: { _ in }) },
        "take(2)": { $0.source.take(2) },
        "take(while: { $0 < 3 })": { $0.source.take(while: { Int($0)! < 3 }) },
        "take(until: other)": { $0.source.take(until: $0["other"]) },
        "skip(2)": { $0.source.skip(2) },
        "throttle(.seconds(3))": { $0.source.throttle(.seconds(3), scheduler: $0.scheduler) },
        "throttle(.seconds(3), latest: false)": { $0.source.throttle(.seconds(3), latest: false, scheduler: $0.scheduler) },
        "debounce(.seconds(3))": { $0.source.debounce(.seconds(3), scheduler: $0.scheduler) },
        "delay(.seconds(2))": { $0.source.delay(.seconds(2), scheduler: $0.scheduler) },
        "delay(.seconds(3))": { $0.source.delay(.seconds(3), scheduler: $0.scheduler) },
        "delaySubscription(.seconds(2))": { $0.source.delaySubscription(.seconds(2), scheduler: $0.scheduler) },
        "subscribe(on: scheduler)": { $0.source.subscribe(on: $0.scheduler) },
        "observe(on: scheduler)": { $0.source.observe(on: $0.scheduler) },
        "concat": { inputs in Observable.concat(inputs.order.map { inputs[$0] }) },
        "concat(second)": { $0.source.concat($0.second) },
        "merge": { inputs in Observable.merge(inputs.order.map { inputs[$0] }) },
        "merge()": { inputs in inputs.source.map(inputs.named).merge() },
        "merge(maxConcurrent: 1)": { inputs in inputs.source.map(inputs.named).merge(maxConcurrent: 1) },
        "switchLatest()": { inputs in inputs.source.map(inputs.named).switchLatest() },
        "flatMap": { inputs in let named = inputs.named; return inputs.source.flatMap { named($0 == "a" ? "x" : "y") } },
        "flatMapLatest": { inputs in let named = inputs.named; return inputs.source.flatMapLatest { named($0 == "a" ? "x" : "y") } },
        "flatMapFirst": { inputs in let named = inputs.named; return inputs.source.flatMapFirst { named($0 == "a" ? "x" : "y") } },
        "concatMap": { inputs in let named = inputs.named; return inputs.source.concatMap { named($0 == "a" ? "x" : "y") } },
        "combineLatest { $0 + $1 }": { Observable.combineLatest($0.source, $0.second) { $0 + $1 } },
        "combineLatest { $0 + $1 + $2 }": { Observable.combineLatest($0.source, $0.second, $0.third) { $0 + $1 + $2 } },
        "combineLatest([first, second])": { inputs in
            Observable.combineLatest([inputs.source, inputs.second]).map { "[\($0.joined(separator: ", "))]" }
        },
        "combineLatest": { inputs in
            inputs.order.count == 2
                ? Observable.combineLatest(inputs.source, inputs.second).map { "(\($0), \($1))" }
                : Observable.combineLatest(inputs.source, inputs.second, inputs.third).map { "(\($0), \($1), \($2))" }
        },
        "withLatestFrom(second)": { $0.source.withLatestFrom($0.second) },
        "withLatestFrom(second) { $0 + $1 }": { $0.source.withLatestFrom($0.second) { $0 + $1 } },
        "catch { _ in fallback }": { inputs in let fallback = inputs["fallback"]; return inputs.source.catch { _ in fallback } },
        "catchAndReturn(\"z\")": { $0.source.catchAndReturn("z") },
        "catchAndReturn(x)": { $0.source.asSingle().catchAndReturn("x").asObservable() },
        "retry()": { $0.source.retry() },
        "retry(3)": { $0.order[0] == "single" ? $0.source.asSingle().retry(3).asObservable() : $0.source.retry(3) },
        "asSingle()": { $0.source.asSingle().asObservable() },
        "asSignal(onErrorJustReturn: x, scheduler: scheduler)": {
            $0.source.asSignal(onErrorJustReturn: "x", scheduler: $0.scheduler).asObservable()
        },
        "asSignal(onErrorSignalWith: fallback, scheduler: scheduler)": { inputs in
            inputs.source.asSignal(onErrorSignalWith: inputs["fallback"].asSignal(onErrorJustReturn: "?", scheduler: inputs.scheduler),
                                   scheduler: inputs.scheduler).asObservable()
        },
    ]
}

/// A marble diagram read from the documentation: labelled input lines, the operation, one or
/// more output lines, and the notes in parentheses after them.
///
/// An output line is labelled `output`, `early` or `late`, says when it subscribed
/// (`(subscribed at 4)`), or is labelled with its own expression (`just(a):  (a|)`,
/// `throttle(.seconds(4)):  -b---b-|`); every other labelled line is an input, except
/// `subscriptions`, which lists the first input's subscriptions, one per line.
struct DocDiagram: Sendable, CustomTestStringConvertible {
    struct Line: Sendable {
        let label: String
        let diagram: String
        let note: String
        let number: Int

        /// The tick a subscriber line subscribed at: its note says, or 0.
        var subscribedAt: Int {
            note.firstMatch(of: #/subscribed at (?:tick )?(\d+)/#).flatMap { Int($0.output.1) } ?? 0
        }

        var isOutput: Bool {
            ["output", "early", "late"].contains(label) || label.contains("(")
                || note.contains(#/subscribed at (?:tick )?\d/#)
        }
    }

    let file: String
    let line: Int
    let inputs: [Line]
    let operation: String
    let operationNote: String
    let outputs: [Line]
    /// The subscriptions to the first input, one diagram each.
    let subscriptions: [String]

    var testDescription: String { "\(file):\(line) \(operation.isEmpty ? outputs.map(\.label).joined(separator: ", ") : operation)" }

    /// Where a line of this diagram is, for issues.
    func location(of line: Line) -> SourceLocation {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let name = (file as NSString).lastPathComponent
        return SourceLocation(fileID: "Streams/\(name)", filePath: root.appendingPathComponent(file).path, line: line.number, column: 1)
    }

    /// What an output line shows: its own expression, the operation, or (with neither) the
    /// first input itself, as a subject or a behaviour value when it is labelled so.
    func expression(of output: Line) -> String {
        if output.label.contains("(") { return output.label }
        if !operation.isEmpty { return operation }
        let first = inputs.first?.label ?? ""
        return ["subject", "accept"].contains(first) ? first : ""
    }

    private var notes: [String] { inputs.map(\.note) + [operationNote] + outputs.map(\.note) }

    /// Whether an input is cold: its own note says so, or a note says "both cold" or names it
    /// ("x and y are cold"), or the diagram shows it subscribed more than once.
    func isCold(_ label: String) -> Bool {
        (subscriptions.count > 1 && label == inputs.first?.label)
            || inputs.contains { $0.label == label && $0.note.contains("cold") }
            || notes.contains { note in
                note.contains("cold") && (note.contains("both") || note.range(of: "\\b\(label)\\b", options: .regularExpression) != nil)
            }
    }

    /// An output's glyphs: each letter or digit stands for itself, unless a note names its
    /// value (`A = a1`, `x = 10`, `y = "ab"`).
    func values(of output: Line) -> [Character: String] {
        var values: [Character: String] = [:]
        for glyph in output.diagram where glyph.isLetter || glyph.isNumber { values[glyph] = String(glyph) }
        let pattern = #/([A-Za-z0-9]) = ("[^"]*"|\[[^\]]*\]|\([^)]*\)|[^,)\s]+)/#
        for note in [operationNote, output.note] {
            for match in note.matches(of: pattern) {
                var value = String(match.output.2)
                if value.hasPrefix("\"") { value = String(value.dropFirst().dropLast()) }
                values[Character(String(match.output.1))] = value
            }
        }
        return values
    }

    /// The error `#` stands for in an output: the one its note names, or the test error the
    /// inputs fail with.
    func error(of output: Line) -> any Error {
        if output.note.contains("SingleError.moreThanOneElement") { return SingleError.moreThanOneElement }
        if output.note.contains("SingleError.noElements") { return SingleError.noElements }
        return TestError("error")
    }

    /// Every diagram in `Sources/Streams`: the fenced blocks without a language in doc
    /// comments and articles, split at blank lines, that have an output line.
    static func all() -> [DocDiagram] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/Streams")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var diagrams: [DocDiagram] = []
        for case let path as String in walker where path.hasSuffix(".swift") || path.hasSuffix(".md") {
            let text = (try? String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)) ?? ""
            diagrams += read("Sources/Streams/" + path, text)
        }
        return diagrams.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    private static func read(_ file: String, _ text: String) -> [DocDiagram] {
        let lines: [String?] = text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            guard file.hasSuffix(".swift") else { return String(raw) }
            let trimmed = raw.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return nil }
            let comment = trimmed.dropFirst(3)
            return String(comment.hasPrefix(" ") ? comment.dropFirst() : comment)
        }
        var diagrams: [DocDiagram] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]?.trimmingCharacters(in: .whitespaces) ?? ""
            guard fence == "```" else {
                index += 1
                // Skip a fenced block with a language (```swift): it is code, not a diagram.
                if fence.hasPrefix("```") {
                    while index < lines.count, lines[index]?.trimmingCharacters(in: .whitespaces) != "```" { index += 1 }
                    index += 1
                }
                continue
            }
            var group: [(Int, String)] = []
            index += 1
            while index < lines.count, let line = lines[index], line.trimmingCharacters(in: .whitespaces) != "```" {
                if line.trimmingCharacters(in: .whitespaces).isEmpty {
                    diagrams += diagram(file, group).map { [$0] } ?? []
                    group = []
                } else {
                    group.append((index + 1, line))
                }
                index += 1
            }
            diagrams += diagram(file, group).map { [$0] } ?? []
            index += 1
        }
        return diagrams
    }

    private static func diagram(_ file: String, _ group: [(Int, String)]) -> DocDiagram? {
        var labelled: [Line] = []
        var operation: (text: String, note: String)?
        var subscriptions: [String] = []
        for (number, text) in group {
            if let match = text.wholeMatch(of: #/([A-Za-z][\w ]*|[a-zA-Z]\w*\(.*\)):\s+(\S.*)/#), !match.output.1.contains("  ") {
                let (diagram, note) = splitNote(String(match.output.2))
                labelled.append(Line(label: String(match.output.1), diagram: diagram, note: note, number: number))
                if match.output.1 == "subscriptions" { subscriptions.append(diagram) }
            } else if operation == nil, labelled.last?.label != "subscriptions" {
                operation = splitNote(text.trimmingCharacters(in: .whitespaces))
            } else if labelled.last?.label == "subscriptions" {
                // More subscriptions, one per line, under the first.
                subscriptions.append(text.trimmingCharacters(in: .whitespaces))
            }
        }
        let outputs = labelled.filter { $0.isOutput }
        guard !outputs.isEmpty, let first = group.first, outputs.allSatisfy({ isTimeline($0.diagram) }) else { return nil }
        return DocDiagram(
            file: file, line: first.0,
            inputs: labelled.filter { !$0.isOutput && $0.label != "subscriptions" },
            operation: operation?.text ?? "", operationNote: operation?.note ?? "", outputs: outputs,
            subscriptions: subscriptions
        )
    }

    /// Whether text is drawn in marble glyphs (so `expected: …` in a failure report is not).
    private static func isTimeline(_ text: String) -> Bool {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-|#()^! ".contains($0) }
    }

    /// `-a-b-|     (both cold)` → the diagram and the note; a note follows two spaces.
    private static func splitNote(_ text: String) -> (String, String) {
        guard let range = text.range(of: #"\s{2,}\("#, options: .regularExpression) else {
            return (text.trimmingCharacters(in: .whitespaces), "")
        }
        return (String(text[..<range.lowerBound]), String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces))
    }
}
