/// A 24-bit colour, parsed from a hex string such as Unsplash's `"#d9c0c0"`.
///
/// A feed shows it as a placeholder while the photo loads; a terminal can draw it as a 24-bit
/// ANSI colour block.
public struct RGBColor: Sendable, Hashable {
    /// The red component, 0–255.
    public var red: UInt8
    /// The green component, 0–255.
    public var green: UInt8
    /// The blue component, 0–255.
    public var blue: UInt8

    /// Creates a colour from its three components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses a hex colour: `#rrggbb` or the shorthand `#rgb`, in either case, `#` optional.
    ///
    /// `"#d9c0c0"` is (217, 192, 192); `"#F33548"` is (243, 53, 72); `"#fff"` is white.
    ///
    /// - Parameter hex: The colour as text.
    /// - Returns: `nil` when `hex` is not one of those forms.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        let expanded: String
        switch digits.count {
        case 6: expanded = String(digits)
        case 3: expanded = String(digits.flatMap { [$0, $0] })
        default: return nil
        }
        guard let value = UInt32(expanded, radix: 16) else { return nil }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 16),
            green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value)
        )
    }
}
