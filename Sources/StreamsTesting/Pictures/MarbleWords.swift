import Streams

extension MarbleDiagram {
    /// The diagram in words, as the picture's `<desc>` says it to a screen reader: each lane,
    /// when it was listened to, and what happened at which tick.
    ///
    /// `source, hot, subscribed from 0 to 10: a at 1, b at 2, completed at 10.`
    public var summary: String {
        var sentences = ["Time runs left to right, in \(axisWords)."]
        let firstOutput = lanes.firstIndex { $0.kind == .output }
        for (index, lane) in lanes.enumerated() {
            if index == firstOutput, let operation { sentences.append("Operation: \(operation).") }
            sentences.append(words(for: lane))
        }
        if firstOutput == nil, let operation { sentences.append("Operation: \(operation).") }
        return sentences.joined(separator: " ")
    }

    private var axisWords: String {
        guard case .time(let tick) = axis else { return "ticks" }
        return "time, one tick being \(MarbleTime.token(ticks: 1, resolution: tick) ?? "\(tick)")"
    }

    private func at(_ tick: Int) -> String {
        guard case .time(let duration) = axis, tick > 0 else { return "\(tick)" }
        return MarbleTime.token(ticks: tick, resolution: duration) ?? "tick \(tick)"
    }

    private func words(for lane: MarbleLane) -> String {
        var what: [String] = []
        switch lane.kind {
        case .hot: what.append("hot")
        case .cold: what.append(lane.isGhost ? "cold, \(lane.note ?? "never subscribed"), written at \(at(lane.start))" : "cold")
        case .output: break
        }
        for subscription in lane.subscriptions {
            what.append(subscription.unsubscribe == .max
                ? "subscribed at \(at(subscription.subscribe))"
                : "subscribed from \(at(subscription.subscribe)) to \(at(subscription.unsubscribe))")
        }
        if lane.kind == .hot, lane.subscriptions.isEmpty { what.append("never subscribed") }
        let events = lane.marks.map { mark in
            let event = switch mark.event {
            case .value(let text): "\(text) at \(at(mark.tick))"
            case .completed: "completed at \(at(mark.tick))"
            case .error(let text): text == "error" ? "error at \(at(mark.tick))" : "error \(text) at \(at(mark.tick))"
            }
            return mark.isGhost && !lane.isGhost ? event + " (not delivered)" : event
        }
        let heading = ([lane.label] + what).joined(separator: ", ")
        return "\(heading): \(events.isEmpty ? "nothing" : events.joined(separator: ", "))."
    }
}
