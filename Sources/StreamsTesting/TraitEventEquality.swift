import Streams
import XCTest

// The events of Single, Maybe and Completable compared in tests, as RxTest compares them: values
// with `==`, errors by their description (as `Event`'s equality here does).

extension MaybeEvent: Equatable where Element: Equatable {
    public static func == (lhs: MaybeEvent, rhs: MaybeEvent) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        case (.error(let left), .error(let right)): describeTheSame(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

extension CompletableEvent: Equatable {
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let left), .error(let right)): describeTheSame(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// Whether two lists of a `Single`'s events are equal: values with `==`, errors by their
/// description.
///
/// A `SingleEvent` is Swift's `Result<Element, any Error>`, which cannot be `Equatable` (its
/// error is `any Error`), so lists of them compare with this operator, and with
/// `XCTAssertEqual`, rather than through a conformance.
public func == <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { pair in
        switch pair {
        case (.success(let left), .success(let right)): left == right
        case (.failure(let left), .failure(let right)): describeTheSame(left, right)
        default: false
        }
    }
}

/// RxTest's `XCTAssertEqual` for a `Single`'s events: fails the test, at the caller's line,
/// when the two lists differ (see `==` above).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>],
    _ rhs: [SingleEvent<Element>],
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line
) {
    guard !(lhs == rhs) else { return }
    let detail = message()
    XCTFail("\(lhs) is not equal to \(rhs)\(detail.isEmpty ? "" : " - \(detail)")", file: file, line: line)
}
