import Foundation
import Testing
@testable import FeedStreams

@Suite("LinkHeader")
struct LinkHeaderTests {
    @Test("reads Unsplash's first page: last and next, no prev")
    func unsplashFirstPage() {
        let header = LinkHeader(parsing:
            #"<https://api.unsplash.com/photos?page=110461&per_page=2>; rel="last", "#
            + #"<https://api.unsplash.com/photos?page=2&per_page=2>; rel="next""#)

        #expect(header.links.count == 2)
        #expect(header.next == URL(string: "https://api.unsplash.com/photos?page=2&per_page=2"))
        #expect(header.last == URL(string: "https://api.unsplash.com/photos?page=110461&per_page=2"))
        #expect(header.previous == nil)
        #expect(header.first == nil)
    }

    @Test("reads a middle page: first, prev, last and next")
    func middlePage() {
        let header = LinkHeader(parsing:
            #"<http://x/p?page=1>; rel="first", <http://x/p?page=2>; rel="prev", "#
            + #"<http://x/p?page=9>; rel="last", <http://x/p?page=4>; rel="next""#)

        #expect(header.first?.absoluteString == "http://x/p?page=1")
        #expect(header.previous?.absoluteString == "http://x/p?page=2")
        #expect(header.last?.absoluteString == "http://x/p?page=9")
        #expect(header.next?.absoluteString == "http://x/p?page=4")
    }

    @Test("reads unquoted values, any capitals, and 'previous'")
    func tokensAndCase() {
        let header = LinkHeader(parsing: "<http://x/3>; REL=Next, <http://x/1>; Rel=previous")

        #expect(header.next?.absoluteString == "http://x/3")
        #expect(header.previous?.absoluteString == "http://x/1")
        #expect(header.links[0].parameters == ["rel": "Next"])
    }

    @Test("tolerates missing and extra whitespace, tabs and empty elements")
    func spacing() {
        let tight = LinkHeader(parsing: #"<http://x/2>;rel="next",<http://x/9>;rel="last""#)
        let loose = LinkHeader(parsing: " ,  <http://x/2> ;\trel = \"next\" ,,\t<http://x/9>  ;  rel=\"last\"  , ")

        #expect(tight == loose)
        #expect(tight.links == [
            LinkHeader.Link(target: "http://x/2", parameters: ["rel": "next"]),
            LinkHeader.Link(target: "http://x/9", parameters: ["rel": "last"]),
        ])
    }

    @Test("keeps commas and semicolons inside targets and quoted strings")
    func separatorsInsideQuotesAndTargets() {
        let header = LinkHeader(parsing:
            #"<http://x/a,b;c>; rel="next"; title="Page 2, \"the sequel\"; new", <http://x/9>; rel=last"#)

        #expect(header.links.count == 2)
        #expect(header.links[0].target == "http://x/a,b;c")
        #expect(header.links[0].parameters["title"] == #"Page 2, "the sequel"; new"#)
        #expect(header.last?.absoluteString == "http://x/9")
    }

    @Test("a rel may hold several types; the first rel of a link counts")
    func severalRelations() {
        let header = LinkHeader(parsing: #"<http://x/9>; rel="next last"; rel="prev""#)

        #expect(header.links[0].relations == ["next", "last"])
        #expect(header.next?.absoluteString == "http://x/9")
        #expect(header.last?.absoluteString == "http://x/9")
        #expect(header.previous == nil)
    }

    @Test("a missing or empty header, and links without rel, have no next")
    func missing() {
        #expect(LinkHeader(parsing: "").links.isEmpty)
        #expect(LinkHeader(parsing: "   ").next == nil)
        let noRel = LinkHeader(parsing: "<http://x/2>; title=\"two\"")
        #expect(noRel.links.count == 1)
        #expect(noRel.links[0].relations.isEmpty)
        #expect(noRel.next == nil)
    }

    @Test("skips malformed elements and reads the rest")
    func malformed() {
        let header = LinkHeader(parsing: #"garbage; rel="next", <http://x/2>; rel="next", "quoted, junk", <http://x/9"#)

        #expect(header.links == [LinkHeader.Link(target: "http://x/2", parameters: ["rel": "next"])])
    }
}
