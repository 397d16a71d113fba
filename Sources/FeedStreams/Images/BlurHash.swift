import Foundation

/// A photo's blurred preview in a few dozen characters: Unsplash's `blur_hash`, decoded.
///
/// A BlurHash is a handful of cosine components of the photo, in linear RGB, written in base 83:
///
/// | characters | what they hold |
/// |---|---|
/// | 1 | the number of components: `(columns − 1) + (rows − 1) × 9`, each 1 to 9 |
/// | 1 | the largest AC component, quantised: `maximum = (q + 1) / 166` |
/// | 4 | the DC component (the average colour), as 24-bit sRGB |
/// | 2 each | every other component, each channel quantised to 19 levels: `signPow((q − 9) / 9, 2) × maximum` |
///
/// A pixel at `(x, y)` of a `width × height` picture is the sum of every component `(i, j)`
/// times `cos(π·x·i / width) · cos(π·y·j / height)`, turned back from linear RGB to sRGB. Decoding
/// needs no I/O and no codec, so a feed shows it the moment a cell appears, between the
/// photo's colour and its image.
///
/// ```swift
/// let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
/// let average = hash.averageColor       // the photo's overall colour
/// let pixels = hash.pixels(width: 4, height: 3)
/// ```
///
/// The decoder follows the published algorithm (Wolt's BlurHash); the catalog's hashes are made
/// with the same alphabet, so the average colour of a catalog photo's hash is its `color`.
public struct BlurHash: Sendable, Hashable, CustomStringConvertible {
    /// The hash as text.
    public let text: String
    /// The number of components across, 1 to 9.
    public let columns: Int
    /// The number of components down, 1 to 9.
    public let rows: Int
    /// The DC component: the picture's average colour.
    public let averageColor: RGBColor
    /// The components in linear RGB, row by row (`rows × columns` of them, the DC first).
    private let components: [LinearColor]

    /// The 83 digits, in the order of their values.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    /// Each ASCII byte's digit value, or -1 for a byte that is not a digit.
    private static let values: [Int] = {
        var values = [Int](repeating: -1, count: 128)
        for (value, digit) in alphabet.enumerated() { values[Int(digit.asciiValue!)] = value }
        return values
    }()

    /// Decodes a hash.
    ///
    /// - Parameter text: The hash, such as `"LEHV6nWB2yk8pyo0adR*.7kCMdnj"`.
    /// - Throws: ``BlurHashError`` saying what is wrong: too short, a character that is not a
    ///   base-83 digit (with its position), or a length that does not match its components.
    public init(_ text: String) throws(BlurHashError) {
        let digits = try Self.digits(of: text)
        guard digits.count >= 6 else {
            throw BlurHashError("a BlurHash has at least 6 characters, got \(digits.count)")
        }
        let sizeFlag = digits[0]
        let columns = sizeFlag % 9 + 1
        let rows = sizeFlag / 9 + 1
        let expected = 4 + 2 * columns * rows
        guard digits.count == expected else {
            throw BlurHashError("\(columns) × \(rows) components need \(expected) characters, got \(digits.count)")
        }
        let maximum = Double(digits[1] + 1) / 166
        let dc = Self.number(digits[2..<6])
        let average = RGBColor(red: UInt8(dc >> 16), green: UInt8((dc >> 8) & 255), blue: UInt8(dc & 255))
        var components = [LinearColor(average)]
        components.reserveCapacity(columns * rows)
        for index in 1..<(columns * rows) {
            let value = Self.number(digits[(4 + index * 2)..<(6 + index * 2)])
            components.append(LinearColor(
                red: Self.signedSquare(Double(value / (19 * 19)) / 9 - 1) * maximum,
                green: Self.signedSquare(Double(value / 19 % 19) / 9 - 1) * maximum,
                blue: Self.signedSquare(Double(value % 19) / 9 - 1) * maximum
            ))
        }
        self.text = text
        self.columns = columns
        self.rows = rows
        self.averageColor = average
        self.components = components
    }

