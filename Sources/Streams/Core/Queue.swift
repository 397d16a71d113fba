// Inside Streams, chapter 5, "Serial delivery": the outbox's queue, which moves each element out as
// it hands it over, so the caller releases it after the lock.

/// A first-in, first-out queue: appending and removing the first element are amortised O(1).
///
/// ``popFirst()`` moves the element out of the queue, so the queue keeps no reference to an
/// element it has handed back. State structs behind a `Mutex` rely on that: an element popped
/// under the lock is released by the caller after the lock, never by the queue under it.
// `@usableFromInline`/`@inlinable` because ``SerialOutbox`` is (see there): every outbox event
// passes through `append` and `popFirst`.
@usableFromInline
struct Queue<Element> {
    /// The elements, oldest first, from `head` on; the slots before `head` are empty.
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0

    /// Creates an empty queue.
    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == slots.count }

    @inlinable var count: Int { slots.count - head }

    /// The oldest element, still queued.
    var first: Element? { isEmpty ? nil : slots[head] }

    @inlinable
    mutating func append(_ element: Element) {
        slots.append(element)
    }

    /// Removes the oldest element and hands it back, or returns `nil` when the queue is empty.
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let element = slots[head].take()
        head += 1
        if head == slots.count {
            // Only empty slots remain: drop them, keeping a small buffer for the next burst.
            slots.removeAll(keepingCapacity: slots.count <= 64)
            head = 0
        } else if head >= 64, head * 2 >= slots.count {
            // Shift the live half down; each slot moves at most once per doubling.
            slots.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Empties the queue and hands back what it held, for the caller to release after the lock.
    @inlinable
    mutating func removeAll() -> Queue {
        defer { self = Queue() }
        return self
    }
}

extension Queue: Sendable where Element: Sendable {}
