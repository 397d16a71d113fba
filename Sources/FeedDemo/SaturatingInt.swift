extension Int {
    /// `value` rounded to the nearest whole number, or `Int.min` / `Int.max` past them; 0 for
    /// NaN. The demo turns a server's sizes into points and character cells with it, so that no
    /// value, however large, can stop the process (`Int(_: Double)` traps outside `Int`'s range).
    init(saturating value: Double) {
        let rounded = value.rounded()
        if rounded.isNaN {
            self = 0
        } else if rounded >= Double(Int.max) {
            self = .max
        } else if rounded <= Double(Int.min) {
            self = .min
        } else {
            self = Int(rounded)
        }
    }
}
