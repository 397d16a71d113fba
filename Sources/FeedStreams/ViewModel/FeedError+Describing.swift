import Foundation

extension FeedError {
    /// The feed error for any error a ``PhotoService`` reported: a `FeedError` as it is,
    /// `URLError` and `DecodingError` translated, anything else a transport failure.
    public init(describing error: any Error) {
        switch error {
        case let error as FeedError: self = error
        case let error as URLError: self.init(error)
        case let error as DecodingError: self.init(error)
        default: self = .transport(.unknown)
        }
    }
}
