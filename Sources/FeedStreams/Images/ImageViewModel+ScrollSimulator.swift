import Streams

extension ImageViewModel.Input {
    /// The inputs a ``ScrollSimulator`` provides, as a screen would wire its collection view:
    /// the photos and their layout, and the geometry.
    ///
    /// ```swift
    /// let simulator = ScrollSimulator(scheduler: scheduler)
    /// let images = try ImageViewModel(
    ///     input: .simulated(by: simulator),
    ///     dependencies: .init(loader: loader, scheduler: scheduler)
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - simulator: The simulated scroll view.
    ///   - memoryWarnings: The system's memory warnings, such as the simulator's
    ///     ``ScrollSimulator/memoryWarnings`` (a script's `memory warning` steps); none unless given.
    ///   - downloads: The photos the user downloads; none unless given.
    /// - Returns: The inputs.
    public static func simulated(
        by simulator: ScrollSimulator,
        memoryWarnings: some ObservableConvertibleType<Void> = Observable<Void>.never(),
        downloads: some ObservableConvertibleType<Photo> = Observable<Photo>.never()
    ) -> Self {
        Self(content: simulator.content, geometry: simulator.geometry, memoryWarnings: memoryWarnings, downloads: downloads)
    }
}
