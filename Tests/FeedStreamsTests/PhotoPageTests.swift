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

    @Test("a Link header without next or last is no paging: a full page still has a next page")
    func linkWithoutPaging() throws {
        let photos = try Fixture.page2021.photos()
        for link in [
            #"<https://api.unsplash.com/photos?page=1&per_page=2>; rel="first""#,
            #"<https://unsplash.com/photos>; rel="alternate", <https://api.unsplash.com/photos?page=8>; rel="prev""#,
        ] {
            #expect(PhotoPage(photos: photos, page: 9, perPage: 2, headers: ["Link": link]).hasNextPage, "\(link)")
            #expect(!PhotoPage(photos: photos, page: 9, perPage: 3, headers: ["Link": link]).hasNextPage, "\(link)")
        }
    }

    @Test("a Link header with rel=last and no rel=next is the last page, even when the page is full")
    func linkWithLastOnly() throws {
        let headers = ["Link": #"<https://api.unsplash.com/photos?page=9&per_page=2>; rel="last""#]
        let page = PhotoPage(photos: try Fixture.page2021.photos(), page: 9, perPage: 2, headers: headers)

        #expect(!page.hasNextPage)
    }

    @Test("without paging links, X-Total decides: more while the pages so far hold fewer photos")
    func total() throws {
        let photos = try Fixture.page2021.photos()
        #expect(PhotoPage(photos: photos, page: 4, perPage: 2, headers: ["X-Total": "9"]).hasNextPage)
        #expect(!PhotoPage(photos: photos, page: 5, perPage: 2, headers: ["X-Total": "10"]).hasNextPage)
        // A short page before the total is reached: the total says more follow.
        #expect(PhotoPage(photos: photos, page: 1, perPage: 5, headers: ["X-Total": "20"]).hasNextPage)
        // The server's page size counts, not the one asked for.
        #expect(!PhotoPage(photos: photos, page: 5, perPage: 50, headers: ["X-Total": "10", "X-Per-Page": "2"]).hasNextPage)
        // A page number so large the product overflows is past any total.
        #expect(!PhotoPage(photos: photos, page: .max, perPage: 30, headers: ["X-Total": "10"]).hasNextPage)
        // A next link wins over the total.
        let next = #"<https://api.unsplash.com/photos?page=6>; rel="next""#
        #expect(PhotoPage(photos: photos, page: 5, perPage: 2, headers: ["X-Total": "10", "Link": next]).hasNextPage)
    }

    @Test("X-Per-Page is read when it is a positive whole number, and measures a full page")
    func serverPerPage() throws {
        let photos = try Fixture.page2021.photos()
        let page = PhotoPage(photos: photos, page: 1, perPage: 10, headers: ["x-per-page": " 2 "])
        #expect(page.perPage == 2)
        #expect(page.hasNextPage, "two photos fill a page of two, though ten were asked for")
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["X-Per-Page": "0"]).perPage == nil)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["X-Per-Page": "-3"]).perPage == nil)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["X-Per-Page": "ten"]).perPage == nil)
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
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: ["X-Total": "-1"]).totalCount == nil)
        #expect(PhotoPage(photos: photos, page: 1, perPage: 2, headers: [:]).totalCount == nil)
    }
}
