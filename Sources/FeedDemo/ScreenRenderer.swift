import FeedStreams

/// What the simulated phone shows at one moment: the viewport onto the feed's content, and
/// the feed's indicators.
struct ScreenScene: Sendable, Equatable {
    /// One photo of the layout.
    struct Item: Sendable, Equatable {
        /// The photo's index in the feed, counting from 0.
        var index: Int
        /// Its frame in content coordinates, in points.
        var frame: Rect
        /// Its dominant colour, if it has one.
        var color: RGBColor?
        /// What the cell shows of its photo.
        var image: ItemImage = .color
    }

    /// What a cell shows of its photo: the phases of ``ImagePhase``, as drawn.
    enum ItemImage: Sendable, Equatable {
        /// The photo's colour, flat.
        case color
        /// The photo's BlurHash, decoded to the block's cells.
        case blurred(BlurHash)
        /// The image (drawn from the BlurHash at twice the resolution, with more contrast and a
        /// grain: the demo's images are stand-in bytes, not pictures to decode).
        case loaded(BlurHash?)

        /// `colour`, `blurred` or `image`, for the legend.
        var name: String {
            switch self {
            case .color: "colour"
            case .blurred: "blurred"
            case .loaded: "image"
            }
        }
    }

    /// The scroll view's width in points.
    var viewportWidth: Double
    /// The scroll view's height in points.
    var viewportHeight: Double
    /// The content's y coordinate at the top of the viewport; negative while pulled down.
    var contentOffsetY: Double
    /// The height of all the content.
    var contentHeight: Double
    /// The photos; those outside the viewport are skipped when drawing.
    var items: [Item]
    /// A pull-to-refresh is in flight: the refresh control shows above the content.
    var isRefreshing = false
    /// A first page or a next page is in flight: the footer spinner shows below the content.
    var isLoadingMore = false
    /// A page arrived and it was empty: the "No photos" label shows.
    var isEmpty = false
    /// The scroll-to-top button shows.
    var showsScrollToTop = false
    /// The photo that was just tapped, marked in the drawing.
    var selectedIndex: Int?
}

/// A line printed beside the phone: text, or a photo's colour swatch with a caption.
enum ScreenNote: Sendable, Equatable {
    /// Plain text.
    case text(DisplayText)
    /// A photo of the legend: its swatch (or letter, without colour), its index and a caption.
    /// A photo without a colour gets a neutral grey swatch.
    case photo(index: Int, color: RGBColor?, text: DisplayText)
}

/// Draws a ``ScreenScene`` as terminal text: the phone's frame, each visible photo as a block of
/// its own colour, and the indicators.
///
/// One character cell stands for ``pointsPerColumn`` × ``pointsPerRow`` points (10 × 20: a
/// terminal cell is about twice as tall as it is wide), so a 390-point-wide phone is 39
/// columns. Each photo's block starts with its index, so a `tap 5` can be found on screen.
///
/// With colour, a block is painted with 24-bit ANSI background colour (`ESC[48;2;r;g;bm`) and
/// its index is written in black or white, whichever reads better on it. Without colour, the
/// output is plain text: a block is filled with one letter per photo (`a` for photo 0, `b` for
/// photo 1, … cycling after `z`), so neighbours stay apart.
///
/// A block shows its photo's image phase (``ScreenScene/ItemImage``). With colour: the flat
/// colour; the BlurHash decoded to one pixel per character, a soft gradient; the image, the hash
/// decoded at twice the resolution with upper half blocks (`▀`, two pixels a character), more
/// contrast and a fixed grain, so that it reads as detail where the blur is smooth. Without colour: the photo's letter in lower case for the colour,
/// `░` for the blur, the letter in upper case for the image.
struct ScreenRenderer: Sendable {
    /// Points per character column.
    static let pointsPerColumn = 10.0
    /// Points per character row.
    static let pointsPerRow = 20.0
    /// How far the refresh control pushes the content down while it spins, as in UIKit.
    static let refreshControlHeight = 60.0
    /// The most columns or rows a drawing has, whatever the scene says.
    static let maxCells = 200
    /// The grey of a photo without a colour.
    static let neutral = RGBColor(red: 128, green: 128, blue: 128)
    /// The letters that fill blocks in plain text.
    static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    /// Whether to paint with ANSI colour.
    var usesColor: Bool

