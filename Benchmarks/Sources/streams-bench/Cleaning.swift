import FeedStreams
import Synchronization

// W9: cleaning untrusted text, per scalar. FeedStreams' `UntrustedText.forTerminal`, `forHTML`
// and `forJSON` on hostile-looking text of 1 KB and of 1 MB (1,024 and 1,048,576 Unicode
// scalars), each medium capped and uncapped. A description or an error body is whatever the
// server sent, so the cost per scalar must not grow with the length of the text: the cleaning
// was quadratic until it was rewritten to one pass (10,000 scalars took 0.06–0.09 s, 200 KB
// about 25 s).

/// W9's smaller input, in Unicode scalars: 1 KB, one round of ``HostileText/pattern``.
let cleaningSmallScalars = 1_024

/// W9's larger input, in Unicode scalars: 1 MB, 1,024 rounds of the pattern.
let cleaningLargeScalars = 1_048_576

/// One of the five calls W9 measures, on a text of `scalars` scalars.
///
/// The caps are half the input's scalars. The cleaned line of ``HostileText`` keeps more
/// characters than that (``HostileText/text(_:)`` checks it), so a capped call cuts its line,
/// and it still reads the whole input: the cleaning reads up to eight scalars per character of
/// the cap, four times the input here.
enum CleaningCall {
    case terminalCapped
    case terminalUncapped
    case htmlCapped
    case htmlUncapped
    case json

    /// The call as `GrowthSummary.groups` names its pair.
    var title: String {
        switch self {
        case .terminalCapped: "forTerminal, capped"
        case .terminalUncapped: "forTerminal, uncapped"
        case .htmlCapped: "forHTML, capped"
        case .htmlUncapped: "forHTML, uncapped"
        case .json: "forJSON"
        }
    }

    func clean(_ text: String, scalars: Int) -> String {
        switch self {
        case .terminalCapped: UntrustedText.forTerminal(text, maxLength: scalars / 2)
        case .terminalUncapped: UntrustedText.forTerminal(text, maxLength: .max)
        case .htmlCapped: UntrustedText.forHTML(text, maxLength: scalars / 2)
        case .htmlUncapped: UntrustedText.forHTML(text)
        case .json: UntrustedText.forJSON(text)
        }
    }
}

/// W9's ten workloads: each call at `small` and at `large` scalars (1,024 and 1,048,576 at
/// scale 1), W9a–W9j in the order of `GrowthSummary.groups`.
func untrustedTextCleaning(small: Int, large: Int) -> [Workload] {
    let calls: [(CleaningCall, String, String)] = [
        (.terminalCapped, "W9a", "W9b"), (.terminalUncapped, "W9c", "W9d"),
        (.htmlCapped, "W9e", "W9f"), (.htmlUncapped, "W9g", "W9h"),
        (.json, "W9i", "W9j"),
    ]
    let times = max(1, large / small)
    return calls.flatMap { call, smallID, largeID in
        [
            untrustedTextCleaning(id: smallID, call, scalars: small, times: times),
            untrustedTextCleaning(id: largeID, call, scalars: large, times: 1),
        ]
    }
}

