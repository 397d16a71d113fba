import Dispatch
@testable import FeedStreams
import FeedTestSupport
import Synchronization
import Testing

/// `PhotoList`: a value that grows in place when it can and copies when it must.
@Suite("PhotoList")
struct PhotoListTests {
    private func photos(_ ids: [String]) -> [Photo] {
        ids.map { photo($0) }
    }

    @Test("appending to an older list leaves the newer one as it was, and the other way round")
    func branching() {
        let base = PhotoList(photos(["a", "b"]))
        var newer = base
        newer.append(contentsOf: photos(["c"]))
        var branch = base
        branch.append(contentsOf: photos(["x", "y"]))
        #expect(base.map(\.id) == ["a", "b"])
        #expect(newer.map(\.id) == ["a", "b", "c"])
        #expect(branch.map(\.id) == ["a", "b", "x", "y"])
        #expect(newer.storage === base.storage, "the first append was in place")
        #expect(branch.storage !== base.storage, "the branch copied")

        var later = newer
        later.append(contentsOf: photos(["d"]))
        branch.append(contentsOf: photos(["z"]))
        #expect(newer.map(\.id) == ["a", "b", "c"])
        #expect(later.map(\.id) == ["a", "b", "c", "d"])
        #expect(branch.map(\.id) == ["a", "b", "x", "y", "z"])
        #expect(base.map(\.id) == ["a", "b"])
    }

    @Test("contains(id:) answers for the list's own photos only")
    func containsPerPrefix() {
        let base = PhotoList(photos(["a", "b"]))
        var newer = base
        newer.append(contentsOf: photos(["c"]))
        #expect(base.contains(id: "a"))
        #expect(!base.contains(id: "c"), "c was appended to a longer list of the same storage")
        #expect(newer.contains(id: "c"))
        #expect(!newer.contains(id: "z"))
        var branch = base
        branch.append(contentsOf: photos(["z"]))
        #expect(branch.contains(id: "z"))
        #expect(!branch.contains(id: "c"))
        #expect(!newer.contains(id: "z"))
    }

    @Test("appendNew drops ids already in the list or earlier in the page")
    func appendNew() {
        var list: PhotoList = [photo("a"), photo("b")]
        let added = list.appendNew(photos(["b", "c", "c", "d"]))
        #expect(added == 2)
        #expect(list.map(\.id) == ["a", "b", "c", "d"])
        let old = PhotoList(photos(["a"]))
        var branch = old
        branch.append(contentsOf: photos(["q"]))
        var other = old
        #expect(other.appendNew(photos(["q", "a"])) == 1, "the branch de-duplicates against its own prefix")
        #expect(other.map(\.id) == ["a", "q"])
    }

    @Test("lists are equal when their photos are, sharing a storage or not")
    func equality() {
        let base = PhotoList(photos(["a", "b"]))
        let copy = base
        #expect(base == copy)
        #expect(base == PhotoList(photos(["a", "b"])))
        #expect(base != PhotoList(photos(["a", "c"])))
        #expect(base != PhotoList(photos(["a"])))
        var newer = base
        newer.append(contentsOf: photos(["c"]))
        #expect(base != newer)
        #expect(newer == PhotoList(photos(["a", "b", "c"])))
        #expect(PhotoList() == [])
        var changed = photo("b")
        changed.likes += 1
        #expect(base == PhotoList([photo("a"), changed]), "photos compare as Photo does: by id")
    }

    @Test("isPrefix(of:) is true for a list and the lists appended to it")
    func prefix() {
        let base = PhotoList(photos(["a", "b"]))
        var newer = base
        newer.append(contentsOf: photos(["c"]))
        #expect(base.isPrefix(of: newer))
        #expect(base.isPrefix(of: base))
        #expect(!newer.isPrefix(of: base))
        #expect(base.isPrefix(of: PhotoList(photos(["a", "b", "z"]))))
        #expect(!base.isPrefix(of: PhotoList(photos(["a", "z", "b"]))))
        #expect(PhotoList().isPrefix(of: base))
    }

    @Test("two threads appending to copies of one list: one appends in place, the other copies")
    func concurrentAppends() {
        for round in 0..<200 {
            let base = PhotoList(photos((0..<50).map { "p\($0)" }))
            let results = Mutex<[Int: PhotoList]>([:])
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                var list = base
                list.append(contentsOf: photos((0..<20).map { "t\(thread)-\($0)" }))
                results.withLock { $0[thread] = list }
            }
            let lists = results.withLock { $0 }
            for thread in 0..<2 {
                let expected = (0..<50).map { "p\($0)" } + (0..<20).map { "t\(thread)-\($0)" }
                #expect(lists[thread]?.map(\.id) == expected, "round \(round), thread \(thread)")
                #expect(lists[thread]?.contains(id: "t\(1 - thread)-0") == false)
            }
            let inPlace = (0..<2).filter { lists[$0]?.storage === base.storage }
            #expect(inPlace.count == 1, "round \(round)")
            #expect(base.count == 50)
            #expect(!base.contains(id: "t0-0") && !base.contains(id: "t1-0"))
        }
    }

    @Test("appending a page to a long list keeps its storage instead of copying it")
    func appendKeepsStorage() {
        var list = PhotoList(photos((0..<10_000).map { "p\($0)" }))
        let old = list
        list.appendNew(photos((0..<20).map { "n\($0)" }))
        #expect(list.count == 10_020)
        #expect(list.storage === old.storage)
        #expect(old.isPrefix(of: list))
        #expect(old.count == 10_000)
        #expect(old.last?.id == "p9999")
        #expect(list.last?.id == "n19")
    }

    @Test("FeedState's next page shares the previous state's list")
    func feedStateShares() {
        let first = PageRequest(id: 1, page: 1, reason: .firstLoad)
        let second = PageRequest(id: 2, page: 2, reason: .scroll)
        let one = [FeedEvent.load, .loaded(first, page(1, ["a", "b"])), .reachedBottom]
            .reduce(FeedState()) { FeedState.reduce($0, $1, at: .zero) }
        let two = FeedState.reduce(one, .loaded(second, page(2, ["b", "c"])), at: .zero)
        #expect(two.photos.map(\.id) == ["a", "b", "c"])
        #expect(one.photos.map(\.id) == ["a", "b"])
        #expect(one.photos.isPrefix(of: two.photos))
        #expect(one.photos.storage === two.photos.storage)
        // Reducing the older state again branches; neither state changes.
        let again = FeedState.reduce(one, .loaded(second, page(2, ["x"])), at: .zero)
        #expect(again.photos.map(\.id) == ["a", "b", "x"])
        #expect(two.photos.map(\.id) == ["a", "b", "c"])
        #expect(one.photos.map(\.id) == ["a", "b"])
    }
}
