import StreamsTesting

/// The runners of the diagrams of the operator families added for RxSwift's users: `takeLast`,
/// `single`, `amb`, `generate`, `buffer` and `window`.
extension DocRunners {
    static let operatorFamilies: [String: Runner] = [
        "takeLast(2)": { $0.source.takeLast(2) },
        "single()": { $0.source.single() },
        "single { $0.isMultiple(of: 2) }": { $0.source.single { Int($0)!.isMultiple(of: 2) } },
        // Every input line races, in the diagram's order.
        "amb": { inputs in Observable.amb(inputs.order.map { inputs[$0] }) },
        "amb(other)": { $0.source.amb($0["other"]) },
        "generate(initialState: 1, condition: { $0 < 4 }, iterate: { $0 + 1 })": { _ in
            Observable.generate(initialState: 1, condition: { $0 < 4 }, iterate: { $0 + 1 }).map(String.init)
        },
        "generate(initialState: 1, condition: { $0 < 4 }, scheduler: scheduler, iterate: { $0 + 1 })": {
            Observable.generate(initialState: 1, condition: { $0 < 4 }, scheduler: $0.scheduler, iterate: { $0 + 1 }).map(String.init)
        },
        // A buffer is drawn as its array, `[a, b]`, named in the diagram's note.
        "buffer(timeSpan: .seconds(4), count: 2, scheduler: scheduler)": {
            $0.source.buffer(timeSpan: .seconds(4), count: 2, scheduler: $0.scheduler).map { "[\($0.joined(separator: ", "))]" }
        },
        // Each value is drawn as the number of the window it went into, counting from 0.
        "window(timeSpan: .seconds(4), count: 2, scheduler: scheduler)": {
            $0.source.window(timeSpan: .seconds(4), count: 2, scheduler: $0.scheduler)
                .enumerated()
                .flatMap { window in window.element.map { _ in String(window.index) } }
        },
    ]
}
