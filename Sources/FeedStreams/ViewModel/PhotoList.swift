import Synchronization

/// The photos on screen: an immutable list of photos that grows by a page without copying the
/// pages before it.
///
/// `PhotoList` is a value. Each list sees exactly the photos it was made with or appended, and
/// nothing appended to another list changes it, however the lists were copied:
///
/// ```swift
/// let first: PhotoList = [a, b]
/// var longer = first
/// longer.append(contentsOf: [c])   // first is still [a, b]
/// var other = first
/// other.append(contentsOf: [d])    // longer is still [a, b, c]; other is [a, b, d]
/// ```
///
/// ## Detailed design
///
/// A list is a prefix — its ``count`` — of a shared, append-only storage that holds the photos
/// and the set of their ids behind a `Mutex`. Elements below a list's count never change once
/// written, which is what keeps every list's view stable.
///
/// - Appending to a list whose count is the storage's current length (the list is the longest
///   one made from it) appends in place, under the lock: it costs the page, not the list. This is
///   the feed's case: each state's list extends the previous state's, which stays alive in
///   `share(replay: 1)` buffers and in the scroll simulator but never grows again.
/// - Appending to an older list (someone appended to a copy of it first: a branch) copies its
///   prefix into a new storage and appends there. The check and the append happen under one
///   lock, so of two threads appending to copies of the same list at once, one appends in place
///   and the other copies; both end up with the right photos.
/// - ``contains(id:)`` answers for the list's own prefix: from the storage's id set when the list
///   is as long as the storage, by scanning its prefix otherwise.
///
/// Reading an element takes the lock for as long as it takes to copy one `Photo` out, so a read
/// is safe while another thread appends to the same storage (the array may be reallocated by the
/// append, never while a read holds the lock). No reference to the storage's array escapes the
/// lock, so an append in place never triggers a copy-on-write of the whole array.
///
/// Two lists are equal when they hold equal photos (`Photo` compares by id) in the same order;
/// lists sharing a storage and a count are equal without looking at the photos.
public struct PhotoList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// A list's element.
    public typealias Element = Photo
    /// A list's position: an offset from the first photo.
    public typealias Index = Int
    /// A list's positions.
    public typealias Indices = Range<Int>

    /// The shared, append-only photos and ids.
    final class Storage: Sendable {
        struct Contents {
            var photos: [Photo]
            var ids: Set<String>
        }

        let contents: Mutex<Contents>

        init(_ photos: [Photo]) {
            contents = Mutex(Contents(photos: photos, ids: Set(photos.lazy.map(\.id))))
        }
    }

    let storage: Storage
    /// The number of photos in the list.
    public private(set) var count: Int

    /// An empty list.
    public init() {
        self.init([Photo]())
    }

    /// A list of these photos, in order.
    ///
    /// - Parameter photos: The photos; a list of the same photos may hold duplicate ids.
    public init(_ photos: some Sequence<Photo>) {
        if let list = photos as? PhotoList {
            self = list
            return
        }
        let array = Array(photos)
        storage = Storage(array)
        count = array.count
    }

    /// A list of the photos in a literal.
    ///
    /// - Parameter elements: The photos.
    public init(arrayLiteral elements: Photo...) {
        self.init(elements)
    }

    /// The position of the first photo: always 0.
    public var startIndex: Int { 0 }

    /// The position after the last photo: ``count``.
    public var endIndex: Int { count }

    /// The positions of the photos, `0..<count`.
    public var indices: Range<Int> { 0..<count }

    /// The photo at a position.
    ///
    /// Takes the storage's lock while it copies the photo out, so it stays correct while another
    /// thread appends to a longer list sharing the storage.
    ///
    /// - Parameter position: A position in `0..<count`.
    public subscript(position: Int) -> Photo {
        precondition(position >= 0 && position < count, "PhotoList index out of range")
        return storage.contents.withLock { $0.photos[position] }
    }

    /// The photos as an array, copied under one lock.
    public var array: [Photo] {
        let count = count
        return storage.contents.withLock { Array($0.photos[0..<count]) }
    }

    /// Whether a photo with this id is in the list.
    ///
    /// - Parameter id: A photo id.
    /// - Returns: `true` when one of the list's own photos has this id. O(1) for the longest list
    ///   made from a storage, O(``count``) for an older one.
    public func contains(id: String) -> Bool {
        let count = count
        return storage.contents.withLock { contents in
            if contents.photos.count == count { return contents.ids.contains(id) }
            return contents.photos[0..<count].contains { $0.id == id }
        }
    }

    /// Whether this list's photos are the first photos of another list.
    ///
    /// - Parameter other: The longer (or equal) list.
    /// - Returns: `true` when `other` starts with this list's photos. O(1) when the two lists share
    ///   a storage (one was appended to the other), O(``count``) otherwise.
    public func isPrefix(of other: PhotoList) -> Bool {
        guard count <= other.count else { return false }
        if storage === other.storage { return true }
        return other.startsWith(array)
    }

    /// Appends photos, keeping duplicates.
    ///
    /// - Parameter photos: The photos to append, in order.
    public mutating func append(contentsOf photos: some Sequence<Photo>) {
        appendPhotos(Array(photos), uniqueByID: false)
    }

    /// Appends the photos whose id is in neither the list nor earlier in `photos`.
    ///
    /// - Parameter photos: The photos to append, in order.
    /// - Returns: How many were appended.
    @discardableResult
    public mutating func appendNew(_ photos: some Sequence<Photo>) -> Int {
        appendPhotos(Array(photos), uniqueByID: true)
    }

    /// Two lists are equal when they hold equal photos in the same order.
    ///
    /// - Returns: `true` at once when both are the same prefix of one storage; otherwise after
    ///   comparing the photos.
    public static func == (lhs: PhotoList, rhs: PhotoList) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.storage === rhs.storage { return true }
        // One lock at a time: copy one side out, then compare under the other's lock.
        return rhs.startsWith(lhs.array)
    }

    // MARK: Implementation

    /// Whether the list's photos start with `prefix` (which is no longer than the list).
    private func startsWith(_ prefix: [Photo]) -> Bool {
        storage.contents.withLock { contents in
            prefix.indices.allSatisfy { contents.photos[$0] == prefix[$0] }
        }
    }

    /// Appends in place when this list is the storage's longest, or into a copy of its prefix.
    @discardableResult
    private mutating func appendPhotos(_ photos: [Photo], uniqueByID: Bool) -> Int {
        guard !photos.isEmpty else { return 0 }
        let count = count
        let appended = storage.contents.withLock { contents -> Int? in
            guard contents.photos.count == count else { return nil }
            return Self.append(photos, to: &contents, uniqueByID: uniqueByID)
        }
        if let appended {
            self.count += appended
            return appended
        }
        // A branch: a longer list was made from this storage; start a storage of our own.
        let own = Storage(array)
        let added = own.contents.withLock { Self.append(photos, to: &$0, uniqueByID: uniqueByID) }
        self = PhotoList(storage: own, count: count + added)
        return added
    }

    private init(storage: Storage, count: Int) {
        self.storage = storage
        self.count = count
    }

    private static func append(_ photos: [Photo], to contents: inout Storage.Contents, uniqueByID: Bool) -> Int {
        var added = 0
        for photo in photos {
            let inserted = contents.ids.insert(photo.id).inserted
            if inserted || !uniqueByID {
                contents.photos.append(photo)
                added += 1
            }
        }
        return added
    }
}
