import Foundation
@testable import StreamsTesting
import Testing

/// The marble pictures of StreamsTesting: drawn from a run, deterministic, self-contained, and
/// showing inner observables, ghosts and groups as the run made them.
@Suite("marble pictures")
struct MarblePictureTests {
    /// flatMapLatest on the documentation's inputs, drawn from the run.
    func flatMapLatest() throws -> MarbleDiagram {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b------|")
        let x = scheduler.createColdObservable("-1---2|")
        let y = scheduler.createColdObservable("-3--4|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source.flatMapLatest { $0 == "a" ? x : y } }
        var diagram = MarbleDiagram(title: "flatMapLatest", operation: "flatMapLatest")
        diagram.addInput("source", source)
        diagram.addInput("x", x, reference: 1)
        diagram.addInput("y", y, reference: 3)
        diagram.addOutput("output", observer, subscribed: 0)
        return diagram
    }

    @Test("the same run draws the same bytes, with a size, a view box, words and nothing from outside")
    func deterministicAndSelfContained() throws {
        let first = try flatMapLatest(), second = try flatMapLatest()
        #expect(first.svg(.light) == second.svg(.light))
        #expect(first.svg(.dark) == second.svg(.dark))
        #expect(first.svg(.light) != first.svg(.dark))
        for svg in [first.svg(.light), first.svg(.dark)] {
            let root = try #require(svg.split(separator: "\n").first)
            #expect(root.contains(#"width=""#) && root.contains(#"height=""#) && root.contains(#"viewBox="0 0 "#))
            #expect(svg.contains("<title>flatMapLatest</title>"))
            #expect(!svg.contains("<script") && !svg.contains("@media") && !svg.contains("href")
                    && !svg.contains("url(") && !svg.contains("@import"))
            #expect(svg.components(separatedBy: "http").count == 2, "only the SVG namespace names a URL")
        }
    }

    @Test("StreamsTesting's documentation shows the flatMapLatest picture this run draws")
    func documentedPicture() throws {
        let pictures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StreamsTesting/StreamsTesting.docc/Resources")
        expectMarblePicture(try flatMapLatest(), named: "streamstesting-flatmaplatest", in: pictures,
                            redrawCommand: DocumentedDiagramTests.redraw)
    }

    @Test("the description says every lane, when it was subscribed and what it was never sent")
    func words() throws {
        let summary = try flatMapLatest().summary
        #expect(summary.contains("source, hot, subscribed from 0 to 10: a at 1, b at 3, completed at 10."))
        #expect(summary.contains("x, cold, subscribed from 1 to 3: 1 at 2, 2 at 6 (not delivered), completed at 7 (not delivered)."))
        #expect(summary.contains("y, cold, subscribed from 3 to 8: 3 at 4, 4 at 7, completed at 8."))
        #expect(summary.contains("Operation: flatMapLatest. output, subscribed from 0 to 10: 1 at 2, 3 at 4, 4 at 7, completed at 10."))
    }

    @Test("inner observables get lanes from their subscriptions; what a disposal cut off is a ghost")
    func innerLanes() throws {
        let lanes = try flatMapLatest().lanes
        #expect(lanes.map(\.label) == ["source", "x", "y", "output"])
        #expect(lanes.map(\.start) == [0, 1, 3, 0])
        #expect(lanes[1].marks.map(\.isGhost) == [false, true, true])
        #expect(lanes[2].marks.map(\.isGhost) == [false, false, false])
        let layout = MarbleLayout(try flatMapLatest())
        #expect(layout.rows.map { $0.fall > 0 } == [false, true, true, false], "inner lanes slant")
        #expect(layout.rows[1].parent?.row == 0 && layout.rows[2].parent?.row == 0, "both branch from the source")
        #expect(layout.rows[1].cut != nil, "x is cut where flatMapLatest disposed it")
    }