/// W9 at one length: `call` on ``HostileText`` of `scalars` scalars, `times` times a run,
/// Streams only (there is no OpenCombine version of FeedStreams).
///
/// The smaller text is cleaned as many times a run as make the larger one, so that a run takes
/// as long at either size (about 0.1 s at scale 1): one call on 1 KB takes 70–110 µs, so fifteen
/// repetitions of it fit in a few milliseconds, and one busy moment of the shared machine moved
/// their median by up to 1.6× in trial runs, while the instructions per scalar stayed the same.
/// The units are the scalars cleaned, `scalars × times`; the size the pair compares is the
/// text's (``Workload/sizeLabel``).
///
/// The text is built once per length, before any run, and shared. The run times the calls; the
/// checksum is the length of the results in UTF-8 bytes, so no call can be optimised away and a
/// change in what the cleaning keeps shows as a different checksum.
func untrustedTextCleaning(id: String, _ call: CleaningCall, scalars: Int, times: Int) -> Workload {
    let repeated = times == 1 ? "" : ", \(times) times"
    var workload = Workload(
        id: id, title: "UntrustedText \(call.title), \(scalars) scalars\(repeated)", unit: "scalar",
        units: scalars * times, floor: .closures, maxVersusOpenCombine: nil, maxVersusFloor: nil,
        reportsAllocations: true,
        runs: [
            .streams: { meter in
                let text = HostileText.text(scalars)
                var bytes = 0
                meter.measure {
                    for _ in 0..<times {
                        bytes += call.clean(text, scalars: scalars).utf8.count
                    }
                }
                return bytes
            },
        ]
    )
    workload.sizeLabel = "\(scalars) scalars"
    return workload
}

/// The text W9 cleans: what a hostile server might send as a description, made deterministically.
enum HostileText {
    /// One round of the text, exactly ``cleaningSmallScalars`` scalars: the pieces below in
    /// turn, as many whole pieces as fit, then `x`s to fill the round. Every round of a longer
    /// text is the same, and no round ends inside an escape sequence (which would swallow the
    /// start of the next one).
    ///
    /// It starts with plain words, so that even the short texts of a smoke run clean to more
    /// characters than half their scalars.
    static let pattern: [Unicode.Scalar] = {
        let pieces = [
            "Photo by Ana María, taken at dawn ",
            "\u{1B}[1;31m", "in red", "\u{1B}[0m ",  // CSI: colours
            "\u{1B}]0;title\u{7}", "retitled ",  // OSC: the window's title
            "\u{202E}", "desrever ", "\u{202C}",  // a right-to-left override, then its end
            "zero\u{200B}width\u{200C}and\u{2060}joiners\u{FEFF} ",  // zero-width characters
            "Z\u{351}\u{352}a\u{300}\u{301}l\u{327}g\u{308}o\u{303}\u{304} ",  // two combining marks a letter
            "caf\u{E9} na\u{EF}ve cafe\u{301} ",  // precomposed and decomposed
            "😀 👩\u{200D}💻 🇫🇷 👍🏽 ",  // emoji: plain, joined, a flag, a skin tone
            "<b>bold</b> & \"quoted\" 'single' ",  // markup and quotes
            "   \t\t   ",  // a whitespace run
            "one\ntwo\r\nthree\u{2028}four\u{85}five ",  // line breaks
            "the quick brown fox jumps over the lazy dog ",
        ]
        var scalars: [Unicode.Scalar] = []
        var next = 0
        while true {
            let piece = Array(pieces[next % pieces.count].unicodeScalars)
            if scalars.count + piece.count > cleaningSmallScalars { break }
            scalars += piece
            next += 1
        }
        scalars += repeatElement("x", count: cleaningSmallScalars - scalars.count)
        return scalars
    }()

    private static let texts = Mutex<[Int: String]>([:])

    /// The first `scalars` scalars of the pattern repeated, built once per length.
    ///
    /// Checks that the capped calls of W9 cut: the cleaned line must be longer than half the
    /// scalars, otherwise the capped pairs would measure the uncapped path.
    static func text(_ scalars: Int) -> String {
        if let made = texts.withLock({ $0[scalars] }) { return made }
        var view = String.UnicodeScalarView()
        for index in 0..<scalars {
            view.append(pattern[index % pattern.count])
        }
        let text = String(view)
        guard UntrustedText.forTerminal(text, maxLength: scalars / 2).hasSuffix("…") else {
            fatalError("W9: \(scalars) scalars of hostile text clean to at most \(scalars / 2) characters; the capped calls would not cut")
        }
        texts.withLock { $0[scalars] = text }
        return text
    }
}
