import StreamsTesting

/// The runners of `groupBy`'s diagrams: the groups merged into one line, each value drawn after
/// its group's key (`o1` is the value 1 in group `o`).
extension DocRunners {
    static let groupBy: [String: Runner] = [
        "groupBy { Int($0)! % 2 == 0 ? \"e\" : \"o\" }": {
            $0.source.groupBy { Int($0)! % 2 == 0 ? "e" : "o" }
                .flatMap { group in group.map { "\(group.key)\($0)" } }
        },
    ]
}
