import Testing
@testable import FeedStreams

@Suite("PhotoPage")
struct PhotoPageTests {
    @Test("the recorded 2021 page has a next page (from Link) and 220922 photos in all")
    func recorded2021Page() throws {
        let photos = try Fixture.page2021.photos()
        let page = PhotoPage(photos: photos, page: 1, perPage: 2, headers: try Fixture.page2021.headers())

        #expect(page.photos.count == 2)
        #expect(page.page == 1)
        #expect(page.hasNextPage)
        #expect(page.totalCount == 220_922)
    }

    @Test("the recorded 2019 page has a next page and 146831 photos in all")
    func recorded2019Page() throws {
        let photos = try Fixture.page2019.photos()
        let page = PhotoPage(photos: photos, page: 1, perPage: 10, headers: try Fixture.page2019.headers())

        #expect(page.hasNextPage)
        #expect(page.totalCount == 146_831)
    }

    @Test("a Link header without rel=next means the last page, even when the page is full")
    func linkWithoutNext() throws {
        let headers = ["Link": #"<https://api.unsplash.com/photos?page=1&per_page=2>; rel="first""#]
        let page = PhotoPage(photos: try Fixture.page2021.photos(), page: 9, perPage: 2, headers: headers)

        #expect(!page.hasNextPage)
    }

    @Test("a Link header with rel=next wins over a short page")
    func linkWithNextOnShortPage() throws {
        let headers = ["link": #"<https://api.unsplash.com/photos?page=3&per_page=10>; rel="next""#]
        let page = PhotoPage(photos: try Fixture.page2021.photos(), page: 2, perPage: 10, headers: headers)

        #expect(page.hasNextPage)
    }

    @Test("without a Link header, a full page has a next page and a short one does not")
    func withoutLinkCountsPhotos() throws {
        let photos = try Fixture.page2021.photos()

        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: [:]).hasNextPage)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 1, headers: [:]).hasNextPage)
        #expect(!PhotoPage(photos: photos, page: 1, perPage: 3, headers: [:]).hasNextPage)
        #expect(!PhotoPage(photos: [], page: 4, perPage: 10, headers: [:]).hasNextPage)
        #expect(!PhotoPage(photos: photos, page: 1, perPage: 3, headers: ["Link": "nonsense"]).hasNextPage)
    }

    @Test("X-Total is read whatever its capitals, and ignored when not a number")
    func totalCount() throws {
        let photos = try Fixture.page2021.photos()

        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["x-total": " 42 "]).totalCount == 42)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["X-TOTAL": "7"]).totalCount == 7)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["X-Total": "many"]).totalCount == nil)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: [:]).totalCount == nil)
    }
}
