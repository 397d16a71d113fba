import FeedStreams
import Testing

@Suite("BlurHash")
struct BlurHashTests {
    @Test("decodes the published example: 4 × 3 components, its average colour, and its pixels")
    func example() throws {
        let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(hash.columns == 4 && hash.rows == 3)
        #expect(hash.averageColor == RGBColor(red: 0x97, green: 0x96, blue: 0x95))
        // Worked out independently (a Python transcription of the algorithm) for 4 × 3 pixels.
        let expected: [(UInt8, UInt8, UInt8)] = [
            (135, 164, 177), (161, 173, 177), (181, 180, 171), (160, 172, 174),
            (124, 154, 169), (148, 148, 154), (164, 145, 134), (146, 152, 155),
            (124, 144, 154), (144, 134, 132), (163, 130, 104), (148, 140, 134),
        ]
        #expect(hash.pixels(width: 4, height: 3) == expected.map { RGBColor(red: $0.0, green: $0.1, blue: $0.2) })
    }

    @Test("a hash of one component is a flat picture of its average colour")
    func flat() throws {
        // Size 0 (1 × 1), maximum 0, DC #336699 ("5?}k" in base 83).
        let hash = try BlurHash("005?}k")
        #expect(hash.columns == 1 && hash.rows == 1)
        #expect(hash.averageColor == RGBColor(red: 0x33, green: 0x66, blue: 0x99))
        #expect(Set(hash.pixels(width: 5, height: 2)) == [hash.averageColor])
        #expect(hash.pixels(width: 0, height: 3).isEmpty)
    }

    @Test("every catalog photo's hash decodes, and its average colour is the photo's colour")
    func catalog() throws {
        for photo in PhotoCatalog(count: 40).photos {
            guard let text = photo.blurHash else { continue }
            let hash = try BlurHash(text)
            #expect(hash.averageColor == photo.rgbColor, "\(photo.id)")
            #expect((hash.columns, hash.rows) == (photo.width > photo.height ? (4, 3) : photo.width < photo.height ? (3, 4) : (4, 4)))
        }
    }

    @Test("a malformed hash is refused with what is wrong and where")
    func malformed() {
        func reason(_ text: String) -> String {
            do {
                _ = try BlurHash(text)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(reason("LEHV6") == "a BlurHash has at least 6 characters, got 5")
        #expect(reason("LEHV6nWB2yk8pyo0adR*.7kCMdn") == "4 × 3 components need 28 characters, got 27")
        #expect(reason("LEHV6nWB2yk8pyo0adR*.7kCMd\"j") == "character 27, \"\"\", is not a base-83 digit")
        #expect(reason("LEHV6n\u{202E}B2yk8pyo0adR*.7kCMdnj") == "character 7, U+202E, is not a base-83 digit")
    }
}
