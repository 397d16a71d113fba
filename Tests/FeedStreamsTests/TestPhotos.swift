import FeedStreams
import Foundation
import FeedTestSupport

/// A page holding photos with the given ids.
func page(_ number: Int, _ ids: [String], hasNext: Bool = true) -> PhotoPage {
    PhotoPage(photos: ids.map { photo($0) }, page: number, hasNextPage: hasNext)
}
