@testable import FeedStreams
import Foundation
import Testing

/// `ScrollMotion` as a plain value: positions, frame times and reports, with no scheduler.
@Suite("Scroll physics")
struct ScrollPhysicsTests {
    private static let configuration = ScrollSimulator.Configuration()

    /// A 1000-point content in a 200-point viewport: offsets 0 to 800.
    private static func at(_ offset: Double, contentHeight: Double = 1000) -> ScrollGeometry {
        ScrollGeometry(contentOffsetY: offset, contentHeight: contentHeight, viewportHeight: 200)
    }

    private static func motion(_ step: ScrollStep, from offset: Double) throws -> ScrollMotion {
        try #require(ScrollMotion(step, from: at(offset), configuration: configuration))
    }

    /// Where a fling from `from` at `velocity` is after `milliseconds`, at the normal rate.
    private static func flung(_ from: Double, _ velocity: Double, after milliseconds: Double) -> Double {
        from + velocity / 1000 * (1 - pow(0.998, milliseconds)) / -log(0.998)
    }

    @Test("a fling follows the closed form and comes to rest on the first frame slower than 10 pt/s")
    func flingAtRest() throws {
        let fling = try Self.motion(.fling(velocity: 1000), from: 0)
        #expect(fling.announcement == .fling(velocity: 1000, from: 0))
        // 1000 · 0.998ᵗ < 10 from t = 2300.3 ms: frame 144, at 2304 ms.
        #expect(fling.lastFrame == 144)
        #expect(fling.time(ofFrame: 1) == .milliseconds(16))
        #expect(fling.time(ofFrame: 144) == .milliseconds(2304))
        #expect(abs(fling.offset(at: .milliseconds(16)) - 15.746) < 0.001)
        #expect(fling.offset(at: .milliseconds(1000)) == Self.flung(0, 1000, after: 1000))
        let open = (minOffset: 0.0, maxOffset: 1e6)
        #expect(fling.frame(143, minOffset: open.minOffset, maxOffset: open.maxOffset)
            == .init(offset: Self.flung(0, 1000, after: 143 * 16), reports: [], isLast: false))
        let rest = Self.flung(0, 1000, after: 2304)
        #expect(fling.frame(144, minOffset: open.minOffset, maxOffset: open.maxOffset)
            == .init(offset: rest, reports: [.settled(at: rest)], isLast: true))
    }

    @Test("a fling slower than the minimum rests on its first frame; the fastest a script allows rests within 5 s")
    func flingRestingFrames() throws {
        #expect(try Self.motion(.fling(velocity: 5), from: 0).lastFrame == 1)
        #expect(try Self.motion(.fling(velocity: 0), from: 0).lastFrame == 1)
        let fastest = try Self.motion(.fling(velocity: -ScrollScript.maximumVelocity), from: 0)
        #expect(fastest.time(ofFrame: fastest.lastFrame) < .seconds(5))
        #expect(fastest.frame(fastest.lastFrame, minOffset: -1e6, maxOffset: 0).isLast)
        #expect(!fastest.frame(fastest.lastFrame - 1, minOffset: -1e6, maxOffset: 0).isLast)
    }

    @Test("a fling built in code at a speed that is not a number rests at once; an infinite one stops at the end")
    func flingOddSpeeds() throws {
        let nan = try Self.motion(.fling(velocity: .nan), from: 100)
        #expect(nan.lastFrame == 1)
        #expect(nan.frame(1, minOffset: 0, maxOffset: 800) == .init(offset: 100, reports: [.settled(at: 100)], isLast: true))
        let infinite = try Self.motion(.fling(velocity: .infinity), from: 100)
        #expect(infinite.lastFrame == 1)
        #expect(infinite.frame(1, minOffset: 0, maxOffset: 800) == .init(offset: 800, reports: [.hitEnd(at: 800)], isLast: true))
    }

    @Test("a fling stops on the first frame that reaches an end of the content, in the range of that frame")
    func flingClamped() throws {
        let down = try Self.motion(.fling(velocity: 5000), from: 600)
        #expect(down.frame(2, minOffset: 0, maxOffset: 800) == .init(offset: Self.flung(600, 5000, after: 32), reports: [], isLast: false))
        #expect(down.frame(3, minOffset: 0, maxOffset: 800) == .init(offset: 800, reports: [.hitEnd(at: 800)], isLast: true))
        // Content that grew meanwhile lets it go on.
        #expect(down.frame(3, minOffset: 0, maxOffset: 5000).isLast == false)
        let up = try Self.motion(.fling(velocity: -3000), from: 50)
        #expect(up.frame(2, minOffset: 0, maxOffset: 800) == .init(offset: 0, reports: [.hitTop(at: 0)], isLast: true))
    }

    @Test("an animated scroll eases from where it starts and shows its last frame on its end, at 300 ms")
    func easedScroll() throws {
        let scroll = try Self.motion(.scrollToBottom, from: 0)
        #expect(scroll.announcement == .scrollToBottom(from: 0, to: 800))
        #expect(scroll.lastFrame == 19)
        #expect((1...19).map(scroll.time(ofFrame:)) == (1...18).map { .milliseconds(16 * $0) } + [.milliseconds(300)])
        let first = try #require(scroll.frame(1, minOffset: 0, maxOffset: 800).offset)
        #expect(abs(first - 800 * (1 - cos(Double.pi * 16 / 300)) / 2) < 1e-9)
        #expect(abs(scroll.offset(at: .milliseconds(150)) - 400) < 1e-9)
        #expect(scroll.frame(19, minOffset: 0, maxOffset: 800) == .init(offset: 800, reports: [], isLast: true))
        #expect(scroll.offset(at: .seconds(1)) == 800)
    }

    @Test("a scroll to where the view already is, a wait and a tap are no motion")
    func noMotion() {
        let top = Self.at(0)
        #expect(ScrollMotion(.scrollToTop, from: top, configuration: Self.configuration) == nil)
        #expect(ScrollMotion(.scrollToBottom, from: Self.at(800), configuration: Self.configuration) == nil)
        #expect(ScrollMotion(.wait(.seconds(1)), from: top, configuration: Self.configuration) == nil)
        #expect(ScrollMotion(.tap(index: 1), from: top, configuration: Self.configuration) == nil)
        #expect(ScrollMotion(.tapRetry, from: top, configuration: Self.configuration) == nil)
    }

    @Test("a drag moves at constant speed and shows its last frame exactly at its duration")
    func dragLastFrame() throws {
        let drag = try Self.motion(.drag(to: 100, over: .milliseconds(40)), from: 0)
        #expect(drag.announcement == .drag(from: 0, to: 100, over: .milliseconds(40)))
        #expect(drag.lastFrame == 3)
        #expect((1...3).map(drag.time(ofFrame:)) == [.milliseconds(16), .milliseconds(32), .milliseconds(40)])
        #expect((1...3).map { drag.frame($0, minOffset: 0, maxOffset: 800).offset } == [40, 80, 100])
        #expect(drag.frame(3, minOffset: 0, maxOffset: 800).isLast)
        let instant = try Self.motion(.drag(to: 600, over: .zero), from: 0)
        #expect(instant.lastFrame == 1)
        #expect(instant.time(ofFrame: 1) == .zero)
        #expect(instant.frame(1, minOffset: 0, maxOffset: 800) == .init(offset: 600, reports: [], isLast: true))
    }

    @Test("a drag's target is clamped to the content when it starts, and each frame to the content then")
    func dragClamped() throws {
        let drag = try Self.motion(.drag(to: 5000, over: .milliseconds(32)), from: 0)
        #expect(drag.announcement == .drag(from: 0, to: 800, over: .milliseconds(32)))
        #expect(drag.frame(1, minOffset: 0, maxOffset: 800).offset == 400)
        // The content shrank under the finger: the frame stops at its new end.
        #expect(drag.frame(2, minOffset: 0, maxOffset: 300).offset == 300)
        let up = try Self.motion(.drag(to: -50, over: .milliseconds(16)), from: 100)
        #expect(up.frame(1, minOffset: 0, maxOffset: 800).offset == 0)
    }

    @Test("a drag that goes nowhere shows no frame and ends after its duration, however long")
    func stillDrag() throws {
        let hold = try Self.motion(.drag(to: 400, over: .seconds(3600)), from: 400)
        #expect(hold.lastFrame == 1)
        #expect(hold.time(ofFrame: 1) == .seconds(3600))
        #expect(hold.frame(1, minOffset: 0, maxOffset: 800) == .init(offset: nil, reports: [], isLast: true))
        // At the end already, a drag further down is clamped to where the view is: still too.
        let pressed = try Self.motion(.drag(to: 9000, over: .seconds(3600)), from: 800)
        #expect(pressed.announcement == .drag(from: 800, to: 800, over: .seconds(3600)))
        #expect(pressed.lastFrame == 1)
    }

    @Test("pull to refresh: scroll to the top, pull 120 points, release on the pull's last frame, spring back")
    func pullToRefresh() throws {
        let pull = try Self.motion(.pullToRefresh, from: 400)
        #expect(pull.announcement == .scrollToTop(from: 400))
        #expect(pull.lastFrame == 57)
        #expect(pull.time(ofFrame: 19) == .milliseconds(300))
        #expect(pull.frame(19, minOffset: 0, maxOffset: 800) == .init(offset: 0, reports: [.pull(distance: 120)], isLast: false))
        #expect(pull.time(ofFrame: 20) == .milliseconds(316))
        #expect(pull.time(ofFrame: 38) == .milliseconds(600))
        #expect(pull.frame(38, minOffset: 0, maxOffset: 800) == .init(offset: -120, reports: [.refresh], isLast: false))
        #expect(pull.time(ofFrame: 57) == .milliseconds(900))
        #expect(pull.frame(57, minOffset: 0, maxOffset: 800) == .init(offset: 0, reports: [], isLast: true))
        let fromTop = try Self.motion(.pullToRefresh, from: 0)
        #expect(fromTop.announcement == .pull(distance: 120))
        #expect(fromTop.lastFrame == 38)
    }
}