    /// Draws the phone, with `notes` printed to the right of it, one per line.
    ///
    /// - Parameters:
    ///   - scene: What the screen shows.
    ///   - title: The navigation bar's title, centred in the top edge of the frame.
    ///   - notes: Lines printed beside the phone, starting level with its top edge.
    /// - Returns: The lines, without line breaks.
    func render(_ scene: ScreenScene, title: String = "Photos", notes: [ScreenNote] = []) -> [String] {
        var canvas = Canvas(
            columns: min(max(Int(saturating: scene.viewportWidth / Self.pointsPerColumn), 1), Self.maxCells),
            rows: min(max(Int(saturating: scene.viewportHeight / Self.pointsPerRow), 1), Self.maxCells)
        )
        // While refreshing at the top, the control's height is added above the content (UIKit's
        // inset), so the content starts lower.
        let offset = scene.isRefreshing && scene.contentOffsetY <= 0
            ? scene.contentOffsetY - Self.refreshControlHeight
            : scene.contentOffsetY
        for item in scene.items {
            draw(item, offset: offset, selected: item.index == scene.selectedIndex, on: &canvas)
        }
        drawIndicators(scene, offset: offset, on: &canvas)

        let inner = canvas.columns
        let label = " \(title) "
        let left = max((inner - label.count) / 2, 0)
        let top = "╭" + String(repeating: "─", count: left) + label
            + String(repeating: "─", count: max(inner - left - label.count, 0)) + "╮"
        var lines = [top]
        for row in 0..<canvas.rows {
            lines.append("│" + canvas.line(row, usesColor: usesColor) + "│")
        }
        lines.append("╰" + String(repeating: "─", count: inner) + "╯")
        let width = inner + 2
        for (index, note) in notes.map(text(of:)).enumerated() {
            if index < lines.count {
                lines[index] += "   " + note
            } else {
                lines.append(String(repeating: " ", count: width) + "   " + note)
            }
        }
        return lines
    }

    /// A note as it is printed: a swatch in the photo's colour, or its letter.
    private func text(of note: ScreenNote) -> String {
        switch note {
        case .text(let text):
            return text.terminal
        case .photo(let index, let color, let text):
            let number = String(index).leftPadded(to: 3, with: " ")
            guard usesColor else { return "\(Self.letters[index % Self.letters.count]) \(number)  \(text.terminal)" }
            let swatch = color ?? Self.neutral
            return "\u{1B}[38;2;\(swatch.red);\(swatch.green);\(swatch.blue)m██\u{1B}[0m\(number)  \(text.terminal)"
        }
    }

    /// Paints one photo's block, clipped to the viewport, with its index in the top-left.
    private func draw(_ item: ScreenScene.Item, offset: Double, selected: Bool, on canvas: inout Canvas) {
        let firstColumn = Int(saturating: item.frame.minX / Self.pointsPerColumn)
        let endColumn = Int(saturating: item.frame.maxX / Self.pointsPerColumn)
        let firstRow = Int(saturating: (item.frame.minY - offset) / Self.pointsPerRow)
        // At least one row (`&+`: a first row of Int.max is clipped below anyway).
        let endRow = max(Int(saturating: (item.frame.maxY - offset) / Self.pointsPerRow), firstRow &+ 1)
        let (left, right) = (max(firstColumn, 0), min(endColumn, canvas.columns))
        let (top, bottom) = (max(firstRow, 0), min(endRow, canvas.rows))
        guard left < right, top < bottom else { return }
        let columns = left..<right
        let rows = top..<bottom

        let letter = Self.letters[item.index % Self.letters.count]
        if usesColor {
            paint(item, columns: firstColumn..<max(endColumn, firstColumn + 1), rows: firstRow..<endRow, clippedTo: (columns, rows), on: &canvas)
        } else {
            let fill: Character = switch item.image {
            case .color: letter
            case .blurred: "░"
            case .loaded: Character(letter.uppercased())
            }
            for row in rows {
                for column in columns {
                    canvas[row, column] = Cell(character: fill, background: nil, foreground: nil)
                }
            }
        }
        // The label goes on the block's first visible row, so a block cut by the top edge
        // still shows whose it is.
        let label = Array(selected ? "▶\(item.index)◀" : "\(item.index)")
        if label.count <= columns.count {
            for (position, character) in label.enumerated() {
                var cell = canvas[rows.lowerBound, columns.lowerBound + position]
                cell.character = character
                // On a half block, the label needs a colour of its own to read.
                if let background = cell.background { cell.foreground = Self.readableText(on: background) }
                canvas[rows.lowerBound, columns.lowerBound + position] = cell
            }
        }
    }

