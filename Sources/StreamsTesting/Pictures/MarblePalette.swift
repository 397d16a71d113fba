/// The two appearances of a marble picture. DocC shows `name~dark.svg` in dark mode and
/// `name.svg` otherwise, so each picture is drawn once for each, with no media query inside.
public enum MarbleAppearance: Sendable, CaseIterable {
    case light
    case dark
}

/// The colours of one appearance. Marble fills are light in both, so their text is dark and
/// reads the same on either background.
struct MarblePalette {
    let background: String
    let border: String
    let text: String
    let secondary: String
    let grid: String
    let band: String
    let bandOpacity: String
    let bandEdge: String
    let operationFill: String
    let error: String
    let ghost: String
    let marbleText: String
    let fills: [String]
    let strokes: [String]

    static func of(_ appearance: MarbleAppearance) -> MarblePalette {
        switch appearance {
        case .light:
            MarblePalette(
                background: "#ffffff", border: "#d2d2d7", text: "#1d1d1f", secondary: "#6e6e73", grid: "#ededf0",
                band: "#0071e3", bandOpacity: "0.09", bandEdge: "#0071e3", operationFill: "#f5f5f7", error: "#c9001a", ghost: "#737378",
                marbleText: "#1d1d1f",
                fills: ["#ffb8bf", "#ffd29b", "#fbeb8c", "#b9eeb0", "#a6e4ee", "#b5c8ff", "#dcc0ff", "#f7bde6"],
                strokes: ["#b8404f", "#b8731c", "#9a8410", "#3f8a36", "#1f8597", "#3d5cc0", "#7c4cc0", "#a8468c"]
            )
        case .dark:
            MarblePalette(
                background: "#1c1c1e", border: "#3a3a3c", text: "#f5f5f7", secondary: "#a1a1a6", grid: "#2c2c2e",
                band: "#409cff", bandOpacity: "0.2", bandEdge: "#64b0ff", operationFill: "#2c2c2e", error: "#ff6961", ghost: "#8e8e93",
                marbleText: "#1d1d1f",
                fills: ["#ff9aa5", "#ffc073", "#f2dc62", "#93dd88", "#7fd3e2", "#94adff", "#c6a2ff", "#f19cd8"],
                strokes: ["#ffd0d5", "#ffe0b8", "#fff2b0", "#d2f5cc", "#c9f1f7", "#d3dfff", "#e6d5ff", "#fbd3ef"]
            )
        }
    }

    /// The colour index of a value: FNV-1a over its text, so the same value has the same colour
    /// in every lane, every picture and every run.
    static func colourIndex(of text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % 8)
    }
}
