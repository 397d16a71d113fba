import Foundation

extension ObservableType where Element == Data {
    /// Decodes each `Data` value into `type`: RxSwift's `decode(type:decoder:)`.
    ///
    /// Each value is decoded on the thread that delivers it, as ``ObservableType/map(_:)``
    /// would. A value that does not decode sends the decoder's error downstream (a
    /// `DecodingError` from a `JSONDecoder`) and ends the subscription. Below, `a` and `b` are
    /// the JSON of two photos, and `x` is not JSON:
    ///
    /// ```
    /// source:  -a-b-x-b-|
    ///          decode(type: Photo.self, decoder: JSONDecoder())
    /// output:  -a-b-#        (# is a DecodingError)
    /// ```
    /// ![decode(type: Photo.self, decoder: JSONDecoder()), drawn from a run](decode-decode-type-photo-self-decoder)
    ///
    /// - Parameters:
    ///   - type: The type to decode each value into.
    ///   - decoder: The decoder: a `JSONDecoder`, a `PropertyListDecoder`, or any
    ///     ``DataDecoder``.
    /// - Returns: An observable of the decoded values.
    public func decode<Item: Decodable & Sendable>(type: Item.Type, decoder: some DataDecoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

/// A decoder that reads a value from `Data`: what ``ObservableType/decode(type:decoder:)``
/// takes, as RxSwift's `DataDecoder`.
///
/// `JSONDecoder` and `PropertyListDecoder` conform. Foundation has a `TopLevelDecoder` protocol
/// only on Apple platforms (in Combine), so Streams, which runs on Linux too, names the one
/// method it needs. It must be `Sendable`, since each value is decoded on the thread that
/// delivers it.
public protocol DataDecoder: Sendable {
    /// Decodes a value of `type` from `data`, or throws why it cannot.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}