    /// Paints a block in colour, for its image phase: `block` is the whole block in cells (it may
    /// reach outside the screen), `clip` the part to paint.
    private func paint(
        _ item: ScreenScene.Item,
        columns block: Range<Int>,
        rows blockRows: Range<Int>,
        clippedTo clip: (columns: Range<Int>, rows: Range<Int>),
        on canvas: inout Canvas
    ) {
        let flat = item.color ?? Self.neutral
        // Decoding costs width × height × components: keep blocks that reach far off screen small
        // (and sizes near Int.max from wrapping: `&-`, then clamped).
        let width = min(max(block.upperBound &- block.lowerBound, 1), Self.maxCells)
        let height = min(max(blockRows.upperBound &- blockRows.lowerBound, 1), Self.maxCells)
        let pixels: (Int, Int) -> (RGBColor, RGBColor?)
        switch item.image {
        case .color:
            pixels = { _, _ in (flat, nil) }
        case .blurred(let hash):
            let decoded = hash.pixels(width: width, height: height)
            pixels = { x, y in (decoded[y * width + x], nil) }
        case .loaded(let hash):
            let decoded = hash?.pixels(width: width, height: height * 2, punch: 2)
            let seed = item.index
            pixels = { x, y in
                let (top, bottom) = decoded.map { ($0[2 * y * width + x], $0[(2 * y + 1) * width + x]) } ?? (flat, flat)
                return (Self.grain(top, x: x, y: 2 * y, seed: seed), Self.grain(bottom, x: x, y: 2 * y + 1, seed: seed))
            }
        }
        for row in clip.rows {
            for column in clip.columns {
                let x = min(max(column &- block.lowerBound, 0), width - 1)
                let y = min(max(row &- blockRows.lowerBound, 0), height - 1)
                let (top, bottom) = pixels(x, y)
                canvas[row, column] = if let bottom {
                    Cell(character: "▀", background: bottom, foreground: top)
                } else {
                    Cell(character: " ", background: top, foreground: Self.readableText(on: top))
                }
            }
        }
    }

