import Testing
@testable import FeedStreams

@Suite("RGBColor")
struct RGBColorTests {
    @Test("parses #rrggbb, rrggbb and the #rgb shorthand", arguments: [
        ("#d9c0c0", RGBColor(red: 217, green: 192, blue: 192)),
        ("#40260C", RGBColor(red: 64, green: 38, blue: 12)),
        ("0d0d11", RGBColor(red: 13, green: 13, blue: 17)),
        ("#000000", RGBColor(red: 0, green: 0, blue: 0)),
        ("#ffffff", RGBColor(red: 255, green: 255, blue: 255)),
        ("#fa0", RGBColor(red: 255, green: 170, blue: 0)),
    ])
    func parses(hex: String, expected: RGBColor) {
        #expect(RGBColor(hex: hex) == expected)
    }

    @Test("rejects anything else", arguments: [
        "", "#", "#12345", "#1234567", "#ffff", "#zzzzzz", "+fffff", "#-12345", "# fffff",
    ])
    func rejects(hex: String) {
        #expect(RGBColor(hex: hex) == nil)
    }
}
