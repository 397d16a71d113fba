import Streams

extension Observable {
    /// An input of a view model as its events: each value made an event by `event`; a failure
    /// becomes one `inputFailed` event, with a
    /// ``FeedError/inputFailed(input:reason:)`` naming the input, and ends the input, while the
    /// other inputs and the outputs go on.
    ///
    /// ``FeedViewModel`` and ``ImageViewModel`` read every input through it.
    ///
    /// - Parameters:
    ///   - name: The input's name, for the error (`geometry`).
    ///   - event: Makes a value an event.
    /// - Returns: The events.
    func guardedInput<Event: FeedbackEvent>(_ name: String, _ event: @escaping @Sendable (Element) -> Event) -> Observable<Event> {
        map(event).catch { error in
            .just(.inputFailed(.inputFailed(input: name, reason: String(describing: error))))
        }
    }
}
