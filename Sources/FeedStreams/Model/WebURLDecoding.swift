import Foundation

extension KeyedDecodingContainer {
    /// Decodes a link that a client may follow or load: an `http` or `https` URL with a host.
    ///
    /// Any other value (`javascript:alert(1)`, `data:…`, `file:///etc/passwd`, a relative path)
    /// throws `DecodingError.dataCorrupted` at the key's coding path, which the HTTP service
    /// reports as ``FeedError/malformedResponse(path:problem:)``, such as `[3].links.html`.
    ///
    /// - Parameter key: The link's key.
    /// - Returns: The URL.
    func decodeWebURL(forKey key: Key) throws -> URL {
        let text = try decode(String.self, forKey: key)
        guard let url = URL(string: text), url.isWebLink else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an http or https URL, found \"\(text)\""
            )
        }
        return url
    }

    /// ``decodeWebURL(forKey:)`` for a link that may be absent or `null`.
    func decodeWebURLIfPresent(forKey key: Key) throws -> URL? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeWebURL(forKey: key)
    }
}

extension URL {
    /// Whether a client may follow or load this link: `http` or `https`, with a host. Links in
    /// decoded photos always are; the image rule checks again before it asks for one, since a
    /// `Photo` can also be made in code.
    var isWebLink: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return host?.isEmpty == false
    }
}
