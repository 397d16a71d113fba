@testable import feed_demo
import Testing

@Suite struct DemoRunTests {
    @Test("the demo target is reachable from tests") func reachable() {
        #expect(FeedDemo.main(arguments: [], environment: [:]) == 0)
        #expect(Options.defaultPhotoCount == 100)
    }
}
