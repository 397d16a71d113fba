import Foundation

/// An image as a loader delivered it: its bytes, their type, and the request they answer.
///
/// The feed does not decode images (a screen does, with the platform's codecs); it accounts for
/// what decoding will cost from the request's size: ``decodedBytes`` is width × height × 4.
public struct LoadedImage: Sendable, Equatable {
    /// The request the bytes answer, with the image's size in pixels.
    public let request: ImageRequest
    /// The encoded image, as received.
    public let data: Data
    /// The media type the server named, such as `image/jpeg`.
    public let contentType: String

    /// Creates a loaded image.
    public init(request: ImageRequest, data: Data, contentType: String) {
        self.request = request
        self.data = data
        self.contentType = contentType
    }

    /// The bytes the image takes once decoded, as the memory cache counts them.
    public var decodedBytes: Int {
        request.decodedBytes
    }
}
