import Streams

/// Event equality, for tests: values compare with `==`; errors compare equal when they
/// describe themselves identically (`String(reflecting:)`), which holds for equal enum cases
/// and for errors of the same type with the same fields.
///
/// It ships in `StreamsTesting`, not in `Streams`, so app code never compares errors by their
/// description.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): left == right
        case (.error(let left), .error(let right)): describeTheSame(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// Whether two errors compare equal in tests: whether they describe themselves identically.
/// The one rule behind the equality of `Event` here and of the traits' events.
func describeTheSame(_ left: any Error, _ right: any Error) -> Bool {
    String(reflecting: left) == String(reflecting: right)
}
