import OpenCombine
import Streams

// W1–W5, each written four times: Streams, OpenCombine, naive closures, closures + Mutex (where
// the table has that floor). Every version does the same work and returns the same checksum.
// W6, the feed end to end, is Streams only, in Feed.swift; so are W7 (Accumulation.swift), W8
// (Images.swift) and W9 (Cleaning.swift). W10 (Combining.swift) has Streams and OpenCombine only.

/// All workloads at a given scale (1 = the published sizes).
func allWorkloads(scale: Double) -> [Workload] {
    func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }
    // W9a–W9j. At least 128 and 1,024 scalars: a smoke run still cleans text that the caps cut,
    // and the larger text is at least one round of the pattern.
    let cleaning = untrustedTextCleaning(small: max(128, scaled(cleaningSmallScalars)), large: max(1_024, scaled(cleaningLargeScalars)))
    return [
        pipeline(events: scaled(1_000_000)),
        subscribeAndDispose(subscriptions: scaled(100_000)),
        fanOut(subscribers: 1_000, events: scaled(1_000)),
        flatMapInner(outer: scaled(10_000), inner: 10),
        behaviorSend(sends: scaled(1_000_000)),
        behaviorRead(reads: scaled(1_000_000)),
        feedEndToEnd(id: "W6a", pages: max(2, scaled(1_000)), runsByDefault: true),
        feedEndToEnd(id: "W6b", pages: max(2, scaled(10_000)), runsByDefault: false),
        scanIntoAppend(id: "W7a", values: scaled(1_000)),
        scanIntoAppend(id: "W7b", values: scaled(100_000)),
        subjectBacklog(id: "W7c", values: max(2, scaled(1_000))),
        subjectBacklog(id: "W7d", values: max(2, scaled(100_000))),
        imageRule(id: "W8a", photos: max(10, scaled(1_000)), frames: max(2, scaled(imageFrames))),
        imageRule(id: "W8b", photos: max(1_000, scaled(100_000)), frames: max(2, scaled(imageFrames))),
    ] + cleaning + [
        combineLatestPair(sends: scaled(200_000)),
        zipPair(sends: scaled(200_000)),
    ]
}

// MARK: - W1: subject → map(+1) → filter(even) → scan(sum) → subscriber

func pipeline(events: Int) -> Workload {
    Workload(
        id: "W1", title: "subject → map → filter → scan → subscriber", unit: "event", units: events,
        floor: .closuresMutex, maxVersusOpenCombine: nil, maxVersusFloor: 1.25, reportsAllocations: true,
        runs: [
            .streams: { meter in
                let subject = Streams.Subject<Int>()
                let sink = Counter()
                let subscription = subject
                    .map { $0 + 1 }
                    .filter { $0 % 2 == 0 }
                    .scan(0) { $0 + $1 }
                    .subscribe(onNext: { sink.add($0) })
                meter.measure {
                    for value in 0..<events { subject.onNext(value) }
                }
                subscription.dispose()
                return sink.value
            },
            .opencombine: { meter in
                let subject = PassthroughSubject<Int, Never>()
                let sink = Counter()
                let cancellable = subject
                    .map { $0 + 1 }
                    .filter { $0 % 2 == 0 }
                    .scan(0) { $0 + $1 }
                    .sink { sink.add($0) }
                meter.measure {
                    for value in 0..<events { subject.send(value) }
                }
                cancellable.cancel()
                return sink.value
            },
            .closures: { meter in
                let subject = NaiveSubject<Int>()
                let sink = Counter()
                subject.subscribe(
                    Push.map({ $0 + 1 }, into: Push.filter({ $0 % 2 == 0 }, into: Push.scan(0, { $0 + $1 }, into: { sink.add($0) })))
                )
                meter.measure {
                    for value in 0..<events { subject.send(value) }
                }
                return sink.value
            },
            .closuresMutex: { meter in
                let subject = MutexSubject<Int>()
                let sink = Counter()
                subject.subscribe(
                    Push.map({ $0 + 1 }, into: Push.filter({ $0 % 2 == 0 }, into: Push.scan(0, { $0 + $1 }, into: { sink.add($0) })))
                )
                meter.measure {
                    for value in 0..<events { subject.send(value) }
                }
                return sink.value
            },
        ]
    )
}

// MARK: - W2: just + 3 operators, subscribe and dispose

func subscribeAndDispose(subscriptions: Int) -> Workload {
    Workload(
        id: "W2", title: "just → map → filter → scan, subscribe + dispose", unit: "subscription",
        units: subscriptions, floor: .closures, maxVersusOpenCombine: 0.30, maxVersusFloor: nil,
        reportsAllocations: true, maxAllocations: 3,
        runs: [
            .streams: { meter in
                let sink = Counter()
                meter.measure {
                    for value in 0..<subscriptions {
                        let subscription = Observable.just(value)
                            .map { $0 + 1 }
                            .filter { $0 % 2 == 0 }
                            .scan(0) { $0 + $1 }
                            .subscribe(onNext: { sink.add($0) })
                        subscription.dispose()
                    }
                }
                return sink.value
            },
            .opencombine: { meter in
                let sink = Counter()
                meter.measure {
                    for value in 0..<subscriptions {
                        let cancellable = Just(value)
                            .map { $0 + 1 }
                            .filter { $0 % 2 == 0 }
                            .scan(0) { $0 + $1 }
                            .sink { sink.add($0) }
                        cancellable.cancel()
                    }
                }
                return sink.value
            },
            .closures: { meter in
                let sink = Counter()
                meter.measure {
                    for value in 0..<subscriptions {
                        let source = Pull.scan(Pull.filter(Pull.map(Pull.just(value), { $0 + 1 }), { $0 % 2 == 0 }), 0, { $0 + $1 })
                        source { sink.add($0) }
                    }
                }
                return sink.value
            },
        ]
    )
}