    @Test("an inner observable never subscribed is a ghost lane where its value arrived")
    func ignoredInner() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("-a-b------|")
        let x = scheduler.createColdObservable("-1---2|")
        let y = scheduler.createColdObservable("-3--4|")
        _ = scheduler.start(created: 0, subscribed: 0) { source.flatMapFirst { $0 == "a" ? x : y } }
        var diagram = MarbleDiagram(title: "flatMapFirst")
        diagram.addInput("y", y, reference: 3)
        #expect(diagram.lanes.count == 1)
        #expect(diagram.lanes[0].isGhost && diagram.lanes[0].start == 3 && diagram.lanes[0].note == "never subscribed")
        #expect(diagram.lanes[0].marks.map(\.tick) == [4, 7, 8])
    }

    @Test("events of one tick fan out side by side, and a value has one colour everywhere")
    func groupsAndColours() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("----c-d-|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source.startWith("a", "b") }
        var diagram = MarbleDiagram(title: "startWith", operation: #"startWith("a", "b")"#)
        diagram.addInput("source", source)
        diagram.addOutput("output", observer, subscribed: 0)
        let layout = MarbleLayout(diagram)
        let group = try #require(layout.rows[1].groups.first)
        #expect(group.count == 2 && group[1].x - group[0].x >= 2 * MarbleLayout.radius, "a and b do not overlap")
        #expect(layout.rows[1].groups[1][0].x - (group[1].x + group[1].width / 2) >= 6, "nor does c")
        let light = diagram.svg(.light)
        let cFills = light.split(separator: "\n").filter { $0.contains(#"height="24""#) }
        #expect(cFills.count == 6)
        #expect(MarblePalette.colourIndex(of: "c") == MarblePalette.colourIndex(of: "c"))
        #expect(Set((0..<64).map { MarblePalette.colourIndex(of: "v\($0)") }).count == 8, "the hash spreads values over the palette")
    }

    @Test("RxTest's ticks draw an axis that starts near the first event, at a readable width")
    func rxTestTicks() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let observer = scheduler.start { source.map { $0 * 10 } }
        var diagram = MarbleDiagram(title: "map", operation: "map { $0 * 10 }")
        diagram.addInput("source", source)
        diagram.addOutput("output", observer, subscribed: 200)
        let layout = MarbleLayout(diagram)
        #expect(layout.axisStart == 140 && layout.axisEnd == 301)
        #expect(layout.width < 1000)
        #expect(diagram.lanes[0].marks.map(\.isGhost) == [true, false, false, false], "150 came before the subscription")
    }

    @Test("a diagram written with time progression labels its axis in time")
    func timeAxis() throws {
        let scheduler = TestScheduler(resolution: .milliseconds(10))
        let source = scheduler.createHotObservable("-a 80ms b|")
        let observer = scheduler.start(created: 0, subscribed: 0) { source.delay(.milliseconds(20), scheduler: scheduler) }
        var diagram = MarbleDiagram(title: "delay", operation: "delay(.milliseconds(20))", axis: .time(tick: .milliseconds(10)))
        diagram.addInput("source", source)
        diagram.addOutput("output", observer, subscribed: 0)
        let layout = MarbleLayout(diagram)
        #expect(layout.axisLabel(0) == "0" && layout.axisLabel(3) == "30ms" && layout.axisLabel(100) == "1s")
        #expect(diagram.svg().contains(">100ms</text>") && diagram.svg().contains(">time</text>"))
        #expect(diagram.summary.hasPrefix("Time runs left to right, in time, one tick being 10ms. source, hot, subscribed from 0 to 110ms: a at 10ms, b at 100ms, completed at 110ms."))
    }

    @Test("a failing marble test draws expected and actual side by side and names the file")
    func failurePicture() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streams-failure-picture-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        FailurePicture.$directory.withValue(directory) {
            withKnownIssue {
                expectMarbles("-a--c--d-|") { m in
                    m.hot("-abc----d-|").throttle(.seconds(3), scheduler: m.scheduler)
                }
            } matching: { issue in
                issue.description.contains("picture: \(directory.path)/StreamsTests_MarblePictureTests.swift-")
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        let svg = try String(contentsOf: directory.appendingPathComponent(files[0]), encoding: .utf8)
        #expect(svg.contains("<title>Timelines differ at StreamsTests/MarblePictureTests.swift:"))
        #expect(svg.contains(">expected</text>") && svg.contains(">actual</text>") && svg.contains(">hot</text>"))
        #expect(svg.components(separatedBy: #"stroke-dasharray="4 2""#).count - 1 == 6,
                "each side rings its d and its completion, and its key says what a ring means")
    }
}
