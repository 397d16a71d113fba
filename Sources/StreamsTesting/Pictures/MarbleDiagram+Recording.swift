import Streams

extension MarbleDiagram {
    /// Adds the lanes of a test observable, as the run left it.
    ///
    /// - A hot source is one lane from tick 0 with all its scripted events; an event that
    ///   reached no subscription is a ghost, and each subscription is a band behind the lane.
    /// - A cold source gets a lane per subscription, from the tick it was subscribed, with the
    ///   events that subscription was sent; those its disposal cut off are ghosts. A second
    ///   subscription is labelled `source #2`, and so on.
    /// - A cold source nobody subscribed is a ghost lane at `reference`, and one first
    ///   subscribed later than `reference` gets a ghost lane there too (`concatMap` queues an
    ///   inner observable at the tick its value arrives, and subscribes to it later).
    ///
    /// - Parameters:
    ///   - label: The lane's name, such as `source`.
    ///   - source: The test observable, after the scheduler ran.
    ///   - describe: The text of a value, drawn inside its marble.
    ///   - reference: For a cold source, the tick where its diagram was written: the tick of
    ///     the value that asked for it.
    public mutating func addInput<Element>(
        _ label: String,
        _ source: TestableObservable<Element>,
        describe: (Element) -> String = { String(describing: $0) },
        reference: Int? = nil
    ) {
        let first = lanes.count
        defer { for index in first..<lanes.count { lanes[index].source = label } }
        let events = source.recordedEvents
        let subscriptions = source.subscriptions
        let deliveries = source.deliveries
        func mark(_ offset: Int, _ index: Int, _ delivered: Set<Int>) -> MarbleMark {
            MarbleMark(tick: offset + events[index].time, event: Self.event(events[index].value, describe),
                       isGhost: !delivered.contains(index))
        }
        guard source.isCold else {
            let delivered = Set(deliveries.joined())
            lanes.append(MarbleLane(label: label, kind: .hot, marks: events.indices.map { mark(0, $0, delivered) },
                                    subscriptions: subscriptions))
            return
        }
        func ghost(_ start: Int, _ note: String) -> MarbleLane {
            MarbleLane(label: label, kind: .cold, start: start, marks: events.indices.map { mark(start, $0, []) },
                       isGhost: true, note: note)
        }
        if subscriptions.isEmpty {
            lanes.append(ghost(reference ?? 0, "never subscribed"))
        } else if let reference, reference > 0, reference != subscriptions[0].subscribe {
            lanes.append(ghost(reference, "subscribed at \(subscriptions[0].subscribe)"))
        }
        for (number, subscription) in subscriptions.enumerated() {
            let delivered = Set(deliveries[number])
            lanes.append(MarbleLane(
                label: number == 0 ? label : "\(label) #\(number + 1)", kind: .cold, start: subscription.subscribe,
                marks: events.indices.map { mark(subscription.subscribe, $0, delivered) }, subscriptions: [subscription]
            ))
        }
    }

    /// Adds an output lane: the events an observer recorded, listened to from `subscribed`
    /// until its terminal event or `disposed`, whichever came first.
    ///
    /// - Parameters:
    ///   - label: The lane's name, such as `output`.
    ///   - observer: The recorder, after the scheduler ran.
    ///   - subscribed: The tick the observer subscribed at.
    ///   - disposed: The tick its subscription was disposed at, if before a terminal event.
    ///   - describe: The text of a value, drawn inside its marble.
    public mutating func addOutput<Element>(
        _ label: String,
        _ observer: TestableObserver<Element>,
        subscribed: Int,
        disposed: Int? = nil,
        describe: (Element) -> String = { String(describing: $0) }
    ) {
        addOutput(label, observer.events, subscribed: subscribed, disposed: disposed, describe: describe)
    }

    /// Adds an output lane from recorded events, such as the expected events of a marble test.
    mutating func addOutput<Element>(
        _ label: String,
        _ events: [Recorded<Event<Element>>],
        subscribed: Int,
        disposed: Int?,
        describe: (Element) -> String
    ) {
        let terminal = events.first { $0.value.isStopEvent }?.time
        let end = [terminal, disposed].compactMap { $0 }.min() ?? .max
        lanes.append(MarbleLane(
            label: label, kind: .output, start: subscribed,
            marks: events.map { MarbleMark(tick: $0.time, event: Self.event($0.value, describe)) },
            subscriptions: [Subscription(subscribed, end)]
        ))
    }

    static func event<Element>(_ event: Event<Element>, _ describe: (Element) -> String) -> MarbleMark.Event {
        switch event {
        case .next(let value): .value(describe(value))
        case .error(let error): .error(String(describing: error))
        case .completed: .completed
        }
    }
}