// MARK: - W3: one subject, many subscribers

func fanOut(subscribers: Int, events: Int) -> Workload {
    Workload(
        id: "W3", title: "one subject, \(subscribers) subscribers", unit: "delivery",
        units: subscribers * events, floor: .closuresMutex, maxVersusOpenCombine: nil, maxVersusFloor: 1.25,
        reportsAllocations: true,
        runs: [
            .streams: { meter in
                let subject = Streams.Subject<Int>()
                let sink = Counter()
                let subscriptions = (0..<subscribers).map { _ in subject.subscribe(onNext: { sink.add($0) }) }
                meter.measure {
                    for value in 0..<events { subject.onNext(value) }
                }
                for subscription in subscriptions { subscription.dispose() }
                return sink.value
            },
            .opencombine: { meter in
                let subject = PassthroughSubject<Int, Never>()
                let sink = Counter()
                let cancellables = (0..<subscribers).map { _ in subject.sink { sink.add($0) } }
                meter.measure {
                    for value in 0..<events { subject.send(value) }
                }
                for cancellable in cancellables { cancellable.cancel() }
                return sink.value
            },
            .closures: { meter in
                let subject = NaiveSubject<Int>()
                let sink = Counter()
                for _ in 0..<subscribers { subject.subscribe { sink.add($0) } }
                meter.measure {
                    for value in 0..<events { subject.send(value) }
                }
                return sink.value
            },
            .closuresMutex: { meter in
                let subject = MutexSubject<Int>()
                let sink = Counter()
                for _ in 0..<subscribers { subject.subscribe { sink.add($0) } }
                meter.measure {
                    for value in 0..<events { subject.send(value) }
                }
                return sink.value
            },
        ]
    )
}

// MARK: - W4: flatMap to a synchronous inner sequence

func flatMapInner(outer: Int, inner: Int) -> Workload {
    Workload(
        id: "W4", title: "flatMap, each outer event to \(inner) synchronous inner", unit: "inner element",
        units: outer * inner, floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: 3,
        reportsAllocations: true,
        runs: [
            .streams: { meter in
                let subject = Streams.Subject<Int>()
                let sink = Counter()
                let subscription = subject
                    .flatMap { value in Observable.from(value * inner ..< value * inner + inner) }
                    .subscribe(onNext: { sink.add($0) })
                meter.measure {
                    for value in 0..<outer { subject.onNext(value) }
                }
                subscription.dispose()
                return sink.value
            },
            .opencombine: { meter in
                let subject = PassthroughSubject<Int, Never>()
                let sink = Counter()
                let cancellable = subject
                    .flatMap { value in (value * inner ..< value * inner + inner).publisher }
                    .sink { sink.add($0) }
                meter.measure {
                    for value in 0..<outer { subject.send(value) }
                }
                cancellable.cancel()
                return sink.value
            },
            .closures: { meter in
                let subject = NaiveSubject<Int>()
                let sink = Counter()
                subject.subscribe(Push.flatMap({ value in Pull.from(value * inner ..< value * inner + inner) }, into: { sink.add($0) }))
                meter.measure {
                    for value in 0..<outer { subject.send(value) }
                }
                return sink.value
            },
        ]
    )
}

// MARK: - W5: the current value

func behaviorSend(sends: Int) -> Workload {
    Workload(
        id: "W5a", title: "BehaviorValue.accept, one subscriber", unit: "send", units: sends,
        floor: .closuresMutex, maxVersusOpenCombine: nil, maxVersusFloor: 1.25, reportsAllocations: true,
        runs: [
            .streams: { meter in
                let value = BehaviorValue(0)
                let sink = Counter()
                let subscription = value.subscribe(onNext: { sink.add($0) })
                meter.measure {
                    for next in 1...sends { value.accept(next) }
                }
                subscription.dispose()
                return sink.value
            },
            .opencombine: { meter in
                let value = CurrentValueSubject<Int, Never>(0)
                let sink = Counter()
                let cancellable = value.sink { sink.add($0) }
                meter.measure {
                    for next in 1...sends { value.send(next) }
                }
                cancellable.cancel()
                return sink.value
            },
            .closures: { meter in
                let value = NaiveValue(0)
                let sink = Counter()
                value.subscribe { sink.add($0) }
                meter.measure {
                    for next in 1...sends { value.send(next) }
                }
                return sink.value
            },
            .closuresMutex: { meter in
                let value = MutexValue(0)
                let sink = Counter()
                value.subscribe { sink.add($0) }
                meter.measure {
                    for next in 1...sends { value.send(next) }
                }
                return sink.value
            },
        ]
    )
}

func behaviorRead(reads: Int) -> Workload {
    let stored = 7
    return Workload(
        id: "W5b", title: "reading .value", unit: "read", units: reads,
        floor: .closuresMutex, maxVersusOpenCombine: nil, maxVersusFloor: 1.05, reportsAllocations: false,
        runs: [
            .streams: { meter in
                let value = BehaviorValue(stored)
                var total = 0
                meter.measure {
                    for _ in 0..<reads { total &+= value.value }
                }
                return total
            },
            .opencombine: { meter in
                let value = CurrentValueSubject<Int, Never>(stored)
                var total = 0
                meter.measure {
                    for _ in 0..<reads { total &+= value.value }
                }
                return total
            },
            .closuresMutex: { meter in
                let value = MutexValue(stored)
                var total = 0
                meter.measure {
                    for _ in 0..<reads { total &+= value.value }
                }
                return total
            },
        ]
    )
}
