/// How the demo writes a number of bytes for a person: the size of a file in the decimal units
/// of disks and networks, memory in the binary units the budget is set in.
///
/// `--json` keeps every count in bytes, in fields whose names end in `bytes`.
enum ByteCount {
    /// `900 bytes`, `312 KB`, `1.2 MB`: a file's size, as a file manager shows it (1 KB is
    /// 1,000 bytes, 1 MB is 1,000,000).
    static func file(_ bytes: Int) -> String {
        if bytes < 1000 { return Narrator.count(bytes, "byte") }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1000) KB" }
        return "\(tenths(bytes, per: 1_000_000)) MB"
    }

    /// `0.5 MiB`, `12.0 MiB`: memory, such as decoded images and their budget (1 MiB is
    /// 1,048,576 bytes, the unit of `--image-budget`), to one decimal.
    static func memory(_ bytes: Int) -> String {
        "\(tenths(bytes, per: 1_048_576)) MiB"
    }

    /// `1.2`: `bytes` in units of `unit` bytes, rounded to the nearest tenth (halves up).
    private static func tenths(_ bytes: Int, per unit: Int) -> String {
        let tenths = bytes / unit * 10 + (bytes % unit * 10 + unit / 2) / unit
        return "\(tenths / 10).\(tenths % 10)"
    }
}
