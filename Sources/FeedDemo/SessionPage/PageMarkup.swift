import FeedStreams

/// How the session page writes numbers, text and colours, the same way on every machine.
///
/// Every text on the page, the demo's own words and a server's alike, is written by
/// ``DisplayText/html``: a server's text passes through ``UntrustedText/forHTML(_:maxLength:)``
/// and nothing else, and the demo's words are escaped the same way.
enum PageMarkup {
    /// A step line through `values` (x, y), in order: each change of y is a step at its x, a
    /// point that repeats the last is left out, and the last value holds to `end`.
    static func steps(_ values: some Sequence<(Double, Double)>, holdingTo end: Double) -> [(Double, Double)] {
        var points: [(Double, Double)] = []
        for point in values {
            if let last = points.last {
                if last == point { continue }
                if last.1 != point.1 { points.append((point.0, last.1)) }
            }
            points.append(point)
        }
        if let last = points.last { points.append((end, last.1)) }
        return points
    }

    /// An SVG `points` attribute's value: `x,y x,y …`.
    static func points(_ points: [(Double, Double)]) -> String {
        points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
    }

    /// `12.5`: a coordinate rounded to a tenth, without a trailing `.0` or a `-0`; 0 for a value
    /// that is not a number.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int(saturating: value * 10)
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// Text for an element or a quoted attribute.
    static func text(_ text: DisplayText) -> String {
        text.html
    }

    /// `#b3c5e3`: a photo's colour, or the neutral grey of a photo without one.
    static func color(_ color: RGBColor?) -> String {
        let color = color ?? ScreenRenderer.neutral
        return "#" + [color.red, color.green, color.blue].map { String($0, radix: 16).leftPadded(to: 2, with: "0") }.joined()
    }

    /// `0s`, `5s`, `1.5s`, `2 min`: a time on the page's axis and labels.
    static func time(_ duration: Duration) -> String {
        duration == .zero ? "0s" : Narrator.duration(duration)
    }

    /// `17.588s`: a moment of the session, as the text timeline writes it.
    static func clock(_ duration: Duration) -> String {
        DemoSummary.seconds(duration)
    }

    /// A duration in whole milliseconds, for the page's data and attributes.
    static func milliseconds(_ duration: Duration) -> Int {
        DemoSummary.milliseconds(duration)
    }

    /// About how wide a label is, in the page's units, at `fontSize`: enough to keep two labels
    /// apart in any system font.
    static func width(of label: String, fontSize: Double) -> Double {
        Double(label.count) * fontSize * 0.62
    }
}
