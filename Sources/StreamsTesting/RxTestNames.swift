import Streams

// RxTest's spellings that Streams writes differently, each pointing the compiler at what to
// write instead, as RxSwiftNames.swift does for RxSwift's. See the "Coming from RxTest" article.

extension TestScheduler {
    /// RxTest's `TestScheduler(initialClock:resolution:simulateProcessingDelay:)`, whose
    /// resolution is a `Double` of seconds.
    @available(*, unavailable, message: "resolution is a Duration per tick: RxTest's resolution: 0.2 is resolution: .milliseconds(200); simulateProcessingDelay: is the same, and true by default with initialClock:, as in RxTest")
    public convenience init(initialClock: Int, resolution: Double, simulateProcessingDelay: Bool = true) {
        self.init(initialClock: initialClock)
    }
}