    /// The hash itself.
    public var description: String {
        text
    }

    /// Two hashes are equal when their text is.
    public static func == (lhs: BlurHash, rhs: BlurHash) -> Bool {
        lhs.text == rhs.text
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// The most pixels ``pixels(width:height:punch:)`` draws: 1024 × 1024, far more than a
    /// placeholder needs (32 × 32 is usual), and few enough to allocate at once.
    public static let maxPixels = 1 << 20

    /// Draws the blurred picture at a size.
    ///
    /// Previews are drawn small (32 × 32 is usual) and scaled up by the view; the cost is
    /// `width × height × columns × rows` multiplications.
    ///
    /// - Parameters:
    ///   - width: Pixels across; 0 or less gives no pixels.
    ///   - height: Pixels down; 0 or less gives no pixels.
    ///   - punch: Contrast: the AC components are multiplied by it (1 as encoded). Any value is
    ///   drawn: each channel is clamped to its range, and one that is not a number is 0.
    /// - Returns: `width × height` colours, row by row from the top-left; none when that is more
    ///   than ``maxPixels``, as for a size of 0.
    public func pixels(width: Int, height: Int, punch: Double = 1) -> [RGBColor] {
        guard width > 0, height > 0 else { return [] }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Self.maxPixels else { return [] }
        let cosX = (0..<width).map { x in (0..<columns).map { cos(Double.pi * Double(x) * Double($0) / Double(width)) } }
        let cosY = (0..<height).map { y in (0..<rows).map { cos(Double.pi * Double(y) * Double($0) / Double(height)) } }
        var pixels: [RGBColor] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = LinearColor(red: 0, green: 0, blue: 0)
                for j in 0..<rows {
                    for i in 0..<columns {
                        let scale = cosX[x][i] * cosY[y][j] * (i == 0 && j == 0 ? 1 : punch)
                        sum.add(components[j * columns + i], times: scale)
                    }
                }
                pixels.append(sum.sRGB)
            }
        }
        return pixels
    }

    // MARK: Decoding

    /// Each character's value, or the position of the first that is not a digit.
    private static func digits(of text: String) throws(BlurHashError) -> [Int] {
        var values: [Int] = []
        for (position, character) in text.enumerated() {
            let value = character.asciiValue.map { Self.values[Int($0)] } ?? -1
            guard value >= 0 else {
                let shown = character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control && $0.isASCII }
                    ? "\"\(character)\"" : "U+" + String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
                throw BlurHashError("character \(position + 1), \(shown), is not a base-83 digit")
            }
            values.append(value)
        }
        return values
    }

    private static func number(_ digits: ArraySlice<Int>) -> Int {
        digits.reduce(0) { $0 * 83 + $1 }
    }

    private static func signedSquare(_ value: Double) -> Double {
        value < 0 ? -(value * value) : value * value
    }
}

/// A BlurHash that could not be read, and why.
public struct BlurHashError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, in one line.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A colour in linear RGB, each channel from 0 to 1 (more or less, before clamping).
private struct LinearColor: Sendable {
    var red: Double
    var green: Double
    var blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(_ color: RGBColor) {
        self.init(red: Self.linear(color.red), green: Self.linear(color.green), blue: Self.linear(color.blue))
    }

    mutating func add(_ other: LinearColor, times scale: Double) {
        red += other.red * scale
        green += other.green * scale
        blue += other.blue * scale
    }

    var sRGB: RGBColor {
        RGBColor(red: Self.sRGB(red), green: Self.sRGB(green), blue: Self.sRGB(blue))
    }

    private static func linear(_ value: UInt8) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    private static func sRGB(_ value: Double) -> UInt8 {
        // A punch of ±∞ or NaN makes components that are not numbers: they draw as black.
        let v = value.isNaN ? 0 : min(max(value, 0), 1)
        let encoded = v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }
}
