import Streams

extension FeedViewModel.Input {
    /// The inputs a ``ScrollSimulator`` provides, as a screen would wire its scroll view: the
    /// geometry, pull-to-refresh, the footer's retry and the taps on photos.
    ///
    /// ```swift
    /// let simulator = ScrollSimulator(scheduler: scheduler)
    /// let viewModel = try FeedViewModel(
    ///     input: .simulated(by: simulator),
    ///     dependencies: .init(service: service, scheduler: scheduler)
    /// )
    /// viewModel.output.photos.drive(onNext: { simulator.setPhotos($0) }).disposed(by: bag)
    /// ```
    ///
    /// - Parameters:
    ///   - simulator: The simulated scroll view.
    ///   - load: When the screen appears; at once (on subscription) unless given.
    /// - Returns: The inputs.
    public static func simulated(
        by simulator: ScrollSimulator,
        load: some ObservableConvertibleType<Void> = Observable.just(())
    ) -> Self {
        Self(
            load: load,
            refresh: simulator.pullToRefresh,
            geometry: simulator.geometry,
            retry: simulator.retryTaps,
            selection: simulator.taps
        )
    }
}
