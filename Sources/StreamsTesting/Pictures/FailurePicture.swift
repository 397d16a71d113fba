import Foundation
import Streams

/// The picture of a failed marble expectation: the expected timeline on the left, the actual
/// one on the right, each under the test's inputs as the run left them, on one scale, with every
/// event that the other side lacks ringed in red dashes.
///
/// Written only when `STREAMS_FAILURE_PICTURES` is set: to that directory, or with `1` to
/// `streams-failure-pictures` in the temporary directory. The file is named after the test's
/// file and line, and the failure message gives its path.
enum FailurePicture {
    /// Where pictures go regardless of the environment, for the tests of this feature.
    @TaskLocal static var directory: URL?
    /// How pictures are drawn: light, unless a test of this feature draws the dark twin of the
    /// picture the testing guide shows.
    @TaskLocal static var appearance = MarbleAppearance.light

    static func write<Element: Equatable>(
        expected: [Recorded<Event<Element>>],
        actual: [Recorded<Event<Element>>],
        values: [Character: Element],
        axis: MarbleAxis,
        subscribed: Int,
        inputs: [(inout MarbleDiagram) -> Void],
        at site: CallSite
    ) -> String? {
        let setting = ProcessInfo.processInfo.environment[MarblePictures.failureVariable]
        guard let directory = Self.directory ?? setting.flatMap({ setting in
            guard MarblePictures.isSet(MarblePictures.failureVariable) else { return nil }
            return ["1", "true", "yes"].contains(setting.lowercased())
                ? FileManager.default.temporaryDirectory.appendingPathComponent("streams-failure-pictures")
                : URL(fileURLWithPath: setting)
        }) else { return nil }
        let describe = { (value: Element) in String(describing: value) }
        var sides: [MarbleDiagram] = []
        for (label, events, other) in [("expected", expected, actual), ("actual", actual, expected)] {
            var diagram = MarbleDiagram(title: label, axis: axis)
            for input in inputs { input(&diagram) }
            diagram.addOutput(label, events, subscribed: subscribed, disposed: nil, describe: describe)
            let index = diagram.lanes.count - 1
            for (position, recorded) in events.enumerated() where !other.contains(recorded) {
                diagram.lanes[index].marks[position].differs = true
            }
            for (glyph, value) in values where String(describing: value).count > 4 { diagram.keys[describe(value)] = glyph }
            sides.append(diagram)
        }
        let name = "\(site.fileID)-\(site.line)".map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let file = directory.appendingPathComponent(String(name) + ".svg")
        let svg = MarbleDiagram.sideBySide(sides[0], sides[1], title: "Timelines differ at \(site.description)", appearance: Self.appearance)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try svg.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        } catch {
            return "(could not write \(file.path): \(error))"
        }
    }
}