    /// A loaded image's fine detail, which a blur does not have: each pixel a little lighter or
    /// darker, by a fixed pattern of the pixel and the cell (the same picture on every run).
    private static func grain(_ color: RGBColor, x: Int, y: Int, seed: Int) -> RGBColor {
        var mixed = UInt64(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ seed &* 83_492_791)
        mixed = (mixed ^ (mixed >> 13)) &* 0x9E37_79B9_7F4A_7C15
        let shift = Int((mixed >> 59) % 9) * 5 - 20
        func channel(_ value: UInt8) -> UInt8 { UInt8(min(max(Int(value) + shift, 0), 255)) }
        return RGBColor(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
    }

    private func drawIndicators(_ scene: ScreenScene, offset: Double, on canvas: inout Canvas) {
        // Room above the content (pulled down, or the refresh control's inset) shows the control.
        let roomAbove = Int(saturating: -offset / Self.pointsPerRow)
        if roomAbove >= 1 {
            let text = scene.isRefreshing ? "↻ Refreshing…" : "↓ Release to refresh"
            canvas.banner(text, row: min((roomAbove - 1) / 2, canvas.rows - 1), usesColor: usesColor)
        }
        if scene.items.isEmpty {
            if scene.isEmpty {
                canvas.banner("No photos", row: canvas.rows / 2, usesColor: usesColor, fullWidth: false)
            } else if scene.isLoadingMore {
                canvas.banner("⟳ Loading…", row: canvas.rows / 2, usesColor: usesColor, fullWidth: false)
            }
        } else if scene.isLoadingMore {
            // The footer sits right below the content; at the very end it peeks in at the bottom.
            let footerRow = Int(saturating: (scene.contentHeight - offset) / Self.pointsPerRow)
            if footerRow >= 0, footerRow <= canvas.rows {
                canvas.banner("⟳ Loading more…", row: min(footerRow, canvas.rows - 1), usesColor: usesColor)
            }
        }
        if scene.showsScrollToTop {
            let text = Array(" ↑ Top ")
            let row = canvas.rows >= 3 ? canvas.rows - 2 : canvas.rows - 1
            let start = max(canvas.columns - text.count - 1, 0)
            let gray = RGBColor(red: 48, green: 48, blue: 52)
            for (position, character) in text.enumerated() where start + position < canvas.columns {
                canvas[row, start + position] = Cell(
                    character: usesColor ? character : (position == 0 || position == text.count - 1 ? "|" : character),
                    background: usesColor ? gray : nil,
                    foreground: usesColor ? RGBColor(red: 255, green: 255, blue: 255) : nil
                )
            }
        }
    }

    /// Black on light colours, white on dark ones (by perceived brightness).
    static func readableText(on color: RGBColor) -> RGBColor {
        let brightness = 0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)
        return brightness > 140 ? RGBColor(red: 0, green: 0, blue: 0) : RGBColor(red: 255, green: 255, blue: 255)
    }
}

/// One character cell: a character and, with colour, its colours.
private struct Cell: Equatable {
    var character: Character = " "
    var background: RGBColor?
    var foreground: RGBColor?
}

/// A grid of cells, drawn row by row.
private struct Canvas {
    let columns: Int
    let rows: Int
    private var cells: [Cell]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(), count: columns * rows)
    }

    subscript(row: Int, column: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// Writes `text` centred on a row: across the whole width on a dark band with colour, or
    /// between blanks without.
    mutating func banner(_ text: String, row: Int, usesColor: Bool, fullWidth: Bool = true) {
        guard (0..<rows).contains(row) else { return }
        let characters = Array(" \(text) ")
        let start = max((columns - characters.count) / 2, 0)
        let band = RGBColor(red: 32, green: 32, blue: 36)
        let white = RGBColor(red: 255, green: 255, blue: 255)
        let span = fullWidth ? 0..<columns : start..<min(start + characters.count, columns)
        for column in span {
            let position = column - start
            let character = characters.indices.contains(position) ? characters[position] : " "
            self[row, column] = Cell(
                character: character,
                background: usesColor ? band : nil,
                foreground: usesColor ? white : nil
            )
        }
    }

    /// One row as text, with colour escapes when a cell's colours differ from the previous cell's.
    func line(_ row: Int, usesColor: Bool) -> String {
        var text = ""
        var current: (RGBColor?, RGBColor?) = (nil, nil)
        for column in 0..<columns {
            let cell = self[row, column]
            if usesColor, cell.background != current.0 || cell.foreground != current.1 {
                if current != (nil, nil) { text += "\u{1B}[0m" }
                if let background = cell.background {
                    text += "\u{1B}[48;2;\(background.red);\(background.green);\(background.blue)m"
                }
                if let foreground = cell.foreground {
                    text += "\u{1B}[38;2;\(foreground.red);\(foreground.green);\(foreground.blue)m"
                }
                current = (cell.background, cell.foreground)
            }
            text.append(cell.character)
        }
        if usesColor, current != (nil, nil) { text += "\u{1B}[0m" }
        return text
    }
}
