import Streams
import Synchronization

/// One playing of a script on a ``ScrollSimulator``: performs its ``ScrollStep``s in order and
/// completes its observer when the last one is over.
///
/// A wait is a timer on the simulator's scheduler; a gesture is a motion of the simulator, and
/// the next step starts when the motion ends (or is interrupted); a tap or a memory warning is
/// at once. Scheduled
/// waits and motion completions hold the player; the player holds the simulator weakly, so a
/// script does not keep the view alive.
final class ScriptPlayer: Sendable {
    private struct State {
        var isStopped = false
        var motionID: Int?
    }

    private weak let simulator: ScrollSimulator?
    private let scheduler: any Scheduler
    private let steps: [ScrollStep]
    private let observer: AnyObserver<Void>
    private let wait = SerialDisposable()
    private let state = Mutex(State())

    init(simulator: ScrollSimulator, steps: [ScrollStep], observer: AnyObserver<Void>) {
        self.simulator = simulator
        scheduler = simulator.scheduler
        self.steps = steps
        self.observer = observer
    }

    /// Performs step `index` and, when it is over, the ones after it.
    func play(from index: Int) {
        var index = index
        while true {
            guard !state.withLock({ $0.isStopped }) else { return }
            guard let simulator else {
                observer.onCompleted()
                return
            }
            guard index < steps.count else {
                simulator.report(.finished)
                observer.onCompleted()
                return
            }
            let step = steps[index]
            let next = index + 1
            switch step {
            case .wait(let duration):
                simulator.report(.wait(duration))
                // Numbered by step: the first wait is scheduled from the subscribing thread, and its
                // disposable may arrive after the next wait's (`setDisposable(_:step:)`).
                wait.setDisposable(scheduler.schedule(after: duration) { [self] in play(from: next) }, step: next)
                return
            case .tap(let index):
                simulator.tap(index: index)
            case .tapAt(let x, let y):
                simulator.tap(x: x, y: y)
            case .tapRetry:
                simulator.tapRetry()
            case .memoryWarning:
                simulator.warnMemory()
            case .drag, .fling, .scrollToTop, .scrollToBottom, .pullToRefresh:
                if let id = simulator.startMotion(step, completion: { [self] in play(from: next) }) {
                    state.withLock { $0.motionID = id }
                    return
                }
            }
            index = next
        }
    }

    /// Stops the script: cancels a wait and stops this script's motion where it is.
    func stop() {
        let motionID = state.withLock { state -> Int? in
            state.isStopped = true
            return state.motionID
        }
        wait.dispose()
        if let motionID { simulator?.cancelMotion(id: motionID) }
    }
}
