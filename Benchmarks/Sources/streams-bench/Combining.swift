import OpenCombine
import Streams

// W10: the operators with several sources and one shared state, `combineLatest` and `zip`, on two
// subjects that take turns. Each peer sends the same values and sums the same combinations, so the
// checksums agree. OpenCombine 0.14 has `zip` but no `combineLatest`, so W10a is Streams only.

/// W10a: `combineLatest` of two subjects, `{ $0 + $1 }`, one subscriber. Every send after the
/// first makes a combination.
func combineLatestPair(sends: Int) -> Workload {
    twoSubjects(
        id: "W10a", title: "combineLatest of two subjects, taking turns", sends: sends,
        streams: { first, second in Observable.combineLatest(first, second) { $0 + $1 } },
        openCombine: nil
    )
}

/// W10b: `zip` of two subjects, `{ $0 + $1 }`, one subscriber. Every second send makes a pair.
func zipPair(sends: Int) -> Workload {
    twoSubjects(
        id: "W10b", title: "zip of two subjects, taking turns", sends: sends,
        streams: { first, second in Observable.zip(first, second) { $0 + $1 } },
        openCombine: { first, second in first.zip(second) { $0 + $1 }.eraseToAnyPublisher() }
    )
}

/// Two subjects combined into one subscriber: `sends` values, sent to the first and the second
/// subject in turn.
private func twoSubjects(
    id: String, title: String, sends: Int,
    streams: @escaping (Streams.Subject<Int>, Streams.Subject<Int>) -> Observable<Int>,
    openCombine: ((PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>)?
) -> Workload {
    var runs: [Peer: (inout Meter) -> Int] = [:]
    runs[.streams] = { meter in
        let first = Streams.Subject<Int>()
        let second = Streams.Subject<Int>()
        let sink = Counter()
        let subscription = streams(first, second).subscribe(onNext: { sink.add($0) })
        meter.measure {
            for value in 0..<sends {
                (value % 2 == 0 ? first : second).onNext(value)
            }
        }
        subscription.dispose()
        return sink.value
    }
    if let openCombine {
        runs[.opencombine] = { meter in
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let sink = Counter()
            let cancellable = openCombine(first, second).sink { sink.add($0) }
            meter.measure {
                for value in 0..<sends {
                    (value % 2 == 0 ? first : second).send(value)
                }
            }
            cancellable.cancel()
            return sink.value
        }
    }
    return Workload(
        id: id, title: title, unit: "send", units: sends,
        floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: nil, reportsAllocations: true, runs: runs
    )
}
